"""Benchmark: what it costs to keep the .tdt file whole after every committed action.

Run by hand (never part of the test run):

    PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_wal.py [REPEATS]

The same full-sized tournament as bench_store.py (250 players, 7 rounds of 35 boards), one
player edited through ``TournamentDb.action`` (audit log, commit with synchronous=FULL), with:
- ``none``: WAL only (the -wal beside the file holds the edits until the file is closed);
- ``PASSIVE`` / ``FULL`` / ``TRUNCATE``: ``PRAGMA wal_checkpoint(MODE)`` after each commit;
- ``DELETE``: the rollback journal instead of WAL (no -wal at all).
Prints the median of each, its ratio to ``none`` measured in the same run, and whether the
.tdt copied alone (without its -wal) after the edits holds the last edit.
"""

from __future__ import annotations

import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tdapp.services import players  # noqa: E402
from tdapp.services.files import close_tournament, open_tournament  # noqa: E402
from tdapp.store import database  # noqa: E402
from tests.benchmarks.bench_store import build  # noqa: E402


def run(path: Path, mode: str, repeats: int) -> tuple[list[float], bool]:
    database.CHECKPOINT_MODE = None if mode in ("none", "DELETE") else mode
    db = open_tournament(path)
    if mode == "DELETE":
        with db.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA journal_mode=DELETE")
    first = players.list_players(db)[0]
    times = []
    name = ""
    for i in range(repeats):
        row = players.get_player(db, first.id)
        name = f"{mode} {i} {time.time()}"
        start = time.perf_counter()
        players.update_player(db, first.id, players.PlayerData(name), row.version)
        times.append((time.perf_counter() - start) * 1000)
    copy = path.with_name(f"copy-{mode}.tdt")
    shutil.copyfile(path, copy)  # the .tdt alone, the program still running
    with sqlite3.connect(copy) as connection:
        found = connection.execute("SELECT name FROM player WHERE id = ?", (first.id,)).fetchone()
    close_tournament(db)
    if mode == "DELETE":
        with sqlite3.connect(path) as connection:
            connection.execute("PRAGMA journal_mode=WAL")
    return times, bool(found and found[0] == name)


MODES = ("none", "PASSIVE", "FULL", "TRUNCATE", "DELETE")


def main(argv: list[str]) -> None:
    repeats = int(argv[0]) if argv else 30
    times: dict[str, list[float]] = {mode: [] for mode in MODES}
    whole: dict[str, bool] = dict.fromkeys(MODES, True)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.tdt"
        build(path)
        # Interleaved passes, forwards then backwards, so a busy moment of the machine or a
        # warm cache favours no mode.
        for modes in (MODES, MODES[::-1]) * 2:
            for mode in modes:
                found, kept = run(path, mode, max(1, repeats // 4))
                times[mode] += found
                whole[mode] = whole[mode] and kept
    base = statistics.median(times["none"])
    for mode in MODES:
        median = statistics.median(times[mode])
        print(f"one edit, {mode:9s} {median:7.1f} ms  x{median / base:4.2f}   "
              f".tdt copied alone holds the last edit: {'yes' if whole[mode] else 'NO'}")


if __name__ == "__main__":
    main(sys.argv[1:])
