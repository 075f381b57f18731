"""How long the Standings and Awards pages take to read their data (run by hand; not a test).

    PYTHONPATH=. .venv/bin/python tests/gui/results/bench_views.py [--repeat 5]

A 301-player WDC 2018 demo with all 5 rounds played, and a 301-player WDC 2025 demo with 3 of
its rounds played and round 4 seated (so "if all games ended now" has unfinished boards).
These reads run on the GUI thread after every change, so they must stay well under a second.
Medians of ``--repeat`` runs are printed.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tdapp.commands.demo import write_demo
from tdapp.services import rounds
from tdapp.services.awards import awards_view
from tdapp.services.standings_views import COMPLETED, NOW, standings_view
from tdapp.store.files import open_tournament_file


def _median(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _seat_next(path: Path, number: int) -> None:
    db = open_tournament_file(path)
    try:
        done = rounds.board_call(db, number - 1)
        rounds.save_board_call(db, number, [
            rounds.BoardPlan(b.number, {s.power: s.player_id for s in b.seats}) for b in done])
    finally:
        db.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    with tempfile.TemporaryDirectory() as folder:
        files = {
            "wdc-2018, 301 players, 5 rounds": write_demo(
                Path(folder) / "a.tdt", players=301, format_name="wdc-2018", rounds_played=5),
            "wdc-2025, 301 players, 3 rounds + round 4 seated": write_demo(
                Path(folder) / "b.tdt", players=301, format_name="wdc-2025", rounds_played=3),
        }
        _seat_next(files["wdc-2025, 301 players, 3 rounds + round 4 seated"], 4)
        for label, path in files.items():
            db = open_tournament_file(path)
            try:
                for name, work in (
                    ("standings after the last completed round",
                     lambda db=db: standings_view(db, COMPLETED)),
                    ("standings if all games ended now", lambda db=db: standings_view(db, NOW)),
                    ("awards page data", lambda db=db: awards_view(db)),
                ):
                    print(f"{label}: {name}: median {_median(work, repeat) * 1000:.0f} ms")
            finally:
                db.close()


if __name__ == "__main__":
    main()
