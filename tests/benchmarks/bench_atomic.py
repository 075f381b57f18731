"""Benchmark: what writing a station's journal whole and durably costs (``tdapp.atomic``).

Run by hand (never part of the test run):

    PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_atomic.py [ENTRIES] [FOLDER]

A journal of ENTRIES kept order sheets (40 by default: a long outage on a busy station) is
rewritten 200 times, as the outbox does after each entry kept or sent, three ways in the same
run and the same folder (FOLDER: a temporary folder on the disk the user's copies are on by
default):
- ``write_atomically(private=True)``: temporary file, fsync, rename, fsync of the folder;
- the same without the two fsyncs (what three of the seven old writers did);
- a plain ``write_text`` over the file (neither whole nor durable: the floor).
Medians in milliseconds, and the ratio of the durable write to the plain one.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tdapp.atomic import write_atomically

ROUNDS = 200


def journal(entries: int) -> str:
    sheet = "A Vie-Gal\nA Bud-Ser\nF Tri-Alb\n"
    return json.dumps([{"kind": "orders", "what": f"Austria's orders {i}",
                        "args": {"board_id": i, "power": "AUSTRIA", "text": sheet * 2,
                                 "phase": "S1906M", "expected_version": 3},
                        "typed_at": 1.0 + i, "key": f"{i:032x}"} for i in range(entries)])


def unsynced(path: Path, text: str) -> None:
    temporary = path.with_name(path.name + ".partial")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def plain(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def median_ms(write, path: Path, text: str) -> float:
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        write(path, text)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    entries = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    parent = Path(sys.argv[2]) if len(sys.argv) > 2 else Path.home()
    text = journal(entries)
    with tempfile.TemporaryDirectory(prefix="tdapp-bench-atomic-", dir=parent) as folder:
        target = Path(folder) / "tournament.tdt.outbox.json"
        durable = median_ms(lambda p, t: write_atomically(p, t, private=True), target, text)
        fast = median_ms(unsynced, target, text)
        floor = median_ms(plain, target, text)
    print(f"journal of {entries} entries ({len(text) / 1024:.1f} KiB), {ROUNDS} writes each, "
          f"in {parent}:")
    print(f"  write_atomically(private=True)  median {durable:.3f} ms")
    print(f"  temp + rename, no fsync         median {fast:.3f} ms")
    print(f"  plain write_text                median {floor:.3f} ms")
    print(f"  durable / plain = {durable / floor:.1f}x; durable / no-fsync = {durable / fast:.1f}x")


if __name__ == "__main__":
    main()
