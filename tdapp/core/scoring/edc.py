"""The EDC 2026 four-part game score with count-back ties (seeds/004, "Scoring")."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult
from tdapp.core.scoring.ranking import (
    INCLUDING_YEAR,
    Scores,
    countback_groups,
    exit_year,
    lone_topper,
    second_count,
    split_points,
    survivors,
    years_survived,
)
from tdapp.core.scoring.system import BuiltInSystem
from tdapp.core.scoring.validate import validate_game

PLACE_POINTS = (130, 90, 60, 40, 30, 20, 10)


@dataclass(frozen=True, kw_only=True)
class Edc2026(BuiltInSystem):
    """Score 1 place points + Score 2 centres + Score 3 board-top margin + Score 4 years.

    Score 1: places by final centres, ties settled by counting back year by year, ties in every
    year split. Score 2: 5 per centre to survivors; in a solo 90 to the soloer, 0 to the rest.
    Score 3: a topper 3+ centres clear of second gets 10 per centre of lead (at most 60), paid
    equally by the other survivors, each loss rounded down. Score 4: a point for every year with
    centres, counting the year of elimination (seeds/004: eliminated in 1907 gives 7).

    The document's example table omits Score 4 from three totals (seeds/README.md); the rule
    text governs. Score 3 applies in a solo too (the rule names no exception) unless
    ``margin_in_solo`` is False.
    """

    name: str = "edc-2026"
    title: str = "EDC 2026 four-part score"
    source: str = "European Diplomacy Championship 2026 rules, Scoring (seeds/004)"
    solo_points: int = 90
    margin_minimum: int = 3
    margin_cap: int = 60
    # Score 3 names no exception for a solo, so a soloer clear of second takes it too; False
    # reads the margin bonus as a draw-only rule.
    margin_in_solo: bool = True

    def score_parts(self, game: GameResult) -> dict[str, tuple[Fraction, ...]]:
        """Each power's (Score 1, Score 2, Score 3, Score 4), for display and tests."""
        validate_game(game)
        place = split_points(countback_groups(game), PLACE_POINTS)
        centres = self._centre_points(game)
        margin = self._margin_points(game)
        years = {p: Fraction(years_survived(exit_year(game, p), INCLUDING_YEAR)) for p in POWERS}
        return {p: (place[p], centres[p], margin[p], years[p]) for p in POWERS}

    def _centre_points(self, game: GameResult) -> Scores:
        if game.solo is not None:
            return {p: Fraction(self.solo_points if p == game.solo else 0) for p in POWERS}
        return {p: Fraction(5 * game.centers[p]) for p in POWERS}

    def _margin_points(self, game: GameResult) -> Scores:
        scores = {p: Fraction(0) for p in POWERS}
        leader = lone_topper(game)
        if leader is None or (game.solo is not None and not self.margin_in_solo):
            return scores
        lead = game.centers[leader] - second_count(game)
        if lead < self.margin_minimum:
            return scores
        bonus = min(10 * lead, self.margin_cap)
        payers = [p for p in survivors(game) if p != leader]
        scores[leader] = Fraction(bonus)
        if payers:
            loss = bonus // len(payers)  # "points lost ... rounded down"
            for power in payers:
                scores[power] = Fraction(-loss)
        return scores

    def draw_scores(self, game: GameResult) -> Scores:
        return {p: sum(parts, Fraction(0)) for p, parts in self.score_parts(game).items()}

    solo_scores = draw_scores
