"""Plain data the projector shows besides the clock: board call, standings, announcements.
The main window fills these from the tournament; the projector only draws them."""

from __future__ import annotations

from dataclasses import dataclass, field

from tdapp.core.collation import name_key


@dataclass(frozen=True)
class BoardSeat:
    power: str
    player: str


POOL_MARK = "Championship pool"  # WDC 2025 round 4: the pool's boards, never its ranking
TOP_BOARD_MARK = "Top board"  # WDC 2018: board 1 of the final round decides the champion


@dataclass(frozen=True)
class BoardCall:
    """The boards of a round: ``boards`` is (board number, its seats) in board order."""

    title: str = "Board call"
    boards: tuple[tuple[int, tuple[BoardSeat, ...]], ...] = ()
    # board number -> what the room is told about it ("Championship pool", WDC 2025 round 4)
    marks: tuple[tuple[int, str], ...] = ()

    def mark(self, board: int) -> str:
        return dict(self.marks).get(board, "")

    def by_name(self) -> list[tuple[str, int, str]]:
        """(player, board, power) sorted by name, for players looking for themselves."""
        rows = [(seat.player, board, seat.power) for board, seats in self.boards for seat in seats]
        return sorted(rows, key=lambda row: (name_key(row[0]), row[1]))


@dataclass(frozen=True)
class StandingRow:
    rank: int | None  # None (and no score) while the format keeps the ranking private
    player: str
    score: float | None
    tied: bool = False  # shares the rank: printed "18=" as the PDF does

    @property
    def rank_text(self) -> str:
        if self.rank is None:
            return ""
        return f"{self.rank}=" if self.tied else f"{self.rank}."


@dataclass(frozen=True)
class Standings:
    title: str = "Standings"
    rows: tuple[StandingRow, ...] = field(default_factory=tuple)
