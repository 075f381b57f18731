"""Exact small matchings: Hall's condition for one board and the 7x7 power assignment.

A board can avoid every repeated power exactly when its players and their unplayed powers admit
a perfect matching (Hall's condition over its 127 subsets). ``hall_deficit`` returns how many
players must repeat at least; it is cached on the board's multiset of masks because the search
asks about the same boards over and over.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from tdapp.core.powers import BOARD_SIZE

INFINITE = float("inf")


def hall_deficit(masks: Sequence[int]) -> int:
    """Least number of players on a board who must play a power they already played."""
    return _deficit_sorted(tuple(sorted(masks)))


@lru_cache(maxsize=1 << 18)
def _deficit_sorted(masks: tuple[int, ...]) -> int:
    return len(masks) - _max_matching(masks)


def _max_matching(masks: tuple[int, ...]) -> int:
    """Kuhn's augmenting paths on at most 7x7; masks[i] has bit p when player i may take p."""
    owner = [-1] * BOARD_SIZE
    size = 0
    for player, mask in enumerate(masks):
        if mask and _augment(player, masks, owner, 0):
            size += 1
    return size


def _augment(player: int, masks: tuple[int, ...], owner: list[int], seen: int) -> bool:
    mask = masks[player]
    for power in range(BOARD_SIZE):
        bit = 1 << power
        if mask & bit and not seen & bit:
            seen |= bit
            if owner[power] < 0 or _augment(owner[power], masks, owner, seen):
                owner[power] = player
                return True
    return False


def best_assignment(cost: Sequence[Sequence[float]]) -> tuple[list[int], float]:
    """Exact minimum-cost assignment of rows to distinct columns by dynamic programming over
    subsets of columns (rows <= columns <= 16; 7x7 takes 448 steps).

    Returns (column of each row, total cost). Infinite costs mark forbidden cells; if every
    assignment is forbidden the total is infinite.
    """
    rows = len(cost)
    columns = len(cost[0]) if rows else 0
    if rows > columns:
        raise ValueError("more rows than columns")
    full = 1 << columns
    best = [INFINITE] * full
    choice = [-1] * full
    best[0] = 0.0
    # best[mask]: least cost of giving the first popcount(mask) rows the columns in mask
    for mask in range(full):
        base = best[mask]
        if base == INFINITE:
            continue
        row = mask.bit_count()
        if row >= rows:
            continue
        row_cost = cost[row]
        for column in range(columns):
            bit = 1 << column
            if mask & bit:
                continue
            value = base + row_cost[column]
            target = mask | bit
            if value < best[target]:
                best[target] = value
                choice[target] = column
    finals = [mask for mask in range(full) if mask.bit_count() == rows]
    end = min(finals, key=lambda m: best[m])
    if best[end] == INFINITE:
        return [], INFINITE
    total = best[end]
    columns_of = [0] * rows
    mask = end
    for row in range(rows - 1, -1, -1):
        column = choice[mask]
        columns_of[row] = column
        mask ^= 1 << column
    return columns_of, total
