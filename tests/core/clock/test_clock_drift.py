"""Timers only repaint: however irregular the ticks, the deadlines stay where they were set."""

from __future__ import annotations

import random

from tdapp.core.clock import FakeTime, get_clock_format, new_round_clock

FOUR_HOURS = 4 * 3600


def _run_round(seed: int, jitter: float) -> tuple[list[tuple[int, float]], float]:
    """Tick a rolling EDC clock for four hours with jittered, sometimes stalled ticks."""
    rng = random.Random(seed)
    time = FakeTime(1_760_000_000.0)
    start = time.now()
    clock = new_round_clock(get_clock_format("edc-2026"), time)
    clock.start()
    deadlines: list[tuple[int, float]] = []
    while time.now() - start < FOUR_HOURS:
        # a 200 ms repaint timer that fires late, early, or not at all for a while (a hiccup)
        step = 0.2 + rng.uniform(-jitter, jitter)
        if rng.random() < 0.001:
            step += rng.uniform(1, 30)
        time.advance(step)
        view = clock.view(operator=False)
        entry = (view.central.segment_index, round(time.now() + view.central.seconds_left, 3))
        if not deadlines or deadlines[-1] != entry:
            deadlines.append(entry)
    return deadlines, start


def test_four_hour_round_keeps_every_deadline_to_the_millisecond() -> None:
    schedule = get_clock_format("edc-2026").schedule()
    smooth, start = _run_round(seed=0, jitter=0.0)
    expected = []
    at = start
    for index, segment in enumerate(schedule.segments):
        at += segment.seconds
        if at - segment.seconds > start + FOUR_HOURS:
            break
        expected.append((index, round(at, 3)))
    assert smooth == expected
    for seed in (1, 2):
        jittered, _ = _run_round(seed=seed, jitter=0.15)
        assert jittered == expected


def test_deadline_with_adjustments_is_independent_of_ticks() -> None:
    time = FakeTime()
    clock = new_round_clock(get_clock_format("wdc-2018"), time)
    clock.start()
    rng = random.Random(5)
    for _ in range(5000):
        time.advance(rng.uniform(0.01, 0.5))
        clock.view()
        if rng.random() < 0.002:
            clock.add_time(60)
    total_added = sum(e.seconds or 0 for e in clock.log if e.action == "add-time")
    schedule = clock.schedule
    view = clock.view().central
    deadline = time.now() + view.seconds_left
    expected = clock.log[0].at + sum(s.seconds for s in schedule.segments[: view.segment_index + 1])
    assert round(deadline, 3) == round(expected + total_added, 3)
