"""A crash or restart: the clock rebuilt from its saved state shows the same time at once."""

from __future__ import annotations

import json

import pytest

from tdapp.core.clock import (
    ClockError,
    FakeTime,
    RoundClock,
    Schedule,
    Segment,
    get_clock_format,
    new_round_clock,
)


def _reload(clock: RoundClock, time: FakeTime) -> RoundClock:
    """Through JSON text, as the tournament file will store it."""
    return RoundClock.from_dict(json.loads(json.dumps(clock.to_dict())), time)


def test_running_clock_restores_with_the_same_time_left() -> None:
    time = FakeTime()
    clock = new_round_clock(get_clock_format("edc-2026"), time, (1, 2, 3))
    clock.start()
    time.advance(123.456)
    clock.add_time(45, board=2)
    clock.grant_grace(3, "TURKEY")
    saved = clock.to_dict()
    time.advance(1000)  # the laptop is down for a while; the room clock runs on
    restored = RoundClock.from_dict(json.loads(json.dumps(saved)), time)
    assert restored.view() == clock.view()
    assert restored.view().central.title == "Fall 1901 \u2014 Negotiation"
    assert restored.log == clock.log
    with pytest.raises(ClockError, match="used theirs"):
        restored.grant_grace(3, "TURKEY")


@pytest.mark.parametrize("name", ["wdc-2025", "wdc-2018", "edc-2026", "dbn-2025"])
def test_every_format_and_state_round_trips(name: str) -> None:
    time = FakeTime()
    clock = new_round_clock(get_clock_format(name), time, (1, 2), first=1906)
    clock.start()
    time.advance(200)
    clock.pause_board(1)
    clock.set_hidden_end(time.now() + 300)
    time.advance(150)
    clock.pause()
    time.advance(30)
    restored = _reload(clock, time)
    assert restored.view() == clock.view()
    assert not restored.view().round_called
    restored.resume()
    clock.resume()
    time.advance(77)
    assert restored.view() == clock.view()
    time.advance(200)  # past the hidden end: both stop the round at the same instant
    assert restored.view() == clock.view()
    assert restored.view().round_called
    assert restored.to_dict() == clock.to_dict()


def test_a_custom_schedule_survives_a_restart() -> None:
    time = FakeTime()
    schedule = Schedule("club", (Segment(1901, "spring", "negotiation", 300, rolls_on=True),
                                 Segment(1901, "spring", "order-writing", 45)))
    clock = new_round_clock(get_clock_format("wdc-2018"), time, (), schedule=schedule)
    clock.start()
    time.advance(310)
    restored = _reload(clock, time)
    assert restored.schedule == schedule
    assert restored.view().central.seconds_left == 35


def test_unknown_state_version_is_refused() -> None:
    time = FakeTime()
    data = new_round_clock(get_clock_format("wdc-2018"), time).to_dict()
    data["version"] = 99
    with pytest.raises(ClockError, match="version"):
        RoundClock.from_dict(data, time)


def test_restored_built_in_format_keeps_its_rules() -> None:
    time = FakeTime()
    clock = new_round_clock(get_clock_format("dbn-2025"), time, (1,))
    restored = _reload(clock, time)
    assert restored.format == get_clock_format("dbn-2025")
    assert restored.format.schedule(1910, 1910) == get_clock_format("dbn-2025").schedule(1910, 1910)
