"""What a screen shows of a clock at one instant: plain frozen data, no behaviour.

The projector and the operator panel render these; :func:`alerts_between` compares two
successive views to find the moments a sound should play.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tdapp.core.clock.timer import EXPIRED, PAUSED, RUNNING, WARNING

# What the room reads besides the colour: colour is never the only signal.
STATUS_LABELS = {
    "ready": "READY",
    RUNNING: "",
    WARNING: "LAST MINUTE",
    PAUSED: "PAUSED",
    EXPIRED: "TIME UP",
    "finished": "FINISHED",
}

ONE_MINUTE = "one-minute"
TIME_UP = "time-up"
ORDER_WRITING = "order-writing"


@dataclass(frozen=True)
class TimerView:
    segment_index: int
    title: str
    phase: str
    kind: str
    status: str
    seconds_left: float
    next_title: str | None
    next_seconds: int | None
    next_starts_at_once: bool
    next_optional: bool = False

    @property
    def label(self) -> str:
        return STATUS_LABELS.get(self.status, self.status.upper())

    @property
    def time_text(self) -> str:
        return format_seconds(self.seconds_left)


@dataclass(frozen=True)
class GraceView:
    player: str
    seconds_left: float


@dataclass(frozen=True)
class BoardView:
    board: int
    timer: TimerView
    relation: str  # "level", "ahead" or "behind" the room (or the median board)
    added_seconds: float
    follows_room: bool
    orders_in_early: bool
    draw_vote: bool
    game_over: bool
    graces: tuple[GraceView, ...] = ()
    end_verdict: str | None = None

    @property
    def status(self) -> str:
        return "finished" if self.game_over else self.timer.status

    @property
    def label(self) -> str:
        if self.game_over:
            return STATUS_LABELS["finished"]
        if self.draw_vote:
            return "DRAW VOTE"
        if self.orders_in_early and self.timer.kind in ("negotiation", "order-writing"):
            return "ORDERS IN"
        return self.timer.label


@dataclass(frozen=True)
class ClockView:
    format_name: str
    per_board: bool
    central: TimerView
    boards: tuple[BoardView, ...]
    adjustments: int
    hidden_end: float | None  # only in the operator's view
    round_called: bool
    verdicts: tuple[str, ...] = ()
    now: float = 0.0  # the instant of this view, for a time-of-day display

    @property
    def all_over(self) -> bool:
        """Every board of the round has finished its game: the round is over, whatever the
        clock's segment says."""
        return bool(self.boards) and all(b.game_over for b in self.boards)

    def board(self, number: int) -> BoardView:
        for view in self.boards:
            if view.board == number:
                return view
        raise KeyError(f"board {number} is not on this clock")


def format_seconds(seconds: float) -> str:
    """Time left as the room reads it: 14:59, 1:02:03; whole seconds rounded up so that
    0:00 shows only when time is up; overtime as +0:12."""
    if seconds <= 0:
        over = math.floor(-seconds)
        return "0:00" if over == 0 else "+" + _hms(over)
    return _hms(math.ceil(seconds - 1e-9))


def _hms(total: int) -> str:
    hours, rest = divmod(int(total), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def alerts_between(before: ClockView, after: ClockView) -> list[tuple[str, int | None]]:
    """The alerts due between two successive views: (kind, board or None for the room).

    Nothing sounds for a change the operator made (the adjustment count moved); only time
    passing rings the bell.
    """
    if after.round_called and not before.round_called:
        return [(TIME_UP, None)]
    if before.adjustments != after.adjustments:
        return []
    alerts: list[tuple[str, int | None]] = [
        (kind, None) for kind in _timer_alerts(before.central, after.central)]
    previous = {view.board: view for view in before.boards}
    for view in after.boards:
        old = previous.get(view.board)
        if old is None or view.follows_room or view.game_over:
            continue
        alerts.extend((kind, view.board) for kind in _timer_alerts(old.timer, view.timer))
    return alerts


def _timer_alerts(before: TimerView, after: TimerView) -> list[str]:
    if after.segment_index != before.segment_index:
        if after.kind == ORDER_WRITING:
            return [ORDER_WRITING]
        return [TIME_UP] if before.status in (RUNNING, WARNING) else []
    if after.status == WARNING and before.status == RUNNING:
        return [ONE_MINUTE]
    if after.status == EXPIRED and before.status in (RUNNING, WARNING):
        return [TIME_UP]
    return []
