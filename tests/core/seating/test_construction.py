from __future__ import annotations

import random
from itertools import combinations

from tdapp.core.powers import POWERS
from tdapp.core.seating.construction import (
    cyclic_works,
    fresh_plan,
    place_on_tables,
    planned_round,
    recognise_plan,
)
from tdapp.core.seating.history import History
from tdapp.core.seating.model import PastBoard


def as_history(number: int, boards: list[tuple[list[str], dict[str, str]]]) -> list[PastBoard]:
    return [PastBoard(number, i + 1, powers) for i, (_, powers) in enumerate(boards)]


def test_which_board_counts_allow_the_cyclic_construction():
    assert [b for b in range(1, 40) if cyclic_works(b)] == [7, 11, 13, 17, 19, 23, 29, 31, 37]


def test_affine_plane_gives_eight_rounds_without_a_repeated_pair_and_seven_without_powers():
    players = [f"p{i:02d}" for i in range(49)]
    rng = random.Random(4)
    plan = fresh_plan(players, rng)
    past: list[PastBoard] = as_history(1, planned_round(plan, 0, tuple(range(7))))
    for number in range(2, 9):
        plan = recognise_plan(players, past)
        assert plan is not None, f"round {number - 1} not recognised"
        shift = plan.free_shifts()[0]
        row = plan.next_row(rng)
        assert (row is None) == (number == 8)
        past += as_history(number, planned_round(plan, shift, row))
        if number == 8:
            for board in past[-7:]:
                assert board.powers == {}
    history = History.from_boards(past[:49])
    assert max(history.meetings.values()) == 1
    assert len(history.meetings) == 7 * 7 * 21  # every pair of 49 players met exactly once
    for player in players:
        assert all(history.times_played(player, power) == 1 for power in POWERS)


def test_a_random_first_round_is_continued():
    players = [f"p{i:03d}" for i in range(203)]
    shuffled = players[:]
    random.Random(9).shuffle(shuffled)
    first = [PastBoard(1, b + 1, dict(zip(POWERS, shuffled[7 * b:7 * b + 7], strict=True)))
             for b in range(29)]
    plan = recognise_plan(players, first)
    assert plan is not None and plan.used_shifts == [0]
    boards = planned_round(plan, 5, plan.next_row(random.Random(1)))
    history = History.from_boards(first)
    for group, powers in boards:
        assert len(group) == 7
        assert not any(history.met(a, b) for a, b in combinations(group, 2))
        assert not any(history.times_played(p, power) for power, p in powers.items())


def test_foreign_history_or_changed_field_is_not_recognised():
    players = [f"p{i:02d}" for i in range(49)]
    first = [PastBoard(1, b + 1, dict(zip(POWERS, players[7 * b:7 * b + 7], strict=True)))
             for b in range(7)]
    # round 2 repeats round 1's boards with the powers turned: no shift of the construction
    second = [PastBoard(2, b.board, dict(zip(POWERS[1:] + POWERS[:1], b.powers.values(),
                                             strict=True))) for b in first]
    assert recognise_plan(players, first + second) is None
    assert recognise_plan(players[:-7] + [f"q{i}" for i in range(7)], first) is None
    assert recognise_plan(players[:42], first[:6]) is None  # 6 boards: no construction


def test_tables_follow_locked_seats():
    groups = [["a", "b"], ["c", "d"], ["e", "f"]]
    assert place_on_tables(groups, {"e": 0}) == [1, 2, 0]
    assert place_on_tables(groups, {"a": 1, "b": 2}) is None
    assert place_on_tables(groups, {"a": 1, "c": 1}) is None


def plane_history(rounds: list[int], seed: int) -> tuple[list[str], list[PastBoard]]:
    """Rounds of AG(2, 7) (shift r: board (y - r x) mod 7, r = 7: board x) seated by someone
    else: players on random points, boards numbered at random, powers as a Latin square would
    not give them (random among repeat-free choices)."""
    from tdapp.core.seating.powers import assign_round_powers

    rng = random.Random(seed)
    players = [f"p{i:02d}" for i in range(49)]
    points = [(x, y) for x in range(7) for y in range(7)]
    rng.shuffle(points)
    where = dict(zip(players, points, strict=True))
    past: list[PastBoard] = []
    for number, shift in enumerate(rounds, start=1):
        groups: list[list[str]] = [[] for _ in range(7)]
        for player, (x, y) in where.items():
            groups[x if shift == 7 else (y - shift * x) % 7].append(player)
        rng.shuffle(groups)
        powers = assign_round_powers(groups, History.from_boards(past), seed=rng.randrange(99))
        past += [PastBoard(number, b + 1, powers[b]) for b in range(7)]
    return players, past


def test_an_affine_plane_seated_by_someone_else_is_continued():
    from tdapp.core.seating.engine import seat_round
    from tdapp.core.seating.model import SeatingRequest

    for rounds in ([3, 5], [0, 7, 2], [6, 1, 4, 2]):
        players, past = plane_history(rounds, seed=len(rounds))
        plan = recognise_plan(players, past)
        assert plan is not None and not plan.rows_known, rounds
        result = seat_round(SeatingRequest(players, tuple(past), seed=1, time_limit=1))
        assert result.stats.repeat_pairs == 0
        assert result.stats.power_repeats == 0
        assert any("planned rotation" in note for note in result.notes)
