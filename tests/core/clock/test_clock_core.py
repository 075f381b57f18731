"""The round clock state machine, driven by a fake time source."""

from __future__ import annotations

import random

import pytest

from tdapp.core.clock import (
    EXPIRED,
    PAUSED,
    READY,
    RUNNING,
    WARNING,
    ClockError,
    FakeTime,
    Schedule,
    alerts_between,
    format_seconds,
    get_clock_format,
    new_round_clock,
)


def clock_for(name: str, boards=(1, 2, 3), **kwargs):
    time = FakeTime()
    return new_round_clock(get_clock_format(name), time, boards, **kwargs), time


def test_states_running_warning_paused_expired() -> None:
    clock, time = clock_for("wdc-2018")
    assert clock.view().central.status == READY
    clock.start()
    assert clock.view().central.status == RUNNING
    time.advance(1080 - 60)
    assert clock.view().central.status == WARNING
    assert clock.view().central.label == "LAST MINUTE"
    clock.pause()
    time.advance(500)
    view = clock.view().central
    assert view.status == PAUSED and view.label == "PAUSED" and view.seconds_left == 60
    clock.resume()
    time.advance(59.5)
    assert clock.view().central.seconds_left == pytest.approx(0.5)
    time.advance(0.5)  # rolling clock: Spring ends, Fall begins on the dot
    view = clock.view().central
    assert view.title == "Fall 1901 \u2014 Negotiation" and view.seconds_left == 960


def test_non_rolling_segment_waits_at_time_up() -> None:
    clock, time = clock_for("wdc-2025", boards=())
    clock.start()
    time.advance(900)  # negotiation rolls into silent order writing
    assert clock.view().central.kind == "order-writing"
    time.advance(130)
    view = clock.view().central
    assert view.status == EXPIRED and view.label == "TIME UP"
    assert view.time_text == "+0:10"
    assert view.next_title == "Spring 1901 \u2014 Retreats"
    clock.next_segment()
    assert clock.view().central.status == RUNNING
    assert clock.view().central.seconds_left == 60


def test_toggle_is_start_pause_resume() -> None:
    clock, time = clock_for("edc-2026")
    clock.toggle()
    assert clock.central.running
    clock.toggle()
    assert not clock.central.running
    clock.toggle()
    assert clock.central.running
    assert [e.action for e in clock.log] == ["start", "pause", "resume"]
    with pytest.raises(ClockError):
        clock.resume()


def test_add_and_remove_time_and_segment_jumps_are_logged() -> None:
    clock, time = clock_for("wdc-2018")
    clock.start()
    time.advance(100)
    clock.add_time(60)
    assert clock.view().central.seconds_left == 1080 - 100 + 60
    clock.add_time(-120)
    assert clock.view().central.seconds_left == 1080 - 100 - 60
    clock.next_segment()
    assert clock.view().central.title == "Fall 1901 \u2014 Negotiation"
    clock.previous_segment()
    assert clock.view().central.seconds_left == 1080
    clock.restart_segment()
    with pytest.raises(ClockError, match="previous"):
        clock.previous_segment()
    assert [(e.action, e.seconds) for e in clock.log] == [
        ("start", None), ("add-time", 60), ("add-time", -120), ("next-segment", None),
        ("previous-segment", None), ("restart-segment", None)]
    assert all(e.at == time.now() for e in clock.log[3:])


def test_central_board_detaches_when_given_time_and_rejoins() -> None:
    clock, time = clock_for("edc-2026")
    clock.start()
    time.advance(300)
    clock.add_time(120, board=2)
    view = clock.view()
    assert view.board(1).follows_room and not view.board(2).follows_room
    assert view.board(2).timer.seconds_left == 960 - 300 + 120
    assert view.board(2).added_seconds == 120
    assert view.board(2).relation == "behind"
    clock.pause_board(3)
    time.advance(200)
    view = clock.view()
    assert view.board(3).timer.status == PAUSED and view.board(3).relation == "behind"
    clock.rejoin_room(3)
    assert clock.view().board(3).follows_room
    # the room pause stops detached boards too, and resuming restarts them
    clock.pause()
    assert not clock.boards[2].timer.running
    clock.resume()
    assert clock.boards[2].timer.running


