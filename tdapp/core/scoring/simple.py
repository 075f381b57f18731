"""Small systems: Draw size, Solo or bust, Mischief, Base 3, Your Draw Size, Cruise Con.

Formulas from scoring-systems.md (sections 6.1 and 6.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult
from tdapp.core.scoring.ranking import (
    Scores,
    draw_members,
    solo_only,
    soloer,
    survivors,
    toppers,
)
from tdapp.core.scoring.system import BuiltInSystem

DIPVIS = "scoring-systems.md 6.1 (dipvis)"


@dataclass(frozen=True, kw_only=True)
class DrawSize(BuiltInSystem):
    """100 shared equally by the powers in the passed draw (all survivors when not recorded)."""

    name: str = "draw-size"
    title: str = "Draw size (DSS)"
    source: str = DIPVIS

    def draw_scores(self, game: GameResult) -> Scores:
        members = draw_members(game)
        return {p: Fraction(100, len(members)) if p in members else Fraction(0) for p in POWERS}

    def solo_scores(self, game: GameResult) -> Scores:
        return solo_only(game, 100)


@dataclass(frozen=True, kw_only=True)
class SoloOrBust(BuiltInSystem):
    """100 for a solo; every other result scores nothing."""

    name: str = "solo-or-bust"
    title: str = "Solo or bust"
    source: str = DIPVIS

    def draw_scores(self, game: GameResult) -> Scores:
        return {p: Fraction(0) for p in POWERS}

    def solo_scores(self, game: GameResult) -> Scores:
        return solo_only(game, 100)


@dataclass(frozen=True, kw_only=True)
class Mischief(BuiltInSystem):
    """One point per centre; +5 to a lone topper, +1 each for a two-way top."""

    name: str = "mischief"
    title: str = "Mischief"
    source: str = DIPVIS

    def draw_scores(self, game: GameResult) -> Scores:
        scores = {p: Fraction(game.centers[p]) for p in POWERS}
        tops = toppers(game)
        bonus = {1: 5, 2: 1}.get(len(tops), 0)
        for power in tops:
            scores[power] += bonus
        return scores

    def solo_scores(self, game: GameResult) -> Scores:
        return solo_only(game, 34)


@dataclass(frozen=True, kw_only=True)
class Base3(BuiltInSystem):
    """Survivors 3 + centres; toppers add 9 / 3^(toppers - 1)."""

    name: str = "base-3"
    title: str = "Base 3"
    source: str = DIPVIS

    def draw_scores(self, game: GameResult) -> Scores:
        alive = set(survivors(game))
        scores = {p: Fraction(3 + game.centers[p]) if p in alive else Fraction(0) for p in POWERS}
        tops = toppers(game)
        for power in tops:
            scores[power] += Fraction(9, 3 ** (len(tops) - 1))
        return scores

    def solo_scores(self, game: GameResult) -> Scores:
        return solo_only(game, 46)


def _your_draw_size_points(centres: int) -> int:
    for low, points in ((14, 105), (11, 70), (8, 42), (4, 30), (1, 21)):
        if centres >= low:
            return points
    return 0


@dataclass(frozen=True, kw_only=True)
class YourDrawSize(BuiltInSystem):
    """Points by own centre count (1-3: 21, 4-7: 30, 8-10: 42, 11-13: 70, 14-17: 105)."""

    name: str = "your-draw-size-short"
    title: str = "Your Draw Size (short)"
    source: str = DIPVIS
    solo_points: int = 300

    def draw_scores(self, game: GameResult) -> Scores:
        return {p: Fraction(_your_draw_size_points(game.centers[p])) for p in POWERS}

    def solo_scores(self, game: GameResult) -> Scores:
        return solo_only(game, self.solo_points)


CRUISE_CON_POINTS = {2: 48, 3: 32, 4: 24, 5: 19, 6: 16, 7: 13}


@dataclass(frozen=True, kw_only=True)
class CruiseCon(BuiltInSystem):
    """Each of the k powers in a draw gets 48/32/24/19/16/13 (k = 2..7) plus floor(centres / k).

    The table is 96 / k rounded down, so a solo (k = 1) is read as 96 + centres; the source
    gives no solo value, so ``solo_points`` is a parameter.
    """

    name: str = "cruise-con"
    title: str = "Cruise Con"
    source: str = "scoring-systems.md 6.2 (WDD scoring id 19)"
    solo_points: int = 96

    def draw_scores(self, game: GameResult) -> Scores:
        members = draw_members(game)
        k = len(members)
        pot = CRUISE_CON_POINTS[k] if k > 1 else self.solo_points
        return {
            p: Fraction(pot + game.centers[p] // k) if p in members else Fraction(0)
            for p in POWERS
        }

    def solo_scores(self, game: GameResult) -> Scores:
        return solo_only(game, self.solo_points + game.centers[soloer(game)])
