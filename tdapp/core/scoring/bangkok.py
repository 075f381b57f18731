"""Bangkok, Olympic and Bangkok Pike (scoring-systems.md 6.1).

Bangkok's rule page credits an elimination in 1905 with 5 years (0.3 x 5 = 1.5) while dipvis
gives 0.3 x (1905 - 1901) = 1.2: the survival-year convention is a parameter, and both
readings are registered (``bangkok`` follows the rule page, ``bangkok-dipvis`` dipvis).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult
from tdapp.core.scoring.ranking import (
    INCLUDING_YEAR,
    YEARS_BEFORE,
    Scores,
    elimination_year,
    exit_year,
    survivors,
    top_count,
    toppers,
    years_survived,
)
from tdapp.core.scoring.system import BuiltInSystem

BANGKOK_SOURCE = "scoring-systems.md 6.1 (world-diplomacy-wiki Bangkok 2020; dipvis)"


@dataclass(frozen=True, kw_only=True)
class Bangkok(BuiltInSystem):
    """Centres + 3 for surviving (else 0.3 per year survived) + a pot of 12 shared by shares:
    ``shares[0]`` to each topper, ``shares[1]`` at top - 1, ``shares[2]`` at top - 2."""

    name: str = "bangkok"
    title: str = "Bangkok (eliminated: years including the elimination year)"
    source: str = BANGKOK_SOURCE
    shares: tuple[Fraction, ...] = (Fraction(3), Fraction(2), Fraction(1))
    solo_points: int = 41
    loser_per_centre: Fraction = Fraction(1, 2)
    survival: str = INCLUDING_YEAR
    summary: str = (
        "Centres + 3 for surviving (eliminated: 0.3 per year, counting the elimination year)"
        " + 12 shared 3 : 2 : 1 by the top, top - 1 and top - 2. A solo 41, others 0.5 per centre."
    )

    def draw_scores(self, game: GameResult) -> Scores:
        top = top_count(game)
        alive = set(survivors(game))
        share = {
            p: self.shares[top - game.centers[p]]
            if p in alive and top - game.centers[p] < len(self.shares)
            else Fraction(0)
            for p in POWERS
        }
        total_shares = sum(share.values(), Fraction(0))
        scores: Scores = {}
        for power in POWERS:
            if power in alive:
                base = Fraction(game.centers[power] + 3)
            else:
                years = years_survived(elimination_year(game, power), self.survival)
                base = Fraction(3, 10) * years
            scores[power] = base + 12 * share[power] / total_shares
        return scores

    def solo_scores(self, game: GameResult) -> Scores:
        return {
            p: Fraction(self.solo_points)
            if p == game.solo
            else self.loser_per_centre * game.centers[p]
            for p in POWERS
        }


@dataclass(frozen=True, kw_only=True)
class BangkokPike(BuiltInSystem):
    """Centres + 3 for surviving (else 0.1 per year, counting the elimination year). A lone
    topper gets 6, tied toppers 4 each, top - 1 gets 4, top - 2 gets 2; a lone topper also
    takes the 4 when nobody is at top - 1, and then the 2 when nobody is at top - 2 either.
    A solo scores 60; the others 0.1 per year played, up to the solo year."""

    name: str = "bangkok-pike"
    title: str = "Bangkok Pike"
    source: str = "scoring-systems.md 6.1 (regenscon.com; dipvis)"
    solo_points: int = 60

    def _years(self, game: GameResult, power: str) -> Fraction:
        return Fraction(years_survived(exit_year(game, power), INCLUDING_YEAR), 10)

    def draw_scores(self, game: GameResult) -> Scores:
        top = top_count(game)
        alive = survivors(game)
        scores = {p: self._years(game, p) for p in POWERS}
        for power in alive:
            scores[power] = Fraction(game.centers[power] + 3)
        tops = toppers(game)
        below_one = [p for p in alive if game.centers[p] == top - 1]
        below_two = [p for p in alive if game.centers[p] == top - 2]
        for power in tops:
            scores[power] += 6 if len(tops) == 1 else 4
        for power in below_one:
            scores[power] += 4
        for power in below_two:
            scores[power] += 2
        if len(tops) == 1 and not below_one:
            scores[tops[0]] += 4
            if not below_two:
                scores[tops[0]] += 2
        return scores

    def solo_scores(self, game: GameResult) -> Scores:
        return {
            p: Fraction(self.solo_points) if p == game.solo else self._years(game, p)
            for p in POWERS
        }


def bangkok_systems() -> list[BuiltInSystem]:
    olympic_shares = (Fraction(4), Fraction(3, 2), Fraction(1, 2))
    return [
        Bangkok(),
        Bangkok(
            name="bangkok-dipvis",
            summary="Bangkok with eliminated powers credited 0.3 per year before their elimination year.",
            title="Bangkok (eliminated: years before the elimination year, as dipvis)",
            survival=YEARS_BEFORE,
        ),
        Bangkok(
            name="olympic",
            summary="Centres + 3 for surviving + 12 shared 4 : 1.5 : 0.5 by the top, top - 1 and top - 2;"
            " a solo 46, others 0.",
            title="Olympic (Bangkok with shares 4, 1.5, 0.5)",
            source="scoring-systems.md 6.1 (dipvis)",
            shares=olympic_shares,
            solo_points=46,
            loser_per_centre=Fraction(0),
        ),
        BangkokPike(),
    ]

