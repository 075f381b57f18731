from __future__ import annotations

from tdapp.core.powers import POWERS
from tdapp.core.seating.history import History, repeat_lower_bound
from tdapp.core.seating.model import PastBoard


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
