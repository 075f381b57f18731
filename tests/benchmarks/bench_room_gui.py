"""Benchmark: does serving phones from inside the program slow the TD's window?

Run by hand (never part of the test run):

    QT_QPA_PLATFORM=offscreen PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_room_gui.py [PHONES]

The page is served from a thread of this process (``PageServer``, as File › Players' page
starts it) on a 60-player file; another process holds PHONES ``/events`` streams open and
fetches the page again on each event (as the phones' ``live.js`` does). The TD makes 20 changes (an announcement each, through
the service, on the GUI thread) while a 10 ms QTimer measures how late the window's event loop
runs (what the TD would feel as a stutter). Printed: the lateness median and p95 with no phone
and with PHONES phones, the worst tick, the ratio, and how many events and pages reached the
phones.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QElapsedTimer, QEventLoop, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from tdapp.services.announcements import announce  # noqa: E402
from tdapp.services.players import PlayerData, add_player  # noqa: E402
from tdapp.services.tournaments import TournamentInfo, create_tournament  # noqa: E402
from tdapp.web.serve import PageServer  # noqa: E402

PHONES_SCRIPT = """
import asyncio, sys
port, phones, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
events = fetched = 0
fetches = []
async def phone():
    global events
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /events HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n")
    await writer.drain()
    while True:
        line = await reader.readline()
        if not line:
            return
        if line.startswith(b"data:"):
            events += 1
            fetches.append(asyncio.create_task(fetch()))  # as live.js fetches the page again
async def fetch():
    global fetched
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET / HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n")
    await writer.drain()
    await reader.read()
    writer.close()
    fetched += 1
async def main():
    tasks = [asyncio.create_task(phone()) for _ in range(phones)]
    print("ready", flush=True)
    await asyncio.sleep(seconds)
    print(events, fetched, flush=True)
    for task in tasks:
        task.cancel()
asyncio.run(main())
"""


def lateness_during_changes(db, changes: int = 20) -> list[float]:  # noqa: ANN001
    """Milliseconds each 10 ms tick came late while ``changes`` announcements are made."""
    late: list[float] = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.elapsed()]

    def tick() -> None:
        now = clock.elapsed()
        late.append(max(0.0, now - last[0] - 10))
        last[0] = now

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)
    timer.start()
    loop = QEventLoop()
    for number in range(changes):
        announce(db, f"Announcement {number}")
        QTimer.singleShot(150, loop.quit)
        loop.exec()
    timer.stop()
    return late


def p95(values: list[float]) -> float:
    return sorted(values)[int(len(values) * 0.95)]


def main(phones: int) -> None:
    QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        db = create_tournament(Path(folder) / "room.tdt", TournamentInfo("Bench", "wdc-2025", 4))
        for number in range(60):
            add_player(db, PlayerData(f"Player {number:02d}", "Town", "Country"))
        server = PageServer(str(db.path), "127.0.0.1", 0)
        server.start()
        try:
            alone = lateness_during_changes(db)
            crowd = subprocess.Popen([sys.executable, "-c", PHONES_SCRIPT, str(server.port),
                                      str(phones), "12"], stdout=subprocess.PIPE, text=True)
            assert crowd.stdout is not None
            crowd.stdout.readline()
            time.sleep(1.0)  # every phone connected
            live = server.presence.counts().live
            served = lateness_during_changes(db)
            events, fetched = (int(n) for n in crowd.stdout.readline().split())
            crowd.wait(20)
        finally:
            server.stop()
            db.close()
    print(f"phones connected: {live} of {phones}; events received: {events}, pages fetched "
          f"again: {fetched} (20 changes, some merged: at most {phones * 21})")
    print(f"no phone   lateness median {statistics.median(alone):5.2f} ms  p95 {p95(alone):5.2f} ms"
          f"  max {max(alone):5.1f} ms")
    print(f"{phones:3d} phones lateness median {statistics.median(served):5.2f} ms  "
          f"p95 {p95(served):5.2f} ms  max {max(served):5.1f} ms  "
          f"(p95 x{p95(served) / max(p95(alone), 0.01):.1f})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 256)
