"""Maxonian (threshold 13) and 7Eleven (threshold 11) (scoring-systems.md 6.1)."""

from __future__ import annotations

from dataclasses import dataclass

from tdapp.core.powers import POWERS, SOLO_CENTERS
from tdapp.core.scoring.base import GameResult
from tdapp.core.scoring.ranking import Scores, countback_groups, split_points
from tdapp.core.scoring.system import BuiltInSystem

RANK_POINTS = (7, 6, 5, 4, 3, 2, 1)


@dataclass(frozen=True, kw_only=True)
class Maxonian(BuiltInSystem):
    """Rank points 7..1 by centres, ties broken by the most recent earlier year in which the
    tied powers differed (needs ``history``), otherwise averaged; plus min(centres, 18) -
    threshold above the threshold. In a solo only the soloer gets that bonus."""

    name: str = "maxonian"
    title: str = "Maxonian"
    source: str = "scoring-systems.md 6.1 (dipvis)"
    threshold: int = 13
    summary: str = (
        "Rank points 7..1 by centres (ties by count-back, else shared) + min(centres, 18) - 13"
        " above 13 centres; in a solo only the soloer gets that bonus."
    )

    def _bonus(self, centres: int) -> int:
        return max(0, min(centres, SOLO_CENTERS) - self.threshold)

    def draw_scores(self, game: GameResult) -> Scores:
        rank = split_points(countback_groups(game), RANK_POINTS)
        return {p: rank[p] + self._bonus(game.centers[p]) for p in POWERS}

    def solo_scores(self, game: GameResult) -> Scores:
        rank = split_points(countback_groups(game), RANK_POINTS)
        return {
            p: rank[p] + (self._bonus(game.centers[p]) if p == game.solo else 0) for p in POWERS
        }


def maxonian_systems() -> list[BuiltInSystem]:
    return [
        Maxonian(),
        Maxonian(
            name="7eleven",
            title="7Eleven",
            summary="As Maxonian with a threshold of 11: a bonus of min(centres, 18) - 11.",
            threshold=11,
        ),
    ]


