from __future__ import annotations

from tdapp.core.seating.history import History
from tdapp.core.seating.model import Board, PastBoard
from tdapp.core.seating.review import call_by_player, review_round, set_power, swap_players


def setup():
    history = History.from_boards([
        PastBoard(1, 1, {"AUSTRIA": "ann", "ENGLAND": "bob", "FRANCE": "cat"}),
        PastBoard(2, 1, {"AUSTRIA": "bob", "ENGLAND": "ann", "FRANCE": "dan"}),
    ])
    boards = [
        Board(1, ["ann", "bob", "eve"], {"AUSTRIA": "ann", "ENGLAND": "eve", "FRANCE": "bob"}),
        Board(2, ["cat", "dan", "fay"], {"AUSTRIA": "cat", "ENGLAND": "dan", "FRANCE": "fay"}),
    ]
    return history, boards


def test_every_issue_is_listed():
    history, boards = setup()
    stats, issues = review_round(boards, history, keep_apart=[("cat", "fay")],
                                 locked_seats={"eve": 2})
    assert stats.repeat_pairs == 1 and stats.repeat_meetings == 2
    assert stats.power_repeats == 1  # ann played Austria in round 1
    assert stats.keep_apart_violations == 1
    assert stats.locked_seat_violations == 1
    messages = [i.message for i in issues]
    assert "ann and bob have met 2 times before" in messages
    assert "ann has played Austria once before" in messages
    assert "cat and fay should be kept apart" in messages
    assert "eve is locked to board 2" in messages


def test_swap_recomputes_live():
    history, boards = setup()
    swap_players(boards, "bob", 1, "fay", 2)
    assert boards[0].powers["FRANCE"] == "fay" and boards[1].powers["FRANCE"] == "bob"
    assert boards[0].seats == ["ann", "fay", "eve"]
    stats, issues = review_round(boards, history)
    assert stats.repeat_pairs == 2  # bob has met both cat and dan
    assert {i.players for i in issues if i.kind == "repeat"} == {("bob", "cat"), ("bob", "dan")}


def test_set_power_by_hand_swaps_with_the_holder():
    history, boards = setup()
    set_power(boards[1], "cat", "FRANCE")
    assert boards[1].powers == {"AUSTRIA": "fay", "ENGLAND": "dan", "FRANCE": "cat"}
    stats, issues = review_round(boards, history)
    assert stats.power_repeats == 2
    assert "cat has played France once before" in [i.message for i in issues]


def test_call_by_player_is_alphabetical():
    _, boards = setup()
    rows = call_by_player(boards)
    assert [r[0] for r in rows] == ["ann", "bob", "cat", "dan", "eve", "fay"]
    assert rows[0] == ("ann", 1, "AUSTRIA")
