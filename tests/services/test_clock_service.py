"""The round clock in the tournament file: restore after a crash, pauses, boards, no audit noise.

Every test works on its own copy of a demo tournament (49 players, WDC 2025, two rounds played,
rounds 3 and 4 planned). "A crash" is the file closed without a goodbye and opened again in a
new ``TournamentDb``, with a fake time source moved on.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from sqlalchemy import func, select

from tdapp.commands.demo import write_demo
from tdapp.core.clock import FakeTime, round_clock
from tdapp.services import clock as clock_service
from tdapp.services import rollcall, rounds
from tdapp.services.changes import ServiceError
from tdapp.services.files import open_tournament
from tdapp.store.database import TournamentDb
from tdapp.store.models import AuditEntry, Round
from tests.round_helpers import seat_round

START = 1_780_000_000.0


@pytest.fixture(scope="module")
def demo_2025(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("clock-demo") / "demo.tdt"
    return write_demo(path, players=49, format_name="wdc-2025", rounds_played=2)


@pytest.fixture(scope="module")
def demo_2018(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("clock-demo-2018") / "demo.tdt"
    return write_demo(path, players=49, format_name="wdc-2018", rounds_played=1)


def _copy(source: Path, tmp_path: Path) -> Path:
    target = tmp_path / "tournament.tdt"
    shutil.copy(source, target)
    return target


@pytest.fixture
def path(demo_2025: Path, tmp_path: Path) -> Path:
    return _copy(demo_2025, tmp_path)


def seat(db: TournamentDb, number: int) -> list[int]:
    """Call the round's boards the way a TD does: roll call, then the seating engine."""
    ids = [row.player_id for row in rollcall.roll_call(db, number)]
    playing = ids[: len(ids) - len(ids) % 7]
    rollcall.set_answers(db, number, playing, status="present")
    plans = seat_round(playing, rounds.seating_history(db, number), random.Random(3).randrange(99))
    rounds.save_board_call(db, number, plans)
    return [plan.number for plan in plans]


def audit_count(db: TournamentDb) -> int:
    with db.read() as session:
        return session.scalar(select(func.count()).select_from(AuditEntry)) or 0


def stored_state(db: TournamentDb, number: int) -> dict | None:
    with db.read() as session:
        return session.scalar(select(Round.clock_state).where(Round.number == number))


def test_current_round_is_the_one_being_played_else_the_next_planned(path: Path) -> None:
    db = open_tournament(path)
    try:
        assert clock_service.current_round(db) == 3  # 1 and 2 finished, 3 and 4 planned
        seat(db, 3)
        assert [r.status for r in rounds.list_rounds(db)][2] == "called"
        assert clock_service.current_round(db) == 3
        rounds.set_round_status(db, 3, "finished")
        assert clock_service.current_round(db) == 4
        rounds.set_round_status(db, 2, "playing")  # a round reopened is the one being played
        assert clock_service.current_round(db) == 2
    finally:
        db.close()


def test_a_new_clock_follows_the_format_schedule_with_the_rounds_boards(path: Path) -> None:
    db = open_tournament(path)
    try:
        boards = seat(db, 3)
        clock = clock_service.load_clock(db, 3, FakeTime(START))
    finally:
        db.close()
    assert clock.format.name == "wdc-2025" and clock.format.per_board
    assert sorted(clock.boards) == boards == list(range(1, 8))
    assert all(board.timer is not None for board in clock.boards.values())  # own time each
    first = clock.schedule[0]
    assert (first.title, first.seconds) == ("Spring 1901 \u2014 Negotiation", 900)
    assert clock.view().central.status == "ready"
    assert clock.log == []


def test_restore_after_a_crash_shows_the_same_deadline_and_the_time_gone_by(path: Path) -> None:
    time = FakeTime(START)
    db = open_tournament(path)
    seat(db, 3)
    clock = clock_service.load_clock(db, 3, time)
    clock.start()
    clock_service.save_clock(db, 3, clock)
    time.advance(130.25)
    clock.add_time(60)
    clock.add_time(45, board=4)
    clock.next_segment(board=2)
    clock_service.save_clock(db, 3, clock)
    before = clock.view()
    deadline = clock.central.deadline
    db.engine.dispose()  # the program dies: nothing closed in order ...
    if db.lock is not None:
        db.lock.release()  # ... and the system drops its lock with the process

    crashed_for = 97.5
    later = FakeTime(time.now() + crashed_for)
    db = open_tournament(path)
    try:
        restored = clock_service.load_clock(db, 3, later)
    finally:
        db.close()
    assert restored.central.deadline == pytest.approx(deadline, abs=1e-3)
    after = restored.view()
    assert after.central.seconds_left == pytest.approx(before.central.seconds_left - crashed_for,
                                                       abs=1e-3)
    assert after.central.seconds_left == pytest.approx(900 - 130.25 + 60 - 97.5, abs=1e-3)
    for old, new in zip(before.boards, after.boards, strict=True):
        assert new.timer.title == old.timer.title
        assert new.timer.seconds_left == pytest.approx(old.timer.seconds_left - crashed_for,
                                                       abs=1e-3)
    assert [e.action for e in restored.log] == ["start", "add-time", "add-time", "next-segment"]
    assert restored.log[2].board == 4 and restored.log[2].seconds == 45


