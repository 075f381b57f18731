"""Where the clock gets the time. Always a parameter, so tests drive a fake one.

Deadlines are absolute instants (Unix seconds) so they survive a restart. Within one run,
:class:`SystemTime` advances with the monotonic clock from an anchor on the wall clock, so a
laptop whose wall clock is corrected mid-round (NTP, a TD fixing the time zone) does not make
the room clock jump.
"""

from __future__ import annotations

import time
from typing import Protocol


class TimeSource(Protocol):
    def now(self) -> float:
        """The current instant in Unix seconds."""
        ...


class SystemTime:
    """Wall-clock instants that advance monotonically during the program's run."""

    def __init__(self) -> None:
        self._wall_anchor = time.time()
        self._mono_anchor = time.monotonic()

    def now(self) -> float:
        return self._wall_anchor + (time.monotonic() - self._mono_anchor)


class FakeTime:
    """A clock tests move by hand."""

    def __init__(self, start: float = 1_750_000_000.0) -> None:
        self._now = float(start)

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> float:
        self._now += seconds
        return self._now

    def set(self, instant: float) -> None:
        self._now = float(instant)
