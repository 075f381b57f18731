from __future__ import annotations

import random
from itertools import combinations

from tdapp.core.seating.balanced import HALL_WEIGHT, build_problem
from tdapp.core.seating.engine import seat_round
from tdapp.core.seating.history import History, meeting_cost
from tdapp.core.seating.matching import hall_deficit
from tdapp.core.seating.model import PastBoard, SeatingRequest
from tdapp.core.seating.tabu import SearchLimits, TabuSearch, greedy_start

PLAYERS = [f"p{i:02d}" for i in range(14)]


def exact_optimum(history: History) -> int:
    """Least balanced cost over all 1,716 splits of 14 players into two boards."""
    best = None
    first, rest = PLAYERS[0], PLAYERS[1:]
    for chosen in combinations(rest, 6):
        boards = ([first, *chosen], [p for p in rest if p not in chosen])
        cost = 0
        for board in boards:
            cost += sum(meeting_cost(history.met(a, b)) for a, b in combinations(board, 2))
            cost += HALL_WEIGHT * hall_deficit([history.unplayed_mask(p) for p in board])
        best = cost if best is None else min(best, cost)
    return best


def test_tabu_finds_the_proven_optimum_for_two_boards():
    past: list[PastBoard] = []
    rng = random.Random(3)
    for number in range(1, 6):
        order = PLAYERS[:]
        rng.shuffle(order)
        for b in range(2):
            seats = order[7 * b:7 * b + 7]
            result = seat_round(SeatingRequest(seats, seed=number, method="random"))
            past.append(PastBoard(number, b + 1, result.boards[0].powers))
        history = History.from_boards(past)
        problem = build_problem(PLAYERS, history, ())
        search_rng = random.Random(number)
        start = greedy_start(problem, search_rng, [None] * 14)
        found = TabuSearch(problem, start, search_rng).run(
            SearchLimits(time_limit=5, max_iterations=400, idle_iterations=50, patience=300))
        assert found.cost == exact_optimum(history), f"after round {number}"


def test_fixed_seats_never_move_and_swap_classes_are_kept():
    history = History.from_boards([PastBoard(1, 1, dict(zip(
        ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"),
        PLAYERS[:7], strict=True)))])
    problem = build_problem(PLAYERS, history, ())
    problem.fixed = frozenset({0, 1})
    problem.swap_class = [i % 2 for i in range(14)]
    start = list(range(2)) * 7
    search = TabuSearch(problem, start, random.Random(1))
    result = search.run(SearchLimits(time_limit=2, max_iterations=200))
    assert result.board_of[0] == start[0] and result.board_of[1] == start[1]
    for board in range(2):
        classes = [problem.swap_class[s] for s in range(14) if result.board_of[s] == board]
        assert sorted(classes) == sorted(problem.swap_class[s] for s in range(14)
                                         if start[s] == board)
    assert search.cost() == search.pair_cost() + 100 * sum(search.deficit)
