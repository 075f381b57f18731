"""Plain data shared by every seating step: boards, history, requests, results and issues.

Everything here is a frozen or simple dataclass so that the GUI wizard, the services and the
``tdapp seat`` command can build and read them without knowing how the search works.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from tdapp.core.powers import POWERS

Progress = Callable[[float], None]
"""Called with a fraction in [0, 1] while a long search runs."""

Cancel = Callable[[], bool]
"""Polled during a long search; returning True stops it with the best seating found so far."""

METHODS: tuple[str, ...] = ("balanced", "random", "ranked", "weighted", "seed_order", "team")


@dataclass(frozen=True)
class PastBoard:
    """One board of an earlier round: who played which power."""

    round: int
    board: int
    powers: Mapping[str, str]  # power -> player


@dataclass
class Board:
    """One board of the round being seated. ``seats`` lists players in seat order;
    ``powers`` maps power -> player once powers are assigned (empty before)."""

    number: int
    seats: list[str]
    powers: dict[str, str] = field(default_factory=dict)

    def power_of(self, player: str) -> str | None:
        for power, who in self.powers.items():
            if who == player:
                return power
        return None

    def by_power(self) -> list[tuple[str, str]]:
        """(power, player) in the reading order AEFGIRT."""
        return [(power, self.powers[power]) for power in POWERS if power in self.powers]


@dataclass
class SeatingRequest:
    """Everything a seating method needs for one round.

    ``players`` may list a player twice: that player plays two boards (never both on one).
    ``locked_seats`` pins a player to a board number (accessibility). ``ranking`` is best first.
    ``teams`` maps team name -> {power: player} for the team round. ``pool`` (WDC 2025 round
    4) is seated on the first boards, apart from everyone else, by the balanced rules and
    without regard to its order; the rest by ``method``. ``last_round`` is the
    tournament's last round (None: unknown, taken as the seventh, when powers run out), so the
    balanced method knows whether a next round is worth preparing.
    """

    players: Sequence[str]
    history: Sequence[PastBoard] = ()
    keep_apart: Sequence[tuple[str, str]] = ()
    method: str = "balanced"
    ranking: Sequence[str] = ()
    seed: int = 0
    time_limit: float = 5.0
    locked_seats: Mapping[str, int] = field(default_factory=dict)
    teams: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    weighted_decay: float = 0.75
    last_round: int | None = None
    pool: Sequence[str] = ()  # a championship pool seated among itself on the first boards


@dataclass(frozen=True)
class Issue:
    """One problem a TD should see in the review: ``kind`` is ``repeat``, ``power_repeat``,
    ``keep_apart``, ``double_board`` or ``locked_seat``."""

    kind: str
    board: int
    players: tuple[str, ...]
    count: int
    message: str


@dataclass(frozen=True)
class SeatingStats:
    repeat_pairs: int = 0
    repeat_meetings: int = 0
    power_repeats: int = 0
    keep_apart_violations: int = 0
    double_board_clashes: int = 0
    locked_seat_violations: int = 0

    def as_dict(self) -> dict[str, int]:
        return {
            "repeat_pairs": self.repeat_pairs,
            "repeat_meetings": self.repeat_meetings,
            "power_repeats": self.power_repeats,
            "keep_apart_violations": self.keep_apart_violations,
        }


@dataclass
class SeatingResult:
    boards: list[Board]
    stats: SeatingStats
    issues: list[Issue] = field(default_factory=list)
    method: str = "balanced"
    notes: list[str] = field(default_factory=list)
    pool_boards: list[int] = field(default_factory=list)  # board numbers of the pool
