"""Checks that a :class:`GameResult` describes a possible finished game: the one list of what
makes a result impossible.

Every built-in system calls :func:`validate_game` first, so a wrong board fails with a
:class:`ScoringError` naming the field at fault instead of a wrong score. :func:`game_problems`
lists every problem at once, in a TD's words (the result entry shows them all, and
``services.results.BoardResult.problems`` is this list).
"""

from __future__ import annotations

from collections.abc import Mapping

from tdapp.core.powers import POWERS, SOLO_CENTERS, TOTAL_CENTERS
from tdapp.core.scoring.base import GameResult, ScoringError

FIRST_YEAR = 1901
LAST_YEAR = 2000  # far beyond any real game; bounds year-by-year work such as count-back


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _name(power: str) -> str:
    return power.title()


def _counts_problems(counts: Mapping[str, object], where: str) -> list[ScoringError]:
    """Every power present once with a whole number of centres from 0 to 34, at most 34 in
    all. The total is checked only when every count is a number."""
    found = [ScoringError(f"unknown power {power!r}", f"{where}.{power}")
             for power in counts if power not in POWERS]
    total = 0
    for power in POWERS:
        if power not in counts:
            found.append(ScoringError("missing centre count", f"{where}.{power}"))
            continue
        value = counts[power]
        if isinstance(value, bool) or not isinstance(value, int):
            found.append(ScoringError(f"centre count must be an integer, not {value!r}",
                                      f"{where}.{power}"))
        elif not 0 <= value <= TOTAL_CENTERS:
            found.append(ScoringError(f"{_name(power)}'s centre count {value} is outside "
                                      f"0..{TOTAL_CENTERS}", f"{where}.{power}"))
        else:
            total += value
    if not found and total > TOTAL_CENTERS:
        found.append(ScoringError(f"the centres add up to {total}; the board has only "
                                  f"{TOTAL_CENTERS}", where))
    return found


def _year_problem(value: object, where: str, end_year: int) -> ScoringError | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return ScoringError(f"year must be an integer, not {value!r}", where)
    if not FIRST_YEAR <= value <= end_year:
        return ScoringError(f"year {value} is outside {FIRST_YEAR}..{end_year}", where)
    return None


def _solo_problems(game: GameResult) -> list[ScoringError]:
    big = [p for p in POWERS if game.centers[p] >= SOLO_CENTERS]
    if game.solo is None:
        return [ScoringError(f"{_name(big[0])} has {game.centers[big[0]]} centres: that is a "
                             "solo", "solo")] if big else []
    if game.solo not in POWERS:
        return [ScoringError(f"unknown power {game.solo!r}", "solo")]
    found = []
    if game.centers[game.solo] < SOLO_CENTERS:
        found.append(ScoringError(f"{_name(game.solo)} has {game.centers[game.solo]} centres; "
                                  f"a solo needs {SOLO_CENTERS}", "solo"))
    if game.draw is not None:
        found.append(ScoringError("a solo game has no draw", "draw"))
    return found


def _power_list_problems(powers: tuple[str, ...], where: str) -> list[ScoringError]:
    found = []
    seen: set[str] = set()
    for index, power in enumerate(powers):
        if power not in POWERS:
            found.append(ScoringError(f"unknown power {power!r}", f"{where}[{index}]"))
        elif power in seen:
            found.append(ScoringError(f"{power} is listed twice", f"{where}[{index}]"))
        seen.add(power)
    return found


def _elimination_problems(game: GameResult) -> list[ScoringError]:
    found = []
    for power, year in game.eliminated.items():
        where = f"eliminated.{power}"
        if power not in POWERS:
            found.append(ScoringError(f"unknown power {power!r}", where))
            continue
        wrong_year = _year_problem(year, where, game.end_year)
        if wrong_year is not None:
            found.append(wrong_year)
            continue
        if game.centers[power] > 0:
            found.append(ScoringError(f"{_name(power)} is marked eliminated but has centres "
                                      f"({game.centers[power]})", where))
        for hist_year, counts in sorted((game.history or {}).items()):
            if _is_int(hist_year) and hist_year >= year and counts.get(power, 0):
                found.append(ScoringError(f"{_name(power)} was eliminated in {year} but has "
                                          f"centres in {hist_year}", where))
                break
    return found


def game_problems(game: GameResult) -> list[ScoringError]:
    """Everything impossible about ``game``, each naming its field (empty when possible).
    A part whose numbers are unusable (a year or a count not a whole number) stops the checks
    that would need them."""
    end_year = game.end_year
    if not _is_int(end_year) or not FIRST_YEAR <= end_year <= LAST_YEAR:
        return [ScoringError(f"end year must be an integer from {FIRST_YEAR} to {LAST_YEAR}, "
                             f"not {end_year!r}", "end_year")]
    found = _counts_problems(game.centers, "centers")
    if found:
        return found
    if not any(game.centers[p] for p in POWERS):
        return [ScoringError("no power has any centre", "centers")]
    found += _solo_problems(game)
    found += _elimination_problems(game)
    for year, counts in (game.history or {}).items():
        wrong_year = _year_problem(year, f"history.{year}", end_year)
        found += [wrong_year] if wrong_year is not None else _counts_problems(
            counts, f"history.{year}")
    if game.draw is not None:
        listed = _power_list_problems(game.draw, "draw")
        found += listed
        if not listed:
            found += [ScoringError(f"{_name(power)} has no centres and cannot be in the draw",
                                   f"draw[{index}]")
                      for index, power in enumerate(game.draw) if game.centers[power] == 0]
        if not game.draw:
            found.append(ScoringError("a draw needs at least one power", "draw"))
    if game.selection_order is not None:
        found += _power_list_problems(game.selection_order, "selection_order")
    return found


def validate_game(game: GameResult) -> None:
    """Raise :class:`ScoringError` naming the field when ``game`` is not a possible result."""
    problems = game_problems(game)
    if problems:
        raise problems[0]
