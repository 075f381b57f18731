"""WDC 2025 round 4 (seed 001 II.2, II.2.a, II.4): the championship pool seated apart."""

from __future__ import annotations

import pytest

from tdapp.core.powers import POWERS
from tdapp.core.seating.engine import seat_round
from tdapp.core.seating.model import PastBoard, SeatingRequest

POOL = [f"pool{i:02d}" for i in range(21)]
OTHERS = [f"other{i:02d}" for i in range(35)]


def _history() -> list[PastBoard]:
    """Three earlier rounds of eight boards over the 56 players."""
    everyone = POOL + OTHERS
    boards = []
    for round_number in (1, 2, 3):
        shift = 3 * round_number
        order = everyone[shift:] + everyone[:shift]
        for b in range(8):
            seats = order[b::8]
            boards.append(PastBoard(round_number, b + 1, dict(zip(POWERS, seats, strict=True))))
    return boards


def test_pool_plays_among_itself_on_the_first_three_boards():
    """II.2: "The 21 top ranked players from the qualifying rounds, based on their best two
    scores, will participate in the "Championship Pool" in Round 4"; II.2.b: "All remaining
    players will be seeded in a separate pool"."""
    request = SeatingRequest(POOL + OTHERS, _history(), seed=4, time_limit=1.0, pool=POOL)
    result = seat_round(request)
    assert result.pool_boards == [1, 2, 3]
    for board in result.boards[:3]:
        assert set(board.seats) <= set(POOL)
        assert sorted(board.powers) == sorted(POWERS)
    assert {p for b in result.boards[3:] for p in b.seats} == set(OTHERS)
    assert any("pool" in note.lower() for note in result.notes)


def test_pool_boards_do_not_reveal_its_ranking():
    """II.2.a: "The specific ranking of individual players will not be made public." The same
    pool given in two different orders is seated the same way."""
    history = _history()
    ranked = seat_round(SeatingRequest(POOL + OTHERS, history, seed=9, time_limit=0.5, pool=POOL))
    reversed_pool = list(reversed(POOL))
    shuffled = seat_round(SeatingRequest(reversed_pool + OTHERS, history, seed=9,
                                         time_limit=0.5, pool=reversed_pool))
    assert [sorted(b.seats) for b in ranked.boards[:3]] == \
        [sorted(b.seats) for b in shuffled.boards[:3]]
    assert sorted(ranked.boards[0].seats) != sorted(POOL[:7])


def test_pool_avoids_repeated_powers_where_possible():
    """II.2 seats the pool by the same rules: nobody plays a power a second time when a board
    can avoid it."""
    history = _history()
    result = seat_round(SeatingRequest(POOL + OTHERS, history, seed=2, time_limit=1.0, pool=POOL))
    assert result.stats.power_repeats == 0


def test_team_round_outside_the_pool():
    """II.4.c: "The TD will assign boards such that teammates do not play together."; II.4.a:
    "One player from the team will play each country, and this will be assigned by the team."
    """
    outside = [f"t{t}{power[:2]}" for t in range(7) for power in POWERS]
    teams = {f"t{t}": {power: f"t{t}{power[:2]}" for power in POWERS} for t in range(7)}
    result = seat_round(SeatingRequest(POOL + outside, seed=1, time_limit=1.0, pool=POOL,
                                       method="team", teams=teams))
    assert result.pool_boards == [1, 2, 3]
    team_of = {p: t for t, members in teams.items() for p in members.values()}
    for board in result.boards[3:]:
        assert len({team_of[p] for p in board.seats}) == 7
        for power, player in board.powers.items():
            assert teams[team_of[player]][power] == player


def test_pool_or_rest_not_filling_boards_is_said_in_words():
    with pytest.raises(ValueError, match="championship pool hold 20 seats"):
        seat_round(SeatingRequest(POOL + OTHERS, pool=POOL[:20]))
    with pytest.raises(ValueError, match="pool03 not playing this round: mark them present"):
        seat_round(SeatingRequest([p for p in POOL if p != "pool03"] + OTHERS + ["z"],
                                  pool=POOL))
