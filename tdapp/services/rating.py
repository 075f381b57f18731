"""The EADiplomacy rating (seed 003) across the boards of the tournament, with names."""

from __future__ import annotations

from dataclasses import dataclass

from tdapp.core.tournament.rating import (
    COMPRESSION_MODES,
    COMPRESSION_READINGS,
    DEFAULT_COMPRESSION,
    rating_table,
    worked_example,
)
from tdapp.services.changes import ServiceError
from tdapp.services.standings_data import tournament_model
from tdapp.store.database import TournamentDb


@dataclass(frozen=True)
class RatingLine:
    rank: int
    player: str
    rating: float
    change: int
    games: int


@dataclass(frozen=True)
class RatedStep:
    power: str
    player: str
    centres: int
    place: float
    base: float
    shared: float
    compressed: float | None
    change: int


@dataclass(frozen=True)
class RatedBoard:
    round: int
    board: int
    steps: tuple[RatedStep, ...]
    explanation: tuple[str, ...]  # each step of the calculation, in words

    @property
    def title(self) -> str:
        return f"Round {self.round}, board {self.board}"


@dataclass(frozen=True)
class CompressionReading:
    """One reading of seed 003's compression: its name, words and worked example."""

    mode: str  # "eliminated" or "all"
    title: str
    words: str
    example: tuple[str, ...]
    default: bool


@dataclass(frozen=True)
class RatingView:
    lines: tuple[RatingLine, ...]
    boards: tuple[RatedBoard, ...]
    initial: float
    compression: str = DEFAULT_COMPRESSION  # the reading used
    readings: tuple[CompressionReading, ...] = ()

    @property
    def used(self) -> CompressionReading:
        return next(r for r in self.readings if r.mode == self.compression)


def compression_readings() -> tuple[CompressionReading, ...]:
    """Both readings of the compression, the default first, each with its worked example."""
    return tuple(CompressionReading(mode, *COMPRESSION_READINGS[mode], worked_example(mode),
                                    mode == DEFAULT_COMPRESSION)
                 for mode in COMPRESSION_MODES)


def rating_view(db: TournamentDb, initial: float = 1000.0,
                compression: str = DEFAULT_COMPRESSION) -> RatingView:
    """Everyone's rating after every finished board, each board's calculation explained, under
    the compression reading asked for (seed 003 can be read two ways; see ``core.rating``)."""
    if compression not in COMPRESSION_MODES:
        raise ServiceError(f"Unknown compression reading {compression!r}: choose "
                           f"{' or '.join(COMPRESSION_MODES)}.")
    model = tournament_model(db)
    names = {p.id: p.name for p in model.players}
    table = rating_table(model, initial=initial, compression=compression)
    lines = tuple(RatingLine(r.rank, names.get(r.player, r.player), r.rating, r.change, r.games)
                  for r in table.rows if r.games)
    boards = tuple(
        RatedBoard(
            b.round, b.board,
            tuple(RatedStep(s.power, names.get(s.player, s.player), s.centres, s.place, s.base,
                            s.shared, s.compressed, s.change) for s in b.steps),
            b.explanation,
        )
        for b in table.boards
    )
    return RatingView(lines, boards, table.initial, compression, compression_readings())
