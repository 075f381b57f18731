"""Every built-in format's schedule, straight from the user's rule documents."""

from __future__ import annotations

import pytest

from tdapp.core.clock import Schedule, ScheduleError, Segment, get_clock_format, list_clock_formats
from tdapp.core.formats.registry import list_formats


def _seconds(name: str, year: int, season: str, kind: str, last: int = 1915) -> int | None:
    schedule = get_clock_format(name).schedule(1901, last)
    found = [s.seconds for s in schedule.segments
             if (s.year, s.season, s.kind) == (year, season, kind)]
    assert len(found) <= 1
    return found[0] if found else None


def test_every_registered_format_has_a_clock_schedule() -> None:
    clock_names = {f.name for f in list_clock_formats()}
    for fmt in list_formats():
        assert fmt.clock_schedule in clock_names


@pytest.mark.parametrize(("year", "minutes"), [(1901, 15), (1903, 15), (1904, 12), (1907, 12),
                                               (1908, 10), (1912, 10)])
def test_wdc_2025_negotiation_by_year(year: int, minutes: int) -> None:
    for season in ("spring", "fall"):
        assert _seconds("wdc-2025", year, season, "negotiation") == minutes * 60
        assert _seconds("wdc-2025", year, season, "order-writing") == 120


def test_wdc_2025_optional_one_minute_clocks_and_order_writing_rolls_on() -> None:
    schedule = get_clock_format("wdc-2025").schedule(1901, 1901)
    kinds = [(s.season, s.kind) for s in schedule.segments]
    assert kinds == [("spring", "negotiation"), ("spring", "order-writing"), ("spring", "retreats"),
                     ("fall", "negotiation"), ("fall", "order-writing"), ("fall", "retreats"),
                     ("winter", "adjustments")]
    optional = [s for s in schedule.segments if s.optional]
    assert {s.kind for s in optional} == {"retreats", "adjustments"}
    assert all(s.seconds == 60 for s in optional)
    # silent order writing follows negotiation at once; after it the board adjudicates
    assert schedule[0].rolls_on and not schedule[1].rolls_on
    assert get_clock_format("wdc-2025").per_board


@pytest.mark.parametrize(("year", "spring", "fall"), [(1901, 18, 16), (1906, 18, 16),
                                                      (1907, 17, 15), (1910, 17, 15)])
def test_wdc_2018_drop_dead_central_clock(year: int, spring: int, fall: int) -> None:
    assert _seconds("wdc-2018", year, "spring", "negotiation") == spring * 60
    assert _seconds("wdc-2018", year, "fall", "negotiation") == fall * 60
    assert _seconds("wdc-2018", year, "spring", "order-writing") is None
    fmt = get_clock_format("wdc-2018")
    assert not fmt.per_board and not fmt.draw_vote_stops_clock
    assert all(s.rolls_on for s in fmt.schedule().segments[:-1])


def test_edc_2026_rolling_16_16_4_ends_after_fall_1909_in_5h22() -> None:
    fmt = get_clock_format("edc-2026")
    schedule = fmt.schedule(1901, 1915)  # cut at the end of the game
    assert schedule.segments[-1].year == 1909
    assert schedule.total_seconds == 5 * 3600 + 22 * 60
    year = [(s.season, s.kind, s.seconds) for s in schedule.segments if s.year == 1905]
    assert year == [("spring", "negotiation", 960), ("fall", "negotiation", 960),
                    ("winter", "adjustments", 240)]
    # retreats are not on the clock, except the last ones nothing follows (closed after 2 min)
    retreats = [s for s in schedule.segments if s.kind == "retreats"]
    assert [(s.year, s.season, s.seconds) for s in retreats] == [(1909, "fall", 120)]
    assert fmt.grace_seconds == 120 and not fmt.draw_vote_stops_clock


@pytest.mark.parametrize(("year", "minutes"), [(1901, 15), (1909, 15), (1910, 12), (1914, 12)])
def test_dbn_2025_negotiation_and_three_minute_retreats_and_adjustments(
    year: int, minutes: int
) -> None:
    assert _seconds("dbn-2025", year, "spring", "negotiation") == minutes * 60
    assert _seconds("dbn-2025", year, "spring", "retreats") == 180
    assert _seconds("dbn-2025", year, "fall", "retreats") == 180
    assert _seconds("dbn-2025", year, "winter", "adjustments") == 180


def test_dbn_forced_draw_after_1915_cuts_the_schedule() -> None:
    schedule = get_clock_format("dbn-2025").schedule(1901, 1920)
    last = schedule.segments[-1]
    assert (last.year, last.season, last.kind) == (1915, "fall", "retreats")


def test_titles_and_phases() -> None:
    segment = Segment(1903, "spring", "negotiation", 900)
    assert segment.title == "Spring 1903 \u2014 Negotiation"
    assert segment.phase == "S1903M"
    assert Segment(1903, "fall", "retreats", 60).phase == "F1903R"
    assert Segment(1903, "winter", "adjustments", 60).phase == "W1903A"


def test_a_td_edits_and_writes_schedules() -> None:
    schedule = get_clock_format("wdc-2018").schedule(1901, 1902)
    longer = schedule.with_segment(0, seconds=1200)
    assert longer[0].seconds == 1200 and schedule[0].seconds == 1080
    shorter = longer.without_segment(1)
    assert len(shorter) == len(schedule) - 1
    more = shorter.with_inserted(1, Segment(1901, "fall", "retreats", 90))
    assert more[1].kind == "retreats"
    custom = Schedule("club-night", (Segment(1901, "spring", "negotiation", 600, rolls_on=True),
                                     Segment(1901, "spring", "order-writing", 60)))
    assert Schedule.from_dict(custom.to_dict()) == custom


@pytest.mark.parametrize(("data", "field"), [
    ({"segments": [{"year": 1901, "season": "summer", "segment": "negotiation", "seconds": 1}]},
     "season"),
    ({"segments": [{"year": 1901, "season": "fall", "segment": "nap", "seconds": 1}]}, "segment"),
    ({"segments": [{"year": 1901, "season": "fall", "segment": "retreats", "seconds": 0}]},
     "seconds"),
    ({"segments": [{"season": "fall", "segment": "retreats", "seconds": 5}]}, "year"),
    ({"segments": []}, "segments"),
])
def test_bad_schedules_name_the_field(data: dict, field: str) -> None:
    with pytest.raises(ScheduleError, match=field):
        Schedule.from_dict(data)
