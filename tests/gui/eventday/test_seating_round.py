"""Issue 14: seating followed the Boards page's round list, not the round picked on the Rounds
page, and the wizard let round 4 be seated before round 3."""

from __future__ import annotations

from PySide6.QtCore import Qt


def test_the_rounds_page_round_is_the_round_seated(qtbot, demo_main) -> None:
    main = demo_main  # rounds 1-2 played, round 3 seated
    main.window.show_page("Rounds")
    main.window.rounds_page.select_round(4)
    assert main.window.boards_page.current_round() == 4
    assert main.window.menus.seat_round_action.text() == "&Seat round 4…"
    main.window.rounds_page.select_round(2)
    assert main.window.boards_page.current_round() == 2


def test_round_four_is_not_seated_before_round_three(qtbot, main, demo_file, tmp_path,
                                                     dialog_answers) -> None:
    import shutil

    path = shutil.copy(demo_file, tmp_path / "t.tdt")  # rounds 1-2 played, 3 and 4 not seated
    assert main.app.open_file(path)
    main.window.show_page("Boards")
    main.window.boards_page.select_round(4)
    qtbot.mouseClick(main.window.boards_page.seat_button, Qt.MouseButton.LeftButton)
    assert main.boards.wizard is None
    kind, title, text = dialog_answers.shown[-1]
    assert title == "Seat the rounds in order" and "seat round 3 before round 4" in text
