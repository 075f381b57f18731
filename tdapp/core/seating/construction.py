"""Planned seatings that never repeat an opponent or a power: the cyclic construction.

With B boards, B coprime to 2, 3 and 5 (7, 11, 13, 29 ... boards: 49, 77, 91, 203 players),
put player (x, y), x in 0..6, y in Z_B, on board (y - r*x) mod B in round r. Two players share a
board in round r exactly when (y1 - y2) = r * (x1 - x2) mod B, and as x1 - x2 is invertible mod B
that happens for one r at most: B rounds with nobody meeting anyone twice (for B = 7 this is the
affine plane of order 7, whose eighth round puts each x on one board). On every board the seven x
differ, so the power can follow x: round k gives player (x, y) the power ``rows[k][x]``, and rows
forming a Latin rectangle mean nobody repeats a power for seven rounds.

Round-by-round greedy seating paints itself into a corner at 49 players (seating-notes.md);
recognising the construction in the history and continuing it does not. The first round of the
history fixes the coordinates (x from the power played, y from the board), so any first round
(random, say) can be continued, as can every later round this module produced.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import gcd

from tdapp.core.powers import BOARD_SIZE, POWERS

from .history import POWER_INDEX
from .matching import INFINITE, best_assignment
from .model import PastBoard


def cyclic_works(boards: int) -> bool:
    return boards >= BOARD_SIZE and gcd(boards, 30) == 1


@dataclass
class Plan:
    """Coordinates of every player and what the history used of the construction."""

    boards: int
    point: dict[str, tuple[int, int]]  # player -> (x, y)
    used_shifts: list[int]  # r of every round so far
    rows: list[tuple[int, ...]]  # power index for each x, one row per round so far
    rows_known: bool = True  # False: the history's powers follow no rows (assign them freely)

    def seat(self, shift: int) -> list[list[str]]:
        """Boards of the round with the given shift r (r = boards: the x-class, B = 7 only)."""
        groups: list[list[str]] = [[] for _ in range(self.boards)]
        for player, (x, y) in self.point.items():
            board = x if shift == self.boards else (y - shift * x) % self.boards
            groups[board].append(player)
        for group in groups:
            group.sort(key=lambda player: self.point[player][0])
        return groups

    def free_shifts(self) -> list[int]:
        free = [r for r in range(self.boards) if r not in self.used_shifts]
        if not free and self.boards == BOARD_SIZE and BOARD_SIZE not in self.used_shifts:
            free = [BOARD_SIZE]  # the eighth round of the affine plane
        return free

    def next_row(self, rng: random.Random) -> tuple[int, ...] | None:
        """A power for each x that no player with that x has played, or None once every power is
        used (a Latin rectangle always extends, so this succeeds for seven rounds)."""
        if not self.rows_known:
            return None
        cost = [
            [
                INFINITE if any(row[x] == power for row in self.rows) else rng.random()
                for power in range(BOARD_SIZE)
            ]
            for x in range(BOARD_SIZE)
        ]
        columns, total = best_assignment(cost)
        return tuple(columns) if total != INFINITE else None


def fresh_plan(players: Sequence[str], rng: random.Random) -> Plan | None:
    """Coordinates for a field without history: a random point for each player."""
    if len(set(players)) != len(players) or len(players) % BOARD_SIZE:
        return None
    boards = len(players) // BOARD_SIZE
    if not cyclic_works(boards):
        return None
    order = list(players)
    rng.shuffle(order)
    point = {p: (i % BOARD_SIZE, i // BOARD_SIZE) for i, p in enumerate(order)}
    return Plan(boards, point, [], [])


def recognise_plan(players: Sequence[str], history: Sequence[PastBoard]) -> Plan | None:
    """The plan the history follows, or None when it is not (or cannot be) the construction:
    the field changed, a board was not full, or a round is not one of the construction's.

    First as this module plays it (coordinates from round one, powers by rows); failing that,
    for 49 players, any history whose rounds are parallel classes of an affine plane of order
    7, whoever seated them (powers are then assigned freely)."""
    ordered = _stable_rounds(players, history)
    if ordered is None:
        return None
    boards = len(players) // BOARD_SIZE
    point: dict[str, tuple[int, int]] = {}
    for y, board in enumerate(ordered[0]):
        for power, player in board.powers.items():
            point[player] = (POWER_INDEX[power], y)
    plan: Plan | None = Plan(boards, point, [0], [tuple(range(BOARD_SIZE))])
    for boards_of_round in ordered[1:]:
        assert plan is not None
        found = _match_round(plan, boards_of_round)
        if found is None or found[0] in plan.used_shifts:
            plan = None
            break
        plan.used_shifts.append(found[0])
        plan.rows.append(found[1])
    if plan is None and boards == BOARD_SIZE and len(ordered) >= 2:
        plan = _affine_plane(ordered)
    return plan


def _stable_rounds(
    players: Sequence[str], history: Sequence[PastBoard]
) -> list[list[PastBoard]] | None:
    """The history's rounds (boards by number) if every round seated exactly this field on
    full boards and the board count allows the construction."""
    if not history or len(set(players)) != len(players) or len(players) % BOARD_SIZE:
        return None
    if not cyclic_works(len(players) // BOARD_SIZE):
        return None
    rounds: dict[int, list[PastBoard]] = {}
    for board in history:
        rounds.setdefault(board.round, []).append(board)
    field = set(players)
    ordered = [sorted(rounds[r], key=lambda b: b.board) for r in sorted(rounds)]
    for boards_of_round in ordered:
        seated = [p for b in boards_of_round for p in b.powers.values()]
        if len(seated) != len(field) or set(seated) != field:
            return None
        if any(len(b.powers) != BOARD_SIZE for b in boards_of_round):
            return None
    return ordered


def _affine_plane(ordered: Sequence[Sequence[PastBoard]]) -> Plan | None:
    """Coordinates of AG(2, 7) in which every played round is a parallel class.

    Round one gives x (its board), round two y (its board), both labelled arbitrarily at first;
    a third round must then be the lines y - x = c once the labels are right. Fixing one point
    at the origin and the unit of y, the third round's boards must follow each other in one
    7-cycle, which fixes every label; every round is then checked."""
    order = BOARD_SIZE
    board_in = [{p: i for i, b in enumerate(r) for p in b.powers.values()} for r in ordered]
    players = list(board_in[0])
    cell = {(board_in[0][p], board_in[1][p]): p for p in players}
    if len(cell) != len(players):
        return None  # rounds one and two share a pair: not two classes of a plane
    if len(ordered) == 2:
        point = {p: (board_in[0][p], board_in[1][p]) for p in players}
        return Plan(order, point, [order, 0], [], rows_known=False)
    third = board_in[2]
    for y1 in range(1, order):
        # y board 0 has label 0, y board y1 label 1; x board 0 label 0
        step = {third[cell[(x, 0)]]: third[cell[(x, y1)]] for x in range(order)}
        if len(step) != order or len(set(step.values())) != order:
            return None
        label = {third[cell[(0, 0)]]: 0}
        current = third[cell[(0, 0)]]
        for k in range(1, order):
            current = step[current]
            if current in label:
                break
            label[current] = k
        if len(label) != order:
            continue
        # tau(y) - sigma(x) = label(third board), with sigma(x0) = 0 and tau(y0) = 0
        tau = {y: label[third[cell[(0, y)]]] for y in range(order)}
        sigma = {x: -label[third[cell[(x, 0)]]] % order for x in range(order)}
        point = {p: (sigma[board_in[0][p]], tau[board_in[1][p]]) for p in players}
        plan = Plan(order, point, [order, 0], [], rows_known=False)
        if all(_shift_of(plan, rnd) is not None for rnd in ordered[2:]):
            shifts = [order, 0] + [_shift_of(plan, rnd) for rnd in ordered[2:]]
            if len(set(shifts)) == len(shifts):
                plan.used_shifts = [s for s in shifts if s is not None]
                return plan
    return None


def _shift_of(plan: Plan, boards_of_round: Sequence[PastBoard]) -> int | None:
    """The shift r (or the x-class, r = boards) of a played round in the plan's coordinates."""
    keys_per_shift = []
    for shift in range(plan.boards + 1):
        ok = True
        for board in boards_of_round:
            points = [plan.point[p] for p in board.powers.values()]
            if shift == plan.boards:
                keys = {x for x, _ in points}
            else:
                keys = {(y - shift * x) % plan.boards for x, y in points}
            if len(keys) != 1:
                ok = False
                break
        if ok:
            keys_per_shift.append(shift)
    return keys_per_shift[0] if keys_per_shift else None


