"""Round schedules and the clock state machine. Time is injected; nothing here touches Qt."""

from tdapp.core.clock.formats import ClockFormat, get_clock_format, list_clock_formats
from tdapp.core.clock.round_clock import ClockError, LogEntry, RoundClock, new_round_clock
from tdapp.core.clock.schedule import Schedule, ScheduleError, Segment, TimingRules, YearBand
from tdapp.core.clock.timer import EXPIRED, PAUSED, READY, RUNNING, WARNING, Timer
from tdapp.core.clock.timesource import FakeTime, SystemTime, TimeSource
from tdapp.core.clock.views import BoardView, ClockView, TimerView, alerts_between, format_seconds

__all__ = [
    "EXPIRED", "PAUSED", "READY", "RUNNING", "WARNING",
    "BoardView", "ClockError", "ClockFormat", "ClockView", "FakeTime", "LogEntry", "RoundClock",
    "Schedule", "ScheduleError", "Segment", "SystemTime", "TimeSource", "Timer", "TimerView",
    "TimingRules", "YearBand", "alerts_between", "format_seconds", "get_clock_format",
    "list_clock_formats", "new_round_clock",
]
