"""Standings › Enter results shows what each board's players said of its result on the players'
page (issue 25: "the TD sees each board's confirmations and any dispute, and a disputed board is
marked until the TD settles it"), and Settle dispute… settles it with the TD's note."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tdapp.gui import theme
from tdapp.gui.common.table_model import ROW_ROLE
from tdapp.gui.results.boards_panel import ANSWERS_COLUMN
from tdapp.gui.results.settle import SettleDisputeDialog
from tdapp.services import rounds
from tdapp.services.result_responses import (
    respond_to_result,
    responses_for_round,
    settle_dispute,
)
from tests.gui.results.fixtures import screenshot

HOSTILE_NOTE = "<b>Italy</b> had 5 centres, not 4 <img src=x onerror=alert(1)>"


def _results_tab(main, round_number: int):
    main.window.show_page("Standings")
    page = main.window.pages["Standings"]
    page.tabs.setCurrentWidget(page.results_panel)
    panel = page.results_panel
    panel.round_box.setCurrentIndex(panel.round_box.findData(round_number))
    assert panel.current_round() == round_number
    return panel


def _answers(panel) -> dict[int, str]:
    return {panel.proxy.index(r, 0).data(ROW_ROLE).number:
            panel.proxy.index(r, ANSWERS_COLUMN).data() for r in range(panel.proxy.rowCount())}


def _select(panel, number: int) -> None:
    for row in range(panel.proxy.rowCount()):
        if panel.proxy.index(row, 0).data() == str(number):
            panel.table.selectRow(row)
            return
    raise AssertionError(f"no board {number}")


def test_confirmations_and_a_dispute_marked_until_the_td_settles_it(qtbot, demo_main) -> None:
    main = demo_main
    panel = _results_tab(main, 2)
    boards = {b.number: b for b in panel.model.rows()}
    assert set(_answers(panel).values()) == {"0 of 7 confirmed"}
    one, two = boards[1], boards[2]
    for seat in one.seats[:5]:  # five of board 1's players confirm from their phones
        main.app.call(respond_to_result, seat.player_id, one.board_id, "confirm")
    main.app.call(respond_to_result, two.seats[0].player_id, two.board_id, "confirm")
    disputer = two.seats[3]
    main.app.call(respond_to_result, disputer.player_id, two.board_id, "dispute", HOSTILE_NOTE)

    answers = _answers(panel)
    assert answers[1] == "5 of 7 confirmed"
    assert answers[2] == f"⚠ DISPUTED by {disputer.player_name}"
    assert answers[3] == "0 of 7 confirmed"
    row = next(r for r in range(panel.proxy.rowCount())
               if panel.proxy.index(r, 0).data() == "2")
    background = panel.proxy.index(row, 0).data(Qt.ItemDataRole.BackgroundRole)
    assert background.color().name() == theme.ERROR_BACKGROUND  # marked, not greyed
    assert panel.disputes.isVisible()
    assert panel.disputes.textFormat() == Qt.TextFormat.PlainText  # the note stays text
    assert panel.disputes.text().startswith(f"Board 2 disputed by {disputer.player_name} at ")
    assert HOSTILE_NOTE in panel.disputes.text()

    _select(panel, 1)
    assert not panel.settle_button.isEnabled()  # nothing to settle on board 1
    screenshot(main.window, "enter-results-disputed")
    _select(panel, 2)
    assert panel.settle_button.isEnabled()
    qtbot.mouseClick(panel.settle_button, Qt.MouseButton.LeftButton)
    dialog = main.standings.results.settle_dialog
    assert isinstance(dialog, SettleDisputeDialog) and dialog.board_id == two.board_id
    shown = dialog.findChild(type(panel.disputes), "settleDisputes")
    assert HOSTILE_NOTE in shown.text() and shown.textFormat() == Qt.TextFormat.PlainText

    dialog.note.setPlainText("x" * 501)  # refused in words, the note kept as typed
    dialog.settle_button.click()
    assert dialog.isVisible() and dialog.problem.isVisible()
    assert "500" in dialog.problem.text()
    dialog.note.setPlainText("Checked")  # typing again clears the refusal
    assert not dialog.problem.isVisible()
    dialog.note.setPlainText("Checked the board with both players: Italy had 4.")
    dialog.show()
    QApplication.processEvents()
    screenshot(dialog, "settle-dispute-dialog")
    dialog.settle_button.click()
    assert not dialog.isVisible()

    answers = _answers(panel)
    assert answers[2] == "1 of 7 confirmed; dispute settled"
    assert not panel.disputes.isVisible()
    assert not panel.settle_button.isEnabled()
    settled = next(b for b in main.app.read(responses_for_round, 2, default=[])
                   if b.board_id == two.board_id)
    assert settled.settled_note == "Checked the board with both players: Italy had 4."
    assert not settled.disputed


def test_a_board_without_its_result_shows_no_answers(qtbot, demo_main) -> None:
    panel = _results_tab(demo_main, 3)  # seated, waiting for results
    assert set(_answers(panel).values()) == {""}
    assert not panel.settle_button.isEnabled() and not panel.disputes.isVisible()


def test_the_boards_page_marks_a_disputed_board_until_it_is_settled(qtbot, demo_main) -> None:
    main = demo_main
    board = next(b for b in main.app.read(rounds.board_call, 2, default=[]) if b.number == 4)
    disputer = board.seats[0]
    main.app.call(respond_to_result, disputer.player_id, board.board_id, "dispute", "<i>x</i>")
    main.window.show_page("Boards")
    page = main.window.boards_page
    page.select_round(2)
    QApplication.processEvents()
    assert page.grid.card(4).note.text().endswith(" · ⚠ disputed")
    assert not page.grid.card(3).note.text().endswith("disputed")
    assert page.disputes.isVisible() and page.disputes.text() == (
        f"Board 4's result is disputed by {disputer.player_name}: settle it with Settle "
        "dispute… on Standings › Enter results.")
    screenshot(main.window, "boards-page-disputed")

    main.app.call(settle_dispute, board.board_id, "")
    assert not page.grid.card(4).note.text().endswith("disputed")
    assert not page.disputes.isVisible()
