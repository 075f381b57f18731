"""When a board's game ends and the centres its result is made of, on real phases and
positions. No database."""

from __future__ import annotations

import pytest

from tdapp.core.board.contract import position_to_contract
from tdapp.core.board.position import Position
from tdapp.core.formats import get_format
from tdapp.core.game.ending import (
    center_history,
    eliminations,
    fall_in_hand,
    game_end,
    game_end_after,
    supply_centre_chart,
)
from tdapp.core.game.errors import GameRuleRefusal
from tdapp.core.game.phases import last_completed_fall
from tdapp.core.game.record import NO_ORDERS, PhaseRow, SheetRow
from tdapp.core.powers import POWERS


def test_last_year_and_forced_draw_from_the_format() -> None:
    after_fall = {"next": {"phase": "W1909A"}}
    assert game_end_after("F1909M", after_fall, get_format("edc-2026")) == "last-year"
    assert game_end_after("F1908M", {"next": {"phase": "S1909M"}},
                          get_format("edc-2026")) is None
    # a Fall with retreats to come is not over yet
    assert game_end_after("F1909M", {"next": {"phase": "F1909R"}},
                          get_format("edc-2026")) is None
    assert game_end_after("F1909R", {"next": {"phase": "S1910M"}},
                          get_format("edc-2026")) == "last-year"
    assert game_end_after("F1915M", {"next": {"phase": "S1916M"}},
                          get_format("dbn-2025")) == "draw"
    assert game_end_after("F1915M", {"next": {"phase": "S1916M"}},
                          get_format("wdc-2025")) is None
    assert game_end_after("S1903M", {"next": {"phase": "F1903M"}, "solo": "FRANCE"},
                          get_format("wdc-2025")) == "solo"


def test_eliminations_are_the_first_year_with_no_centre_for_good() -> None:
    hist = {1901: {"ITALY": 4, "TURKEY": 2}, 1902: {"ITALY": 0, "TURKEY": 1},
            1903: {"ITALY": 1, "TURKEY": 0}, 1904: {"ITALY": 0, "TURKEY": 0}}
    assert eliminations(hist) == {"ITALY": 1904, "TURKEY": 1903,
                                  **{p: 1901 for p in POWERS
                                     if p not in ("ITALY", "TURKEY")}}
    assert last_completed_fall("F1905M") == 1904
    assert last_completed_fall("W1905A") == 1905
    assert last_completed_fall("S1906M") == 1905


def row(seq: int, phase: str, board: Position, sheets: dict | None = None) -> PhaseRow:
    position = position_to_contract(board)
    position["phase"] = phase
    return PhaseRow(seq, seq, phase, position, [] if sheets is None else None, None,
                    sheets or {})


def a_game_where_germany_takes_paris_in_1901() -> list[PhaseRow]:
    """S1901M to W1901A as stored, Germany owning Paris from the end of Fall 1901."""
    start = Position.initial()
    after_fall = Position.initial()
    after_fall.centers["PAR"] = "GERMANY"
    return [row(0, "S1901M", start), row(1, "F1901M", start), row(2, "W1901A", after_fall),
            row(3, "S1902M", after_fall, sheets={})]


def test_centres_are_counted_after_each_fall_and_charted_from_the_start() -> None:
    phases = a_game_where_germany_takes_paris_in_1901()
    assert center_history(phases) == {1901: {"AUSTRIA": 3, "ENGLAND": 3, "FRANCE": 2,
                                             "GERMANY": 4, "ITALY": 3, "RUSSIA": 4,
                                             "TURKEY": 3}}
    assert supply_centre_chart(phases) == [("Start", [3, 3, 3, 3, 3, 4, 3]),
                                           ("1901", [3, 3, 2, 4, 3, 4, 3])]
    assert center_history(phases[:2]) == {}  # no Fall over yet


def test_a_game_ended_by_time_is_scored_on_its_last_completed_fall() -> None:
    end = game_end(a_game_where_germany_takes_paris_in_1901(), "time")
    assert (end.end_reason, end.end_year, end.solo, end.draw) == ("time", 1901, None, None)
    assert end.centers["GERMANY"] == 4 and end.history[1901]["FRANCE"] == 2
    assert end.eliminated == {}


def test_a_draw_includes_every_power_with_a_centre_unless_named() -> None:
    phases = a_game_where_germany_takes_paris_in_1901()
    assert game_end(phases, "draw").draw == POWERS
    assert game_end(phases, "draw", ("FRANCE", "GERMANY")).draw == ("FRANCE", "GERMANY")
    assert game_end(phases, "draw").end_year == 1902  # the year the vote was held


def test_eighteen_centres_make_a_solo_whatever_the_reason() -> None:
    board = Position.initial()
    for sc in list(board.centers)[:18]:
        board.centers[sc] = "GERMANY"
    phases = [*a_game_where_germany_takes_paris_in_1901()[:3], row(3, "S1902M", board, {})]
    assert game_end(phases, "time").solo == "GERMANY"
    assert game_end(phases, "time").end_reason == "solo"
    with pytest.raises(GameRuleRefusal, match="No power has 18 centres"):
        game_end(a_game_where_germany_takes_paris_in_1901(), "solo")
    with pytest.raises(GameRuleRefusal, match="not been started"):
        game_end([], "time")


def test_a_fall_is_in_hand_once_one_of_its_sheets_is_in() -> None:
    fall = row(1, "F1901M", Position.initial(), sheets={})
    assert not fall_in_hand(fall) and not fall_in_hand(None)
    fall.sheets["ITALY"] = SheetRow("ITALY", "", NO_ORDERS)
    assert fall_in_hand(fall)
    spring = row(0, "S1901M", Position.initial(),
                 {"ITALY": SheetRow("ITALY", "A Ven H", "entered")})
    assert not fall_in_hand(spring)
