# ruff: noqa: F811 - pytest passes the imported fixtures by name
"""Issue 24 item 12h: after seating a later round the Clock page follows to that round (it
stayed on round 1); a round still being played keeps the page."""

from __future__ import annotations

from pathlib import Path

from tdapp.services.changes import Change
from tests.gui.clock.test_clock_page import (  # noqa: F401 - the fixtures
    clock_main,
    demo_2025,
    open_clock,
    path,
    seat,
    space,
)


def test_the_page_moves_to_the_round_just_seated_once_its_round_is_played(
        clock_main, qtbot, path: Path) -> None:
    main, page, _time = clock_main
    open_clock(main, qtbot, path)
    page.round_box.activated.emit(page.round_box.findData(2))  # round 2: every result in
    assert page.round_number == 2
    seat(main.app.db, 4)
    main.app.changed.emit(Change("Board call of round 4", boards=True, rounds=True))
    assert page.round_number == 4
    assert page.round_box.currentData() == 4


def test_a_round_being_played_keeps_the_page(clock_main, qtbot, path: Path) -> None:
    main, page, _time = clock_main
    open_clock(main, qtbot, path)
    assert page.round_number == 3
    space(qtbot, page)  # round 3 starts
    seat(main.app.db, 4)
    main.app.changed.emit(Change("Board call of round 4", boards=True, rounds=True))
    assert page.round_number == 3
    space(qtbot, page)  # paused: still round 3's boards without results
    main.app.changed.emit(Change("Board call of round 4", boards=True, rounds=True))
    assert page.round_number == 3


def test_a_hand_picked_round_is_shown_again_on_reopening(clock_main, qtbot, path: Path) -> None:
    """Issue 24 item 13: a hand-picked round on the Boards and Clock pages was forgotten on
    reopening; it is remembered while the tournament has not moved on."""
    main, page, _time = clock_main
    open_clock(main, qtbot, path)
    assert page.round_number == 3
    page.round_box.activated.emit(page.round_box.findData(1))
    standings = main.window.pages["Standings"]
    boards = standings.results_panel
    assert boards.current_round() == 3
    boards.round_box.setCurrentIndex(boards.round_box.findData(2))  # the TD picks round 2
    main.app.close_file()
    assert main.app.open_file(path)
    assert page.round_number == 1 and page.round_box.currentData() == 1
    assert boards.current_round() == 2
    boards.round_box.setCurrentIndex(boards.round_box.findData(3))  # back on its own choice
    main.app.close_file()
    assert main.app.open_file(path)
    assert boards.current_round() == 3
