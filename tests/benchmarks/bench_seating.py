"""Seating quality and speed: whole tournaments, round by round, tdapp against the common
greedy-swap heuristic (issue 5). Run by hand:

    PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_seating.py            # full run
    PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_seating.py --quick    # a smoke run

For each field size and seed, tdapp seats rounds 1..R each given the rounds it seated before
(balanced method, ``time_limit`` per round), and the baseline does the same on its own history.
Per round it prints repeated pairs and repeated meetings against the provable lower bounds for
that history, the repeat cost, power repeats and seconds, then a summary with medians. At 14
players an exhaustive search over all 1,716 splits proves the optimum of each round for comparison.

The repeat cost is the balanced objective of the issue: a pair seated together again after m
meetings costs 2*m*m + 3, so every repeated pair counts and a pair meeting for the third time (11)
counts more than two pairs meeting for the second (2 x 5). Raw repeated pairs cannot be the
yardstick on its own: a round's repeated meetings are forced by the history (the bound), and the
fewest pairs is reached by piling those meetings onto a few pairs, the opposite of the rule.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations

from tdapp.core.powers import POWERS
from tdapp.core.seating.engine import seat_round
from tdapp.core.seating.history import History, meeting_cost, repeat_lower_bound
from tdapp.core.seating.matching import hall_deficit
from tdapp.core.seating.model import Board, PastBoard, SeatingRequest
from tdapp.core.seating.review import review_round

PERMUTATIONS = list(permutations(range(7)))  # the baseline tries all 5,040 for each board


# -- the baseline: greedy placement + improving swaps, powers afterwards ------------------------
def baseline_round(players: Sequence[str], history: History, rng: random.Random,
                   restarts: int = 10) -> list[Board]:
    """Best of ``restarts`` runs of: place the most constrained player (most earlier opponents
    still unplaced) on the board where they add the fewest repeats, the emptiest among equals;
    then apply improving swaps until none is left. Powers: per board, the first of the 5,040
    permutations with the fewest repeated powers."""
    n = len(players)
    boards = n // 7
    met = [[history.met(a, b) for b in players] for a in players]
    best_cost, best_groups = None, None
    for _ in range(restarts):
        groups: list[list[int]] = [[] for _ in range(boards)]
        todo = list(range(n))
        rng.shuffle(todo)
        todo.sort(key=lambda s: -sum(1 for t in range(n) if t != s and met[s][t]))
        for seat in todo:
            open_boards = [b for b in range(boards) if len(groups[b]) < 7]
            rng.shuffle(open_boards)
            target = min(open_boards,
                         key=lambda b: (sum(met[seat][t] for t in groups[b]), len(groups[b])))
            groups[target].append(seat)
        cost = _improve_by_swaps(groups, met)
        if best_cost is None or cost < best_cost:
            best_cost, best_groups = cost, [list(g) for g in groups]
    assert best_groups is not None
    return [Board(i + 1, [players[s] for s in g], _baseline_powers([players[s] for s in g],
                  history)) for i, g in enumerate(best_groups)]


def _improve_by_swaps(groups: list[list[int]], met: list[list[int]]) -> int:
    board_of = {s: b for b, g in enumerate(groups) for s in g}
    sums = {s: [sum(met[s][t] for t in g if t != s) for g in groups] for s in board_of}
    improved = True
    while improved:
        improved = False
        seats = sorted(board_of)
        for i, j in combinations(seats, 2):
            a, b = board_of[i], board_of[j]
            if a == b:
                continue
            delta = (sums[j][a] - met[j][i] - sums[i][a]) + (sums[i][b] - met[i][j] - sums[j][b])
            if delta < 0:
                groups[a][groups[a].index(i)] = j
                groups[b][groups[b].index(j)] = i
                board_of[i], board_of[j] = b, a
                for k in board_of:
                    sums[k][a] += met[k][j] - met[k][i]
                    sums[k][b] += met[k][i] - met[k][j]
                improved = True
    return sum(sums[s][board_of[s]] for s in board_of) // 2


def _baseline_powers(group: list[str], history: History) -> dict[str, str]:
    played = [[history.times_played(p, power) for power in POWERS] for p in group]
    best, best_perm = None, PERMUTATIONS[0]
    for perm in PERMUTATIONS:
        repeats = sum(1 for i, k in enumerate(perm) if played[i][k])
        if best is None or repeats < best:
            best, best_perm = repeats, perm
            if repeats == 0:
                break
    return {POWERS[k]: group[i] for i, k in enumerate(best_perm)}


# -- exact optimum for 14 players (two boards) ----------------------------------------------
def exact_two_boards(players: Sequence[str], history: History) -> tuple[int, int]:
    """The proven optimum over all 1,716 splits into two boards, among the splits whose boards
    both meet Hall's condition when there are any: (fewest repeated pairs, least repeat cost)."""
    first, rest = players[0], list(players[1:])
    results = []
    for chosen in combinations(rest, 6):
        board_a = [first, *chosen]
        board_b = [p for p in rest if p not in chosen]
        deficit = sum(hall_deficit([history.unplayed_mask(p) for p in board])
                      for board in (board_a, board_b))
        pairs = weighted = 0
        for board in (board_a, board_b):
            for a, b in combinations(board, 2):
                m = history.met(a, b)
                pairs += m > 0
                weighted += meeting_cost(m)
        results.append((deficit, pairs, weighted))
    least = min(r[0] for r in results)
    allowed = [r for r in results if r[0] == least]
    return min(r[1] for r in allowed), min(r[2] for r in allowed)


