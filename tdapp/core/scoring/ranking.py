"""Shared pieces of the scoring systems: board facts, rank groups, tie modes, survival years.

Everything works in :class:`fractions.Fraction` so that shares such as 100/3 stay exact until
:func:`to_floats` converts the final scores once.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult, ScoringError

Scores = dict[str, Fraction]
Groups = list[list[str]]

FIRST_YEAR = 1901

# Survival-year conventions (scoring-systems.md, "Survival-year counting"). For a power
# eliminated in year y: YEARS_BEFORE counts the years completed before y (y - 1901);
# INCLUDING_YEAR also counts the year of elimination (y - 1900 = 1 + y - 1901).
YEARS_BEFORE = "years-before"
INCLUDING_YEAR = "including-year"
SURVIVAL_CONVENTIONS = (YEARS_BEFORE, INCLUDING_YEAR)


def years_survived(year: int, convention: str) -> int:
    """Years a power that went out (or lost to a solo) in ``year`` is credited with."""
    if convention == YEARS_BEFORE:
        return year - FIRST_YEAR
    if convention == INCLUDING_YEAR:
        return year - FIRST_YEAR + 1
    raise ValueError(f"unknown survival-year convention {convention!r}")


def to_floats(scores: Mapping[str, Fraction | int | float]) -> dict[str, float]:
    """Final scores as floats, one per power, in the usual power order."""
    return {power: float(scores.get(power, 0)) for power in POWERS}


def round_half_up(value: Fraction) -> int:
    """Round to the nearest integer, halves upwards (how a TD rounds by hand)."""
    return math.floor(value + Fraction(1, 2))


def survivors(game: GameResult) -> list[str]:
    return [p for p in POWERS if game.centers[p] > 0]


def eliminated_powers(game: GameResult) -> list[str]:
    return [p for p in POWERS if game.centers[p] == 0]


def top_count(game: GameResult) -> int:
    return max(game.centers[p] for p in POWERS)


def second_count(game: GameResult) -> int:
    """The second entry of the centre counts sorted high to low (equals the top on a shared top)."""
    return sorted((game.centers[p] for p in POWERS), reverse=True)[1]


def toppers(game: GameResult) -> list[str]:
    top = top_count(game)
    return [p for p in POWERS if game.centers[p] == top]


def lone_topper(game: GameResult) -> str | None:
    tops = toppers(game)
    return tops[0] if len(tops) == 1 else None


def draw_members(game: GameResult) -> list[str]:
    """The powers in the passed draw; every survivor when the draw was not recorded."""
    if game.draw is not None:
        return [p for p in POWERS if p in game.draw]
    return survivors(game)


def elimination_year(game: GameResult, power: str) -> int:
    """The year ``power`` was eliminated: from ``eliminated``, else the first zero in ``history``."""
    if power in game.eliminated:
        return game.eliminated[power]
    if game.history is not None:
        zero_years = [y for y, counts in game.history.items() if counts.get(power, 1) == 0]
        if zero_years:
            return min(zero_years)
    raise ScoringError(
        f"{power} has no centres; this system needs the year it was eliminated",
        f"eliminated.{power}",
    )


def exit_year(game: GameResult, power: str) -> int:
    """The year a power stopped playing: its elimination, else the game's last year."""
    if game.centers[power] == 0:
        return elimination_year(game, power)
    return game.end_year


def groups_by_centres(game: GameResult, powers: Iterable[str] | None = None) -> Groups:
    """Powers grouped by equal final centre count, best first."""
    chosen = list(POWERS if powers is None else powers)
    counts = sorted({game.centers[p] for p in chosen}, reverse=True)
    return [[p for p in chosen if game.centers[p] == c] for c in counts]


def groups_by_elimination(game: GameResult, powers: Iterable[str]) -> Groups:
    """Eliminated powers grouped by year of elimination, the later (better) first."""
    chosen = list(powers)
    years = {p: elimination_year(game, p) for p in chosen}
    return [[p for p in chosen if years[p] == y] for y in sorted(set(years.values()), reverse=True)]