def _match_round(plan: Plan, boards_of_round: Sequence[PastBoard]) -> tuple[int, tuple] | None:
    """The shift r and power row of a played round, if it is a round of the construction."""
    first = list(boards_of_round[0].powers.values())
    (x0, y0), (x1, y1) = plan.point[first[0]], plan.point[first[1]]
    if x0 == x1:
        return None  # the eighth (x-class) round of the plane, or not the construction at all
    shift = (y0 - y1) * pow(x0 - x1, -1, plan.boards) % plan.boards
    row = [-1] * BOARD_SIZE
    for board in boards_of_round:
        keys = {(y - shift * x) % plan.boards for x, y in (plan.point[p] for p in board.powers.values())}
        if len(keys) != 1:
            return None
        for power, player in board.powers.items():
            x = plan.point[player][0]
            index = POWER_INDEX[power]
            if row[x] not in (-1, index):
                return None
            row[x] = index
    if sorted(row) != list(range(BOARD_SIZE)):
        return None
    return shift, tuple(row)


def planned_round(
    plan: Plan, shift: int, row: tuple[int, ...] | None
) -> list[tuple[list[str], dict[str, str]]]:
    """Boards of the planned round with their powers (empty when the row is None)."""
    result = []
    for group in plan.seat(shift):
        powers: dict[str, str] = {}
        if row is not None and shift != plan.boards:
            for player in group:
                powers[POWERS[row[plan.point[player][0]]]] = player
        result.append((group, powers))
    return result


def place_on_tables(
    groups: Sequence[Sequence[str]], locked: Mapping[str, int]
) -> list[int] | None:
    """Table index (0-based) for each group so that locked players sit at their tables, or None
    when two locks clash."""
    table_of: dict[int, int] = {}
    for index, group in enumerate(groups):
        wanted = {locked[p] for p in group if p in locked}
        if len(wanted) > 1:
            return None
        if wanted:
            table = wanted.pop()
            if table in table_of.values() or not 0 <= table < len(groups):
                return None
            table_of[index] = table
    free = iter(t for t in range(len(groups)) if t not in table_of.values())
    return [table_of[i] if i in table_of else next(free) for i in range(len(groups))]