def test_per_board_clocks_ahead_behind_and_early_adjudication() -> None:
    clock, time = clock_for("wdc-2025", boards=(1, 2, 3, 4))
    clock.start()
    time.advance(600)
    clock.orders_in_early(1)  # all orders in: adjudicate now (WDC 2025 IIV.4)
    clock.pause_board(4)
    time.advance(200)
    view = clock.view()
    assert view.board(1).timer.kind == "order-writing"
    assert view.board(1).timer.status == EXPIRED and view.board(1).orders_in_early
    assert view.board(1).relation == "ahead"
    assert view.board(4).relation == "behind" and view.board(4).timer.status == PAUSED
    assert view.board(2).relation == "level"
    clock.next_segment(board=1)  # the board starts its optional retreat clock
    assert clock.view().board(1).timer.title == "Spring 1901 \u2014 Retreats"
    assert clock.view().board(2).timer.kind == "negotiation"


def test_early_adjudication_refused_where_the_format_forbids_it() -> None:
    clock, _ = clock_for("wdc-2018")
    clock.start()
    with pytest.raises(ClockError, match="early adjudication"):
        clock.orders_in_early(1)


def test_edc_early_adjudication_keeps_the_room_clock() -> None:
    clock, time = clock_for("edc-2026")
    clock.start()
    time.advance(500)
    clock.orders_in_early(2)
    view = clock.view()
    assert view.board(2).orders_in_early and view.board(2).follows_room
    assert view.board(2).label == "ORDERS IN"
    time.advance(460)  # the next phase starts with the room, not before
    assert clock.view().board(2).timer.title == "Fall 1901 \u2014 Negotiation"
    assert not clock.view().board(2).orders_in_early


def test_draw_vote_stops_the_clock_in_wdc_2025() -> None:
    clock, time = clock_for("wdc-2025", boards=(1,), first=1906)
    clock.start()
    time.advance(100)
    clock.start_draw_vote(1)
    time.advance(240)
    view = clock.view().board(1)
    assert view.draw_vote and view.label == "DRAW VOTE" and view.timer.seconds_left == 620
    clock.end_draw_vote(1)
    time.advance(10)
    assert clock.view().board(1).timer.seconds_left == 610
    with pytest.raises(ClockError, match="one draw vote"):
        clock.start_draw_vote(1)


def test_draw_vote_does_not_stop_the_clock_in_wdc_2018() -> None:
    clock, time = clock_for("wdc-2018", first=1904)
    clock.start()
    clock.start_draw_vote(1)
    time.advance(240)
    assert clock.view().board(1).timer.seconds_left == 1080 - 240
    clock.end_draw_vote(1, passed=True)
    assert clock.view().board(1).game_over


def test_draw_votes_only_from_the_format_year() -> None:
    clock, _ = clock_for("wdc-2025", boards=(1,))
    clock.start()
    with pytest.raises(ClockError, match="1906"):
        clock.start_draw_vote(1)


def test_edc_grace_one_per_player_per_game() -> None:
    clock, time = clock_for("edc-2026")
    clock.start()
    time.advance(960)
    grace = clock.grant_grace(1, "FRANCE")
    assert grace.phase == "F1901M" and grace.seconds == 120
    time.advance(30)
    assert clock.grace_left(1, "FRANCE") == 90
    assert clock.view().board(1).graces[0].player == "FRANCE"
    assert clock.view().central.seconds_left == 930  # the clock does not stop
    clock.grant_grace(2, "FRANCE")  # another board: another game
    with pytest.raises(ClockError, match="used theirs in F1901M"):
        clock.grant_grace(1, "FRANCE")
    time.advance(100)
    assert clock.view().board(1).graces == ()
    assert clock.grace_left(1, "ENGLAND") is None


def test_no_grace_in_formats_without_it() -> None:
    clock, _ = clock_for("wdc-2018")
    with pytest.raises(ClockError, match="no grace"):
        clock.grant_grace(1, "ITALY")


def test_hidden_end_is_for_the_operator_only_and_tells_each_board() -> None:
    clock, time = clock_for("wdc-2025", boards=(1, 2, 3, 4), first=1904)
    start = time.now()
    clock.start()
    clock.set_hidden_end(start + 1500)
    assert clock.view().hidden_end == start + 1500
    assert clock.view(operator=False).hidden_end is None
    assert "1500" not in repr([e.to_dict() for e in clock.log])
    # board 1: Spring still negotiating at the end; board 2: orders in early, adjudicating
    # Spring, then into Fall order writing past its deadline; board 3 finished Fall early
    clock.next_segment(board=2)  # board 2 skips to Spring 1904 order writing
    for _ in range(3):
        clock.next_segment(board=3)  # board 3 is in Fall 1904 negotiation
    clock.orders_in_early(3)
    clock.end_game(4)
    assert clock.fall_forecast(1) == ("F1904M", False)
    time.advance(1499)
    assert not clock.view().round_called
    time.advance(2)
    view = clock.view(operator=False)
    assert view.round_called
    assert view.board(1).end_verdict == "game ends now: scored on Fall 1903"
    assert view.board(3).end_verdict.startswith("Fall 1904 is being adjudicated")
    assert view.board(4).end_verdict == "game already over"
    assert len(view.verdicts) == 4


