"""Tabu search over swaps of two players between boards, with O(1) delta evaluation.

The problem is given as seats 0..n-1 (a player on two boards has two seats) with a symmetric
pair weight matrix (a repeated meeting, a keep-apart pair, two seats of one person) and, for the
power rule, each seat's mask of unplayed powers: a board whose players fail Hall's condition costs
``hall_weight`` per player who would have to repeat a power.

``pair_sum[i][b]`` holds the weight between seat i and the seats of board b, so the pair part of
a swap's delta costs four lookups and a swap updates two columns in O(n). Hall deficits are exact
(cached 7x7 matchings) and are computed only for the few candidate moves that could win.
"""

from __future__ import annotations

import heapq
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from tdapp.core.powers import BOARD_SIZE

from .matching import hall_deficit
from .model import Cancel, Progress


@dataclass
class Problem:
    weights: list[list[int]]  # symmetric, zero diagonal
    boards: int
    masks: list[int] | None = None  # unplayed powers per seat, None: ignore powers
    hall_weight: int = 100
    fixed: frozenset[int] = frozenset()  # seats that never move (locked seats, locked boards)
    swap_class: list[int] | None = None  # seats swap only within one class (team round)

    @property
    def size(self) -> int:
        return len(self.weights)


@dataclass
class SearchLimits:
    time_limit: float = 5.0
    max_iterations: int = 20000
    idle_iterations: int = 400  # without a new best before a perturbation
    patience: int = 2000  # without a new best before giving up
    target: int = 0  # stop as soon as the cost reaches this (a proven lower bound)
    progress: Progress | None = None
    cancel: Cancel | None = None


@dataclass
class SearchResult:
    board_of: list[int]
    cost: int
    iterations: int
    seconds: float
    stopped_by: str  # target, iterations, patience, time, cancel, optimal


