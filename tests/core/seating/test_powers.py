from __future__ import annotations

import random

import pytest

from tdapp.core.powers import POWERS
from tdapp.core.seating.history import History
from tdapp.core.seating.model import PastBoard
from tdapp.core.seating.powers import (
    assign_board_powers,
    assign_from_preferences,
    assign_round_powers,
    choosing_order,
    parse_preferences,
)

PLAYERS = [f"p{i}" for i in range(7)]


def history_of(rounds: int) -> History:
    boards = []
    for number in range(rounds):
        rotated = {POWERS[(i + number) % 7]: p for i, p in enumerate(PLAYERS)}
        boards.append(PastBoard(number + 1, 1, rotated))
    return History.from_boards(boards)


def test_nobody_repeats_while_possible():
    history = history_of(6)
    powers = assign_board_powers(PLAYERS, history, random.Random(1))
    assert sorted(powers) == sorted(POWERS)
    assert all(history.times_played(player, power) == 0 for power, player in powers.items())


def test_after_seven_rounds_repeats_are_spread():
    history = history_of(7)
    powers = assign_board_powers(PLAYERS, history)
    assert all(history.times_played(p, power) == 1 for power, p in powers.items())


def test_fixed_powers_are_kept():
    powers = assign_board_powers(PLAYERS, History(), fixed={"p3": "TURKEY"})
    assert powers["TURKEY"] == "p3"


def test_player_on_two_boards_gets_two_powers():
    boards = [PLAYERS[:6] + ["x"], ["x"] + [f"q{i}" for i in range(6)]]
    first, second = assign_round_powers(boards, History(), seed=3)
    power_one = next(p for p, who in first.items() if who == "x")
    power_two = next(p for p, who in second.items() if who == "x")
    assert power_one != power_two


def test_parse_preferences():
    assert parse_preferences("fgirt") == ["FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
    assert parse_preferences("F, G") == ["FRANCE", "GERMANY"]
    with pytest.raises(ValueError, match="unknown power letter"):
        parse_preferences("FX")
    with pytest.raises(ValueError, match="listed twice"):
        parse_preferences("FF")


def test_lowest_ranked_chooses_first():
    prefs = {p: "E" for p in PLAYERS}
    choosing = list(reversed(PLAYERS))  # p6 is ranked lowest
    outcome = assign_from_preferences(PLAYERS, prefs, choosing, History())
    assert outcome.powers["ENGLAND"] == "p6"
    assert sorted(outcome.powers) == sorted(POWERS)
    assert "p6 takes ENGLAND (choice 1)" in outcome.notes


def test_preferences_skip_powers_played_before():
    history = History.from_boards([PastBoard(1, 1, {"FRANCE": "p0"})])
    outcome = assign_from_preferences(PLAYERS, {"p0": "FG"}, ["p0"], history)
    assert outcome.powers["GERMANY"] == "p0"


def test_choosing_order_from_ranking():
    ranking = ["p2", "p0", "p1"]
    assert choosing_order(["p0", "p1", "p2", "new"], ranking) == ["new", "p1", "p0", "p2"]
    assert choosing_order(["p0", "p1"], ranking, lowest_first=False) == ["p0", "p1"]
