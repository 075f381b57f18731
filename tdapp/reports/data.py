"""The plain data every document is built from (gathered by ``tdapp.services.exports``)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field


@dataclass(frozen=True)
class SeatLine:
    power: str
    player: str
    centers: int | None = None
    score: float | None = None


@dataclass(frozen=True)
class BoardSheet:
    round: int
    number: int
    seats: tuple[SeatLine, ...]
    top_board: bool = False
    end_year: int | None = None
    pool_board: bool = False  # WDC 2025 round 4: a championship-pool board (marked, not ranked)
    end_reason: str | None = None
    finished: bool = False


@dataclass(frozen=True)
class RoundCell:
    round: int
    score: float | None
    counted: bool = True
    dropped: bool = False


@dataclass(frozen=True)
class StandingLine:
    rank: int | None  # None: not competing (plays, never ranks)
    player: str
    home: str
    score: float
    rounds: tuple[RoundCell, ...]
    marks: str = ""  # "pool", "top board"
    reason: str = ""  # why above the next: "tied on 312.5; higher round-4 score"
    withdrawn: bool = False
    tie: str = ""  # "shared": the place is shared and prints as "19="


@dataclass(frozen=True)
class AwardLine:
    award: str
    winners: tuple[str, ...]
    rule: str = ""
    score: float | None = None
    team: str = ""  # a team award: the team's name ("Yonder"), then its players

    @property
    def winners_text(self) -> str:
        """"Yonder: Ann, Bob, Cy" for a team award, else "Ann, Bob"."""
        names = ", ".join(self.winners)
        return f"{self.team}: {names}" if self.team and names else self.team or names


@dataclass(frozen=True)
class BestCountryLine:
    power: str
    winners: tuple[str, ...]
    score: float | None
    detail: str = ""  # "round 2, board 3, 12 centres"


@dataclass(frozen=True)
class ScheduleLine:
    year: int
    season: str
    segment: str
    seconds: int


@dataclass(frozen=True)
class RatingEntry:
    rank: int
    player: str
    rating: float
    change: int
    games: int


@dataclass(frozen=True)
class RatingExplained:
    title: str  # "Round 1, board 3"
    lines: tuple[str, ...]  # each step of the calculation, in words


@dataclass(frozen=True)
class DepartureLine:
    """A player who left a board mid-game (WDC 2025 III.3): who took over, or civil disorder
    (``replaced_by`` empty), from which phase, and how each was scored in words."""

    round: int
    board: int
    power: str
    phase: str
    left: str
    replaced_by: str  # "" for civil disorder
    leaver_scored: str
    replacement_scored: str
    text: str  # "England: Ann left in S1905M, Bob took over"


@dataclass(frozen=True)
class SitOutLine:
    """A player not on any board of a called round, and why ("volunteered to sit out")."""

    round: int
    player: str
    reason: str = ""


@dataclass(frozen=True)
class ReportData:
    tournament: str
    venue: str = ""
    dates: str = ""
    format_title: str = ""
    rounds_planned: int = 0
    boards: tuple[BoardSheet, ...] = ()
    standings: tuple[StandingLine, ...] = ()
    standings_through: int = 0
    awards: tuple[AwardLine, ...] = ()
    best_countries: tuple[BestCountryLine, ...] = ()
    schedule: tuple[ScheduleLine, ...] = ()
    rating: tuple[RatingEntry, ...] = ()
    rating_boards: tuple[RatingExplained, ...] = ()
    rating_compression: str = ""  # which reading of the compression the rating used, in words
    rating_examples: tuple[RatingExplained, ...] = ()  # each reading's worked example
    departures: tuple[DepartureLine, ...] = ()
    sit_outs: tuple[SitOutLine, ...] = ()
    generated: dt.datetime = field(default_factory=dt.datetime.now)

    def rounds_with_boards(self) -> list[int]:
        return sorted({b.round for b in self.boards})

    def latest_called_round(self) -> int | None:
        rounds = self.rounds_with_boards()
        return rounds[-1] if rounds else None

    def round_sit_outs(self, round_number: int) -> list[SitOutLine]:
        return [s for s in self.sit_outs if s.round == round_number]

    def board_departures(self, round_number: int, board: int) -> list[DepartureLine]:
        return [d for d in self.departures if (d.round, d.board) == (round_number, board)]

    def round_boards(self, round_number: int) -> list[BoardSheet]:
        return sorted((b for b in self.boards if b.round == round_number), key=lambda b: b.number)
