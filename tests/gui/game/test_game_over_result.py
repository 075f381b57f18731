"""Issue 24 item 7: a board played through order entry to "Game over" is counted finished on
the Boards and Results pages at once, and the result grid opens prefilled from the game."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from sqlalchemy import select

from tdapp.core.powers import POWERS
from tdapp.gui.results.dialog import ResultEntryDialog
from tdapp.services.rounds import BoardPlan, all_boards, save_board_call
from tdapp.store.models import GamePhase, Player
from tests.gui import screens

from .helpers import START_CENTRES, type_sheet

# France holds 17 centres; A Bur-Bel in Fall 1905 takes the 18th: a solo.
FRANCE_17 = ["BRE", "MAR", "PAR", "EDI", "LON", "LVP", "BER", "KIE", "MUN", "NAP", "ROM", "VEN",
             "HOL", "DEN", "NWY", "SPA", "POR"]
UNITS = {"FRANCE": ["A BUR"], "AUSTRIA": ["A VIE", "A BUD", "F TRI"],
         "RUSSIA": ["A MOS", "A WAR", "F SEV", "F STP/SC"], "TURKEY": ["A CON", "A SMY", "F ANK"]}


def test_a_solo_by_order_entry_is_counted_and_its_result_offered(
        qtbot, main, demo_file: Path, tmp_path: Path, dialog_answers) -> None:
    path = tmp_path / "solo.tdt"
    shutil.copy(demo_file, path)
    main.files.open_path(path)
    db = main.app.db
    with db.read() as session:
        ids = list(session.scalars(select(Player.id).order_by(Player.id)))
    save_board_call(db, 3, [BoardPlan(n + 1, dict(zip(POWERS, ids[n * 7:n * 7 + 7],
                                                      strict=True))) for n in range(7)])
    board_id = all_boards(db, 3)[0].board_id
    main.window.show_page("Boards")
    boards_page = main.window.boards_page
    boards_page.select_round(3)
    panel = main.standings.results.panel  # the Results panel, built before the game ends
    view = main.games.open_board(board_id)
    view.start()
    centres = {p: ([] if p in ("ENGLAND", "GERMANY", "ITALY") else list(START_CENTRES[p]))
               for p in POWERS}
    centres["FRANCE"] = FRANCE_17
    with db.action("A position one centre short of a solo (a test shortcut)") as session:
        row = session.scalars(select(GamePhase).where(GamePhase.board_id == board_id)
                              .order_by(GamePhase.seq.desc())).first()
        row.phase = "F1905M"
        row.position = {"phase": "F1905M", "units": UNITS, "centers": centres,
                        "dislodged": {}, "contested": []}
    view.reload()
    assert "0 finished" in boards_page.status.text()
    type_sheet(qtbot, view, "FRANCE", "A Bur-Bel")
    edit = view.entry.panels["FRANCE"].edit
    qtbot.keyClick(edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    QApplication.processEvents()
    assert view.state.finished and "Game over" in view.banner.text()
    # counted at once, not "playing" until the TD saves the result by hand
    assert "1 finished" in boards_page.status.text(), boards_page.status.text()
    assert "finished" in boards_page.grid.card(1).note.text()
    panel.round_box.setCurrentIndex(panel.round_box.findData(3))
    board = next(b for b in panel.model.rows() if b.board_id == board_id)
    assert board.status == "finished"
    assert "6 of 7 boards still need their result" in panel.summary.text()
    # the result grid is offered, prefilled from the game: France's solo on 18
    dialog = next(d for d in view.findChildren(ResultEntryDialog) if d.isVisible())
    assert dialog.form.end_reason == "solo"
    assert dialog.end_reason.currentData() == "solo"
    assert view.result_button.isVisible()
    screens.save(dialog, "game/game_over_result.png")
    dialog.reject()
    qtbot.mouseClick(view.result_button, Qt.MouseButton.LeftButton)
    assert any(d.isVisible() for d in view.findChildren(ResultEntryDialog))
    main.app.close_file()