def test_wdc_2018_call_ends_games_at_once_on_the_last_completed_fall() -> None:
    clock, time = clock_for("wdc-2018", boards=(1,), first=1901)
    clock.start()
    clock.set_hidden_end(time.now() + 1080 + 100)
    time.advance(3000)
    assert clock.view().board(1).end_verdict == "game ends now: scored on the starting position"


def test_hidden_end_drawn_at_random_between_bounds() -> None:
    clock, time = clock_for("wdc-2025")
    earliest, latest = time.now() + 3600, time.now() + 3 * 3600
    drawn = {clock.draw_hidden_end(earliest, latest, random.Random(seed)) for seed in range(40)}
    assert all(earliest <= t <= latest and (t - earliest) % 60 == 0 for t in drawn)
    assert len(drawn) > 20
    with pytest.raises(ClockError):
        clock.draw_hidden_end(latest, earliest, random.Random(1))
    clock.clear_hidden_end()
    assert clock.view().hidden_end is None


def test_alerts_sound_only_as_time_passes() -> None:
    clock, time = clock_for("wdc-2025", boards=())
    clock.start()
    before = clock.view()
    time.advance(841)
    after = clock.view()
    assert alerts_between(before, after) == [("one-minute", None)]
    time.advance(60)
    assert alerts_between(after, clock.view()) == [("order-writing", None)]
    before = clock.view()
    time.advance(120)
    assert alerts_between(before, clock.view()) == [("time-up", None)]
    before = clock.view()
    clock.next_segment()
    assert alerts_between(before, clock.view()) == []


def test_per_board_alerts_name_the_board() -> None:
    clock, time = clock_for("dbn-2025", boards=(7,))
    clock.start()
    before = clock.view()
    time.advance(900)
    alerts = alerts_between(before, clock.view())
    assert ("time-up", 7) in alerts and ("time-up", None) in alerts


@pytest.mark.parametrize(("seconds", "text"), [(900, "15:00"), (59.01, "1:00"), (0.2, "0:01"),
                                               (0, "0:00"), (-0.5, "0:00"), (-12.3, "+0:12"),
                                               (3723, "1:02:03")])
def test_format_seconds(seconds: float, text: str) -> None:
    assert format_seconds(seconds) == text


def test_unknown_board_is_refused() -> None:
    clock, _ = clock_for("edc-2026")
    with pytest.raises(ClockError, match="board: 9"):
        clock.pause_board(9)
    with pytest.raises(ClockError, match="already"):
        clock.add_board(1)


def test_the_end_time_stops_every_clock_and_rings_once() -> None:
    clock, time = clock_for("wdc-2018", boards=(1, 2))
    clock.start()
    clock.add_time(30, board=2)
    clock.set_hidden_end(time.now() + 500)
    time.advance(499)
    before = clock.view()
    time.advance(2)
    after = clock.view()
    assert alerts_between(before, after) == [("time-up", None)]
    frozen = (after.central.seconds_left, after.board(2).timer.seconds_left)
    assert frozen == (1080 - 500, 1080 - 500 + 30)
    time.advance(300)
    later = clock.view()
    assert (later.central.seconds_left, later.board(2).timer.seconds_left) == frozen
    assert later.central.status == PAUSED


def test_system_time_is_wall_time_that_only_moves_forward() -> None:
    import time as stdlib_time

    from tdapp.core.clock import SystemTime

    source = SystemTime()
    first = source.now()
    assert abs(first - stdlib_time.time()) < 1.0
    assert source.now() >= first


def test_the_view_says_when_the_next_clock_is_optional() -> None:
    clock, time = clock_for("wdc-2025", boards=())
    clock.next_segment()
    view = clock.view().central
    assert view.kind == "order-writing" and view.next_optional
    assert view.next_title == "Spring 1901 \u2014 Retreats"


