"""A finished game as it stood at the end of an earlier year.

EDC 2026 breaks tournament ties by rolling the final-round boards back year by year and
re-scoring them (seeds/004, "Other Rules"); standings use :func:`game_at_year` for that.
"""

from __future__ import annotations

from dataclasses import replace

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult, ScoringError
from tdapp.core.scoring.validate import FIRST_YEAR


def game_at_year(game: GameResult, year: int) -> GameResult:
    """``game`` at the end of ``year``, from its history; ScoringError naming ``history`` when
    that year's counts are not recorded."""
    if year == game.end_year:
        return game
    if not FIRST_YEAR <= year < game.end_year:
        raise ScoringError(f"cannot roll back to {year}: the game ran {FIRST_YEAR}-{game.end_year}", "end_year")
    if game.history is None or year not in game.history:
        raise ScoringError(f"rolling back to {year} needs the centre counts of {year}", "history")
    counts = dict(game.history[year])
    history = {y: c for y, c in game.history.items() if y <= year}
    eliminated = {p: y for p, y in game.eliminated.items() if y <= year}
    for power in POWERS:
        if counts.get(power, 0) == 0 and power not in eliminated:
            zero_years = [y for y, c in history.items() if c.get(power, 1) == 0]
            eliminated[power] = min(zero_years)
    return replace(
        game, centers=counts, end_year=year, solo=None, eliminated=eliminated,
        history=history, draw=None,
    )
