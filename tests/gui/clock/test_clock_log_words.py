"""The clock's adjustment log is shown in the TD's words (QA: the panel showed 'add-time +60s')."""

from __future__ import annotations

import pytest

from tdapp.core.clock.round_clock import LogEntry
from tdapp.gui.clock.log_words import ACTION_WORDS, describe, minutes_text, stamped


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(60, "+1 min"), (-60, "\u22121 min"), (90, "+1 min 30 s"), (-30, "\u221230 s"), (0, "+0 s")],
)
def test_minutes_text(seconds: float, text: str) -> None:
    assert minutes_text(seconds) == text


def test_room_and_board_adjustments_read_as_sentences() -> None:
    assert describe(LogEntry(at=0, action="add-time", seconds=60)) == "Time +1 min"
    assert describe(LogEntry(at=0, action="add-time", board=3, seconds=-60)) == (
        "Time \u22121 min \u2014 board 3")
    assert describe(LogEntry(at=0, action="next-segment",
                             detail="Spring 1901 \u2014 Order writing")) == (
        "Next segment: Spring 1901 \u2014 Order writing")
    assert describe(LogEntry(at=0, action="grace", board=2, seconds=120, detail="Ann")) == (
        "Grace period 2 min for Ann \u2014 board 2")
    assert describe(LogEntry(at=0, action="draw-vote-end", board=1, detail="failed")) == (
        "Draw vote failed \u2014 board 1")


def test_every_core_action_has_words_and_unknown_ones_stay_readable() -> None:
    for action in ACTION_WORDS:
        assert "-" not in describe(LogEntry(at=0, action=action))
    assert describe(LogEntry(at=0, action="some-new-thing")) == "Some new thing"


def test_stamped_puts_the_local_time_first() -> None:
    text = stamped(LogEntry(at=1_780_000_000.0, action="start"))
    assert text[2] == ":" and text[5] == ":" and text.endswith("  Started")
