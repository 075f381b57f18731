"""Benchmark: the players' page run from the program, and a phone's write reaching the TD.

Run by hand (never part of the test run):

    PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_room.py [REPEATS]

On a 60-player tournament file, measured in one run:
- ``start`` / ``stop``: PageServer.start (source opened, port bound, uvicorn answering) and
  PageServer.stop (streams ended, port free), against ``open_live`` alone (its peer);
- ``told``: a phone's check-in on the page served here, from the service call's start to the
  Change built from its audit rows (what the GUI broadcasts after its merge of 200 ms);
  ``watched``: the same check-in by another handle (``tdapp web`` beside the program), to the
  Change the file watch hands over (polling every second);
- ``idle poll``: one look of the file watch when nothing changed (``PRAGMA data_version``),
  against ``SELECT 1`` on the same connection.
Medians, and each ratio to its peer.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tdapp.services.checkins import cancel_check_in, check_in, check_in_round  # noqa: E402
from tdapp.services.file_watch import FileFeed, FileListener, heard_of_actions  # noqa: E402
from tdapp.services.live import Heard  # noqa: E402
from tdapp.services.players import PlayerData, add_player, list_players  # noqa: E402
from tdapp.services.tournaments import TournamentInfo, create_tournament  # noqa: E402
from tdapp.store.database import TournamentDb, make_engine  # noqa: E402
from tdapp.web.serve import PageServer  # noqa: E402
from tdapp.web.source import open_live  # noqa: E402


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:8.2f} ms"


def build(folder: Path) -> TournamentDb:
    db = create_tournament(folder / "room.tdt", TournamentInfo("Bench Open", "wdc-2025", 4))
    for number in range(60):
        add_player(db, PlayerData(f"Player {number:02d}", "Town", "Country"))
    return db


def main(repeats: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        program = build(Path(folder))
        location = str(program.path)
        opened, started, stopped = [], [], []
        for _ in range(repeats):
            t0 = time.perf_counter()
            open_live(location).close()
            opened.append(time.perf_counter() - t0)
            server = PageServer(location, "127.0.0.1", 0)
            t0 = time.perf_counter()
            server.start()
            started.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            server.stop()
            stopped.append(time.perf_counter() - t0)

        ids = [p.id for p in list_players(program)]
        number = check_in_round(program)
        assert number is not None
        page = TournamentDb(program.path, make_engine(program.path))
        told: list[float] = []
        done: list[int] = []
        page.on_action = done.append
        for player in ids[:repeats]:
            t0 = time.perf_counter()
            check_in(page, player, number)
            heard = heard_of_actions(program, done[-1:], "a phone")
            assert heard is not None and heard.change.roll_call
            told.append(time.perf_counter() - t0)
        page.on_action = None

        other = TournamentDb(program.path, make_engine(program.path))
        arrived = threading.Event()

        def hear(_heard: Heard) -> None:
            arrived.set()

        listener = FileListener(program, on_heard=hear)
        listener.start()
        watched: list[float] = []
        for player in ids[:repeats]:
            time.sleep(0.37)  # not in step with the polling
            arrived.clear()
            t0 = time.perf_counter()
            cancel_check_in(other, player, number)
            assert arrived.wait(5)
            watched.append(time.perf_counter() - t0)
        listener.stop()

        feed = FileFeed(program)
        probe = feed._probe  # the same connection the watch keeps
        idle, select = [], []
        for _ in range(repeats * 50):
            t0 = time.perf_counter()
            assert feed.poll() is None
            idle.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            probe.execute("SELECT 1").fetchone()
            select.append(time.perf_counter() - t0)
        feed.close()
        other.close()
        page.close()
        program.close()

    print(f"repeats: {repeats}")
    print(f"open_live (peer)  {ms(opened)}")
    print(f"start             {ms(started)}   x{statistics.median(started) / statistics.median(opened):.1f} of open_live")
    print(f"stop              {ms(stopped)}")
    print(f"told (served here){ms(told)}")
    print(f"watched (beside)  {ms(watched)}   x{statistics.median(watched) / statistics.median(told):.0f} of told")
    print(f"idle poll         {statistics.median(idle) * 1e6:8.1f} us  x{statistics.median(idle) / statistics.median(select):.1f} of SELECT 1 ({statistics.median(select) * 1e6:.1f} us)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
