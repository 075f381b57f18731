"""How fast the board-call wizard answers on a big field (run by hand):

    PYTHONPATH=. QT_QPA_PLATFORM=offscreen .venv/bin/python tests/benchmarks/bench_seating_review.py

A demo tournament of 203 players (29 boards) with two rounds played; for round 3 it prints the
median of 5 runs of: who plays (roll call to proposal), seating the round through the service
(history, keep-apart pairs and ranking read from the file), one drag-and-drop swap with the
issues recomputed, the review's 29 board cards redrawn after it, and publishing the call
(one action with a snapshot).
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtWidgets import QApplication

from tdapp.commands.demo import write_demo
from tdapp.core.tournament import board_call
from tdapp.gui.seating.cards import BoardGrid
from tdapp.gui.seating.common import card_views
from tdapp.services import history, seating
from tdapp.store.files import open_tournament_file

PLAYERS = 203


def _median(fn, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    folder = Path(tempfile.mkdtemp())
    source = write_demo(folder / "demo.tdt", players=PLAYERS, rounds_played=2)
    work = folder / "work.tdt"
    shutil.copy(source, work)
    db = open_tournament_file(work)
    try:
        plan = seating.who_plays(db, 3).plan()
        print(f"who plays:        {_median(lambda: seating.who_plays(db, 3)) * 1000:7.1f} ms")
        seat = _median(lambda: seating.seat(db, 3, plan, seed=7, time_limit=5.0))
        print(f"seat the round:   {seat:7.2f} s")
        proposal = seating.seat(db, 3, plan, seed=7, time_limit=5.0)
        grid = BoardGrid(editable=True, columns=3)
        grid.resize(900, 700)
        grid.show()
        grid.show_cards(card_views(proposal))
        app.processEvents()
        a, b = proposal.boards[0].seats[0], proposal.boards[1].seats[0]
        flip = [False]

        def swap() -> None:
            first, second = (b, a) if flip[0] else (a, b)
            board_call.move_player(proposal, first, 1, 2, second)
            flip[0] = not flip[0]

        print(f"swap + issues:    {_median(swap) * 1000:7.1f} ms")

        def redraw() -> None:
            swap()
            grid.show_cards(card_views(proposal))
            app.processEvents()

        print(f"swap + redraw:    {_median(redraw) * 1000:7.1f} ms")

        def publish() -> None:
            seating.publish(db, 3, proposal)
            history.undo(db)

        print(f"publish + undo:   {_median(publish) * 1000:7.1f} ms")
        grid.close()
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
