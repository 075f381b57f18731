"""Checks that a :class:`GameResult` describes a possible finished game.

Every built-in system calls :func:`validate_game` first, so a wrong board fails with a
:class:`ScoringError` naming the field at fault instead of a wrong score.
"""

from __future__ import annotations

from collections.abc import Mapping

from tdapp.core.powers import POWERS, SOLO_CENTERS, TOTAL_CENTERS
from tdapp.core.scoring.base import GameResult, ScoringError

FIRST_YEAR = 1901
LAST_YEAR = 2000  # far beyond any real game; bounds year-by-year work such as count-back


def _check_counts(counts: Mapping[str, int], where: str) -> None:
    for power in counts:
        if power not in POWERS:
            raise ScoringError(f"unknown power {power!r}", f"{where}.{power}")
    for power in POWERS:
        if power not in counts:
            raise ScoringError("missing centre count", f"{where}.{power}")
        value = counts[power]
        if isinstance(value, bool) or not isinstance(value, int):
            raise ScoringError(f"centre count must be an integer, not {value!r}", f"{where}.{power}")
        if not 0 <= value <= TOTAL_CENTERS:
            raise ScoringError(
                f"centre count {value} is outside 0..{TOTAL_CENTERS}", f"{where}.{power}"
            )
    total = sum(counts[p] for p in POWERS)
    if total > TOTAL_CENTERS:
        raise ScoringError(f"centre counts total {total}, more than {TOTAL_CENTERS}", where)


def _check_year(value: object, where: str, end_year: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoringError(f"year must be an integer, not {value!r}", where)
    if not FIRST_YEAR <= value <= end_year:
        raise ScoringError(f"year {value} is outside {FIRST_YEAR}..{end_year}", where)
    return value


def _check_solo(game: GameResult) -> None:
    big = [p for p in POWERS if game.centers[p] >= SOLO_CENTERS]
    if game.solo is None:
        if big:
            raise ScoringError(
                f"{big[0]} has {game.centers[big[0]]} centres, so the game is a solo", "solo"
            )
        return
    if game.solo not in POWERS:
        raise ScoringError(f"unknown power {game.solo!r}", "solo")
    if game.centers[game.solo] < SOLO_CENTERS:
        raise ScoringError(
            f"{game.solo} has {game.centers[game.solo]} centres, fewer than {SOLO_CENTERS}",
            "solo",
        )
    if game.draw is not None:
        raise ScoringError("a solo game has no draw", "draw")


def _check_power_list(powers: tuple[str, ...], where: str) -> None:
    seen: set[str] = set()
    for index, power in enumerate(powers):
        if power not in POWERS:
            raise ScoringError(f"unknown power {power!r}", f"{where}[{index}]")
        if power in seen:
            raise ScoringError(f"{power} is listed twice", f"{where}[{index}]")
        seen.add(power)


def validate_game(game: GameResult) -> None:
    """Raise :class:`ScoringError` naming the field when ``game`` is not a possible result."""
    end_year = game.end_year
    if (
        isinstance(end_year, bool)
        or not isinstance(end_year, int)
        or not FIRST_YEAR <= end_year <= LAST_YEAR
    ):
        raise ScoringError(
            f"end year must be an integer from {FIRST_YEAR} to {LAST_YEAR}, not {end_year!r}",
            "end_year",
        )
    _check_counts(game.centers, "centers")
    if not any(game.centers[p] for p in POWERS):
        raise ScoringError("no power has any centre", "centers")
    _check_solo(game)
    for power, year in game.eliminated.items():
        if power not in POWERS:
            raise ScoringError(f"unknown power {power!r}", f"eliminated.{power}")
        _check_year(year, f"eliminated.{power}", end_year)
        if game.centers[power] > 0:
            raise ScoringError(
                f"{power} has {game.centers[power]} centres but is listed as eliminated",
                f"eliminated.{power}",
            )
    if game.history is not None:
        for year, counts in game.history.items():
            _check_year(year, f"history.{year}", end_year)
            _check_counts(counts, f"history.{year}")
    if game.draw is not None:
        _check_power_list(game.draw, "draw")
        for index, power in enumerate(game.draw):
            if game.centers[power] == 0:
                raise ScoringError(f"{power} has no centres and cannot be in the draw", f"draw[{index}]")
        if not game.draw:
            raise ScoringError("a draw needs at least one power", "draw")
    if game.selection_order is not None:
        _check_power_list(game.selection_order, "selection_order")
