"""Seating a round with the next one in view, for small fields.

With two to ten boards the late rounds are the hard ones: by round six every player has one or
two powers left, a board must take exactly the players whose remaining powers fit together, and
how well round seven can be seated depends on which powers round six handed out. Seatings of this
round that are equally good on their own differ by a fifth in the repeats they leave the next round
(35 players, tests/benchmarks/bench_seating.py). So several good seatings of this round (different
seeds) are each followed by a quick seating of the next round, and the pair of rounds that repeats
least is kept.

This round never pays for the next one with a keep-apart pair or a repeated power: those are
compared first, then the repeats of both rounds together. Nothing is looked ahead for the
tournament's last round, for players on two boards, or for large fields, where one round at a time
already meets the lower bound.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from itertools import combinations

from tdapp.core.powers import BOARD_SIZE

from .history import History, meeting_cost, repeat_lower_bound
from .model import Cancel, PastBoard, Progress, SeatingRequest, SeatingResult

MAX_BOARDS = 10
MAX_CANDIDATES = 6
POWER_ROUNDS = 7  # an unknown last round is taken as the seventh, when powers run out
SEED_STEP = 7919  # candidates' seeds, far apart so their searches differ

SeatOnce = Callable[[SeatingRequest, History, Cancel | None], SeatingResult]


def next_round_follows(request: SeatingRequest, history: History) -> bool:
    """Whether to seat this round with the next in view (see the module's docstring)."""
    boards = len(request.players) // BOARD_SIZE
    this_round = max(history.rounds, default=0) + 1
    last = request.last_round if request.last_round is not None else POWER_ROUNDS
    return (request.method == "balanced" and 2 <= boards <= MAX_BOARDS
            and len(set(request.players)) == len(request.players) and this_round < last)


def seat_with_next_round(
    request: SeatingRequest,
    history: History,
    seat_once: SeatOnce,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> SeatingResult:
    """The best of up to MAX_CANDIDATES seatings of this round, each judged with the next
    round seated after it, within ``request.time_limit``. The same seed gives the same round
    unless the time limit stops the candidates early (a loaded machine, a short limit)."""
    start = time.perf_counter()
    this_round = max(history.rounds, default=0) + 1
    share = request.time_limit / 4  # one search of one round
    best: tuple[tuple[int, ...], SeatingResult] | None = None
    tried = 0
    slowest = 0.0
    for candidate in range(MAX_CANDIDATES):
        elapsed = time.perf_counter() - start
        if candidate and (elapsed + slowest > request.time_limit
                          or (cancel is not None and cancel())):
            break
        began = time.perf_counter()
        seed = request.seed + candidate * SEED_STEP
        now = seat_once(replace(request, seed=seed, time_limit=share), history, cancel)
        played = [*request.history,
                  *(PastBoard(this_round, b.number, dict(b.powers)) for b in now.boards)]
        after = History.from_boards(played)
        following = replace(request, history=tuple(played), seed=seed + 1, time_limit=share,
                            locked_seats={})
        nxt = seat_once(following, after, cancel)
        key = _key(now, history, nxt, after)
        tried += 1
        slowest = max(slowest, time.perf_counter() - began)
        if best is None or key < best[0]:
            best = (key, now)
        if key[-1] <= _bound(request, history) + _bound(following, after):
            break  # both rounds at their lower bounds: nothing can do better
        if progress is not None:
            progress(min(1.0, max((candidate + 1) / MAX_CANDIDATES,
                                  (time.perf_counter() - start) / request.time_limit)))
    assert best is not None
    chosen = best[1]
    if tried > 1:
        chosen.notes.append(f"compared {tried} seatings of this round by how well the next "
                            "round can be seated after each, and kept the best pair")
    return chosen


def _key(now: SeatingResult, before: History, nxt: SeatingResult,
         after: History) -> tuple[int, ...]:
    """This round's keep-apart pairs and repeated powers, then the next round's, then the
    repeats of both rounds together."""
    return (now.stats.keep_apart_violations, now.stats.power_repeats,
            nxt.stats.keep_apart_violations + nxt.stats.power_repeats,
            repeat_cost(now, before) + repeat_cost(nxt, after))


def repeat_cost(result: SeatingResult, history: History) -> int:
    """The balanced objective of a seated round: meeting_cost over every pair on a board."""
    return sum(meeting_cost(history.met(a, b))
               for board in result.boards for a, b in combinations(sorted(set(board.seats)), 2))


def _bound(request: SeatingRequest, history: History) -> int:
    return repeat_lower_bound(request.players, history).cost
