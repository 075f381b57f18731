"""Sum of Squares, the WDC 2018 game scoring system (seeds/002, "Scoring System")."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult
from tdapp.core.scoring.ranking import Scores
from tdapp.core.scoring.system import BuiltInSystem


@dataclass(frozen=True, kw_only=True)
class SumOfSquares(BuiltInSystem):
    """A drawn game is worth 100, shared in proportion to the squares of the centre counts."""

    name: str = "sum-of-squares"
    title: str = "Sum of Squares (WDC 2018)"
    source: str = "World DipCon 2018 rules, Scoring System (seeds/002)"
    solo_points: int = 100

    def draw_scores(self, game: GameResult) -> Scores:
        board_value = sum(game.centers[p] ** 2 for p in POWERS)
        return {p: Fraction(100 * game.centers[p] ** 2, board_value) for p in POWERS}

    def solo_scores(self, game: GameResult) -> Scores:
        return {p: Fraction(self.solo_points if p == game.solo else 0) for p in POWERS}