def rank_groups(game: GameResult, dead_order: bool) -> Groups:
    """Survivors by centres; then the eliminated, by elimination order or all tied."""
    groups = groups_by_centres(game, survivors(game))
    dead = eliminated_powers(game)
    if dead:
        groups += groups_by_elimination(game, dead) if dead_order else [dead]
    return groups


def positions(groups: Groups) -> dict[str, tuple[int, int]]:
    """Each power's (first, last) position, 0-based, in the ordered groups."""
    result: dict[str, tuple[int, int]] = {}
    start = 0
    for group in groups:
        for power in group:
            result[power] = (start, start + len(group) - 1)
        start += len(group)
    return result


def _table(points: Sequence[Fraction | int], index: int) -> Fraction:
    return Fraction(points[index]) if index < len(points) else Fraction(0)


def split_points(groups: Groups, points: Sequence[Fraction | int]) -> Scores:
    """Tie mode *split*: tied powers share the points of all the positions they occupy."""
    result: Scores = {}
    for power, (first, last) in positions(groups).items():
        total = sum((_table(points, i) for i in range(first, last + 1)), Fraction(0))
        result[power] = total / (last - first + 1)
    return result


def lower_points(groups: Groups, points: Sequence[Fraction | int]) -> Scores:
    """Tie mode *lower*: tied powers all get the points of the lowest position they occupy."""
    return {power: _table(points, last) for power, (_, last) in positions(groups).items()}


# Tie modes (scoring-systems.md "Ties"): *split* shares the points of the tied positions,
# *lower* gives every tied power the points of the lowest position the tie occupies.
SPLIT = "split"
LOWER = "lower"
TIE_MODES = (SPLIT, LOWER)


def tie_points(groups: Groups, points: Sequence[Fraction | int], mode: str) -> Scores:
    """Position points under the tie mode ``mode``."""
    if mode == SPLIT:
        return split_points(groups, points)
    if mode == LOWER:
        return lower_points(groups, points)
    raise ValueError(f"unknown tie mode {mode!r}")


# --- count-back -------------------------------------------------------------------------------

_POSITIVE = -1  # a count not recorded but known to be above zero (the power was still alive)


def _known_elimination(game: GameResult, power: str) -> int | None:
    if game.centers[power] > 0:
        return None
    try:
        return elimination_year(game, power)
    except ScoringError:
        return None


def _count_at(game: GameResult, power: str, year: int) -> int:
    if year == game.end_year:
        return game.centers[power]
    if game.history is not None and year in game.history:
        return game.history[year][power]
    out = _known_elimination(game, power)
    if out is not None and out <= year:
        return 0
    if game.centers[power] > 0 or (out is not None and out > year):
        return _POSITIVE  # still alive that year, count not recorded
    raise ScoringError(f"count-back needs the centre counts of {year}", "history")


def _split_group(game: GameResult, group: list[str], year: int) -> Groups:
    counts = {p: _count_at(game, p, year) for p in group}
    unknown = [p for p in group if counts[p] == _POSITIVE]
    known = [p for p in group if counts[p] != _POSITIVE]
    if unknown and (len(unknown) > 1 or any(counts[p] > 0 for p in known)):
        raise ScoringError(f"count-back needs the centre counts of {year}", "history")
    ordered = [unknown] if unknown else []
    for value in sorted({counts[p] for p in known}, reverse=True):
        ordered.append([p for p in known if counts[p] == value])
    return ordered


def countback_groups(game: GameResult) -> Groups:
    """All seven powers ranked by final centres, ties settled by the year-by-year count-back.

    Powers tied in every year from the last back to 1901 stay in one group. When a year the
    count-back must look at is not known, ScoringError names ``history``.
    """
    groups = groups_by_centres(game)
    for year in range(game.end_year - 1, FIRST_YEAR - 1, -1):
        if all(len(g) == 1 for g in groups):
            break
        refined: Groups = []
        for group in groups:
            refined.extend(_split_group(game, group, year) if len(group) > 1 else [group])
        groups = refined
    return groups


def solo_only(game: GameResult, points: Fraction | int) -> Scores:
    """``points`` to the soloer, nothing to anyone else."""
    return {p: Fraction(points if p == game.solo else 0) for p in POWERS}


def soloer(game: GameResult) -> str:
    if game.solo is None:
        raise ScoringError("this game has no soloer", "solo")
    return game.solo
