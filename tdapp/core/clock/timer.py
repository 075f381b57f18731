"""One running clock over a schedule: where it is, and the absolute instant its segment ends.

A running timer stores only its deadline; time left is always ``deadline - now``, so nothing
accumulates ticks and nothing drifts. A paused timer stores the seconds it had left. Rolling
on into the next segment adds that segment's length to the old deadline, exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tdapp.core.clock.schedule import Schedule

READY = "ready"
RUNNING = "running"
WARNING = "warning"
PAUSED = "paused"
EXPIRED = "expired"


@dataclass
class Timer:
    index: int = 0
    remaining: float = 0.0
    deadline: float | None = None
    started: bool = False

    @classmethod
    def fresh(cls, schedule: Schedule, index: int = 0) -> Timer:
        return cls(index=index, remaining=float(schedule[index].seconds))

    @property
    def running(self) -> bool:
        return self.deadline is not None

    def copy(self) -> Timer:
        return Timer(self.index, self.remaining, self.deadline, self.started)

    def settle(self, schedule: Schedule, now: float) -> None:
        """Roll on through every segment that ended (on a rolling clock) before ``now``."""
        if self.deadline is None:
            return
        while (
            now >= self.deadline
            and schedule[self.index].rolls_on
            and self.index + 1 < len(schedule)
        ):
            self.index += 1
            self.deadline += schedule[self.index].seconds

    def left(self, now: float) -> float:
        """Seconds left in the current segment (negative once it is over); settle first."""
        return self.deadline - now if self.deadline is not None else self.remaining

    def status(self, schedule: Schedule, now: float, warning_seconds: float) -> str:
        left = self.left(now)
        if left <= 0:
            return EXPIRED
        if not self.started:
            return READY
        if self.deadline is None:
            return PAUSED
        if left <= warning_seconds < schedule[self.index].seconds:
            return WARNING
        return RUNNING

    def run(self, now: float) -> None:
        if self.deadline is None:
            self.deadline = now + self.remaining
            self.started = True

    def pause(self, now: float) -> None:
        if self.deadline is not None:
            self.remaining = self.deadline - now
            self.deadline = None

    def add(self, seconds: float) -> None:
        if self.deadline is not None:
            self.deadline += seconds
        else:
            self.remaining += seconds

    def jump(self, schedule: Schedule, index: int, now: float) -> None:
        """Go to the start of segment ``index``; a running timer keeps running."""
        self.index = index
        self.remaining = float(schedule[index].seconds)
        if self.deadline is not None:
            self.deadline = now + self.remaining

    def end_now(self, now: float) -> None:
        """End the current segment at ``now`` (orders in early: adjudication may start)."""
        self.started = True
        if self.deadline is not None:
            self.deadline = now
        else:
            self.remaining = 0.0

    def progress(self, schedule: Schedule, now: float) -> float:
        """Scheduled seconds this timer has got through: to compare boards with each other."""
        done = schedule[self.index].seconds - max(self.left(now), 0.0)
        return schedule.seconds_before(self.index) + done

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index, "remaining": self.remaining, "deadline": self.deadline,
            "started": self.started,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Timer:
        deadline = data.get("deadline")
        return cls(
            index=int(data["index"]), remaining=float(data["remaining"]),
            deadline=None if deadline is None else float(deadline),
            started=bool(data.get("started", False)),
        )
