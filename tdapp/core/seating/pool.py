"""WDC 2025 round 4: the championship pool plays among itself, apart from everyone else.

Seed 001 II.2: "The 21 top ranked players from the qualifying rounds [...] will participate in
the 'Championship Pool' in Round 4"; II.2.a: "The specific ranking of individual players will
not be made public." The pool is therefore seated by the balanced rules (fewest repeated
opponents, no repeated power where possible) from a name-sorted, shuffled list, so that its
boards never depend on the order the pool was ranked in. The others are seated as the team
round when teams are given, else by the balanced rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from tdapp.core.powers import BOARD_SIZE

from .balanced import seat_balanced
from .history import History
from .methods import seat_team_round
from .model import Cancel, Progress, SeatingRequest


def split_pool(players: Sequence[str], pool: Sequence[str]) -> tuple[list[str], list[str]]:
    """(pool seats, other seats); a ValueError in a TD's words when either cannot fill boards."""
    members = set(pool)
    inside = [p for p in players if p in members]
    outside = [p for p in players if p not in members]
    missing = sorted(members - set(inside))
    if missing:
        raise ValueError("championship pool: " + ", ".join(missing) + " not playing this "
                         "round: mark them present, or withdraw a player who cannot play so "
                         "that the next in the standings joins the pool")
    for words, seats in (("the championship pool", inside), ("the players outside the pool",
                                                             outside)):
        if len(seats) % BOARD_SIZE:
            raise ValueError(f"{words} hold {len(seats)} seats, not a multiple of 7: the pool "
                             "plays apart, so each part must fill its own boards")
    return inside, outside


def seat_pool_apart(
    request: SeatingRequest,
    history: History,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> tuple[list[list[str]], list[dict[str, str]], dict[str, str], list[str]]:
    """Groups (pool boards first), planned powers per board, fixed powers (team round) and
    notes."""
    inside, outside = split_pool(request.players, request.pool)
    rng = random.Random(request.seed)
    unordered = sorted(inside)
    rng.shuffle(unordered)  # the pool's ranking never reaches the boards (II.2.a)
    pool_request = replace(request, players=unordered, method="balanced", ranking=(),
                           locked_seats={}, teams={}, pool=())
    pool = seat_balanced(pool_request, history, None, cancel)
    notes = [f"Championship pool: {len(inside)} players on boards 1-{len(pool.groups)}, "
             "seated among themselves; the pool's ranking is not shown"]
    if not outside:
        return pool.groups, pool.powers, {}, notes
    if request.teams:
        groups, fixed = seat_team_round(outside, request.teams, history, request.keep_apart,
                                        rng, request.time_limit, progress, cancel)
        notes.append(f"Team round for the {len(outside)} players outside the pool: each plays "
                     "the power their team chose (a power played before is the team's "
                     "choice, not an issue)")
        return pool.groups + groups, pool.powers + [{} for _ in groups], fixed, notes
    if request.locked_seats:
        notes.append("Pinned boards are not kept in the pool round: check those players' tables")
    rest_request = replace(request, players=outside, method="balanced", pool=(), teams={},
                           locked_seats={})
    rest = seat_balanced(rest_request, history, progress, cancel)
    notes.append(f"The {len(outside)} players outside the pool are seated as an ordinary round")
    return pool.groups + rest.groups, pool.powers + rest.powers, {}, notes + rest.notes
