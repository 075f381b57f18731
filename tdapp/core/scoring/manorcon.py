"""ManorCon, Original ManorCon and ManorCon v2 (scoring-systems.md 6.1; diplom.org/manorcon).

The official text gives eliminated powers "0.10 points for every year they played, including
the year they were eliminated" (0.4 for 1904); dipvis gives 0.1 x (year - 1901) (0.3). The
convention is a parameter; the registered ``manorcon*`` systems follow the official text and
``manorcon-dipvis`` the other reading.
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
    exit_year,
    years_survived,
)
from tdapp.core.scoring.system import BuiltInSystem

SOURCE = "scoring-systems.md 6.1 (diplom.org/manorcon/dipscore.htm; dipvis)"


@dataclass(frozen=True, kw_only=True)
class ManorCon(BuiltInSystem):
    """Each survivor's N = centres^2 + 4 x centres + 16 (a dead power counts ``dead_n``);
    survivors score 100 x N / total N; the eliminated 0.1 per year played."""

    name: str = "manorcon"
    title: str = "ManorCon"
    source: str = SOURCE
    solo_points: int = 75
    dead_n: int = 16
    survival: str = INCLUDING_YEAR
    summary: str = (
        "Survivors 100 x N / total N with N = centres^2 + 4 x centres + 16 (16 for the dead);"
        " eliminated 0.1 per year played, counting the last. A solo 75."
    )

    def _years(self, game: GameResult, power: str) -> Fraction:
        return Fraction(years_survived(exit_year(game, power), self.survival), 10)

    def draw_scores(self, game: GameResult) -> Scores:
        n = {p: game.centers[p] ** 2 + 4 * game.centers[p] + 16 for p in POWERS}
        for power in POWERS:
            if game.centers[power] == 0:
                n[power] = self.dead_n
        total = sum(n.values())
        return {
            p: Fraction(100 * n[p], total) if game.centers[p] else self._years(game, p)
            for p in POWERS
        }

    def solo_scores(self, game: GameResult) -> Scores:
        return {
            p: Fraction(self.solo_points) if p == game.solo else self._years(game, p)
            for p in POWERS
        }


def manorcon_systems() -> list[BuiltInSystem]:
    return [
        ManorCon(),
        ManorCon(
            name="manorcon-original",
            title="Original ManorCon",
            summary="As ManorCon, with a solo worth 100.",
            solo_points=100,
        ),
        ManorCon(
            name="manorcon-v2",
            title="ManorCon v2 (dead powers count 0)",
            summary="As ManorCon with a solo worth 100, but eliminated powers add nothing to the"
            " board's total N.",
            solo_points=100,
            dead_n=0,
        ),
        ManorCon(
            name="manorcon-dipvis",
            title="ManorCon (eliminated: years before the elimination year, as dipvis)",
            summary="ManorCon with eliminated powers credited 0.1 per year before their"
            " elimination year.",
            survival=YEARS_BEFORE,
        ),
    ]
