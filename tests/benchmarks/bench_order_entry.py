"""Benchmark: typing-to-result latency of a board's phase in order entry.

Run by hand (never part of the test run):

    cd /work/main && PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_order_entry.py [N]

A WDC 2025 demo tournament is written once, round 3 seated, and a board played through the
two-year record of tests/gui/game/game_record.py N times over (fresh boards). Timed per phase:
- adjudicate: ``games.adjudicate`` — every sheet read with the format's rules, the phase judged,
  results stored and the next phase created, in one audited action on the SQLite file (the
  latency an assistant waits for after the last sheet is in);
- sheet save: ``games.save_orders`` for one power (one audited action);
- live reading: ``read_sheet`` of one whole sheet against the position, as the view does
  on every key press;
- whole phase: every sheet read and saved, then the adjudication (all the work of a phase).
Then the same through the game view (offscreen Qt): a sheet accepted with Enter (saved and
shown), and Ctrl+Enter to the results on screen (adjudicated, every tab refreshed).
Prints the medians and the 95th percentiles in milliseconds.
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from sqlalchemy import select  # noqa: E402

from tdapp.commands.demo import write_demo  # noqa: E402
from tdapp.core.formats import get_format, parse_options_for  # noqa: E402
from tdapp.core.game.sheets import read_sheet  # noqa: E402
from tdapp.core.powers import POWERS  # noqa: E402
from tdapp.services import games  # noqa: E402
from tdapp.services.files import open_tournament  # noqa: E402
from tdapp.services.rounds import BoardPlan, all_boards, save_board_call  # noqa: E402
from tdapp.store.models import Player  # noqa: E402

_spec = importlib.util.spec_from_file_location(
    "game_record", ROOT / "tests" / "gui" / "game" / "game_record.py")
assert _spec and _spec.loader
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)


def _ms(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
    return f"median {statistics.median(values) * 1000:6.1f} ms   p95 {p95 * 1000:6.1f} ms"


def main(rounds: int = 6) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = write_demo(Path(folder) / "bench.tdt", players=49, format_name="wdc-2025",
                          rounds_played=2)
        db = open_tournament(path)
        with db.read() as session:
            ids = list(session.scalars(select(Player.id).order_by(Player.id)))
        save_board_call(db, 3, [BoardPlan(n + 1, dict(zip(POWERS, ids[n * 7:n * 7 + 7],
                                                          strict=True))) for n in range(7)])
        boards = [b.board_id for b in all_boards(db, 3)][:min(rounds, 6)]  # one left for the view
        options = parse_options_for(get_format("wdc-2025"))
        adjudicate: list[float] = []
        whole: list[float] = []
        saves: list[float] = []
        reading: list[float] = []
        for board_id in boards:
            games.start_game(db, board_id)
            for _phase, sheets in record.GAME:
                before = len(saves)
                position = games.game_state(db, board_id).current.position
                for power, text in sheets.items():
                    start = time.perf_counter()
                    read_sheet(text, power, position, options)
                    reading.append(time.perf_counter() - start)
                    start = time.perf_counter()
                    games.save_orders(db, board_id, power, text)
                    saves.append(time.perf_counter() - start)
                start = time.perf_counter()
                games.adjudicate(db, board_id)
                adjudicate.append(time.perf_counter() - start)
                whole.append(adjudicate[-1] + sum(saves[before:]) + sum(reading[before:]))
        view_saves, view_adjudicate = _through_the_view(db)
        db.close()
    print(f"{len(adjudicate)} phases on {len(boards)} boards (WDC 2025 rules, SQLite file)")
    print(f"adjudicate (parse + judge + store): {_ms(adjudicate)}")
    print(f"sheet save (one audited action):    {_ms(saves)}")
    print(f"whole phase (reads + saves + adj.): {_ms(whole)}")
    print(f"live reading of a sheet:            {_ms(reading)}")
    print(f"view: Enter on a sheet (save, show): {_ms(view_saves)}")
    print(f"view: Ctrl+Enter to results shown:  {_ms(view_adjudicate)}")


def _through_the_view(db: object) -> tuple[list[float], list[float]]:
    """The record once more on a fresh board, through the game view."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication, QMessageBox

    from tdapp.gui.controller import AppController
    from tdapp.gui.game.controller import game_view

    app = QApplication.instance() or QApplication([])
    # The record leaves some units without orders: the view asks before adjudicating, and
    # the TD answers Yes (offscreen nobody would, and the run would wait for ever).
    QMessageBox.question = staticmethod(  # type: ignore[method-assign]
        lambda *args, **kwargs: QMessageBox.StandardButton.Yes)
    board_id = next(b.board_id for b in all_boards(db, 3) if b.status == "seated")
    hub = AppController()
    hub.db = db
    view = game_view(hub, board_id)
    view.resize(1280, 800)
    view.show()
    view.start()
    saves: list[float] = []
    adjudicate: list[float] = []
    for _phase, sheets in record.GAME:
        for power, text in sheets.items():
            view.entry.panels[power].edit.setPlainText(text)
            start = time.perf_counter()
            view.save(power)
            app.processEvents()
            saves.append(time.perf_counter() - start)
        start = time.perf_counter()
        view.adjudicate()
        app.processEvents()
        adjudicate.append(time.perf_counter() - start)
    view.close()
    hub.db = None
    return saves, adjudicate


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