class TabuSearch:
    def __init__(self, problem: Problem, board_of: Sequence[int], rng: random.Random) -> None:
        self.p = problem
        self.rng = rng
        n, boards = problem.size, problem.boards
        self.board_of = list(board_of)
        self.members: list[list[int]] = [[] for _ in range(boards)]
        for seat, board in enumerate(self.board_of):
            self.members[board].append(seat)
        if any(len(m) != BOARD_SIZE for m in self.members):
            raise ValueError("every board needs seven seats")
        weights = problem.weights
        self.neighbours = [[k for k, w in enumerate(row) if w] for row in weights]
        self.doubled = [[2 * w for w in row] for row in weights]
        self.pair_sum = [[0] * boards for _ in range(n)]
        for seat in range(n):
            row = self.pair_sum[seat]
            for other in self.neighbours[seat]:
                row[self.board_of[other]] += weights[seat][other]
        self.deficit = [self._board_deficit(b) for b in range(boards)]
        # per board: (leaving seat, entering mask) -> deficit, cleared when the board changes
        self.deficit_after: list[dict[tuple[int, int], int]] = [{} for _ in range(boards)]
        self.movable = [s for s in range(n) if s not in problem.fixed]
        self.tabu_until = [[0] * boards for _ in range(n)]

    # -- cost ------------------------------------------------------------------------------
    def pair_cost(self) -> int:
        return sum(self.pair_sum[s][self.board_of[s]] for s in range(self.p.size)) // 2

    def cost(self) -> int:
        return self.pair_cost() + self.p.hall_weight * sum(self.deficit)

    def _board_deficit(self, board: int, leave: int = -1, enter: int = -1) -> int:
        masks = self.p.masks
        if masks is None:
            return 0
        seats = [masks[s] for s in self.members[board] if s != leave]
        if enter >= 0:
            seats.append(masks[enter])
        return hall_deficit(seats)

    # -- moves -----------------------------------------------------------------------------
    def swap(self, i: int, j: int) -> None:
        a, b = self.board_of[i], self.board_of[j]
        weights = self.p.weights
        wi, wj = weights[i], weights[j]
        for k in set(self.neighbours[i]).union(self.neighbours[j]):
            delta = wj[k] - wi[k]
            if delta:
                row = self.pair_sum[k]
                row[a] += delta
                row[b] -= delta
        self.members[a][self.members[a].index(i)] = j
        self.members[b][self.members[b].index(j)] = i
        self.board_of[i], self.board_of[j] = b, a
        self.deficit[a] = self._board_deficit(a)
        self.deficit[b] = self._board_deficit(b)
        self.deficit_after[a].clear()
        self.deficit_after[b].clear()

    def _conflicted(self) -> list[int]:
        bo, ps, deficit = self.board_of, self.pair_sum, self.deficit
        return [s for s in self.movable if ps[s][bo[s]] > 0 or deficit[bo[s]] > 0]

    def _candidates(self, conflicted: list[int]) -> tuple[list[int], list[int], int]:
        """Every swap of a conflicted seat i with a movable seat j on another board, each packed
        into one integer ``delta * span + perm[i] * n + perm[j]`` so that sorting orders by
        pair delta with random ties and the hot loop builds no tuples. Returns (keys, inverse
        permutation, span)."""
        bo, ps, doubled = self.board_of, self.pair_sum, self.doubled
        classes = self.p.swap_class
        n = self.p.size
        span = n * n
        perm = list(range(n))
        self.rng.shuffle(perm)
        inverse = [0] * n
        for seat, code in enumerate(perm):
            inverse[code] = seat
        movable = [(j, bo[j], perm[j]) for j in self.movable]
        # leave[a][j]: the change for j of leaving its board for board a
        leave: dict[int, list[int]] = {}
        keys: list[int] = []
        for i in conflicted:
            a = bo[i]
            column = leave.get(a)
            if column is None:
                column = [ps[j][a] - ps[j][bo[j]] for j in range(n)]
                leave[a] = column
            si, wi = ps[i], doubled[i]
            base = si[a]
            code = perm[i] * n
            if classes:
                ci = classes[i]
                keys += [(si[b] - base + column[j] - wi[j]) * span + code + pj
                         for j, b, pj in movable if b != a and classes[j] == ci]
            else:
                keys += [(si[b] - base + column[j] - wi[j]) * span + code + pj
                         for j, b, pj in movable if b != a]
        return keys, inverse, span

    def _hall_delta(self, i: int, j: int) -> int:
        masks = self.p.masks
        if masks is None:
            return 0
        a, b = self.board_of[i], self.board_of[j]
        return (self._deficit_after(a, i, masks[j]) + self._deficit_after(b, j, masks[i])
                - self.deficit[a] - self.deficit[b])

    def _deficit_after(self, board: int, leave: int, enter_mask: int) -> int:
        cache = self.deficit_after[board]
        key = (leave, enter_mask)
        value = cache.get(key)
        if value is None:
            masks = self.p.masks
            assert masks is not None
            seats = [masks[s] for s in self.members[board] if s != leave]
            seats.append(enter_mask)
            value = cache[key] = hall_deficit(seats)
        return value

    def _perturb(self, strength: int) -> None:
        movable = self.movable
        classes = self.p.swap_class
        for _ in range(strength):
            i = self.rng.choice(movable)
            j = self.rng.choice(movable)
            if self.board_of[i] == self.board_of[j]:
                continue
            if classes and classes[i] != classes[j]:
                continue
            self.swap(i, j)

    # -- the search --------------------------------------------------------------------------
    def run(self, limits: SearchLimits) -> SearchResult:
        start = time.perf_counter()
        current = self.cost()
        best_cost, best = current, list(self.board_of)
        hall_weight = self.p.hall_weight
        iteration = idle = last_best = 0
        stopped = "iterations"
        tenure_base = 4 + self.p.boards // 2
        while iteration < limits.max_iterations:
            if best_cost <= limits.target:
                stopped = "target"
                break
            if limits.cancel is not None and limits.cancel():
                stopped = "cancel"
                break
            elapsed = time.perf_counter() - start
            if elapsed >= limits.time_limit:
                stopped = "time"
                break
            if limits.progress is not None and iteration % 50 == 0:
                fraction = max(iteration / limits.max_iterations, elapsed / limits.time_limit)
                limits.progress(min(1.0, fraction))
            conflicted = self._conflicted()
            if not conflicted:
                stopped = "optimal"
                break
            self.rng.shuffle(conflicted)
            move = self._choose(conflicted, iteration, current, best_cost, hall_weight)
            iteration += 1
            if move is None:  # every move is tabu or there is no other board
                if self.p.boards < 2 or iteration - last_best >= limits.patience:
                    stopped = "patience"
                    break
                self._perturb(2)
                current = self.cost()
                continue
            i, j, delta = move
            a, b = self.board_of[i], self.board_of[j]
            self.swap(i, j)
            current += delta
            tenure = tenure_base + self.rng.randrange(tenure_base + 1)
            self.tabu_until[i][a] = iteration + tenure
            self.tabu_until[j][b] = iteration + tenure
            if current < best_cost:
                best_cost, best, idle, last_best = current, list(self.board_of), 0, iteration
            elif iteration - last_best >= limits.patience:
                stopped = "patience"
                break
            else:
                idle += 1
                if idle >= limits.idle_iterations:
                    self._restore(best)
                    self._perturb(2 + self.p.boards // 3)
                    current, idle = self.cost(), 0
        if limits.progress is not None:
            limits.progress(1.0)
        return SearchResult(best, best_cost, iteration, time.perf_counter() - start, stopped)

    def _choose(
        self, conflicted: list[int], iteration: int, current: int, best_cost: int, hall_weight: int
    ) -> tuple[int, int, int] | None:
        """The best admissible swap: not tabu, or tabu but leading to a new best (aspiration).
        Swaps between boards that meet Hall's condition cannot lower the power part, so they
        are taken from a heap in order of pair delta and the scan stops early; swaps touching
        a board that fails it are all evaluated exactly."""
        keys, inverse, span = self._candidates(conflicted)
        if not keys:
            return None
        n = self.p.size
        deficit, bo, tabu = self.deficit, self.board_of, self.tabu_until
        chosen: tuple[int, int, int] | None = None
        chosen_total = 0

        def consider(key: int) -> None:
            nonlocal chosen, chosen_total
            code = key % span
            delta = (key - code) // span
            i, j = inverse[code // n], inverse[code % n]
            total = delta + hall_weight * self._hall_delta(i, j) if hall_weight else delta
            if chosen is not None and total >= chosen_total:
                return
            if (tabu[i][bo[j]] > iteration or tabu[j][bo[i]] > iteration) and (
                current + total >= best_cost
            ):
                return
            chosen, chosen_total = (i, j, total), total

        if self.p.masks is not None and any(deficit):
            clean = []
            for key in keys:
                code = key % span
                if deficit[bo[inverse[code // n]]] or deficit[bo[inverse[code % n]]]:
                    consider(key)
                else:
                    clean.append(key)
        else:
            clean = keys
        heapq.heapify(clean)
        while clean:
            key = heapq.heappop(clean)
            if chosen is not None and key >= chosen_total * span:
                break  # its pair delta alone is no better than the chosen total
            consider(key)
        return chosen

    def _restore(self, board_of: list[int]) -> None:
        """Go back to a remembered seating by swaps (keeps the incremental sums exact)."""
        for seat in self.movable:
            target = board_of[seat]
            if self.board_of[seat] == target:
                continue
            partner = next(
                s for s in self.members[target] if board_of[s] != target and s in self._movable_set
            )
            self.swap(seat, partner)

    @property
    def _movable_set(self) -> set[int]:
        cached = getattr(self, "_movable_cache", None)
        if cached is None:
            cached = set(self.movable)
            self._movable_cache = cached
        return cached


def greedy_start(problem: Problem, rng: random.Random, board_of: Sequence[int | None]) -> list[int]:
    """Place the seats not yet placed (None), heaviest first, each on the open board where it
    keeps Hall's condition and adds the least weight; ties go to the emptiest board, then at
    random."""
    n, boards = problem.size, problem.boards
    placed: list[int | None] = [None] * n
    load = [0] * boards
    sums = [[0] * boards for _ in range(n)]
    board_masks: list[list[int]] = [[] for _ in range(boards)]
    weights, masks = problem.weights, problem.masks

    def put(seat: int, board: int) -> None:
        placed[seat] = board
        load[board] += 1
        if masks is not None:
            board_masks[board].append(masks[seat])
        row = weights[seat]
        for k in range(n):
            if row[k]:
                sums[k][board] += row[k]

    def added_deficit(seat: int, board: int) -> int:
        if masks is None:
            return 0
        before = hall_deficit(board_masks[board])
        return hall_deficit([*board_masks[board], masks[seat]]) - before

    for seat, board in enumerate(board_of):
        if board is not None:
            put(seat, board)
    todo = [s for s in range(n) if placed[s] is None]
    rng.shuffle(todo)
    todo.sort(key=lambda s: -sum(weights[s]))
    for seat in todo:
        scored = [
            (added_deficit(seat, b) * problem.hall_weight + sums[seat][b], load[b], rng.random(), b)
            for b in range(boards) if load[b] < BOARD_SIZE
        ]
        put(seat, min(scored)[3])
    boards_of = [b for b in placed if b is not None]
    assert len(boards_of) == n, "every seat is placed above"
    return boards_of
