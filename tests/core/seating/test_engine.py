from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tdapp.core.powers import POWERS
from tdapp.core.seating.engine import reseed_unlocked, seat_round, validate_players
from tdapp.core.seating.history import History
from tdapp.core.seating.model import PastBoard, SeatingRequest

PLAYERS = [f"p{i:02d}" for i in range(21)]


# Rounds already seated, by (players, seed): a test asking for three rounds after one that
# asked for five gets the first three of those (round n is seated from rounds 1 to n-1 only,
# with its own seed), instead of seating them again (half a second a round, looking ahead).
_SEATED: dict[tuple[tuple[str, ...], int], list[list[PastBoard]]] = {}


def past_rounds(players: list[str], rounds: int, seed: int = 1) -> list[PastBoard]:
    seated = _SEATED.setdefault((tuple(players), seed), [])
    while len(seated) < rounds:
        number = len(seated) + 1
        past = tuple(board for played in seated for board in played)
        result = seat_round(SeatingRequest(players, past, seed=seed + number, time_limit=0.5))
        seated.append([PastBoard(number, b.number, dict(b.powers)) for b in result.boards])
    # copies: a test may change what it is given
    return [PastBoard(b.round, b.board, dict(b.powers)) for played in seated[:rounds]
            for b in played]


def test_count_not_a_multiple_of_seven_says_how_many():
    with pytest.raises(ValueError, match="add 5 .* or remove 2"):
        validate_players(PLAYERS[:9])
    with pytest.raises(ValueError, match="listed 3 times"):
        validate_players(["a"] * 3 + PLAYERS[:11])


def test_balanced_round_has_full_boards_and_no_repeated_power():
    past = past_rounds(PLAYERS, 3)
    result = seat_round(SeatingRequest(PLAYERS, tuple(past), seed=5, time_limit=0.5))
    assert [len(b.seats) for b in result.boards] == [7, 7, 7]
    assert sorted(p for b in result.boards for p in b.seats) == sorted(PLAYERS)
    assert all(sorted(b.powers) == sorted(POWERS) for b in result.boards)
    assert result.stats.power_repeats == 0
    history = History.from_boards(past)
    repeats = sum(1 for b in result.boards for x, y in combinations(b.seats, 2)
                  if history.met(x, y))
    assert result.stats.repeat_pairs == repeats


def test_same_seed_same_round():
    past = tuple(past_rounds(PLAYERS, 2))
    # a generous limit: the seed decides, not how busy the machine is
    one = seat_round(SeatingRequest(PLAYERS, past, seed=11, time_limit=60))
    two = seat_round(SeatingRequest(PLAYERS, past, seed=11, time_limit=60))
    assert [b.powers for b in one.boards] == [b.powers for b in two.boards]


def test_keep_apart_locked_seats_and_two_boards():
    players = PLAYERS[:20] + ["p00"]  # p00 plays two boards, p20 sits out
    request = SeatingRequest(players, tuple(past_rounds(PLAYERS, 2)),
                             keep_apart=[("p01", "p02"), ("p03", "p04")],
                             locked_seats={"p05": 3}, seed=2, time_limit=0.5)
    result = seat_round(request)
    for board in result.boards:
        assert Counter(board.seats)["p00"] <= 1
        assert not {"p01", "p02"} <= set(board.seats)
        assert not {"p03", "p04"} <= set(board.seats)
    assert "p05" in result.boards[2].seats
    assert sum(b.seats.count("p00") for b in result.boards) == 2
    assert result.stats.keep_apart_violations == 0


def test_progress_and_cancel_are_honoured():
    past = tuple(past_rounds(PLAYERS, 4))
    fractions: list[float] = []
    result = seat_round(SeatingRequest(PLAYERS, past, seed=3, time_limit=0.5),
                        progress=fractions.append, cancel=lambda: True)
    assert len(result.boards) == 3
    assert fractions and fractions[-1] == 1.0


def test_ranked_and_seed_order():
    ranking = list(reversed(PLAYERS))
    ranked = seat_round(SeatingRequest(PLAYERS, method="ranked", ranking=ranking))
    assert set(ranked.boards[0].seats) == set(ranking[:7])
    seeded = seat_round(SeatingRequest(PLAYERS, method="seed_order", ranking=ranking))
    tops = [b.seats[0] for b in seeded.boards]
    assert tops == ranking[:3]
    assert set(seeded.boards[0].seats) == set(ranking[0::3])


