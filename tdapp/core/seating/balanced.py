"""Balanced seating: fewest repeated opponents, no repeated power, keep-apart pairs apart.

The objective, in one integer: a pair that met m times before costs 2*m*m + 3 (every repeated pair
counts, and a pair meeting for the third time, 11, outweighs two pairs meeting for the second, 10), a player forced to repeat a power
(Hall's condition fails on the board) costs HALL_WEIGHT, a keep-apart pair KEEP_APART_WEIGHT and
the two seats of a player on two boards sharing a board DOUBLE_WEIGHT. A recognised construction
is tried first; the tabu search starts from it (or from a greedy placement) and stops at the
proven lower bound, after its iteration budget, at ``time_limit`` or on cancel.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from tdapp.core.powers import BOARD_SIZE

from .construction import Plan, fresh_plan, place_on_tables, planned_round, recognise_plan
from .history import History, meeting_cost, repeat_lower_bound
from .model import Cancel, Progress, SeatingRequest
from .review import keep_apart_set
from .tabu import Problem, SearchLimits, TabuSearch, greedy_start

HALL_WEIGHT = 100
KEEP_APART_WEIGHT = 10_000
DOUBLE_WEIGHT = 1_000_000


STOPPED_WORDS = {"target": "no seating can do better", "optimal": "no seating can do better",
                 "time": "the time limit", "cancel": "cancelled",
                 "iterations": "the most tries allowed",
                 "patience": "no better seating in many tries"}


@dataclass
class Seating:
    """Seats grouped by table (index = board number - 1); ``powers`` per board when a plan
    already fixed them, else empty dicts (powers are assigned afterwards)."""

    groups: list[list[str]]
    powers: list[dict[str, str]]
    notes: list[str] = field(default_factory=list)
    cost: int = 0
    lower_bound: int = 0


def build_problem(
    seats: Sequence[str],
    history: History,
    keep_apart: Sequence[Sequence[str]],
    with_powers: bool = True,
    extra_apart: set[tuple[str, str]] | None = None,
    with_meetings: bool = True,
) -> Problem:
    apart = keep_apart_set(keep_apart) | (extra_apart or set())
    n = len(seats)
    weights = [[0] * n for _ in range(n)]
    for s in range(n):
        a = seats[s]
        row = weights[s]
        for t in range(s + 1, n):
            b = seats[t]
            if a == b:
                w = DOUBLE_WEIGHT
            else:
                w = meeting_cost(history.met(a, b)) if with_meetings else 0
                if (a, b) in apart or (b, a) in apart:
                    w += KEEP_APART_WEIGHT
            if w:
                row[t] = w
                weights[t][s] = w
    masks = [history.unplayed_mask(p) for p in seats] if with_powers else None
    return Problem(weights, n // BOARD_SIZE, masks, HALL_WEIGHT)


def locked_boards_of(seats: Sequence[str], locked: dict[str, int], boards: int) -> list[int | None]:
    """Board index (0-based) of each seat pinned by ``locked`` (first seat of a doubled player)."""
    placed: list[int | None] = [None] * len(seats)
    done: set[str] = set()
    for s, player in enumerate(seats):
        if player in locked and player not in done:
            table = locked[player] - 1
            if not 0 <= table < boards:
                raise ValueError(f"locked_seats: {player} is locked to board {locked[player]}, "
                                 f"but there are {boards} boards")
            placed[s] = table
            done.add(player)
    return placed


def evaluate(problem: Problem, board_of: Sequence[int]) -> int:
    search = TabuSearch(problem, board_of, random.Random(0))
    return search.cost()


def search_budget(seats: int) -> SearchLimits:
    """Iteration budget by field size: the search is reproducible for a seed unless the time
    limit cuts it short first."""
    boards = max(1, seats // BOARD_SIZE)
    idle = 150 + 10 * boards
    return SearchLimits(max_iterations=20000, idle_iterations=idle, patience=6 * idle)


def seat_balanced(
    request: SeatingRequest,
    history: History,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
    fixed_groups: dict[int, list[str]] | None = None,
) -> Seating:
    """Seat a round by the balanced method. ``fixed_groups`` keeps whole boards (index -> seats)
    as they are: re-seeding only the unlocked boards."""
    seats = list(request.players)
    boards = len(seats) // BOARD_SIZE
    rng = random.Random(request.seed)
    problem = build_problem(seats, history, request.keep_apart)
    start: list[int | None] = locked_boards_of(seats, dict(request.locked_seats), boards)
    fixed = {s for s, b in enumerate(start) if b is not None}
    notes: list[str] = []
    if fixed_groups:
        pinned, _ = _pin_groups(seats, fixed_groups)
        start = [b if b is not None else (lock if lock not in fixed_groups else None)
                 for b, lock in zip(pinned, start, strict=True)]
        fixed = {s for s, b in enumerate(start) if b is not None}
    bound = repeat_lower_bound(seats, history).cost
    bound += HALL_WEIGHT * sum(1 for mask in problem.masks or () if not mask)
    planned = None if fixed_groups else _try_plan(request, history, problem, rng)
    if planned is not None:
        plan_cost, plan_board_of, plan_powers, shift = planned
        notes.append(f"started from a planned rotation of the {boards} boards that keeps "
                     "everyone meeting new opponents round after round")
        if plan_cost <= bound:
            groups = _groups(seats, plan_board_of, boards)
            return Seating(groups, plan_powers, notes, plan_cost, bound)
        initial = plan_board_of
    else:
        initial = greedy_start(problem, rng, start)
    problem.fixed = frozenset(fixed)
    limits = search_budget(len(seats))
    limits.time_limit = request.time_limit
    limits.target = bound
    limits.progress, limits.cancel = progress, cancel
    result = TabuSearch(problem, initial, rng).run(limits)
    notes.append(f"tried {result.iterations} swaps of players in {result.seconds:.1f} s "
                 f"(stopped: {STOPPED_WORDS.get(result.stopped_by, result.stopped_by)})")
    groups = _groups(seats, result.board_of, boards)
    return Seating(groups, [{} for _ in groups], notes, result.cost, bound)


def _pin_groups(
    seats: Sequence[str], fixed_groups: dict[int, list[str]]
) -> tuple[list[int | None], set[int]]:
    start: list[int | None] = [None] * len(seats)
    free = list(range(len(seats)))
    for board, players in fixed_groups.items():
        for player in players:
            seat = next(s for s in free if seats[s] == player)
            free.remove(seat)
            start[seat] = board
    return start, {s for s, b in enumerate(start) if b is not None}


def _groups(seats: Sequence[str], board_of: Sequence[int], boards: int) -> list[list[str]]:
    groups: list[list[str]] = [[] for _ in range(boards)]
    for seat, board in enumerate(board_of):
        groups[board].append(seats[seat])
    return groups


def _try_plan(
    request: SeatingRequest, history: History, problem: Problem, rng: random.Random
) -> tuple[int, list[int], list[dict[str, str]], int] | None:
    """Best round of a recognised (or fresh) construction: (cost, board of each seat, powers,
    shift), or None when the construction does not apply."""
    seats = list(request.players)
    plan: Plan | None
    plan = recognise_plan(seats, request.history) if request.history else fresh_plan(seats, rng)
    if plan is None:
        return None
    fresh = not request.history
    row = tuple(range(BOARD_SIZE)) if fresh else plan.next_row(rng)
    shifts = [0] if fresh else plan.free_shifts()
    best = None
    for shift in shifts:
        boards_and_powers = planned_round(plan, shift, row)
        groups = [group for group, _ in boards_and_powers]
        tables = place_on_tables(groups, dict(request.locked_seats))
        if tables is None:
            continue
        seat_index = {player: s for s, player in enumerate(seats)}
        board_of = [0] * len(seats)
        powers: list[dict[str, str]] = [{} for _ in groups]
        for group_index, (group, group_powers) in enumerate(boards_and_powers):
            table = tables[group_index]
            powers[table] = group_powers
            for player in group:
                board_of[seat_index[player]] = table
        cost = evaluate(problem, board_of)
        if any(history.times_played(p, power) for pw in powers for power, p in pw.items()):
            powers = [{} for _ in groups]  # the row would repeat: let the assignment decide
        if best is None or cost < best[0]:
            best = (cost, board_of, powers, shift)
    return best
