"""Player left… on the game view: the seat passes to a replacement from the open phase, or is
left in civil disorder (WDC 2025 III.3: "the position may be filled or left in civil disorder,
at the discretion of the TD")."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tdapp.gui.game.view import GameView
from tdapp.services import games
from tdapp.services.replacements import replacements
from tests.gui import screens

from .helpers import board_db


def test_player_left_from_the_open_phase_takes_over_the_seat(qtbot, view: GameView) -> None:
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    before = games.game_state(board_db(view), view.board_id).players["FRANCE"]
    qtbot.mouseClick(view.left_button, Qt.MouseButton.LeftButton)
    dialog = view.left_dialog
    assert dialog is not None
    assert dialog.phase.text() == "S1901M"  # the open phase, ready
    dialog.seat.setCurrentIndex(dialog.seat.findData("FRANCE"))
    dialog.replacement.setCurrentIndex(2)
    taker = dialog.replacement.currentText()
    assert dialog.grab().save(str(screens.path("game/player-left-game-view.png")))
    dialog.save()
    [row] = replacements(board_db(view), view.board_id)
    assert (row.left, row.replaced_by, row.phase) == (before, taker, "S1901M")
    assert games.game_state(board_db(view), view.board_id).players["FRANCE"] == taker


def test_civil_disorder_from_the_game_view(qtbot, view: GameView) -> None:
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    dialog = view.player_left()
    dialog.seat.setCurrentIndex(dialog.seat.findData("RUSSIA"))
    dialog.save()  # the first choice: civil disorder
    [row] = replacements(board_db(view), view.board_id)
    assert row.replaced_by is None and row.text.endswith("civil disorder")
    qtbot.waitUntil(lambda: "Russia:" in view.banner.text())
    assert "civil disorder (its units hold; it votes for every draw)" in view.banner.text()
    assert view.grab().save(str(screens.path("game/player-left-civil-disorder-banner.png")))


def test_the_view_with_its_player_left_button(qtbot, view: GameView) -> None:
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    assert view.left_button.isVisible() and view.left_button.text() == "Player &left…"
    assert view.grab().save(str(screens.path("game/player-left-button.png")))


def test_the_draw_vote_shows_a_civil_disorder_seat_as_abandoned(qtbot, view: GameView
                                                                 ) -> None:
    """WDC 2025 VII.3.c: "If a player has abandoned the game ... they are considered to vote in
    favor of all proposals." """
    from tdapp.services.replacements import Departure, record_departure
    from tdapp.store.models import Tournament

    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    with board_db(view).action("format for the test") as session:  # draws from 1901 (EDC 2026)
        session.query(Tournament).one().format_name = "edc-2026"
    record_departure(board_db(view), view.board_id, Departure("ITALY", "S1901M"))
    view.reload()
    dialog = view.open_draw_vote()
    assert dialog is not None
    assert dialog.abandoned() == ["ITALY"]
    dialog.reject()
