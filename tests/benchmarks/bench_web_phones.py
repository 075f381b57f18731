"""Benchmark: 256 phones holding the players' page open (``tdapp web``) while the TD makes changes.

Run by hand (never part of the test run):

    PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_web_phones.py [PHONES [CHANGES]]

(defaults 256 phones, the Bridgemate II server's handset limit, and 20 changes;
``TDAPP_BENCH_REFETCH=/api/state``: the phones re-fetch the JSON instead of the page.)

An EDC 2026 demo (49 players, two rounds played) gets round 3's board call published (7 boards)
and its clock running; ``tdapp web`` serves it on 127.0.0.1 in a process of its own. This
process is the phones (asyncio on raw sockets, one process, so the server's CPU is its own): each
holds ``/events`` open and, on each new version, re-fetches what the page's script fetches
(live.js: the page ``/`` itself) on a new connection, as a phone does after minutes of quiet
(uvicorn closes an idle keep-alive connection after 5 s). A third process, the TD's program,
makes the changes through the services, in turn: the clock paused or resumed, a player checked
in or out of round 4's roll call, a result entered on one of the round's boards; it notes the
moment each commit returns, and the next change waits until every phone has its fresh page and
then a random 0.3-0.7 s (so commits fall anywhere in the server's poll period).

Reported, median and 95th percentile over every (change, phone):
- commit-to-event: from the commit to the phone reading the change's ``data:`` line;
- commit-to-page: from the commit to the phone holding the re-fetched page of the new version;
the server's CPU seconds (user + system) over the changes, and per change; its peak RSS; the
phones' process CPU (the client shares the 2 cores: a busy client slows what it measures);
and the bytes of a first load of ``/`` with everything it pulls (HTML, CSS, script) for the
49-player round. The peer, in the same run and on the same server: one phone alone through
the first 5 changes (the poll period alone makes a change wait ``POLL_S``/2 on average).
Goals (issue 25): commit-to-page p95 < 1 s with 256 phones, a first load < 100 kB.

Measured 2026-11-28 on the shared 2-core machine (load average 6-9 from the other engineers),
medians of 3 runs, "before" (the state built and the page rendered per request, in a thread)
alternating with "after" (app.StateCache keeps the bytes of the JSON and of the page without
a search, per version, 0.25 s at most, served without a thread):

                                   before      after
    commit -> event, median/p95    148/279    160/258 ms
    commit -> fresh page, median   653        406 ms
    commit -> fresh page, p95      1316       714 ms   (runs: 685, 797, 714; before 1221-1601)
    commit -> fresh page, max      1592       815 ms
    server CPU per change          564        146 ms   (256 sends + 256 re-fetches)
    server peak RSS                86.9       80.3 MB
    peer, 1 phone: event/page      65/96      73/104 ms
    first load of / (49 players)   3 files, 14831 bytes on the wire (13318 bodies; 3433 gzipped)

so p95 with 256 phones is 7x one phone's fresh page (14x before), at 26 % of the server's CPU
per change; an earlier set of 3 + 3 runs gave the same (p95 1348 -> 733 ms, 584 -> 154 ms).
Re-fetching ``/api/state`` instead (one run each): p95 996 -> 869 ms, CPU per change
435 -> 134 ms. What is left is uvicorn's h11 per connection (a new connection per phone per
change); the poll period (``POLL_S`` 0.2 s) is most of commit -> event.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

PEER_CHANGES = 5
WAIT_S = 15.0  # a change not on every phone by then is counted lost
HOST = "127.0.0.1"


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


# -- the tournament and the TD's program --------------------------------------------------------

def make_tournament(folder: Path) -> Path:
    from tdapp.commands.demo import _call_boards, _take_roll_call, write_demo
    from tdapp.core.clock import SystemTime
    from tdapp.core.formats import get_format
    from tdapp.services.clock import load_clock, save_clock
    from tdapp.services.rounds import set_round_status
    from tdapp.store.files import open_tournament_file

    path = write_demo(folder / "phones.tdt", players=49, format_name="edc-2026", rounds_played=2)
    db = open_tournament_file(path)
    try:
        _take_roll_call(db, 3, 2)
        _call_boards(db, get_format("edc-2026"), 3, random.Random(7))
        set_round_status(db, 3, "playing")
        clock = load_clock(db, 3, SystemTime())
        clock.start()
        save_clock(db, 3, clock)
    finally:
        db.close()
    return path


def td_program(path: str) -> None:
    """The TD's program (``--td PATH``): one change per line read, the commit's moment printed."""
    from tdapp.core.clock import SystemTime
    from tdapp.core.powers import POWERS
    from tdapp.services import rollcall
    from tdapp.services.clock import load_clock, save_clock
    from tdapp.services.results import BoardResult, record_result
    from tdapp.services.rounds import board_call
    from tdapp.store.files import open_tournament_file

    db = open_tournament_file(Path(path))
    boards = [b.board_id for b in board_call(db, 3)][:-1]  # one left unplayed: round 3 stays on
    player = rollcall.roll_call(db, 4)[0].player_id
    centres = [10, 8, 6, 4, 3, 2, 1]
    print("ready", flush=True)
    for line in sys.stdin:
        i = int(line)
        kind = i % 3
        if kind == 0:
            clock = load_clock(db, 3, SystemTime())
            clock.toggle()  # paused, then resumed
            save_clock(db, 3, clock)
        elif kind == 1:
            rollcall.set_answers(db, 4, [player], status="present" if i % 2 else "absent")
        else:
            shift = i % 7
            record_result(db, boards[(i // 3) % len(boards)], BoardResult(
                dict(zip(POWERS, centres[shift:] + centres[:shift], strict=True)), end_year=1908))
        print(json.dumps({"committed": time.monotonic(), "kind": ["clock", "roll call",
                                                                  "result"][kind]}), flush=True)
    db.close()


# -- the phones ---------------------------------------------------------------------------------

async def _read_head(reader: asyncio.StreamReader) -> dict[str, str]:
    head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
    if " 200 " not in head[0] + " ":
        raise RuntimeError(f"answered {head[0]!r}")
    return {k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in head[1:] if h)}


async def fetch(port: int, path: str) -> tuple[bytes, int]:
    """GET ``path`` on a new connection: the body and the bytes on the wire."""
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n\r\n"
                     .encode())
        head_bytes = await reader.readuntil(b"\r\n\r\n")
        lines = head_bytes.decode("latin-1").split("\r\n")
        if " 200 " not in lines[0] + " ":
            raise RuntimeError(f"{path} answered {lines[0]!r}")
        headers = {k.strip().lower(): v.strip()
                   for k, _, v in (h.partition(":") for h in lines[1:] if h)}
        body = await reader.readexactly(int(headers["content-length"]))
        return body, len(head_bytes) + len(body)
    finally:
        writer.close()


VERSION_IN_PAGE = re.compile(rb'data-version="(\d+)"|"version":\s*(\d+)')


@dataclass
class Phone:
    port: int
    refetch: str
    version: int = 0  # the last version announced on /events
    events: dict[int, float] = field(default_factory=dict)  # version -> moment heard
    pages: dict[int, float] = field(default_factory=dict)  # version -> moment its page was held
    failures: int = 0
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    fetching: set[asyncio.Task[None]] = field(default_factory=set)  # held: the loop holds weakly

    async def hold(self) -> None:
        reader, writer = await asyncio.open_connection(HOST, self.port)
        writer.write(f"GET /events HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n"
                     "Accept: text/event-stream\r\n\r\n".encode())
        try:
            await _read_head(reader)
            text = ""
            while True:  # chunked transfer: size line, data, CRLF
                size = int((await reader.readline()).strip() or b"0", 16)
                if size == 0:
                    return
                text += (await reader.readexactly(size + 2))[:-2].decode()
                while "\n\n" in text:
                    event, text = text.split("\n\n", 1)
                    for line in event.splitlines():
                        if line.startswith("data: "):
                            self._heard(json.loads(line[6:])["version"])
        finally:
            writer.close()

    def _heard(self, version: int) -> None:
        now = time.monotonic()
        if not self.ready.is_set():
            self.version = version
            self.ready.set()
            return
        if version != self.version:  # as live.js: a new version fetches the page again
            self.version = version
            self.events.setdefault(version, now)
            task = asyncio.get_running_loop().create_task(self._refetch())
            self.fetching.add(task)
            task.add_done_callback(self.fetching.discard)

    async def _refetch(self) -> None:
        try:
            body, _ = await fetch(self.port, self.refetch)
        except (OSError, RuntimeError, asyncio.IncompleteReadError):
            self.failures += 1
            return
        found = VERSION_IN_PAGE.search(body)
        if found:
            self.pages.setdefault(int(found.group(1) or found.group(2)), time.monotonic())


def _first(marks: dict[int, float], after: int) -> float | None:
    later = [at for version, at in marks.items() if version > after]
    return min(later) if later else None


async def run_changes(phones: list[Phone], td: subprocess.Popen[str], numbers: range,
                      server_version: list[int]) -> tuple[list[float], list[float], int]:
    """Each change made, then waited for on every phone: (to-event, to-page latencies, lost)."""
    to_event: list[float] = []
    to_page: list[float] = []
    lost = 0
    assert td.stdin is not None and td.stdout is not None
    for i in numbers:
        before = server_version[0]
        td.stdin.write(f"{i}\n")
        td.stdin.flush()
        committed = json.loads(await asyncio.to_thread(td.stdout.readline))["committed"]
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            if all(_first(p.pages, before) is not None for p in phones):
                break
            await asyncio.sleep(0.01)
        for phone in phones:
            heard, held = _first(phone.events, before), _first(phone.pages, before)
            if heard is None or held is None:
                lost += 1
                continue
            to_event.append(heard - committed)
            to_page.append(held - committed)
        await asyncio.sleep(random.uniform(0.3, 0.7))
        server_version[0] = max(max(p.events, default=before) for p in phones)
    return to_event, to_page, lost


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def first_load(port: int) -> dict[str, int]:
    """Bytes of ``/`` and everything it pulls (stylesheets, scripts, images), on the wire and as
    bodies, and gzipped (what a compressing server would send)."""
    html, wire = await fetch(port, "/")
    bodies, gzipped = len(html), len(gzip.compress(html))
    pulled = re.findall(rb'<(?:link[^>]*href|script[^>]*src|img[^>]*src)="(/[^"]*)"', html)
    for path in pulled:
        body, on_wire = await fetch(port, path.decode())
        wire += on_wire
        bodies += len(body)
        gzipped += len(gzip.compress(body))
    return {"files": 1 + len(pulled), "bytes": wire, "body_bytes": bodies,
            "gzip_bytes": gzipped}


async def measure(port: int, pid: int, td: subprocess.Popen[str], phones_n: int,
                  changes_n: int, refetch: str) -> dict[str, object]:
    loaded = await first_load(port)
    server_version = [0]

    async def open_phones(n: int) -> tuple[list[Phone], list[asyncio.Task[None]]]:
        phones = [Phone(port, refetch) for _ in range(n)]
        tasks = [asyncio.create_task(p.hold()) for p in phones]
        await asyncio.wait_for(asyncio.gather(*(p.ready.wait() for p in phones)), 60)
        server_version[0] = max(p.version for p in phones)
        return phones, tasks

    alone, tasks = await open_phones(1)
    peer_event, peer_page, peer_lost = await run_changes(
        alone, td, range(PEER_CHANGES), server_version)
    for task in tasks:
        task.cancel()

    opened = time.monotonic()
    phones, tasks = await open_phones(phones_n)
    open_s = time.monotonic() - opened
    cpu_before, client_before, wall = _cpu_s(pid), time.process_time(), time.monotonic()
    to_event, to_page, lost = await run_changes(
        phones, td, range(PEER_CHANGES, PEER_CHANGES + changes_n), server_version)
    server_cpu, client_cpu = _cpu_s(pid) - cpu_before, time.process_time() - client_before
    wall = time.monotonic() - wall
    failures = sum(p.failures for p in phones)
    for task in tasks:
        task.cancel()
    ms = 1000.0
    return {
        "phones": phones_n, "changes": changes_n, "refetch": refetch,
        "open_all_s": round(open_s, 2),
        "event_median_ms": round(statistics.median(to_event) * ms),
        "event_p95_ms": round(_percentile(to_event, 0.95) * ms),
        "page_median_ms": round(statistics.median(to_page) * ms),
        "page_p95_ms": round(_percentile(to_page, 0.95) * ms),
        "page_max_ms": round(max(to_page) * ms),
        "lost": lost, "refetch_failures": failures,
        "peer_1_phone_event_median_ms": round(statistics.median(peer_event) * ms),
        "peer_1_phone_page_median_ms": round(statistics.median(peer_page) * ms),
        "peer_lost": peer_lost,
        "server_cpu_s": round(server_cpu, 2),
        "server_cpu_ms_per_change": round(server_cpu / changes_n * ms),
        "server_cpu_share": round(server_cpu / wall, 2),
        "server_peak_rss_mb": round(_peak_rss_mb(pid), 1),
        "client_cpu_s": round(client_cpu, 2),
        "first_load": loaded,
    }


def main(phones_n: int, changes_n: int) -> None:
    refetch = os.environ.get("TDAPP_BENCH_REFETCH", "/")
    with tempfile.TemporaryDirectory() as folder:
        path = make_tournament(Path(folder))
        server = subprocess.Popen(
            [sys.executable, "-m", "tdapp", "web", str(path), "--listen", HOST, "--port", "0"],
            stdout=subprocess.PIPE, text=True, cwd=ROOT)
        td = subprocess.Popen([sys.executable, __file__, "--td", str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, cwd=ROOT)
        try:
            assert server.stdout is not None and td.stdout is not None
            ready = json.loads(server.stdout.readline())
            port = int(ready["url"].rsplit(":", 1)[1].strip("/"))
            assert td.stdout.readline().strip() == "ready"
            result = asyncio.run(measure(port, ready["pid"], td, phones_n, changes_n, refetch))
        finally:
            for process in (td, server):
                if process.stdin is not None:
                    process.stdin.close()
                process.terminate()
                process.wait(15)
    load = result["first_load"]
    assert isinstance(load, dict)
    print(f"{phones_n} phones on /events, {changes_n} changes (re-fetch {refetch}); "
          f"all opened in {result['open_all_s']} s")
    print(f"{'':28}{'median ms':>10}{'p95 ms':>10}")
    print(f"{'commit -> event':28}{result['event_median_ms']:>10}{result['event_p95_ms']:>10}")
    print(f"{'commit -> fresh page':28}{result['page_median_ms']:>10}{result['page_p95_ms']:>10}"
          f"   (max {result['page_max_ms']} ms; lost {result['lost']}, "
          f"failed re-fetches {result['refetch_failures']})")
    print(f"{'peer, 1 phone: event':28}{result['peer_1_phone_event_median_ms']:>10}")
    print(f"{'peer, 1 phone: fresh page':28}{result['peer_1_phone_page_median_ms']:>10}")
    print(f"server CPU {result['server_cpu_s']} s ({result['server_cpu_ms_per_change']} ms per "
          f"change, {result['server_cpu_share']} of a core), peak RSS "
          f"{result['server_peak_rss_mb']} MB; phones' process CPU {result['client_cpu_s']} s")
    print(f"first load: {load['files']} files, {load['bytes']} bytes on the wire "
          f"({load['body_bytes']} bodies, {load['gzip_bytes']} gzipped)")
    print(json.dumps(result))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--td"]:
        td_program(sys.argv[2])
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 256,
             int(sys.argv[2]) if len(sys.argv) > 2 else 20)
