"""The rules of a player who leaves a game (WDC 2025 III.3; WDC 2018, the same words):
"Scoring of this position will be at the discretion of the TD. A player eliminated from the game
may not play another position in the same game as a replacement." """

from __future__ import annotations

import pytest

from tdapp.core.game.errors import GameRuleRefusal
from tdapp.core.game.replacement import (
    Replacement,
    check_replacement,
    check_scoring,
    civil_disorder_powers,
    credits,
)

SEATED = {"AUSTRIA": "a", "ENGLAND": "e", "FRANCE": "f", "TURKEY": "t"}


def test_an_eliminated_player_may_not_replace_another_power() -> None:
    with pytest.raises(GameRuleRefusal, match="eliminated from this game"):
        check_replacement("ENGLAND", "e", "t", SEATED, eliminated={"TURKEY"})
    with pytest.raises(GameRuleRefusal, match="already plays France"):
        check_replacement("ENGLAND", "e", "f", SEATED, eliminated=())
    with pytest.raises(GameRuleRefusal, match="already left this game"):
        check_replacement("ENGLAND", "e", "x", SEATED, eliminated=(), departed={"x"})
    with pytest.raises(GameRuleRefusal, match="already out of the game"):
        check_replacement("TURKEY", "t", "x", SEATED, eliminated={"TURKEY"})
    check_replacement("ENGLAND", "e", "x", SEATED, eliminated={"TURKEY"})  # anyone else may
    check_replacement("ENGLAND", "e", None, SEATED, eliminated=())  # civil disorder


def test_each_player_of_a_seat_is_credited_as_the_td_decided() -> None:
    first = Replacement("ENGLAND", "S1903M", left="e", replaced_by="x", leaver_scoring="value",
                        leaver_score=2.0)
    second = Replacement("ENGLAND", "F1906M", left="x", replaced_by="y",
                         leaver_scoring="position", finisher_scoring="value", finisher_score=7.5)
    assert credits("ENGLAND", "y", 30.0, (first, second)) == [("e", 2.0), ("x", 30.0),
                                                              ("y", 7.5)]
    assert credits("FRANCE", "f", 12.0, (first, second)) == [("f", 12.0)]  # untouched seat
    default = Replacement("ENGLAND", "S1903M", left="e", replaced_by="x")
    assert credits("ENGLAND", "x", 30.0, (default,)) == [("e", 0.0), ("x", 30.0)]


def test_civil_disorder_is_the_last_word_on_a_seat() -> None:
    gone = Replacement("ITALY", "S1904M", left="i", replaced_by=None)
    assert civil_disorder_powers([gone]) == {"ITALY"}
    later = Replacement("ITALY", "F1905M", left="i", replaced_by="z")
    assert civil_disorder_powers([gone, later]) == set()  # filled after all


def test_a_td_value_must_be_given() -> None:
    with pytest.raises(GameRuleRefusal, match="Enter the leaving player's score"):
        check_scoring("value", None, "leaving player")
    with pytest.raises(GameRuleRefusal, match="must be one of"):
        check_scoring("half", None, "replacement")


def test_a_seat_in_civil_disorder_then_filled_credits_the_leaver_once() -> None:
    gone = Replacement("ITALY", "S1904M", left="i", replaced_by=None)
    later = Replacement("ITALY", "F1905M", left="i", replaced_by="z", leaver_scoring="value",
                        leaver_score=1.0)
    assert credits("ITALY", "z", 20.0, (gone, later)) == [("i", 1.0), ("z", 20.0)]
