"""The clock of one round: the room's central clock, the boards' own clocks, and everything a TD
does to them.

Time comes from an injected :class:`~tdapp.core.clock.timesource.TimeSource`. Every operator
action is written to an append-only log. The whole state is plain data (:meth:`RoundClock.to_dict`)
made of absolute instants, so a clock rebuilt from it after a crash shows the right time at once.

Central-clock formats: every board follows the room clock until the TD gives it time or pauses
it, which gives the board its own copy of the clock ("detached"); :meth:`RoundClock.rejoin_room`
puts it back. Per-board formats: every board has its own clock from the start, and the room
clock is the reference they are compared against.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tdapp.core.clock.formats import ClockFormat, get_clock_format
from tdapp.core.clock.moments import outside_window
from tdapp.core.clock.schedule import Schedule, TimingRules
from tdapp.core.clock.timer import Timer
from tdapp.core.clock.timesource import TimeSource
from tdapp.core.clock.views import BoardView, ClockView, GraceView, TimerView

# A board within this many scheduled seconds of the reference is level with it.
LEVEL_TOLERANCE = 30.0
STATE_VERSION = 1


class ClockError(ValueError):
    """An action the clock refuses (a second grace, a draw vote before the format allows one)."""


@dataclass(frozen=True)
class LogEntry:
    at: float
    action: str
    board: int | None = None
    seconds: float | None = None
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"at": self.at, "action": self.action, "board": self.board,
                "seconds": self.seconds, "detail": self.detail}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LogEntry:
        return cls(at=float(data["at"]), action=str(data["action"]), board=data.get("board"),
                   seconds=data.get("seconds"), detail=str(data.get("detail", "")))


@dataclass(frozen=True)
class Grace:
    """A player's grace period (EDC 2026: one of two minutes per game, the clock runs on)."""

    player: str
    start: float
    seconds: float
    phase: str

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "start": self.start, "seconds": self.seconds,
                "phase": self.phase}


@dataclass
class BoardClock:
    board: int
    timer: Timer | None = None  # None: the board follows the room clock
    added: float = 0.0
    early_index: int | None = None
    draw_vote_since: float | None = None
    draw_vote_phases: list[str] = field(default_factory=list)
    paused_by_vote: bool = False
    game_over: bool = False
    graces: dict[str, Grace] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "board": self.board, "timer": None if self.timer is None else self.timer.to_dict(),
            "added": self.added, "early_index": self.early_index,
            "draw_vote_since": self.draw_vote_since, "draw_vote_phases": self.draw_vote_phases,
            "paused_by_vote": self.paused_by_vote, "game_over": self.game_over,
            "graces": [g.to_dict() for g in self.graces.values()],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BoardClock:
        timer = data.get("timer")
        graces = [Grace(**g) for g in data.get("graces", [])]
        return cls(
            board=int(data["board"]), timer=None if timer is None else Timer.from_dict(timer),
            added=float(data.get("added", 0.0)), early_index=data.get("early_index"),
            draw_vote_since=data.get("draw_vote_since"),
            draw_vote_phases=list(data.get("draw_vote_phases", [])),
            paused_by_vote=bool(data.get("paused_by_vote", False)),
            game_over=bool(data.get("game_over", False)),
            graces={g.player: g for g in graces},
        )


