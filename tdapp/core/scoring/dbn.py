"""DBN Invitational winner-take-all games (seeds/000, "5.x Game winner")."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult, ScoringError
from tdapp.core.scoring.ranking import Scores, toppers
from tdapp.core.scoring.system import BuiltInSystem


def dbn_winner(game: GameResult) -> str:
    """The soloer; else the top centre count; a shared top goes to the later selector."""
    if game.solo is not None:
        return game.solo
    tied = toppers(game)
    if len(tied) == 1:
        return tied[0]
    order = game.selection_order
    if order is None:
        raise ScoringError(
            f"{', '.join(tied)} share the top; the Paris selection order breaks the tie",
            "selection_order",
        )
    missing = [p for p in tied if p not in order]
    if missing:
        raise ScoringError(
            f"{missing[0]} shares the top but is not in the selection order", "selection_order"
        )
    return max(tied, key=order.index)


@dataclass(frozen=True, kw_only=True)
class DbnWinner(BuiltInSystem):
    """1 to the single game winner, 0 to everyone else."""

    name: str = "dbn-winner"
    title: str = "DBN Invitational winner-take-all"
    source: str = "DBN Invitational 2025 rules, game winner (seeds/000)"

    def draw_scores(self, game: GameResult) -> Scores:
        winner = dbn_winner(game)
        return {p: Fraction(1 if p == winner else 0) for p in POWERS}

    solo_scores = draw_scores
