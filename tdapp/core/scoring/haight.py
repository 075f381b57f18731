"""Haight v1.0, the WDC 2025 game scoring system (seeds/001, section IX.2)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult
from tdapp.core.scoring.ranking import (
    INCLUDING_YEAR,
    LOWER,
    Scores,
    elimination_year,
    lone_topper,
    rank_groups,
    second_count,
    survivors,
    tie_points,
    years_survived,
)
from tdapp.core.scoring.system import BuiltInSystem

RANK_POINTS = (66, 55, 44, 33, 22, 11, 0)


@dataclass(frozen=True, kw_only=True)
class Haight(BuiltInSystem):
    """10 per centre, rank points (ties take the lower rank), 5 per centre of a lone top's lead.

    Eliminated powers score one point per year played including the year of elimination, and
    are ranked by elimination order. A solo scores 451; surviving losers the greater of 5 per
    centre and the years played; eliminated losers their years played.
    """

    name: str = "haight"
    title: str = "Haight v1.0 (WDC 2025)"
    source: str = "World DipCon 2025 rules, IX.2 (seeds/001)"
    solo_points: int = 451
    tie_mode: str = LOWER  # the document's IX.2.a.iv; SPLIT is the other common reading

    def draw_scores(self, game: GameResult) -> Scores:
        rank = tie_points(rank_groups(game, dead_order=True), RANK_POINTS, self.tie_mode)
        alive = set(survivors(game))
        scores: Scores = {}
        for power in POWERS:
            if power in alive:
                base = Fraction(10 * game.centers[power])
            else:
                base = Fraction(years_survived(elimination_year(game, power), INCLUDING_YEAR))
            scores[power] = base + rank[power]
        leader = lone_topper(game)
        if leader is not None:
            scores[leader] += 5 * (game.centers[leader] - second_count(game))
        return scores

    def solo_scores(self, game: GameResult) -> Scores:
        scores: Scores = {}
        for power in POWERS:
            if power == game.solo:
                scores[power] = Fraction(self.solo_points)
            elif game.centers[power] > 0:
                played = years_survived(game.end_year, INCLUDING_YEAR)
                scores[power] = Fraction(max(5 * game.centers[power], played))
            else:
                scores[power] = Fraction(years_survived(elimination_year(game, power), INCLUDING_YEAR))
        return scores
