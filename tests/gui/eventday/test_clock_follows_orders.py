"""Issue 14: board clocks were not tied to order entry: a board played to Fall 1902 still
showed Spring 1901 on the clock."""

from __future__ import annotations

from tdapp.services import games, rounds


def test_a_board_clock_moves_on_with_its_adjudicated_phases(qtbot, demo_main,
                                                            dialog_answers) -> None:
    main = demo_main  # round 3 seated
    clock_page = main.window.clock_page
    main.window.show_page("Clock")
    clock_page.load(3)
    board = rounds.board_call(main.app.db, 3)[0]
    main.app.call(games.start_game, board.board_id)
    for _ in range(5):  # every unit holds: S1901, F1901, S1902, F1902 ... as typed sheets would
        main.app.call(games.adjudicate, board.board_id)
    state = main.app.read(games.game_state, board.board_id)
    phase = state.current.phase
    clock = clock_page.panel.clock
    segment = clock.schedule[clock.timer_of(board.number).index]
    seasons = {"S": "spring", "F": "fall", "W": "winter"}
    assert (segment.season, segment.year) == (seasons[phase[0]], int(phase[1:5])), phase
    assert int(phase[1:5]) >= 1902
    other = clock.schedule[clock.timer_of(rounds.board_call(main.app.db, 3)[1].number).index]
    assert (other.season, other.year) == ("spring", 1901)  # untouched boards keep the room's