# -- simulation ----------------------------------------------------------------------------
@dataclass
class RoundFigures:
    round: int
    pairs: int
    meetings: int
    bound_pairs: int
    bound_meetings: int
    power_repeats: int
    seconds: float
    weighted: int = 0  # repeat cost: the balanced objective, 2*m*m + 3 per repeated pair
    optimum: tuple[int, int] | None = None
    same_instance: RoundFigures | None = None  # the baseline on tdapp's own history


@dataclass
class Run:
    who: str
    players: int
    seed: int
    rounds: list[RoundFigures] = field(default_factory=list)


def weighted_repeats(boards: Sequence[Board], history: History) -> int:
    total = 0
    for board in boards:
        for a, b in combinations(sorted(set(board.seats)), 2):
            total += meeting_cost(history.met(a, b))
    return total


def measure(number: int, boards: Sequence[Board], history: History, bound, seconds: float,
            optimum: tuple[int, int] | None = None) -> RoundFigures:
    stats, _ = review_round(boards, history)
    return RoundFigures(number, stats.repeat_pairs, stats.repeat_meetings, bound.pairs,
                        bound.meetings, stats.power_repeats, seconds,
                        weighted_repeats(boards, history), optimum)


def simulate(who: str, count: int, seed: int, rounds: int, time_limit: float,
             compare: bool = False) -> Run:
    """One tournament seated by ``who``; with ``compare`` the baseline also seats each round of
    tdapp's own history (the same instance)."""
    players = [f"p{i:03d}" for i in range(count)]
    past: list[PastBoard] = []
    run = Run(who, count, seed)
    rng = random.Random(seed)
    for number in range(1, rounds + 1):
        history = History.from_boards(past)
        bound = repeat_lower_bound(players, history)
        optimum = exact_two_boards(players, history) if count == 14 and number > 1 else None
        start = time.perf_counter()
        if who == "tdapp":
            request = SeatingRequest(players, tuple(past), seed=seed * 1000 + number,
                                     time_limit=time_limit)
            boards = seat_round(request).boards
        else:
            boards = baseline_round(players, history, rng)
        seconds = time.perf_counter() - start
        figures = measure(number, boards, history, bound, seconds, optimum)
        if compare and who == "tdapp":
            start = time.perf_counter()
            other = baseline_round(players, history, rng)
            figures.same_instance = measure(number, other, history, bound,
                                            time.perf_counter() - start)
        run.rounds.append(figures)
        past += [PastBoard(number, b.number, dict(b.powers)) for b in boards]
    return run


def _median(figures: list[RoundFigures], key: str) -> float:
    return statistics.median(getattr(f, key) for f in figures)


def _cell(figures: list[RoundFigures]) -> str:
    return (f"{_median(figures, 'pairs'):g}/{_median(figures, 'meetings'):g}/"
            f"{_median(figures, 'weighted'):g} pr={_median(figures, 'power_repeats'):g} "
            f"{_median(figures, 'seconds'):.2f}s")


