"""Issue 14: rounds never became finished ("0 of 4 rounds finished" after every board was
scored). A round closes when its boards are done, can be reopened, and the Rounds page and the
"N of M rounds finished" corner say so."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tdapp.core.powers import POWERS
from tdapp.services import rounds
from tdapp.services.results import BoardResult

from .shots import shot

CENTRES = dict(zip(POWERS, (10, 6, 6, 5, 4, 3, 0), strict=True))


def _status(main, number: int) -> str:
    return next(r.status for r in main.window.rounds_page.rounds.rows() if r.number == number)


def test_round_closes_when_its_last_board_is_scored_and_reopens(qtbot, demo_main,
                                                                tmp_path) -> None:
    main = demo_main
    db = main.app.db
    boards = rounds.board_call(db, 3)
    main.window.show_page("Rounds")
    page = main.window.rounds_page
    from tdapp.services.results import record_result

    for board in boards[:-1]:
        main.app.call(record_result, board.board_id, BoardResult(CENTRES, 1907, eliminated={"TURKEY": 1906}))
    assert _status(main, 3) != "finished"  # one board still playing
    main.app.call(record_result, boards[-1].board_id, BoardResult(CENTRES, 1907, eliminated={"TURKEY": 1906}))
    assert _status(main, 3) == "finished"
    main.window.show_page("Standings")
    corner = main.window.pages["Standings"].state.text()
    assert corner.startswith("3 of 4 rounds finished"), corner
    main.window.show_page("Rounds")
    page.select_round(3)
    assert page.reopen_button.isEnabled()
    shot(main.window, "rounds-round-3-finished")
    qtbot.mouseClick(page.reopen_button, Qt.MouseButton.LeftButton)
    assert _status(main, 3) == "playing"
    assert not page.reopen_button.isEnabled()
    # the corrected result closes it again
    main.app.call(record_result, boards[0].board_id, BoardResult(CENTRES, 1908, eliminated={"TURKEY": 1906}))
    assert _status(main, 3) == "finished"


def test_on_reopening_the_boards_and_clock_pages_show_the_round_after_the_finished_ones(
        qtbot, demo_main) -> None:
    """Issue 14: the Boards and Clock pages fell back to round 1 on reopening (rounds never
    finished, so round 1 still looked like the round being played)."""
    from tdapp.services.results import record_result

    main = demo_main
    path = main.app.db.path
    for board in rounds.board_call(main.app.db, 3):
        main.app.call(record_result, board.board_id,
                      BoardResult(CENTRES, 1907, eliminated={"TURKEY": 1906}))
    main.app.close_file()
    assert main.files.open_path(path)
    assert main.window.boards_page.current_round() == 4
    main.window.show_page("Clock")
    clock = main.window.clock_page
    assert clock.round_box.currentData() == 4 or clock.round_box.currentText().startswith(
        "Round 4"), clock.round_box.currentText()
