"""Open Mind the Gap (OMG) (scoring-systems.md 6.1)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult
from tdapp.core.scoring.ranking import (
    Scores,
    groups_by_centres,
    lone_topper,
    second_count,
    solo_only,
    split_points,
)
from tdapp.core.scoring.system import BuiltInSystem

OMG_POSITION_POINTS = (Fraction(9, 2), Fraction(3), Fraction(3, 2))


@dataclass(frozen=True, kw_only=True)
class OpenMindTheGap(BuiltInSystem):
    """1.5 per centre, 9 for surviving, 4.5/3/1.5 to the top three (split). With a lone
    topper every other power pays it the lesser of the gap (top - second) and half its own
    score so far."""

    name: str = "omg"
    title: str = "OMG (Open Mind the Gap)"
    source: str = "scoring-systems.md 6.1 (dipvis)"

    def draw_scores(self, game: GameResult) -> Scores:
        position = split_points(groups_by_centres(game), OMG_POSITION_POINTS)
        scores: Scores = {}
        for power in POWERS:
            centres = game.centers[power]
            scores[power] = Fraction(3, 2) * centres + (9 if centres else 0) + position[power]
        leader = lone_topper(game)
        if leader is not None:
            gap = game.centers[leader] - second_count(game)
            for power in POWERS:
                if power != leader:
                    paid = min(Fraction(gap), scores[power] / 2)
                    scores[power] -= paid
                    scores[leader] += paid
        return scores

    def solo_scores(self, game: GameResult) -> Scores:
        return solo_only(game, 100)
