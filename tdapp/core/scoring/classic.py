"""Ten points a centre: Ranked Classic (v1, v2), World Classic, Summer Classic, Whipping and
its precursor Weasel Moot 2007 (scoring-systems.md 6.1 and 6.2)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult
from tdapp.core.scoring.ranking import (
    INCLUDING_YEAR,
    YEARS_BEFORE,
    Scores,
    exit_year,
    groups_by_centres,
    lone_topper,
    positions,
    survivors,
    top_count,
    toppers,
    years_survived,
)
from tdapp.core.scoring.system import BuiltInSystem

DIPVIS = "scoring-systems.md 6.1 (dipvis)"
RANKED_POINTS = (200, 90, 60, 40, 30, 20, 10)
RANKED_TWO_WAY_POINTS = (135, 70, 50, 35, 25, 15)


@dataclass(frozen=True, kw_only=True)
class YearsForLosers(BuiltInSystem):
    """Shared solo rule: the soloer's points, everyone else the years they played."""

    solo_points: int = 0
    survival: str = YEARS_BEFORE
    solo_losers_score: bool = True

    def years(self, game: GameResult, power: str) -> Fraction:
        return Fraction(years_survived(exit_year(game, power), self.survival))

    def solo_scores(self, game: GameResult) -> Scores:
        return {
            p: Fraction(self.solo_points)
            if p == game.solo
            else (self.years(game, p) if self.solo_losers_score else Fraction(0))
            for p in POWERS
        }


@dataclass(frozen=True, kw_only=True)
class RankedClassic(YearsForLosers):
    """Survivors 30 + 10 x centres + rank points 200/90/60/40/30/20/10 among survivors; a
    two-way tie takes 135/70/50/35/25/15. A tie of three or more takes, in v1, the points of
    its lowest position and, in v2, the two-way value of its second-lowest position.
    Eliminated powers score the years before their elimination; a solo 550."""

    name: str = "ranked-classic"
    title: str = "Ranked Classic"
    source: str = DIPVIS
    solo_points: int = 550
    version: int = 1
    summary: str = (
        "Survivors 30 + 10 x centres + 200/90/60/40/30/20/10 by rank (two-way ties"
        " 135/70/50/35/25/15, larger ties the lowest position); eliminated 1 per year before"
        " elimination; a solo 550."
    )

    def _rank_points(self, first: int, last: int) -> int:
        size = last - first + 1
        if size == 1:
            return RANKED_POINTS[first]
        if size == 2:
            return RANKED_TWO_WAY_POINTS[first]
        return RANKED_POINTS[last] if self.version == 1 else RANKED_TWO_WAY_POINTS[last - 1]

    def draw_scores(self, game: GameResult) -> Scores:
        place = positions(groups_by_centres(game, survivors(game)))
        return {
            p: Fraction(30 + 10 * game.centers[p] + self._rank_points(*place[p]))
            if p in place
            else self.years(game, p)
            for p in POWERS
        }


@dataclass(frozen=True, kw_only=True)
class WorldClassic(YearsForLosers):
    """Survivors 30 + 10 x centres; toppers share 48 (Summer Classic: only when at most two
    share the top). Eliminated powers the years before elimination; a solo 420."""

    name: str = "world-classic"
    title: str = "World Classic"
    source: str = DIPVIS
    solo_points: int = 420
    max_toppers: int = 7
    summary: str = (
        "Survivors 30 + 10 x centres, the toppers share 48; eliminated 1 per year before"
        " elimination; a solo 420, losers the years before the solo year."
    )

    def draw_scores(self, game: GameResult) -> Scores:
        scores = {
            p: Fraction(30 + 10 * game.centers[p]) if game.centers[p] else self.years(game, p)
            for p in POWERS
        }
        tops = toppers(game)
        if len(tops) <= self.max_toppers:
            for power in tops:
                scores[power] += Fraction(48, len(tops))
        return scores


@dataclass(frozen=True, kw_only=True)
class Whipping(YearsForLosers):
    """Survivors 10 x centres + 60 / survivors; a lone topper adds ``lone_top_per_centre`` x
    its centres. Eliminated powers score years (Whipping: year - 1900; a solo 468)."""

    name: str = "whipping"
    title: str = "Whipping"
    source: str = DIPVIS
    solo_points: int = 468
    survival: str = INCLUDING_YEAR
    lone_top_per_centre: int = 2
    summary: str = (
        "Survivors 10 x centres + 60 / survivors, a lone topper 2 per centre more; eliminated"
        " year - 1900; a solo 468, losers solo year - 1900."
    )

    def draw_scores(self, game: GameResult) -> Scores:
        alive = survivors(game)
        scores = {
            p: 10 * game.centers[p] + Fraction(60, len(alive)) if p in alive else self.years(game, p)
            for p in POWERS
        }
        leader = lone_topper(game)
        if leader is not None:
            scores[leader] += self.lone_top_per_centre * top_count(game)
        return scores


def classic_systems() -> list[BuiltInSystem]:
    return [
        RankedClassic(),
        RankedClassic(
            name="ranked-classic-v2",
            title="Ranked Classic v2",
            summary="Ranked Classic, but a tie of three or more takes the two-way value of its"
            " second-lowest position.",
            version=2,
        ),
        WorldClassic(),
        WorldClassic(
            name="summer-classic",
            summary="World Classic, but the 48 for the top is paid only to a top shared by at most two.",
            title="Summer Classic (topper bonus only for a top shared by at most two)",
            max_toppers=2,
        ),
        Whipping(),
        # "1 per year alive for eliminated": read as the years before the elimination year;
        # Whipping, its successor, counts the elimination year too (survival=INCLUDING_YEAR).
        Whipping(
            name="weasel-moot",
            summary="Survivors 10 per centre + 60 / survivors, a lone topper 2 per centre more;"
            " eliminated 1 per year alive; a solo 450, others 0.",
            title="Weasel Moot 2007",
            source="scoring-systems.md 6.2 (WDD scoring id 28)",
            solo_points=450,
            survival=YEARS_BEFORE,
            solo_losers_score=False,
        ),
    ]
