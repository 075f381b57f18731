"""Round schedules and the clock state machine. Time is injected; nothing here touches Qt."""

# The names below load their module on first use (PEP 562), so that importing one light module of
# this package (a model, say) does not load the whole package at start-up.

from typing import TYPE_CHECKING

from tdapp.core.lazy import load_name

if TYPE_CHECKING:
    from tdapp.core.clock.formats import ClockFormat, get_clock_format, list_clock_formats
    from tdapp.core.clock.round_clock import ClockError, LogEntry, RoundClock, new_round_clock
    from tdapp.core.clock.schedule import Schedule, ScheduleError, Segment, TimingRules, YearBand
    from tdapp.core.clock.timer import EXPIRED, PAUSED, READY, RUNNING, WARNING, Timer
    from tdapp.core.clock.timesource import FakeTime, SystemTime, TimeSource
    from tdapp.core.clock.views import (
        BoardView,
        ClockView,
        TimerView,
        alerts_between,
        format_seconds,
    )

__all__ = [
    "EXPIRED", "PAUSED", "READY", "RUNNING", "WARNING",
    "BoardView", "ClockError", "ClockFormat", "ClockView", "FakeTime", "LogEntry", "RoundClock",
    "Schedule", "ScheduleError", "Segment", "SystemTime", "TimeSource", "Timer", "TimerView",
    "TimingRules", "YearBand", "alerts_between", "format_seconds", "get_clock_format",
    "list_clock_formats", "new_round_clock",
]

_MODULE_OF = {
    "BoardView": "views",
    "ClockError": "round_clock",
    "ClockFormat": "formats",
    "ClockView": "views",
    "EXPIRED": "timer",
    "FakeTime": "timesource",
    "LogEntry": "round_clock",
    "PAUSED": "timer",
    "READY": "timer",
    "RUNNING": "timer",
    "RoundClock": "round_clock",
    "Schedule": "schedule",
    "ScheduleError": "schedule",
    "Segment": "schedule",
    "SystemTime": "timesource",
    "TimeSource": "timesource",
    "Timer": "timer",
    "TimerView": "views",
    "TimingRules": "schedule",
    "WARNING": "timer",
    "YearBand": "schedule",
    "alerts_between": "views",
    "format_seconds": "views",
    "get_clock_format": "formats",
    "list_clock_formats": "formats",
    "new_round_clock": "round_clock",
}

if not TYPE_CHECKING:
    def __getattr__(name: str) -> object:
        return load_name(__name__, globals(), _MODULE_OF, name)
