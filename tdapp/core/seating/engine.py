"""One round from request to boards with powers: the entry point of ``tdapp seat`` and of the
GUI wizard's seating and re-seed steps."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Sequence

from tdapp.core.powers import BOARD_SIZE

from .balanced import seat_balanced
from .construction import place_on_tables
from .history import History
from .lookahead import improve_for_later_rounds
from .methods import (
    repair_random,
    seat_random,
    seat_ranked,
    seat_seed_order,
    seat_team_round,
    seat_weighted,
    separate,
)
from .model import METHODS, Board, Cancel, Progress, SeatingRequest, SeatingResult
from .pool import seat_pool_apart
from .powers import assign_round_powers
from .review import review_round
from .rollout import next_round_follows, seat_with_next_round


def validate_players(players: Sequence[str]) -> None:
    """Raise ValueError for a field that cannot be seated, saying how to fix the count."""
    count = len(players)
    if count == 0:
        raise ValueError("no players to seat")
    remainder = count % BOARD_SIZE
    if remainder:
        add = BOARD_SIZE - remainder
        raise ValueError(
            f"{count} players is not a multiple of 7: add {add} "
            f"(e.g. players on two boards) or remove {remainder}"
        )
    boards = count // BOARD_SIZE
    for player, times in Counter(players).items():
        if times > boards:
            raise ValueError(f"{player} is listed {times} times but there are {boards} boards")


def seat_round(
    request: SeatingRequest, progress: Progress | None = None, cancel: Cancel | None = None
) -> SeatingResult:
    """Seat one round by ``request.method`` and assign powers; never raises for a valid request
    (a ValueError names the problem otherwise)."""
    validate_players(request.players)
    if request.method not in METHODS:
        raise ValueError(f"unknown method {request.method!r}; one of {', '.join(METHODS)}")
    history = History.from_boards(request.history)
    rng = random.Random(request.seed)
    notes: list[str] = []
    planned: list[dict[str, str]] | None = None
    fixed_powers: dict[str, str] | None = None
    method = request.method
    if request.pool:
        groups, planned, fixed_powers, notes = seat_pool_apart(request, history, progress,
                                                               cancel)
        result = finish_round(groups, history, request, planned, fixed_powers or None, notes)
        result.pool_boards = list(range(1, len(set(request.pool)) // BOARD_SIZE + 1))
        if progress is not None:
            progress(1.0)
        return result
    if method == "balanced" and next_round_follows(request, history):
        result = seat_with_next_round(request, history, _seat_balanced_once, progress, cancel)
        if progress is not None:
            progress(1.0)
        return result
    if method == "balanced":
        seating = seat_balanced(request, history, progress, cancel)
        groups, planned, notes = seating.groups, seating.powers, seating.notes
    elif method == "team":
        groups, fixed_powers = seat_team_round(
            request.players, request.teams, history, request.keep_apart, rng,
            request.time_limit, progress, cancel,
        )
    else:
        groups = _simple_groups(request, history, rng)
        groups = _onto_tables(groups, request, notes)
    result = finish_round(groups, history, request, planned, fixed_powers, notes)
    if progress is not None:
        progress(1.0)  # also when a construction or a simple method needed no search
    return result


def _seat_balanced_once(
    request: SeatingRequest, history: History, cancel: Cancel | None
) -> SeatingResult:
    seating = seat_balanced(request, history, None, cancel)
    return finish_round(seating.groups, history, request, seating.powers, None, seating.notes)


def _simple_groups(
    request: SeatingRequest, history: History, rng: random.Random
) -> list[list[str]]:
    method, seats = request.method, list(request.players)
    if method == "random":
        groups = seat_random(seats, rng)
        return repair_random(groups, history, request.keep_apart, rng, request.time_limit)
    if method == "weighted":
        groups = seat_weighted(seats, request.ranking, rng, request.weighted_decay)
        return separate(groups, request.keep_apart, rng)
    if method == "ranked":
        return separate(seat_ranked(seats, request.ranking), (), rng)
    return separate(seat_seed_order(seats, request.ranking), (), rng)


def _onto_tables(
    groups: list[list[str]], request: SeatingRequest, notes: list[str]
) -> list[list[str]]:
    """Keep the method's board order unless locked seats need their tables."""
    if not request.locked_seats:
        return groups
    tables = place_on_tables(groups, dict(request.locked_seats))
    if tables is None:
        notes.append("locked seats clash with this method's boards; boards left in order")
        return groups
    ordered: list[list[str]] = [[] for _ in groups]
    for index, table in enumerate(tables):
        ordered[table] = groups[index]
    return ordered


def finish_round(
    groups: Sequence[Sequence[str]],
    history: History,
    request: SeatingRequest,
    planned: Sequence[dict[str, str]] | None = None,
    fixed_powers: dict[str, str] | None = None,
    notes: list[str] | None = None,
) -> SeatingResult:
    """Assign the powers not already planned, then review the round."""
    automatic = assign_round_powers(groups, history, request.seed, fixed_powers)
    if not fixed_powers and not (planned and any(planned)):
        automatic = improve_for_later_rounds(groups, automatic, history,
                                             random.Random(request.seed))
    boards = []
    for index, group in enumerate(groups):
        powers = planned[index] if planned and planned[index] else automatic[index]
        boards.append(Board(index + 1, list(group), dict(powers)))
    stats, issues = review_round(boards, history, request.keep_apart, request.locked_seats,
                                 request.teams)
    return SeatingResult(boards, stats, issues, request.method, list(notes or []))


def reseed_unlocked(
    request: SeatingRequest,
    boards: Sequence[Board],
    locked_boards: Collection[int],
    progress: Progress | None = None,
    cancel: Cancel | None = None,
    players: Sequence[str] | None = None,
) -> SeatingResult:
    """Re-seat (balanced) only the boards not in ``locked_boards``; locked boards keep their
    players and powers. ``players`` (default: everyone on ``boards``) changes who plays, e.g.
    a late arrival replacing a player on two boards in the boards that have not started."""
    history = History.from_boards(request.history)
    fixed = {b.number - 1: list(b.seats) for b in boards if b.number in locked_boards}
    players = list(players) if players is not None else [p for b in boards for p in b.seats]
    validate_players(players)
    left = Counter(players)
    for seats in fixed.values():
        left.subtract(seats)
    if any(count < 0 for count in left.values()):
        raise ValueError("players: everyone on a locked board must still play")
    request = SeatingRequest(
        players, request.history, request.keep_apart, "balanced", request.ranking, request.seed,
        request.time_limit, request.locked_seats,
    )
    seating = seat_balanced(request, history, progress, cancel, fixed_groups=fixed)
    kept = {b.number - 1: dict(b.powers) for b in boards if b.number in locked_boards}
    planned = [kept.get(i, {}) for i in range(len(seating.groups))]
    if len(fixed) > len(seating.groups):
        raise ValueError("locked_boards: more locked boards than boards")
    groups = [fixed.get(i, seating.groups[i]) for i in range(len(seating.groups))]
    return finish_round(groups, history, request, planned, None, seating.notes)
