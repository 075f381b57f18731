from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from tdapp.core.seating.matching import INFINITE, best_assignment, hall_deficit

FULL = 0b1111111


def test_fresh_players_never_lack_a_power():
    assert hall_deficit([FULL] * 7) == 0


def test_three_players_with_only_two_powers_left_leave_one_short():
    only_a_or_e = 0b0000011
    assert hall_deficit([only_a_or_e, only_a_or_e, only_a_or_e, FULL, FULL, FULL, FULL]) == 1


def test_players_who_played_everything_must_all_repeat():
    assert hall_deficit([0, 0, FULL, FULL, FULL, FULL, FULL]) == 2


def test_one_missing_power_each_needs_a_permutation():
    singles = [1 << i for i in range(7)]
    assert hall_deficit(singles) == 0
    assert hall_deficit([1, 1, 4, 8, 16, 32, 64]) == 1


def brute_force(cost):
    best = INFINITE
    for perm in permutations(range(len(cost[0])), len(cost)):
        best = min(best, sum(cost[r][c] for r, c in enumerate(perm)))
    return best


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.integers(0, 20), min_size=5, max_size=5), min_size=1, max_size=5))
def test_assignment_is_optimal(cost):
    columns, total = best_assignment(cost)
    assert total == brute_force(cost)
    assert len(set(columns)) == len(cost)
    assert sum(cost[r][c] for r, c in enumerate(columns)) == total


def test_forbidden_cells_are_avoided_or_reported():
    cost = [[INFINITE, 1.0], [2.0, INFINITE]]
    assert best_assignment(cost) == ([1, 0], 3.0)
    assert best_assignment([[INFINITE, INFINITE], [1.0, 1.0]])[1] == INFINITE