def test_a_paused_clock_stays_paused_through_a_restart(path: Path) -> None:
    time = FakeTime(START)
    db = open_tournament(path)
    try:
        seat(db, 3)
        clock = clock_service.load_clock(db, 3, time)
        clock.start()
        time.advance(300)
        clock.pause()
        clock_service.save_clock(db, 3, clock)
    finally:
        db.close()
    time.advance(3600)  # an hour's lunch with the laptop off
    db = open_tournament(path)
    try:
        restored = clock_service.load_clock(db, 3, time)
    finally:
        db.close()
    view = restored.view()
    assert view.central.status == "paused"
    assert view.central.seconds_left == pytest.approx(600, abs=1e-6)
    assert all(b.timer.status == "paused" and b.timer.seconds_left == pytest.approx(600)
               for b in view.boards)
    restored.resume()
    time.advance(10)
    assert restored.view().central.seconds_left == pytest.approx(590, abs=1e-6)
    assert [e.action for e in restored.log] == ["start", "pause", "resume"]


def test_clock_saves_are_committed_but_not_audited(path: Path) -> None:
    time = FakeTime(START)
    db = open_tournament(path)
    try:
        seat(db, 3)
        audited = audit_count(db)
        clock = clock_service.load_clock(db, 3, time)
        for _ in range(5):
            clock.add_time(60)
            clock_service.save_clock(db, 3, clock)
        assert audit_count(db) == audited
        state = stored_state(db, 3)
    finally:
        db.close()
    assert state is not None
    assert [entry["action"] for entry in state["log"]] == ["add-time"] * 5  # the clock's own log


def test_the_ticker_text_is_kept_beside_the_clock(path: Path) -> None:
    time = FakeTime(START)
    db = open_tournament(path)
    try:
        clock = clock_service.load_clock(db, 3, time)
        clock_service.save_clock(db, 3, clock, page={"ticker": "Lunch at 13:00"})
        clock.start()
        clock_service.save_clock(db, 3, clock)  # no page data: the stored one is kept
        assert clock_service.page_data(db, 3) == {"ticker": "Lunch at 13:00"}
        restored = clock_service.load_clock(db, 3, time)
        assert restored.central.running
        # round 4 has none of its own yet: the latest earlier round's text carries on
        assert clock_service.page_data(db, 4) == {"ticker": "Lunch at 13:00"}
        assert clock_service.page_data(db, 4, earlier=False) == {}
        assert clock_service.page_data(db, 2) == {}
    finally:
        db.close()


def test_boards_called_after_the_clock_started_join_it(path: Path) -> None:
    time = FakeTime(START)
    db = open_tournament(path)
    try:
        clock = clock_service.load_clock(db, 3, time)
        assert clock.boards == {}
        clock.start()
        clock_service.save_clock(db, 3, clock)
        seat(db, 3)
        time.advance(60)
        joined = clock_service.load_clock(db, 3, time)
    finally:
        db.close()
    assert sorted(joined.boards) == list(range(1, 8))
    assert joined.central.running
    assert [e.action for e in joined.log] == ["start"]


def test_an_untouched_clock_takes_a_redone_board_call(path: Path) -> None:
    time = FakeTime(START)
    db = open_tournament(path)
    try:
        seat(db, 3)
        clock = clock_service.load_clock(db, 3, time)
        clock_service.save_clock(db, 3, clock)  # saved, never started
        fresh = round_clock.with_boards(clock, [1, 2, 3], time)
    finally:
        db.close()
    assert sorted(fresh.boards) == [1, 2, 3]
    clock.start()
    kept = round_clock.with_boards(clock, [1, 2, 3, 8], time)
    assert kept is clock and sorted(kept.boards) == [1, 2, 3, 4, 5, 6, 7, 8]


def test_a_central_clock_format_keeps_the_boards_on_the_room_clock(demo_2018: Path,
                                                                    tmp_path: Path) -> None:
    time = FakeTime(START)
    db = open_tournament(_copy(demo_2018, tmp_path))
    try:
        seat(db, 2)
        clock = clock_service.load_clock(db, 2, time)
    finally:
        db.close()
    assert clock.format.name == "wdc-2018" and not clock.format.per_board
    assert all(board.timer is None for board in clock.boards.values())
    assert clock.schedule[0].seconds == 18 * 60  # Spring 1901 negotiation: 18 minutes
    clock.start()
    time.advance(18 * 60 + 1)
    assert clock.view().central.title == "Fall 1901 \u2014 Negotiation"  # drop-dead: rolls on


def test_unreadable_saved_state_and_unknown_rounds_are_refused_clearly(path: Path) -> None:
    db = open_tournament(path)
    try:
        with db.system() as session:
            session.scalars(select(Round).where(Round.number == 3)).one().clock_state = {
                "version": 99, "log": [{"at": START, "action": "start"}]}
        with pytest.raises(ServiceError, match="Round 3: the saved clock cannot be read"):
            clock_service.load_clock(db, 3, FakeTime(START))
        with pytest.raises(ServiceError, match="no round 9"):
            clock_service.load_clock(db, 9, FakeTime(START))
        with pytest.raises(ServiceError, match="no round 9"):
            clock_service.save_clock(db, 9, clock_service.new_clock(db, [], FakeTime(START)))
    finally:
        db.close()


def test_an_untouched_clock_follows_a_format_change_a_touched_one_keeps_its_own(
        path: Path) -> None:
    from dataclasses import replace

    from tdapp.services.tournaments import tournament_info, update_tournament

    time = FakeTime(START)
    db = open_tournament(path)
    try:
        untouched = clock_service.load_clock(db, 3, time)
        clock_service.save_clock(db, 3, untouched, page={"ticker": "kept"})
        touched = clock_service.load_clock(db, 4, time)
        touched.add_time(60)
        clock_service.save_clock(db, 4, touched)
        update_tournament(db, replace(tournament_info(db), format_name="edc-2026"))
        assert clock_service.load_clock(db, 3, time).format.name == "edc-2026"
        assert clock_service.load_clock(db, 4, time).format.name == "wdc-2025"
        assert clock_service.page_data(db, 3) == {"ticker": "kept"}
    finally:
        db.close()