class RoundClock:
    def __init__(
        self, fmt: ClockFormat, schedule: Schedule, time: TimeSource, boards: Iterable[int] = ()
    ) -> None:
        self.format = fmt
        self.schedule = schedule
        self.time = time
        self.central = Timer.fresh(schedule)
        self.boards: dict[int, BoardClock] = {}
        self.log: list[LogEntry] = []
        self.hidden_end: float | None = None
        self.verdicts: dict[int, str] | None = None
        self._room_paused: list[int] = []
        for number in boards:
            self.add_board(number)

    # ----------------------------------------------------------------- boards
    def add_board(self, number: int) -> None:
        if number in self.boards:
            raise ClockError(f"board: {number} is already on the clock")
        board = BoardClock(number)
        if self.format.per_board:
            board.timer = Timer.fresh(self.schedule)
        self.boards[number] = board

    def _board(self, number: int) -> BoardClock:
        try:
            return self.boards[number]
        except KeyError:
            raise ClockError(f"board: {number} is not on the clock") from None

    def _own_timer(self, board: BoardClock) -> Timer:
        """The board's own clock, detaching it from the room clock if it followed it."""
        if board.timer is None:
            board.timer = self.central.copy()
        return board.timer

    def timer_of(self, number: int) -> Timer:
        board = self._board(number)
        return board.timer if board.timer is not None else self.central

    # ------------------------------------------------------------ room actions
    def start(self) -> None:
        """Start (or resume) the room clock; on per-board formats every board not yet started."""
        now = self._settle()
        if not self.started and self.hidden_end is not None and self.hidden_end <= now:
            raise ClockError("hidden end: its moment passed before the round started, so the "
                             "round would end at once; set a new end time or clear it, then "
                             "start")
        self.central.run(now)
        if self.format.per_board:
            for board in self.boards.values():
                if board.timer is not None and not board.timer.started and not board.game_over:
                    board.timer.run(now)
        self._resume_room_paused(now)
        self._log(now, "start")

    def pause(self) -> None:
        """Pause the whole room: the room clock and every board running its own time."""
        now = self._settle()
        if not self.central.running:
            raise ClockError("the clock is not running")
        self.central.pause(now)
        self._room_paused = []
        for board in self.boards.values():
            if board.timer is not None and board.timer.running:
                board.timer.pause(now)
                self._room_paused.append(board.board)
        self._log(now, "pause")

    def resume(self) -> None:
        now = self._settle()
        if self.central.running:
            raise ClockError("the clock is already running")
        self.central.run(now)
        self._resume_room_paused(now)
        self._log(now, "resume")

    def toggle(self) -> None:
        """The Space bar: start, pause or resume the room clock."""
        self._settle()
        if self.central.running:
            self.pause()
        elif self.central.started:
            self.resume()
        else:
            self.start()

    def _resume_room_paused(self, now: float) -> None:
        for number in self._room_paused:
            board = self.boards.get(number)
            if board and board.timer is not None and not board.paused_by_vote:
                board.timer.run(now)
        self._room_paused = []

    # ------------------------------------------------ time and segment changes
    def add_time(self, seconds: float, board: int | None = None) -> None:
        """Add (or, negative, remove) time: to the room clock, or to one board."""
        now = self._settle()
        if board is None:
            for timer in self._room_timers():
                timer.add(seconds)
        else:
            target = self._board(board)
            self._own_timer(target).add(seconds)
            target.added += seconds
        self._log(now, "add-time", board, seconds)

    def next_segment(self, board: int | None = None) -> None:
        self._jump(+1, board)

    def previous_segment(self, board: int | None = None) -> None:
        self._jump(-1, board)

    def restart_segment(self, board: int | None = None) -> None:
        self._jump(0, board)

    def _jump(self, step: int, board: int | None) -> None:
        now = self._settle()
        timer = self.central if board is None else self._own_timer(self._board(board))
        index = timer.index + step
        if not 0 <= index < len(self.schedule):
            raise ClockError("segment: there is no " + ("next" if step > 0 else "previous")
                             + " segment")
        for target in self._room_timers() if board is None else [timer]:
            target.jump(self.schedule, index, now)
        action = {1: "next-segment", -1: "previous-segment", 0: "restart-segment"}[step]
        self._log(now, action, board, detail=self.schedule[index].title)

    def goto_segment(self, index: int, board: int | None = None) -> None:
        now = self._settle()
        if not 0 <= index < len(self.schedule):
            raise ClockError(f"segment: {index} is outside 0..{len(self.schedule) - 1}")
        timers = self._room_timers() if board is None else [self._own_timer(self._board(board))]
        for timer in timers:
            timer.jump(self.schedule, index, now)
        self._log(now, "goto-segment", board, detail=self.schedule[index].title)

    def _room_timers(self) -> list[Timer]:
        """What a room-wide change moves: the room clock and, on a central clock, the boards
        that run a detached copy of it (their own extra time stays theirs)."""
        timers = [self.central]
        if not self.format.per_board:
            timers += [b.timer for b in self.boards.values() if b.timer is not None]
        return timers

    def set_schedule(self, schedule: Schedule) -> None:
        """Put in a TD's edited schedule mid-round. Clocks keep their place and their
        deadlines (the current segment keeps its time: use add_time to change it); a clock
        past the end of a shorter schedule goes to its last segment."""
        now = self._settle()
        last = len(schedule) - 1
        for timer in [self.central] + [b.timer for b in self.boards.values() if b.timer]:
            if timer.index > last:
                timer.index = last
        self.schedule = schedule
        self._log(now, "schedule-edited", detail=f"{len(schedule)} segments")

    # ----------------------------------------------------------- board actions
    def pause_board(self, number: int) -> None:
        now = self._settle()
        board = self._board(number)
        timer = self._own_timer(board)
        if not timer.running:
            raise ClockError(f"board: {number} is not running")
        timer.pause(now)
        self._log(now, "pause-board", number)

    def resume_board(self, number: int) -> None:
        now = self._settle()
        board = self._board(number)
        timer = self._own_timer(board)
        if timer.running:
            raise ClockError(f"board: {number} is already running")
        timer.run(now)
        board.paused_by_vote = False
        self._log(now, "resume-board", number)

    def rejoin_room(self, number: int) -> None:
        """Put a detached board back on the room clock (central formats only)."""
        if self.format.per_board:
            raise ClockError(f"{self.format.name}: boards keep their own time")
        now = self._settle()
        board = self._board(number)
        board.timer = None
        board.paused_by_vote = False
        self._log(now, "rejoin-room", number)

    def orders_in_early(self, number: int) -> None:
        """All orders are in: adjudication starts early where the format allows it.

        A board on its own clock ends its negotiation and order writing now and waits at
        time-up for the next segment; on a central clock the board is marked, and its next
        phase still starts with the room (EDC 2026).
        """
        if not self.format.early_adjudication:
            raise ClockError(f"{self.format.name}: early adjudication is not allowed")
        now = self._settle()
        board = self._board(number)
        timer = self.timer_of(number)
        segment = self.schedule[timer.index]
        if segment.kind not in ("negotiation", "order-writing"):
            raise ClockError(f"board: {number} is not in a movement phase")
        if self.format.per_board:
            index = timer.index
            following = index + 1
            if (segment.kind == "negotiation" and following < len(self.schedule)
                    and self.schedule[following].kind == "order-writing"):
                index = following
            own = self._own_timer(board)
            own.jump(self.schedule, index, now)
            own.end_now(now)
            board.early_index = index
        else:
            board.early_index = timer.index
        self._log(now, "orders-in-early", number, detail=segment.phase)

    def end_game(self, number: int) -> None:
        """The board's game is over (solo, agreed draw): its clock stops for good."""
        now = self._settle()
        board = self._board(number)
        board.game_over = True
        if board.timer is not None:
            board.timer.pause(now)
        self._log(now, "game-over", number)

    def finish_boards(self, numbers: Iterable[int]) -> bool:
        """Boards whose result is in: their games are over. Once the last one is, the room
        clock stops (a finished round keeps no clock running). True when anything changed."""
        changed = False
        for number in numbers:
            board = self.boards.get(number)
            if board is not None and not board.game_over:
                self.end_game(number)
                changed = True
        if self.boards and all(b.game_over for b in self.boards.values()) \
                and self.central.running:
            now = self._settle()
            self.central.pause(now)
            self._room_paused = []
            self._log(now, "round-over")
            changed = True
        return changed

    # ------------------------------------------------------------- draw votes
    def start_draw_vote(self, number: int) -> None:
        now = self._settle()
        board = self._board(number)
        segment = self.schedule[self.timer_of(number).index]
        first = self.format.draw_votes_from
        if first is not None and segment.year < first:
            raise ClockError(f"{self.format.name}: draw votes start in {first}")
        if board.draw_vote_since is not None:
            raise ClockError(f"board: {number} is already voting")
        phase_key = f"{segment.season} {segment.year}"
        if segment.season != "winter" and phase_key in board.draw_vote_phases:
            raise ClockError(f"board: {number} has had its one draw vote of {phase_key}")
        board.draw_vote_phases.append(phase_key)
        board.draw_vote_since = now
        if self.format.draw_vote_stops_clock:
            timer = self._own_timer(board)
            if timer.running:
                timer.pause(now)
                board.paused_by_vote = True
        self._log(now, "draw-vote", number, detail=phase_key)

    def end_draw_vote(self, number: int, *, passed: bool = False) -> None:
        now = self._settle()
        board = self._board(number)
        if board.draw_vote_since is None:
            raise ClockError(f"board: {number} is not voting")
        board.draw_vote_since = None
        if passed:
            board.game_over = True
            board.paused_by_vote = False
        elif board.paused_by_vote and board.timer is not None:
            board.timer.run(now)
            board.paused_by_vote = False
        self._log(now, "draw-vote-end", number, detail="passed" if passed else "failed")

    # ----------------------------------------------------------------- graces
    def grant_grace(self, number: int, player: str) -> Grace:
        seconds = self.format.grace_seconds
        if seconds is None:
            raise ClockError(f"{self.format.name}: there are no grace periods")
        now = self._settle()
        board = self._board(number)
        if player in board.graces:
            used = board.graces[player]
            raise ClockError(f"grace: {player} on board {number} used theirs in {used.phase}")
        grace = Grace(player, now, float(seconds), self.schedule[self.timer_of(number).index].phase)
        board.graces[player] = grace
        self._log(now, "grace", number, float(seconds), detail=player)
        return grace

    def grace_left(self, number: int, player: str) -> float | None:
        grace = self._board(number).graces.get(player)
        if grace is None:
            return None
        return grace.start + grace.seconds - self.time.now()

    @property
    def started(self) -> bool:
        """Whether the round's clock has ever run (READY until then)."""
        return self.central.started or any(
            b.timer is not None and b.timer.started for b in self.boards.values())

    # -------------------------------------------------------- hidden end time
    def outside_window(self, instant: float) -> str | None:
        """Why ``instant`` is outside the format's window for the hidden end time, or None."""
        return outside_window(self.format.hidden_end_window, instant)

    def set_hidden_end(self, instant: float) -> None:
        """A moment (date and time) still ahead: one already past would end every board the
        moment it is set (WDC 2025 II.5.b: "a set end time, known only to the TDs")."""
        if float(instant) <= self.time.now():
            raise ClockError("hidden end: that moment has already passed; pick its day as well "
                             "as its time")
        now = self._settle()
        self.hidden_end = float(instant)
        self.verdicts = None
        self._log(now, "hidden-end-set")  # the instant itself stays out of the public log

    def draw_hidden_end(self, earliest: float, latest: float, rng: random.Random) -> float:
        """Draw the end time at random between two instants, to the whole minute."""
        if latest < earliest:
            raise ClockError("hidden end: the latest time is before the earliest")
        if latest <= self.time.now():
            raise ClockError("hidden end: that window has already passed; pick its day as well "
                             "as its times")
        earliest = max(earliest, 60.0 * (self.time.now() // 60 + 1))  # only moments ahead
        minutes = int((latest - earliest) // 60)
        instant = earliest + 60 * rng.randint(0, minutes)
        self.set_hidden_end(instant)
        return instant

    def clear_hidden_end(self) -> None:
        now = self._settle()
        self.hidden_end = None
        self.verdicts = None
        self._log(now, "hidden-end-cleared")

    def fall_forecast(self, number: int) -> tuple[str, bool] | None:
        """Before the end time: will this board's next Fall deadline come before it?

        Returns the Fall phase and the answer, assuming the clock runs on without pauses or
        gaps; ``None`` without a hidden end time or a Fall ahead.
        """
        if self.hidden_end is None:
            return None
        now = self._settle()
        timer = self.timer_of(number)
        at = now + max(timer.left(now), 0.0)
        index = timer.index
        while True:
            segment = self.schedule[index]
            is_fall_deadline = segment.season == "fall" and segment.kind in (
                "negotiation", "order-writing") and not (
                index + 1 < len(self.schedule) and self.schedule[index + 1].kind == "order-writing"
                and segment.kind == "negotiation")
            if is_fall_deadline:
                return f"F{segment.year}M", at <= self.hidden_end
            index += 1
            if index >= len(self.schedule):
                return None
            at += self.schedule[index].seconds

    def _capture_verdicts(self) -> None:
        assert self.hidden_end is not None
        end = self.hidden_end
        verdicts = {}
        for number, board in self.boards.items():
            timer = (board.timer or self.central).copy()
            timer.settle(self.schedule, end)
            verdicts[number] = self._verdict(board, timer, end)
        self.verdicts = verdicts
        # The round is over: every clock stops where it stood at the end time.
        for timer in [self.central] + [b.timer for b in self.boards.values() if b.timer]:
            timer.settle(self.schedule, end)
            timer.pause(end)
        self._room_paused = []

    def _verdict(self, board: BoardClock, timer: Timer, at: float) -> str:
        """What the end time means for a board (WDC 2025 I.5.c; WDC 2018 "Rounds Structure")."""
        if board.game_over:
            return "game already over"
        segment = self.schedule[timer.index]
        if segment.season == "winter":
            return f"game ends: scored on Fall {segment.year}"
        movement_over = timer.left(at) <= 0 or board.early_index == timer.index
        adjudicating_fall = segment.season == "fall" and (
            segment.kind == "retreats"
            or (movement_over and segment.kind in ("negotiation", "order-writing"))
        )
        if adjudicating_fall and self.format.fall_in_adjudication_finishes:
            return f"Fall {segment.year} is being adjudicated: finish it, then the game ends"
        last_fall = segment.year - 1
        scored_on = f"Fall {last_fall}" if last_fall >= 1901 else "the starting position"
        return f"game ends now: scored on {scored_on}"

    # ------------------------------------------------------------------ views
    def view(self, *, operator: bool = True) -> ClockView:
        """What a screen shows now; the projector asks with ``operator=False`` and never sees
        the hidden end time."""
        now = self._settle()
        central = self._timer_view(self.central, now)
        boards = tuple(self._board_view(b, now) for b in sorted(self.boards.values(),
                                                                key=lambda b: b.board))
        boards = self._with_relations(boards, central, now)
        called = self.verdicts is not None
        verdicts = tuple(f"Board {n}: {text}" for n, text in sorted((self.verdicts or {}).items()))
        return ClockView(
            format_name=self.format.name, per_board=self.format.per_board, central=central,
            boards=boards, adjustments=len(self.log),
            hidden_end=self.hidden_end if operator else None, round_called=called,
            verdicts=verdicts, now=now,
        )

    def _timer_view(self, timer: Timer, now: float) -> TimerView:
        segment = self.schedule[timer.index]
        following = self.schedule[timer.index + 1] if timer.index + 1 < len(self.schedule) else None
        return TimerView(
            segment_index=timer.index, title=segment.title, phase=segment.phase,
            kind=segment.kind,
            status=timer.status(self.schedule, now, self.format.warning_seconds),
            seconds_left=timer.left(now),
            next_title=following.title if following else None,
            next_seconds=following.seconds if following else None,
            next_starts_at_once=segment.rolls_on,
            next_optional=following.optional if following else False,
        )

    def _board_view(self, board: BoardClock, now: float) -> BoardView:
        timer = board.timer or self.central
        graces = tuple(
            GraceView(g.player, g.start + g.seconds - now)
            for g in board.graces.values() if g.start + g.seconds > now
        )
        verdict = (self.verdicts or {}).get(board.board)
        return BoardView(
            board=board.board, timer=self._timer_view(timer, now), relation="level",
            added_seconds=board.added, follows_room=board.timer is None,
            orders_in_early=board.early_index == timer.index,
            draw_vote=board.draw_vote_since is not None, game_over=board.game_over,
            graces=graces, end_verdict=verdict,
        )

    def _with_relations(
        self, boards: tuple[BoardView, ...], central: TimerView, now: float
    ) -> tuple[BoardView, ...]:
        progress = {
            b.board: self.timer_of(b.board).progress(self.schedule, now) for b in boards
        }
        live = [progress[b.board] for b in boards if not b.game_over]
        if not live:
            return boards
        if self.format.per_board:
            reference = statistics.median(live)
        else:
            reference = self.central.progress(self.schedule, now)
        result = []
        for view in boards:
            gap = progress[view.board] - reference
            relation = "level"
            if not view.game_over and gap > LEVEL_TOLERANCE:
                relation = "ahead"
            elif not view.game_over and gap < -LEVEL_TOLERANCE:
                relation = "behind"
            result.append(replace(view, relation=relation))
        return tuple(result)

    # ------------------------------------------------------------- internals
    def _settle(self) -> float:
        """Bring every clock up to now; note the end-of-round verdicts the moment they fall due."""
        now = self.time.now()
        # A round whose clock never started (READY) is not ended: it has not begun.
        if self.hidden_end is not None and self.verdicts is None and now >= self.hidden_end \
                and self.started:
            self._capture_verdicts()
        self.central.settle(self.schedule, now)
        for board in self.boards.values():
            if board.timer is not None:
                board.timer.settle(self.schedule, now)
        return now

    def _log(self, now: float, action: str, board: int | None = None,
             seconds: float | None = None, detail: str = "") -> None:
        self.log.append(LogEntry(now, action, board, seconds, detail))

    # --------------------------------------------------------- serialisation
    def to_dict(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "format": format_to_dict(self.format),
            "schedule": self.schedule.to_dict(),
            "central": self.central.to_dict(),
            "boards": [b.to_dict() for b in self.boards.values()],
            "hidden_end": self.hidden_end,
            "verdicts": None if self.verdicts is None
            else {str(k): v for k, v in self.verdicts.items()},
            "room_paused": list(self._room_paused),
            "log": [e.to_dict() for e in self.log],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], time: TimeSource) -> RoundClock:
        if data.get("version") != STATE_VERSION:
            raise ClockError(f"version: clock state version {data.get('version')!r} is unknown")
        clock = cls(format_from_dict(data["format"]), Schedule.from_dict(data["schedule"]), time)
        clock.central = Timer.from_dict(data["central"])
        for raw in data.get("boards", []):
            board = BoardClock.from_dict(raw)
            clock.boards[board.board] = board
        clock.hidden_end = data.get("hidden_end")
        verdicts = data.get("verdicts")
        clock.verdicts = None if verdicts is None else {int(k): v for k, v in verdicts.items()}
        clock._room_paused = [int(n) for n in data.get("room_paused", [])]
        clock.log = [LogEntry.from_dict(e) for e in data.get("log", [])]
        return clock


def format_to_dict(fmt: ClockFormat) -> dict[str, Any]:
    """A format's clock behaviour as plain data (the schedule itself is stored beside it)."""
    return {
        "name": fmt.name, "title": fmt.title, "per_board": fmt.per_board,
        "draw_vote_stops_clock": fmt.draw_vote_stops_clock,
        "draw_votes_from": fmt.draw_votes_from, "early_adjudication": fmt.early_adjudication,
        "hidden_end_window": list(fmt.hidden_end_window) if fmt.hidden_end_window else None,
        "fall_in_adjudication_finishes": fmt.fall_in_adjudication_finishes,
        "grace_seconds": fmt.grace_seconds, "warning_seconds": fmt.warning_seconds,
    }


def format_from_dict(data: Mapping[str, Any]) -> ClockFormat:
    window = data.get("hidden_end_window")
    return ClockFormat(
        name=str(data["name"]), title=str(data.get("title", data["name"])),
        rules=_known_rules(str(data["name"])),
        per_board=bool(data["per_board"]),
        draw_vote_stops_clock=bool(data["draw_vote_stops_clock"]),
        draw_votes_from=data.get("draw_votes_from"),
        early_adjudication=bool(data["early_adjudication"]),
        hidden_end_window=tuple(window) if window else None,
        fall_in_adjudication_finishes=bool(data.get("fall_in_adjudication_finishes", False)),
        grace_seconds=data.get("grace_seconds"),
        warning_seconds=int(data.get("warning_seconds", 60)),
    )


def _known_rules(name: str) -> TimingRules:
    """A built-in format's timing rules; a TD's own format keeps only its stored schedule."""
    try:
        return get_clock_format(name).rules
    except KeyError:
        return TimingRules(negotiation=())


def new_round_clock(
    fmt: ClockFormat, time: TimeSource, boards: Iterable[int] = (), *, first: int = 1901,
    last: int = 1910, schedule: Schedule | None = None,
) -> RoundClock:
    """A clock for one round of ``fmt`` (or of a TD's own ``schedule``)."""
    return RoundClock(fmt, schedule or fmt.schedule(first, last), time, boards)


def with_boards(clock: RoundClock, boards: list[int], time: TimeSource) -> RoundClock:
    """The clock with the round's boards as called now: the same clock with any new board
    added, or, for a clock never touched, a fresh one (a board call redone drops boards)."""
    if set(clock.boards) == set(boards):
        return clock
    if not clock.log:
        return new_round_clock(clock.format, time, boards, schedule=clock.schedule)
    for number in boards:
        if number not in clock.boards:
            clock.add_board(number)
    return clock
