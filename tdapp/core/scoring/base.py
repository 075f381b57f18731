"""What every game scoring system takes and gives.

A system is an object with ``name``, ``title``, ``source`` and ``score(game) -> {power: float}``;
``tdapp.core.scoring.registry`` maps names to systems. Scores are exact: no rounding beyond what
the rule itself prescribes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from tdapp.core.powers import POWERS


@dataclass(frozen=True)
class GameResult:
    """A finished game as the scoring systems see it.

    ``centers``: final supply-centre counts of all seven powers. ``end_year``: the last game year
    played. ``eliminated``: the year each power with no centres was eliminated. ``history``:
    centre counts at the end of each game year, when known. ``draw``: the powers in a passed draw
    vote (None when the game ended by time or solo). ``selection_order``: the Paris-method power
    selection order, first chooser first, when the format keeps it.
    """

    centers: Mapping[str, int]
    end_year: int
    solo: str | None = None
    eliminated: Mapping[str, int] = field(default_factory=dict)
    history: Mapping[int, Mapping[str, int]] | None = None
    draw: tuple[str, ...] | None = None
    selection_order: tuple[str, ...] | None = None

    def survivors(self) -> tuple[str, ...]:
        return tuple(p for p in POWERS if self.centers.get(p, 0) > 0)


class ScoringError(ValueError):
    """A game the system cannot score; ``field`` names the missing or wrong part."""

    def __init__(self, message: str, field: str | None = None) -> None:
        self.field = field
        super().__init__(message)


class ScoringSystem(Protocol):
    # read-only: the systems are frozen dataclasses or classes with constant names
    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def source(self) -> str: ...

    def score(self, game: GameResult) -> dict[str, float]: ...
