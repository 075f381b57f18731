"""The common shape of the built-in scoring systems.

A built-in system is a frozen dataclass whose parameters are its fields, so variants of one rule
(survival-year readings, tie modes, solo values) are the same class with other arguments.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

from tdapp.core.scoring.base import GameResult
from tdapp.core.scoring.ranking import Scores, to_floats
from tdapp.core.scoring.validate import validate_game


@dataclass(frozen=True, kw_only=True)
class BuiltInSystem:
    """Validates the game, scores it exactly, then converts to floats once."""

    name: str
    title: str
    source: str

    summary: str = ""

    @property
    def description(self) -> str:
        """The rule in a sentence or two, for the system picker: ``summary`` when given, else
        the first paragraph of the class's docstring."""
        if self.summary:
            return self.summary
        first = inspect.cleandoc(type(self).__doc__ or self.title).split("\n\n")[0]
        return " ".join(first.split())

    def score(self, game: GameResult) -> dict[str, float]:
        return to_floats(self.exact_scores(game))

    def exact_scores(self, game: GameResult) -> Scores:
        """The scores as exact fractions (for standings that add many games)."""
        validate_game(game)
        return self.solo_scores(game) if game.solo is not None else self.draw_scores(game)

    def solo_scores(self, game: GameResult) -> Scores:
        raise NotImplementedError

    def draw_scores(self, game: GameResult) -> Scores:
        raise NotImplementedError