def report(runs: list[Run], rounds: int) -> None:
    sizes = sorted({r.players for r in runs})
    print("\nper round, medians over seeds: repeated pairs/meetings/repeat cost, power repeats "
          "(pr), seconds; bound = provable lower bound on pairs/meetings for that history")
    for size in sizes:
        print(f"\n== {size} players ==")
        print(f"{'round':>5} | {'bound':>9} | {'tdapp':<30} | {'baseline, same history':<30} | "
              f"{'baseline, own tournament':<30}")
        for number in range(1, rounds + 1):
            ours = [r.rounds[number - 1] for r in runs if r.players == size and r.who == "tdapp"]
            theirs = [r.rounds[number - 1] for r in runs
                      if r.players == size and r.who == "baseline"]
            same = [f.same_instance for f in ours if f.same_instance is not None]
            bound = f"{_median(ours, 'bound_pairs'):g}/{_median(ours, 'bound_meetings'):g}"
            cell = _cell(ours)
            optima = [f.optimum for f in ours if f.optimum is not None]
            if optima:
                cell += (f" opt={statistics.median(o[0] for o in optima):g}/-/"
                         f"{statistics.median(o[1] for o in optima):g}")
            print(f"{number:>5} | {bound:>9} | {cell:<30} | {_cell(same) if same else '':<30} | "
                  f"{_cell(theirs) if theirs else '':<30}")
    print("\nsummary over all seeds and rounds")
    for size in sizes:
        print(_summary(size, runs))


def _totals(figures: Sequence[RoundFigures]) -> str:
    return (f"pairs={sum(f.pairs for f in figures)} "
            f"cost={sum(f.weighted for f in figures)} "
            f"power repeats={sum(f.power_repeats for f in figures)}")


def _key(figures: Sequence[RoundFigures]) -> tuple[int, int]:
    """How the issue ranks seatings: repeated powers first, then the repeat cost."""
    return (sum(f.power_repeats for f in figures), sum(f.weighted for f in figures))


def _summary(size: int, runs: list[Run]) -> str:
    mine = [r for r in runs if r.players == size and r.who == "tdapp"]
    ours = [f for r in mine for f in r.rounds]
    same = [f.same_instance for f in ours if f.same_instance is not None]
    theirs = [r for r in runs if r.players == size and r.who == "baseline"]
    line = (f"{size:>4} players: tdapp {_totals(ours)} "
            f"slowest round={max(f.seconds for f in ours):.2f}s "
            f"median round={statistics.median(f.seconds for f in ours):.2f}s; "
            f"rounds at the pair bound: {sum(f.pairs <= f.bound_pairs for f in ours)}"
            f"/{len(ours)}")
    proven = [f for f in ours if f.optimum is not None]
    if proven:
        line += (f"; rounds at the proven optimum repeat cost: "
                 f"{sum(f.weighted <= f.optimum[1] for f in proven)}/{len(proven)}")
    if same:
        worse = sum(1 for f in ours if f.same_instance and _key([f]) > _key([f.same_instance]))
        fewer = sum(1 for f in ours if f.same_instance and f.same_instance.pairs < f.pairs)
        line += (f"\n      baseline on the same history: {_totals(same)}; rounds where tdapp is "
                 f"worse (power repeats, then cost): {worse}/{len(same)}; rounds where the "
                 f"baseline seats fewer raw repeated pairs: {fewer}/{len(same)}")
    if theirs:
        by_seed = {r.seed: r for r in theirs}
        worse_runs = sum(1 for r in mine if r.seed in by_seed
                         and _key(r.rounds) > _key(by_seed[r.seed].rounds))
        line += (f"\n      baseline, own tournaments: "
                 f"{_totals([f for r in theirs for f in r.rounds])}; tournaments where tdapp is "
                 f"worse (power repeats, then cost): {worse_runs}/{len(mine)}")
    return line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="14,21,35,49,70,140,203")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--time-limit", type=float, default=9.0)
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--quick", action="store_true", help="21 and 49 players, 1 seed, 4 rounds")
    options = parser.parse_args(argv)
    if options.quick:
        options.players, options.seeds, options.rounds = "21,49", 1, 4
    sizes = [int(s) for s in options.players.split(",")]
    runs = []
    for size in sizes:
        for seed in range(1, options.seeds + 1):
            for who in ("tdapp", "baseline"):
                if who == "baseline" and options.no_baseline:
                    continue
                run = simulate(who, size, seed, options.rounds, options.time_limit,
                               compare=not options.no_baseline)
                runs.append(run)
                figures = " ".join(f"{f.pairs}/{f.power_repeats}/{f.seconds:.1f}s"
                                   for f in run.rounds)
                print(f"{who:>8} N={size:<3} seed={seed}: {figures}", flush=True)
    report(runs, options.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
