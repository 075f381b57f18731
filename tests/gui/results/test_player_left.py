"""Player left… on the Enter results tab: a replacement or civil disorder, the phase and how
each is scored (WDC 2025 III.3: "the position may be filled or left in civil disorder, at the
discretion of the TD. Scoring of this position will be at the discretion of the TD.")."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tdapp.services.replacements import replacements
from tdapp.services.rounds import board_call
from tests.gui.results.fixtures import screenshot


def _panel(main):
    main.window.show_page("Standings")
    page = main.window.pages["Standings"]
    page.tabs.setCurrentWidget(page.results_panel)
    panel = page.results_panel
    panel.round_box.setCurrentIndex(2)  # round 3, seated and not played
    panel.table.selectRow(0)
    return panel


def test_player_left_records_a_replacement_and_the_tab_shows_it(qtbot, demo_main) -> None:
    main = demo_main
    panel = _panel(main)
    board = panel.selected_board()
    qtbot.mouseClick(panel.left_button, Qt.MouseButton.LeftButton)
    dialog = main.standings.results.left_dialog
    assert dialog is not None and dialog.board.board_id == board.board_id
    dialog.seat.setCurrentIndex(dialog.seat.findData("ENGLAND"))
    assert dialog.replacement.itemText(0).startswith("Civil disorder")
    dialog.replacement.setCurrentIndex(1)
    taker = dialog.replacement.currentText()
    dialog.phase.setText("s1905m")
    dialog.leaver.choice.setCurrentIndex(dialog.leaver.choice.findData("value"))
    dialog.leaver.value.setValue(3.5)
    screenshot(dialog, "player-left-dialog")
    dialog.save()
    assert not dialog.isVisible()
    [row] = replacements(main.app.db, board.board_id)
    assert (row.replaced_by, row.phase, row.leaver_score) == (taker, "S1905M", 3.5)
    seats = {s.power: s.player_name for s in board_call(main.app.db, 3)[0].seats}
    assert seats["ENGLAND"] == taker
    assert panel.departures.isVisible()
    assert "took over" in panel.departures.text() and taker in panel.departures.text()
    screenshot(main.window, "player-left-results-tab")


def test_a_refusal_stays_in_the_dialog(qtbot, demo_main) -> None:
    main = demo_main
    panel = _panel(main)
    board = panel.selected_board()
    dialog = main.standings.results.player_left(board.board_id)
    dialog.phase.setText("Spring 5")
    dialog.save()
    assert dialog.isVisible() and "not a phase" in dialog.problem.text()
    assert replacements(main.app.db, board.board_id) == []
    dialog.reject()


def test_the_score_when_they_left_is_computed_and_stays_editable(qtbot, demo_main) -> None:
    """Issue 24 item 13: "The leaver's 'score when they left' is typed by the TD, not
    computed". Round 3's board 1 entered through order entry: the dialog offers the leaver's
    score from the centres held at the phase typed, and the TD may still change it."""
    from tdapp.services import games

    main = demo_main
    panel = _panel(main)
    board = panel.selected_board()
    games.start_game(main.app.db, board.board_id)
    dialog = main.standings.results.player_left(board.board_id)
    assert dialog.phase.text() == "S1901M"  # the open phase of order entry
    dialog.seat.setCurrentIndex(dialog.seat.findData("RUSSIA"))
    text = dialog.computed.text()
    assert text.startswith("Score when they left: Russia held 4 centres at Spring 1901 "
                           "movement: ") and "as if the game had ended then" in text
    computed = dialog.leaver.value.value()
    assert computed > 0 and f"{computed:.2f}" in text
    dialog.leaver.choice.setCurrentIndex(dialog.leaver.choice.findData("value"))
    assert dialog.leaver.score == computed  # prefilled: saved as is unless the TD changes it
    dialog.leaver.value.setValue(2.0)  # the TD decides otherwise
    dialog.seat.setCurrentIndex(dialog.seat.findData("ENGLAND"))
    assert dialog.leaver.value.value() == 2.0  # what the TD typed is kept
    assert "England held 3 centres" in dialog.computed.text()
    screenshot(dialog, "player-left-score-computed")
    dialog.save()
    [row] = replacements(main.app.db, board.board_id)
    assert (row.power, row.leaver_scoring, row.leaver_score) == ("ENGLAND", "value", 2.0)

    # A board whose orders are not entered: said, and the TD types the score.
    panel.table.selectRow(1)
    other = main.standings.results.player_left(panel.selected_board().board_id)
    assert "orders are not entered in tdapp" in other.computed.text()
    other.reject()