def test_weighted_opens_each_board_with_the_best_unseated_player():
    ranking = list(PLAYERS)
    result = seat_round(SeatingRequest(PLAYERS, method="weighted", ranking=ranking, seed=4))
    assert result.boards[0].seats[0] == "p00"
    first = set(result.boards[0].seats)
    best_left = min((p for p in PLAYERS if p not in first), key=ranking.index)
    assert result.boards[1].seats[0] == best_left


def test_random_is_reproducible_and_keeps_pairs_apart():
    request = SeatingRequest(PLAYERS, method="random", seed=8, keep_apart=[("p00", "p01")])
    one, two = seat_round(request), seat_round(request)
    assert [b.seats for b in one.boards] == [b.seats for b in two.boards]
    assert one.stats.keep_apart_violations == 0


def test_team_round_keeps_team_mates_apart_with_their_powers():
    teams = {f"t{t}": {power: f"t{t}{power[:2]}" for power in POWERS} for t in range(7)}
    players = [p for team in teams.values() for p in team.values()]
    result = seat_round(SeatingRequest(players, method="team", teams=teams, seed=1))
    for board in result.boards:
        assert len({p[:2] for p in board.seats}) == 7
        for power, player in board.powers.items():
            assert player.endswith(power[:2])
    with pytest.raises(ValueError, match="at least 7 teams"):
        few = {k: v for k, v in list(teams.items())[:3]}
        seat_round(SeatingRequest([p for t in few.values() for p in t.values()],
                                  method="team", teams=few))


def test_reseed_keeps_locked_boards():
    past = tuple(past_rounds(PLAYERS, 2))
    request = SeatingRequest(PLAYERS, past, seed=1, time_limit=0.5)
    first = seat_round(request)
    again = reseed_unlocked(request, first.boards, locked_boards={2})
    assert again.boards[1].seats == first.boards[1].seats
    assert again.boards[1].powers == first.boards[1].powers
    assert sorted(p for b in again.boards for p in b.seats) == sorted(PLAYERS)


def test_unknown_method():
    with pytest.raises(ValueError, match="unknown method"):
        seat_round(SeatingRequest(PLAYERS, method="alphabetical"))


def test_random_rounds_still_avoid_repeated_powers():
    past: list[PastBoard] = []
    for number in range(1, 7):
        result = seat_round(SeatingRequest(PLAYERS, tuple(past), method="random", seed=number,
                                           time_limit=1))
        assert result.stats.power_repeats == 0, f"round {number}"
        past += [PastBoard(number, b.number, dict(b.powers)) for b in result.boards]


def test_a_single_board_is_seated_at_once():
    players = PLAYERS[:7]
    past = tuple(past_rounds(players, 7))
    result = seat_round(SeatingRequest(players, past, seed=1, time_limit=5))
    assert sorted(result.boards[0].seats) == sorted(players)
    assert result.stats.repeat_pairs == 21


def test_late_arrival_replaces_a_double_in_the_boards_not_started():
    players = PLAYERS[:20] + ["p00"]
    request = SeatingRequest(players, seed=1, time_limit=0.5)
    first = seat_round(request)
    started = next(b for b in first.boards if "p00" not in b.seats)
    late = PLAYERS[:20] + ["late"]  # p00 now plays one board only; "late" takes the other seat
    again = reseed_unlocked(request, first.boards, {started.number}, players=late)
    assert again.boards[started.number - 1].seats == started.seats
    seated = Counter(p for b in again.boards for p in b.seats)
    assert seated["late"] == 1 and seated["p00"] == 1


def test_progress_ends_at_one_without_a_search():
    fractions: list[float] = []
    seat_round(SeatingRequest([f"q{i}" for i in range(49)], seed=1), progress=fractions.append)
    assert fractions == [1.0]


def test_a_small_field_is_seated_with_the_next_round_in_view():
    past = tuple(past_rounds(PLAYERS, 4))
    ahead = seat_round(SeatingRequest(PLAYERS, past, seed=3, time_limit=60))
    assert any("next round" in note for note in ahead.notes)
    assert ahead.stats.power_repeats == 0
    # the last round of the tournament has no next round to prepare
    last = seat_round(SeatingRequest(PLAYERS, past, seed=3, time_limit=60, last_round=5))
    assert not any("next round" in note for note in last.notes)
    assert last.stats.power_repeats == 0


def test_looking_ahead_never_costs_this_round_a_repeated_power_or_a_keep_apart_pair():
    past = tuple(past_rounds(PLAYERS, 5))
    apart = [("p01", "p02"), ("p03", "p04")]
    result = seat_round(SeatingRequest(PLAYERS, past, keep_apart=apart, seed=4, time_limit=60))
    assert result.stats.power_repeats == 0
    assert result.stats.keep_apart_violations == 0