def test_room_changes_carry_detached_boards_along() -> None:
    clock, time = clock_for("wdc-2018", boards=(1, 2))
    clock.start()
    clock.add_time(45, board=2)
    clock.add_time(60)
    view = clock.view()
    assert view.board(1).timer.seconds_left == 1080 + 60
    assert view.board(2).timer.seconds_left == 1080 + 60 + 45
    clock.next_segment()
    assert clock.view().board(2).timer.title == "Fall 1901 \u2014 Negotiation"
    clock.goto_segment(4)
    assert clock.view().board(2).timer.title == "Spring 1903 \u2014 Negotiation"
    clock_pb, _ = clock_for("wdc-2025", boards=(1,))
    clock_pb.start()
    clock_pb.add_time(60)  # per-board formats: the boards keep their own time
    assert clock_pb.view().board(1).timer.seconds_left == 900


def test_a_td_edits_the_schedule_mid_round() -> None:
    clock, time = clock_for("wdc-2018", boards=(1,))
    clock.start()
    time.advance(100)
    clock.add_time(0, board=1)  # board 1 runs its own copy
    edited = clock.schedule.with_segment(1, seconds=1200)
    clock.set_schedule(edited)
    assert clock.view().central.seconds_left == 980  # the current segment keeps its deadline
    time.advance(980)
    assert clock.view().central.seconds_left == 1200
    assert clock.view().board(1).timer.seconds_left == 1200
    assert clock.log[-1].action == "schedule-edited"
    clock.set_schedule(Schedule(edited.name, edited.segments[:2]))
    assert clock.view().central.next_title is None
    with pytest.raises(ClockError, match="next"):
        clock.next_segment()


def test_the_view_carries_its_instant() -> None:
    clock, time = clock_for("wdc-2025")
    time.advance(12.5)
    assert clock.view().now == time.now()


def test_a_round_3_cut_off_on_sunday_morning_ends_boards_the_same_way() -> None:
    """Seed 001 II.5.a: "any round 1-3 games that are still running at 6:30am on Sunday will be
    ended by the TD." The cut-off is a moment like round 4's end (II.5.c: "it ends using the last
    recorded fall turn SC count, unless the board has started adjudicating a fall turn")."""
    import datetime as dt

    from tdapp.core.clock import ClockError
    from tdapp.core.clock.moments import moment, moment_words, window_day

    clock, time = clock_for("wdc-2025", boards=(1,), first=1904)
    saturday_night = dt.datetime.fromtimestamp(time.now()).replace(hour=23, minute=0)
    time.advance(saturday_night.timestamp() - time.now())
    clock.start()
    sunday = window_day(saturday_night, "06:30")
    assert sunday == saturday_night.date() + dt.timedelta(days=1)
    cut_off = moment(sunday, "06:30")
    assert moment_words(cut_off).endswith(", 06:30")
    with pytest.raises(ClockError, match="already passed"):
        clock.set_hidden_end(moment(saturday_night.date(), "06:30"))  # not this morning's
    clock.set_hidden_end(cut_off)
    time.advance(cut_off - time.now() - 1)
    assert not clock.view().round_called
    time.advance(2)
    assert clock.view().board(1).end_verdict == "game ends now: scored on Fall 1903"


def test_the_hidden_end_never_ends_a_round_whose_clock_has_not_started() -> None:
    """Seed 001 II.5.b-c: "If a board is still playing at the set end time, it ends": a round
    whose clock is still READY has no board playing. It showed TIME UP on all ten boards at
    Spring 1901; now nothing ends, and starting it after the moment is refused in words."""
    clock, time = clock_for("wdc-2025", boards=(1, 2))
    clock.set_hidden_end(time.now() + 600)
    time.advance(601)
    view = clock.view()
    assert not view.round_called and view.verdicts == ()
    with pytest.raises(ClockError, match="passed before the round started"):
        clock.start()
    clock.set_hidden_end(time.now() + 600)
    clock.start()
    time.advance(600)
    assert clock.view().round_called


def test_the_format_window_of_the_hidden_end() -> None:
    """Seed 001 II.5.b: "between 1:30pm and 3:30pm"; seed 002: "between 2 pm and 3:30 pm"."""
    import datetime as dt

    day = dt.date(2025, 7, 6)
    at = lambda h, m: dt.datetime.combine(day, dt.time(h, m)).timestamp()  # noqa: E731
    wdc25, _ = clock_for("wdc-2025")
    wdc18, _ = clock_for("wdc-2018")
    assert wdc25.outside_window(at(13, 30)) is None and wdc25.outside_window(at(15, 30)) is None
    assert wdc25.outside_window(at(8, 30)) == ("08:30 is outside the format's window for the "
                                               "hidden end time, 13:30 to 15:30")
    assert wdc18.outside_window(at(13, 45)) is not None
    assert wdc18.outside_window(at(14, 0)) is None
