"""Detour09 (scoring-systems.md 6.1; stabbeurfou.org Detour rules)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult
from tdapp.core.scoring.ranking import (
    LOWER,
    YEARS_BEFORE,
    Scores,
    exit_year,
    groups_by_centres,
    lone_topper,
    second_count,
    tie_points,
    years_survived,
)
from tdapp.core.scoring.system import BuiltInSystem

RANK_BONUS = (4, 3, 2, 1)


@dataclass(frozen=True, kw_only=True)
class Detour09(BuiltInSystem):
    """Raw = centres + 2 if alive + a lone topper's lead + rank bonus 4/3/2/1 (ties take the
    lower bonus), normalised so the raw scores total 100. Eliminated powers and losers to a
    solo then add 0.25 per year before going out (an elimination at the end of 1902 yields
    0.25), at most 2. A solo scores 110."""

    name: str = "detour09"
    title: str = "Detour09"
    source: str = "scoring-systems.md 6.1 (stabbeurfou.org Detour rules; dipvis)"
    solo_points: int = 110
    tie_mode: str = LOWER

    def _year_points(self, game: GameResult, power: str) -> Fraction:
        years = years_survived(exit_year(game, power), YEARS_BEFORE)
        return min(Fraction(2), Fraction(years, 4))

    def draw_scores(self, game: GameResult) -> Scores:
        bonus = tie_points(groups_by_centres(game), RANK_BONUS, self.tie_mode)
        raw: Scores = {}
        for power in POWERS:
            centres = game.centers[power]
            raw[power] = Fraction(centres + (2 if centres else 0)) + bonus[power]
        leader = lone_topper(game)
        if leader is not None:
            raw[leader] += game.centers[leader] - second_count(game)
        total = sum(raw.values(), Fraction(0))
        scores = {p: 100 * raw[p] / total for p in POWERS}
        for power in POWERS:
            if game.centers[power] == 0:
                scores[power] += self._year_points(game, power)
        return scores

    def solo_scores(self, game: GameResult) -> Scores:
        return {
            p: Fraction(self.solo_points) if p == game.solo else self._year_points(game, p)
            for p in POWERS
        }
