"""The board's game view every game test drives: round 3 of the demo seated, board 1 open."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from tdapp.core.powers import POWERS
from tdapp.gui.controller import AppController
from tdapp.gui.game.controller import game_view
from tdapp.gui.game.view import GameView
from tdapp.services.files import open_tournament
from tdapp.services.rounds import BoardPlan, all_boards, save_board_call
from tdapp.store.models import Player

from .helpers import remember_file


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
