"""What the game view's tests share: the ``view`` fixture (a board's game view on round 3 of the
demo; conftest.py hands it to the tests here, other folders import it), typing a sheet as an
assistant does, a picture of the view, and the open phase set to a test position."""

from __future__ import annotations

import shutil
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from sqlalchemy import select

from tdapp.core.board.contract import position_to_contract
from tdapp.core.board.position import Position
from tdapp.core.powers import POWERS
from tdapp.gui.controller import AppController
from tdapp.gui.game.adjudication import outcome_word
from tdapp.gui.game.controller import game_view
from tdapp.gui.game.entry import shown
from tdapp.gui.game.view import GameView
from tdapp.services.files import open_tournament
from tdapp.services.rounds import BoardPlan, all_boards, save_board_call
from tdapp.store.database import TournamentDb
from tdapp.store.models import GamePhase, Player
from tests.gui import screens

START_CENTRES = position_to_contract(Position.initial())["centers"]

# The file each test view shows (the view itself holds no database: its controller does).
_FILES: WeakKeyDictionary[GameView, TournamentDb] = WeakKeyDictionary()


def remember_file(view: GameView, db: TournamentDb) -> None:
    _FILES[view] = db


def board_db(view: GameView) -> TournamentDb:
    """The tournament file behind a test's game view."""
    return _FILES[view]


def type_sheet(qtbot, widget: GameView, power: str, text: str) -> None:
    """Type a sheet as an assistant does: line by line (Enter between lines), Shift+Enter
    accepts it (issue 14: Enter used to accept and scatter lines across powers)."""
    edit = widget.entry.panels[power].edit
    widget.activateWindow()  # offscreen, a completion list once shown may keep the activation
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus, timeout=2000)
    for i, line in enumerate(text.split("\n")):
        if i:
            if edit.completer.popup().isVisible():
                qtbot.keyClick(edit, Qt.Key.Key_Escape)
            qtbot.keyClick(edit, Qt.Key.Key_Return)
        qtbot.keyClicks(edit, line)
    if edit.completer.popup().isVisible():
        qtbot.keyClick(edit, Qt.Key.Key_Escape)
    qtbot.keyClick(edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)


def save(widget: GameView, name: str) -> Path:
    QApplication.processEvents()
    target = screens.folder("game") / name
    image = widget.grab()
    assert (image.width(), image.height()) == (1280, 800)
    assert image.save(str(target))
    return target


def put_position(widget: GameView, phase: str, units: Mapping[str, list[str]]) -> None:
    """The open phase set to a DATC position (a test shortcut; not a user action)."""
    position = {"phase": phase, "units": dict(units), "centers": START_CENTRES,
                "dislodged": {}, "contested": []}
    with board_db(widget).action("DATC position for the test") as session:
        row = session.scalars(select(GamePhase).where(GamePhase.board_id == widget.board_id)
                              .order_by(GamePhase.seq.desc())).first()
        row.phase, row.position = phase, position
    widget.reload()


@pytest.fixture
def view(qtbot, demo_file: Path, tmp_path: Path) -> Iterator[GameView]:
    path = tmp_path / "game.tdt"
    shutil.copy(demo_file, path)
    db = open_tournament(path)
    with db.read() as session:
        ids = list(session.scalars(select(Player.id).order_by(Player.id)))
    save_board_call(db, 3, [BoardPlan(n + 1, dict(zip(POWERS, ids[n * 7:n * 7 + 7],
                                                      strict=True))) for n in range(7)])
    app = AppController()
    app.db = db
    widget = game_view(app, all_boards(db, 3)[0].board_id)
    remember_file(widget, db)
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    yield widget
    app.db = None
    db.close()


def results_text(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Plain lines of a phase's results, as the results table words them."""
    return [f"{r['power'].title()}: {shown(r.get('normalized', ''))} — {outcome_word(r)}"
            + (f" ({r['message']})" if r.get("message") else "") for r in rows]
