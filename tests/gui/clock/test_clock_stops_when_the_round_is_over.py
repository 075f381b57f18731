# ruff: noqa: F811 - pytest passes the imported fixtures by name
"""Found in a TD's pass through the DBN Invitational in a real window: after the final result
the clock kept running, so the projector still said "Boards playing: 1 of 1 … Spring 1901 ·
Negotiation" while the window said 4 of 4 rounds finished. Each board's result now ends its game
on the clock; the last one stops the round's clock and the projector says the round is over."""

from __future__ import annotations

from pathlib import Path

from tdapp.services import clock as clock_service
from tdapp.services import rounds
from tdapp.services.results import BoardResult, record_result
from tests.gui.clock.test_clock_page import (  # noqa: F401 - the fixtures
    clock_main,
    demo_2025,
    open_clock,
    path,
    seat,
    space,
)

FINAL = {"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 5, "ITALY": 3, "RUSSIA": 2,
         "TURKEY": 0}


def test_the_last_result_of_the_round_stops_the_clock(clock_main, qtbot, path: Path) -> None:
    main, page, time = clock_main
    open_clock(main, qtbot, path)
    assert page.round_number == 3
    space(qtbot, page)  # round 3 starts
    time.advance(60)
    clock = page.panel.clock
    assert clock.central.running
    boards = rounds.board_call(main.app.db, 3)
    *first, last = boards
    for board in first:
        main.app.changed.emit(record_result(main.app.db, board.board_id,
                                            BoardResult(FINAL, 1907, eliminated={"TURKEY": 1906})))
    view = clock.view()
    assert clock.central.running  # a board still playing keeps the room's clock
    assert not view.all_over
    assert {b.board for b in view.boards if b.game_over} == {b.number for b in first}

    main.app.changed.emit(record_result(main.app.db, last.board_id, BoardResult(FINAL, 1907, eliminated={"TURKEY": 1906})))
    view = page.panel.clock.view()
    assert not page.panel.clock.central.running
    assert view.all_over  # the projector: "ROUND OVER", boards playing 0 of 7
    assert page.panel.clock.log[-1].action == "round-over"
    stored = clock_service.load_clock(main.app.db, 3, page.time_factory())
    assert stored is not None and not stored.central.running  # the file holds it
    time.advance(600)
    assert page.panel.clock.view().central.time_text == view.central.time_text
