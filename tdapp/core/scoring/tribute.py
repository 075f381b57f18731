"""Tribute, Half-Tribute and OpenTribute (scoring-systems.md 6.1 and 6.2, windycityweasels.org)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult
from tdapp.core.scoring.ranking import Scores, solo_only, survivors, top_count, toppers
from tdapp.core.scoring.system import BuiltInSystem


@dataclass(frozen=True, kw_only=True)
class Tribute(BuiltInSystem):
    """Survivors: centres + 66 / survivors. Each non-topping survivor pays the toppers
    t = min(66 / survivors, max(0, (top - 6) * rate)); toppers share what is paid.

    ``rate`` is 1 for Tribute and 1/2 for Half-Tribute (half a point per centre over 6).
    """

    name: str = "tribute"
    title: str = "Tribute"
    source: str = "scoring-systems.md 6.1 (windycityweasels.org)"
    rate: Fraction = Fraction(1)
    summary: str = (
        "Survivors: centres + 66 / survivors; every survivor not on top pays the top"
        " min(66 / survivors, top - 6), shared by the toppers. A solo 100, others 0."
    )

    def draw_scores(self, game: GameResult) -> Scores:
        alive = survivors(game)
        tops = toppers(game)
        share = Fraction(66, len(alive))
        tribute = min(share, max(Fraction(0), (top_count(game) - 6) * self.rate))
        scores = {p: Fraction(0) for p in POWERS}
        for power in alive:
            scores[power] = game.centers[power] + share
            if power not in tops:
                scores[power] -= tribute
            else:
                scores[power] += tribute * (len(alive) - len(tops)) / len(tops)
        return scores

    def solo_scores(self, game: GameResult) -> Scores:
        return solo_only(game, 100)


@dataclass(frozen=True, kw_only=True)
class OpenTribute(BuiltInSystem):
    """Survivors 34 + 3 x centres - (top - centres); eliminated powers pay ``top`` and score 0.
    Toppers each receive floor(total tribute / toppers^2). With every centre owned this gives
    a lone topper 10 x centres and the others 34 + 4 x centres - top."""

    name: str = "open-tribute"
    title: str = "OpenTribute"
    source: str = "scoring-systems.md 6.1 (windycityweasels.org/opentribute-scoring-system)"
    summary: str = (
        "Survivors 34 + 3 x centres - (top - centres); eliminated powers pay the top count;"
        " the toppers share the tribute (floor of total / toppers squared). A solo 340."
    )

    def draw_scores(self, game: GameResult) -> Scores:
        top = top_count(game)
        tops = toppers(game)
        scores = {p: Fraction(0) for p in POWERS}
        paid = 0
        for power in POWERS:
            centres = game.centers[power]
            paid += top - centres  # an eliminated power pays top - 0 = top
            if centres > 0:
                scores[power] = Fraction(34 + 3 * centres - (top - centres))
        for power in tops:
            scores[power] += math.floor(Fraction(paid, len(tops) ** 2))
        return scores

    def solo_scores(self, game: GameResult) -> Scores:
        return solo_only(game, 340)


def tribute_systems() -> list[BuiltInSystem]:
    return [
        Tribute(),
        Tribute(
            name="half-tribute",
            summary="Tribute, but the tribute is half a point per centre of the top over 6.",
            title="Half-Tribute",
            source="scoring-systems.md 6.2 (windycityweasels.org/half-tribute-scoring-system)",
            rate=Fraction(1, 2),
        ),
        OpenTribute(),
    ]
