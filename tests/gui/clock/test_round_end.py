"""The round's hidden end time reached on the Clock page: the TD is asked once whether to end
the boards still playing; Yes ends them by time (scored on the last completed Fall), No leaves
them playing. A fake time source passes the end; the panel's refresh is called by hand."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from tdapp.commands.demo import write_demo
from tdapp.core.clock import FakeTime
from tdapp.gui.clock.page import ClockPage
from tdapp.gui.clock.round_end import QUESTION
from tdapp.services import games, rollcall, rounds
from tdapp.services.files import open_tournament
from tdapp.store.database import TournamentDb
from tests.round_helpers import seat_round

START = 1_780_000_000.0
END = START + 600  # the hidden end, ten minutes into the round


@pytest.fixture(scope="module")
def demo_playing(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Round 3 of a WDC 2025 demo seated, games started on boards 1 and 2."""
    path = tmp_path_factory.mktemp("round-end-demo") / "demo.tdt"
    write_demo(path, players=49, format_name="wdc-2025", rounds_played=2)
    db = open_tournament(path)
    try:
        ids = [row.player_id for row in rollcall.roll_call(db, 3)]
        playing = ids[: len(ids) - len(ids) % 7]
        rollcall.set_answers(db, 3, playing, status="present")
        rounds.save_board_call(db, 3, seat_round(playing, rounds.seating_history(db, 3),
                                                 random.Random(5).randrange(99)))
        for board in rounds.all_boards(db, 3)[:2]:
            games.start_game(db, board.board_id)
    finally:
        db.close()
    return path


@pytest.fixture
def clock_main(main, qtbot, demo_playing: Path, tmp_path: Path):
    """The main window on a copy of the demo, the Clock page on round 3 with a fake time."""
    path = tmp_path / "tournament.tdt"
    shutil.copy(demo_playing, path)
    time = FakeTime(START)
    page: ClockPage = main.window.clock_page
    page.time_factory = lambda: time
    assert main.app.open_file(path)
    main.window.show_page("Clock")
    assert page.panel is not None and page.round_number == 3
    page.panel.clock.start()
    page.panel.clock.set_hidden_end(END)
    page.save()
    return main, page, time


def statuses(db: TournamentDb) -> list[tuple[int, str, str | None]]:
    return [(b.number, b.status, b.end_reason) for b in rounds.all_boards(db, 3)
            if b.number in (1, 2)]


def questions(dialog_answers) -> list[tuple[str, str, str]]:
    return [shown for shown in dialog_answers.shown if shown[0] == "question"]


def pass_the_end(qtbot, page: ClockPage, time: FakeTime, dialog_answers) -> None:
    time.set(END + 1)
    page.panel.refresh()  # what the panel's timer does every 200 ms
    qtbot.waitUntil(lambda: bool(questions(dialog_answers)))


def test_yes_ends_the_boards_in_play_by_time(clock_main, qtbot, dialog_answers) -> None:
    main, page, time = clock_main
    db = main.app.db
    assert statuses(db) == [(1, "playing", None), (2, "playing", None)]
    page.panel.refresh()  # before the end: nothing asked
    qtbot.wait(20)
    assert questions(dialog_answers) == []
    changes = []
    main.app.changed.connect(changes.append)
    pass_the_end(qtbot, page, time, dialog_answers)
    ((_, title, text),) = questions(dialog_answers)
    assert title == "Round 3: round end time"
    assert text.startswith(QUESTION)
    assert "2 board(s) of round 3 are in play" in text
    assert statuses(db) == [(1, "finished", "time"), (2, "finished", "time")]
    for board in rounds.all_boards(db, 3)[:2]:
        assert games.game_state(db, board.board_id).finished
    assert main.round_end.outcomes[-1].ended and not main.round_end.outcomes[-1].fall_in_hand
    assert any(c.results and "time is up" in c.description for c in changes)


def test_no_leaves_the_boards_playing_and_is_not_asked_again(clock_main, qtbot,
                                                             dialog_answers) -> None:
    main, page, time = clock_main
    dialog_answers.next_answer = QMessageBox.StandardButton.No
    pass_the_end(qtbot, page, time, dialog_answers)
    assert statuses(main.app.db) == [(1, "playing", None), (2, "playing", None)]
    assert main.round_end.outcomes == []
    time.advance(60)
    page.panel.refresh()
    page.panel.changed.emit()  # a later operator action on the called clock
    qtbot.wait(20)
    assert len(questions(dialog_answers)) == 1
    assert main.games.time_up_action.isEnabled()  # the menu action is still the way


def test_a_clock_reopened_after_its_end_is_not_asked_about(clock_main, qtbot,
                                                           dialog_answers) -> None:
    main, page, time = clock_main
    dialog_answers.next_answer = QMessageBox.StandardButton.No
    pass_the_end(qtbot, page, time, dialog_answers)
    path = main.app.db.path
    main.app.close_file()
    assert main.app.open_file(path)
    assert page.panel is not None
    page.panel.refresh()
    page.panel.changed.emit()
    qtbot.wait(20)
    assert len(questions(dialog_answers)) == 1


def test_a_board_adjudicating_its_fall_is_left_to_finish_it(clock_main, qtbot,
                                                            dialog_answers) -> None:
    main, page, time = clock_main
    db = main.app.db
    first, second = (b.board_id for b in rounds.all_boards(db, 3)[:2])
    games.adjudicate(db, second)  # Spring 1901 with no sheets: every unit holds
    games.save_orders(db, second, "FRANCE", "A Par-Bur")  # Fall 1901 under way
    pass_the_end(qtbot, page, time, dialog_answers)
    assert statuses(db) == [(1, "finished", "time"), (2, "playing", None)]
    outcome = main.round_end.outcomes[-1]
    assert outcome.ended == (first,) and outcome.fall_in_hand == (second,)
    informed = [text for kind, _title, text in dialog_answers.shown if kind == "information"]
    assert informed == ["1 board(s) are adjudicating a Fall: finish it, then end the game "
                        "from the board."]
