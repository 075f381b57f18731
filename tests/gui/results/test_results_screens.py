"""The "Enter results" tab and the standings "if all games ended now", with pictures."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tdapp.core.powers import POWERS
from tdapp.services.changes import Change
from tdapp.services.rounds import board_call
from tdapp.services.standings_views import NOW
from tdapp.store.models import Board, Seat
from tests.gui.results.fixtures import screenshot


def test_enter_results_tab_lists_round_three(qtbot, demo_main) -> None:
    main = demo_main
    main.window.show_page("Standings")
    page = main.window.pages["Standings"]
    page.tabs.setCurrentWidget(page.results_panel)
    panel = page.results_panel
    assert [panel.round_box.itemText(i) for i in range(panel.round_box.count())] == [
        "Round 1", "Round 2", "Round 3"]
    assert panel.model.rowCount() == 7
    assert panel.proxy.index(0, 2).data() == "to enter"
    assert panel.proxy.index(0, 1).data() == "top board"
    screenshot(main.window, "enter-results-tab")
    panel.round_box.setCurrentIndex(0)
    assert panel.summary.text() == "All 7 boards have their result."
    assert panel.proxy.index(0, 2).data() == "entered"
    brush = panel.model.index(0, 0).data(Qt.ItemDataRole.ForegroundRole)
    assert brush.color().name() == "#8a8a8a"  # done boards step back


def test_if_all_games_ended_now_shows_estimated_scores(qtbot, demo_main) -> None:
    main = demo_main
    board = board_call(main.app.db, 3)[1]
    counts = dict(zip(POWERS, (9, 7, 6, 5, 4, 2, 1), strict=True))
    with main.app.db.action("Centres so far") as session:  # as the board's order entry would
        for seat in session.query(Seat).filter(Seat.board_id == board.board_id):
            seat.centers = counts[seat.power]
        session.get(Board, board.board_id).end_year = 1905
    main.app.changed.emit(Change("Centres so far", boards=True))
    main.window.show_page("Standings")
    page = main.window.pages["Standings"]
    page.mode_buttons[NOW].setChecked(True)
    seated = {s.player_id for s in board.seats}
    lines = [r for r in page.model.rows() if r.player_id in seated]
    assert all(r.rounds[2].provisional and r.rounds[2].text.endswith("*") for r in lines)
    assert "scored on its centres of 1905 (not final)" in page.summary.text()
    row = next(i for i, r in enumerate(page.model.rows()) if r.player_id in seated)
    assert page.model.index(row, 5).data(Qt.ItemDataRole.FontRole).italic()
    screenshot(main.window, "standings-if-all-games-ended-now")
