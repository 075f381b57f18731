from __future__ import annotations

import random
from itertools import combinations

from tdapp.core.powers import POWERS
from tdapp.core.seating.engine import seat_round
from tdapp.core.seating.history import History, meeting_cost, repeat_lower_bound
from tdapp.core.seating.model import PastBoard, SeatingRequest


def round_of(number: int, players: list[str]) -> list[PastBoard]:
    boards = []
    for index in range(0, len(players), 7):
        group = players[index:index + 7]
        boards.append(PastBoard(number, index // 7 + 1, dict(zip(POWERS, group, strict=True))))
    return boards


def test_meetings_and_powers_are_counted_per_player():
    players = [f"p{i}" for i in range(7)]
    history = History.from_boards(round_of(1, players) + round_of(2, players))
    assert history.met("p0", "p6") == 2
    assert history.met("p0", "p0") == 0
    assert history.times_played("p0", "AUSTRIA") == 2
    assert history.unplayed_mask("p0") == 0b1111110
    assert history.unplayed_mask("newcomer") == 0b1111111
    assert history.opponents("p3") == set(players) - {"p3"}


def test_pigeonhole_bounds_of_the_seating_notes():
    # fewer than seven boards: 15 repeated pairs at 21, 10 at 35, 6 at 42 players
    for count, expected in ((21, 15), (35, 10), (42, 6)):
        players = [f"p{i}" for i in range(count)]
        bound = repeat_lower_bound(players, History.from_boards(round_of(1, players)))
        assert bound.pairs == expected
        assert bound.meetings == expected


def test_meeting_bound_adds_up_over_rounds():
    players = [f"p{i}" for i in range(35)]
    shuffled = players[::5] + players[1::5] + players[2::5] + players[3::5] + players[4::5]
    history = History.from_boards(round_of(1, players) + round_of(2, shuffled))
    bound = repeat_lower_bound(players, history)
    assert bound.meetings == 20
    assert bound.pairs == 10


def test_no_history_no_bound():
    players = [f"p{i}" for i in range(49)]
    assert repeat_lower_bound(players, History()).pairs == 0


def test_the_balanced_cost_follows_the_issue_rule():
    # a first meeting is free, every repeated pair costs, and a pair meeting for the third time
    # counts more than two pairs meeting for the second (issue 5)
    assert meeting_cost(0) == 0
    assert 0 < meeting_cost(1) < meeting_cost(2)
    assert meeting_cost(2) > 2 * meeting_cost(1)
    assert meeting_cost(3) > meeting_cost(2) + meeting_cost(1)


def test_the_cost_bound_never_exceeds_a_seating_found():
    rng = random.Random(5)
    players = [f"p{i}" for i in range(21)]
    past: list[PastBoard] = []
    for number in range(1, 6):
        order = players[:]
        rng.shuffle(order)
        past += round_of(number, order)
        history = History.from_boards(past)
        bound = repeat_lower_bound(players, history)
        result = seat_round(SeatingRequest(players, tuple(past), seed=number, time_limit=0.5))
        cost = sum(meeting_cost(history.met(a, b))
                   for board in result.boards for a, b in combinations(board.seats, 2))
        assert bound.cost <= cost, f"round {number + 1}"
        assert bound.cost == 2 * bound.meetings + 3 * bound.pairs
