"""What the game view's tests share: typing a sheet as an assistant does, a picture of the
view, and the open phase set to a test position (the ``view`` fixture is in conftest.py)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from weakref import WeakKeyDictionary

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from sqlalchemy import select

from tdapp.core.board.contract import position_to_contract
from tdapp.core.board.position import Position
from tdapp.gui.game.view import GameView
from tdapp.store.database import TournamentDb
from tdapp.store.models import GamePhase
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


