"""Southern Sun, Sydney League, Vulcan, Dixie and Goff (scoring-systems.md 6.1 and 6.2)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult
from tdapp.core.scoring.ranking import (
    INCLUDING_YEAR,
    YEARS_BEFORE,
    Scores,
    draw_members,
    eliminated_powers,
    elimination_year,
    exit_year,
    groups_by_centres,
    groups_by_elimination,
    rank_groups,
    round_half_up,
    solo_only,
    split_points,
    survivors,
    top_count,
    toppers,
    years_survived,
)
from tdapp.core.scoring.system import BuiltInSystem

DIPVIS = "scoring-systems.md 6.1 (dipvis)"


@dataclass(frozen=True, kw_only=True)
class SouthernSun(BuiltInSystem):
    """Survivors 30 + 10 x centres + position points 130/80/50/30/20/10/10 split among the
    survivors and rounded (halves up); eliminated 3 per year played, counting the last."""

    name: str = "southern-sun"
    title: str = "Southern Sun"
    source: str = DIPVIS

    def draw_scores(self, game: GameResult) -> Scores:
        position = split_points(groups_by_centres(game, survivors(game)), (130, 80, 50, 30, 20, 10, 10))
        return {
            p: Fraction(30 + 10 * game.centers[p] + round_half_up(position[p]))
            if p in position
            else Fraction(3 * years_survived(elimination_year(game, p), INCLUDING_YEAR))
            for p in POWERS
        }

    def solo_scores(self, game: GameResult) -> Scores:
        return solo_only(game, 500)


@dataclass(frozen=True, kw_only=True)
class SydneyLeague(BuiltInSystem):
    """Survivors 25 x centres + position points 700..100 (split); the eliminated take the
    remaining positions by elimination order, plus a point per year played counting the last.
    A solo scores this same formula, x1.5 for the soloer and x0.5 for the others."""

    name: str = "sydney-league"
    title: str = "Sydney League"
    source: str = DIPVIS

    def draw_scores(self, game: GameResult) -> Scores:
        position = split_points(rank_groups(game, dead_order=True), (700, 600, 500, 400, 300, 200, 100))
        scores: Scores = {}
        for power in POWERS:
            if game.centers[power]:
                scores[power] = 25 * game.centers[power] + position[power]
            else:
                years = years_survived(elimination_year(game, power), INCLUDING_YEAR)
                scores[power] = position[power] + years
        return scores

    def solo_scores(self, game: GameResult) -> Scores:
        board = self.draw_scores(game)
        return {
            p: board[p] * (Fraction(3, 2) if p == game.solo else Fraction(1, 2)) for p in POWERS
        }


@dataclass(frozen=True, kw_only=True)
class Vulcan(BuiltInSystem):
    """Survivors: centres + 5 + the sum of their lead over every power below them (eliminated
    powers count 0); toppers share 10. Eliminated 0. A solo 130, surviving losers 5."""

    name: str = "vulcan"
    title: str = "Vulcan"
    source: str = DIPVIS

    def draw_scores(self, game: GameResult) -> Scores:
        scores = {p: Fraction(0) for p in POWERS}
        for power in survivors(game):
            mine = game.centers[power]
            lead = sum(mine - game.centers[q] for q in POWERS if game.centers[q] < mine)
            scores[power] = Fraction(mine + 5 + lead)
        tops = toppers(game)
        for power in tops:
            scores[power] += Fraction(10, len(tops))
        return scores

    def solo_scores(self, game: GameResult) -> Scores:
        return {
            p: Fraction(130 if p == game.solo else 5 if game.centers[p] else 0) for p in POWERS
        }


DIXIE_PLACES = (270, 70, 50, 34, 20, 10, 0)


@dataclass(frozen=True, kw_only=True)
class Dixie(BuiltInSystem):
    """4 per centre + place points 270/70/50/34/20/10/0. The k powers of a draw share places
    1..k, each taking their mean rounded (170, 130, 106, 89, 76, 65); other survivors take the
    next places by centres, the eliminated the last ones by elimination order (ties split).
    A solo: 270 + centre points; the losers take places 2-7 (inferred from the table)."""

    name: str = "dixie"
    title: str = "Dixie (DixieCon)"
    source: str = "scoring-systems.md 6.2 (diplomania-gen.fr Dixie scoring system)"

    def _places(self, game: GameResult, first: list[str]) -> Scores:
        others = [p for p in survivors(game) if p not in first]
        groups = [first] + groups_by_centres(game, others) if others else [first]
        dead = eliminated_powers(game)
        if dead:
            groups += groups_by_elimination(game, dead)
        return split_points(groups, DIXIE_PLACES)

    def draw_scores(self, game: GameResult) -> Scores:
        members = draw_members(game)
        places = self._places(game, members)
        for power in members:
            places[power] = Fraction(round_half_up(places[power]))
        return {p: 4 * game.centers[p] + places[p] for p in POWERS}

    def solo_scores(self, game: GameResult) -> Scores:
        places = self._places(game, [game.solo] if game.solo else [])
        return {p: 4 * game.centers[p] + places[p] for p in POWERS}


@dataclass(frozen=True, kw_only=True)
class Goff(BuiltInSystem):
    """Survivors 420 per centre + 1,260; three pots of 420 shared by the toppers, by those
    within 1 of the top, and by those within 2 (each pot including the ones above). The
    eliminated, and losers to a solo (16,800), get 140 per year ending with a centre."""

    name: str = "goff"
    title: str = "Goff (DAANZ)"
    source: str = "scoring-systems.md 6.2 (daanz.org/sc-goff.htm)"

    def _years(self, game: GameResult, power: str) -> Fraction:
        # A survival year is one ending with at least one centre: the elimination year is not.
        convention = YEARS_BEFORE if game.centers[power] == 0 else INCLUDING_YEAR
        return Fraction(140 * years_survived(exit_year(game, power), convention))

    def draw_scores(self, game: GameResult) -> Scores:
        top = top_count(game)
        alive = survivors(game)
        scores = {p: self._years(game, p) for p in POWERS}
        for power in alive:
            scores[power] = Fraction(420 * game.centers[power] + 1260)
        for within in (0, 1, 2):
            sharers = [p for p in alive if game.centers[p] >= top - within]
            for power in sharers:
                scores[power] += Fraction(420, len(sharers))
        return scores

    def solo_scores(self, game: GameResult) -> Scores:
        return {p: Fraction(16800) if p == game.solo else self._years(game, p) for p in POWERS}


def other_systems() -> list[BuiltInSystem]:
    return [SouthernSun(), SydneyLeague(), Vulcan(), Dixie(), Goff()]
