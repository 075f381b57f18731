"""Round scores: best-N counting, double boards, sit-outs, multipliers, scoring on the fly."""

from __future__ import annotations

import dataclasses

from tdapp.core.formats import copy_format, get_format
from tdapp.core.powers import POWERS
from tdapp.core.tournament import Board, SitOut, Tournament, compute_standings
from tdapp.core.tournament.results import ScoreSheet
from tests.core.tournament.tournament_helpers import board, players

PLAIN_2025 = copy_format(get_format("wdc-2025"), name="plain", pool=None, final_ranking="total",
                         champion_tie_breakers=None, tie_breakers=("best-game",))


def test_best_two_of_rounds_1_to_3_plus_round_4() -> None:
    t = Tournament(players("a", "b"), (
        board(1, 1, ["a", "b"], [100, 10]),
        board(2, 1, ["a", "b"], [50, 20]),
        board(3, 1, ["a", "b"], [80, 30]),
        board(4, 1, ["a", "b"], [60, 40]),
    ))
    s = compute_standings(t, PLAIN_2025)
    a = s.row("a")
    assert a.score == 240  # 100 + 80 + 60
    assert [(e.round, e.counted, e.dropped) for e in a.rounds] == [
        (1, True, False), (2, False, True), (3, True, False), (4, True, False)]
    assert s.row("b").score == 20 + 30 + 40


def test_a_player_who_played_one_qualifying_round_counts_just_that_one() -> None:
    t = Tournament(players("a", "b"), (board(1, 1, ["a", "b"], [70, 10]),
                                       board(4, 1, ["a", "b"], [5, 5])))
    row = compute_standings(t, PLAIN_2025).row("a")
    assert row.score == 75
    assert [e.source for e in row.rounds] == ["board", "absent", "absent", "board"]


def test_two_boards_in_a_round_keep_the_better_score() -> None:
    t = Tournament(players("a", "b", "c"), (
        board(1, 1, ["a", "b"], [30, 10]),
        board(1, 2, ["c", "a"], [20, 70]),
    ))
    entry = compute_standings(t, PLAIN_2025).row("a").rounds[0]
    assert (entry.score, entry.board, entry.power, entry.other_boards) == (70, 2, "ENGLAND", (1,))


def test_two_boards_where_the_format_forbids_them_is_reported() -> None:
    fmt = copy_format(PLAIN_2025, name="single", two_boards_allowed=False)
    t = Tournament(players("a", "b", "c"), (board(1, 1, ["a", "b"], [30, 10]),
                                            board(1, 2, ["c", "a"], [20, 70])))
    s = compute_standings(t, fmt)
    assert any("a played 2 boards in round 1" in i for i in s.issues)


def test_a_sit_out_bonus_is_the_round_score() -> None:
    t = Tournament(players("a", "b"), (board(1, 1, ["a", "b"], [30, 10]),),
                   sit_outs=(SitOut(2, "a", bonus=45.0),))
    s = compute_standings(t, PLAIN_2025, through=2)
    entry = s.row("a").rounds[1]
    assert entry.source == "sit-out" and entry.score == 45 and entry.counted
    assert s.row("a").score == 75


def test_pool_players_round_4_score_is_multiplied() -> None:
    fmt = get_format("wdc-2025")
    t = Tournament(players("a", "b"), (board(4, 1, ["a", "b"], [100, 100]),), pool=("a",))
    sheet = ScoreSheet(t, fmt, 4, pool=frozenset({"a"}))
    assert sheet.entries["a"][4].score == 150 and sheet.entries["a"][4].multiplier == 1.5
    assert sheet.entries["b"][4].score == 100


def test_wdc_2018_a_fourth_preliminary_never_counts_and_the_note_names_the_player() -> None:
    """Seed 002: "Players may participate in no more than three of the four preliminary
    rounds." A fourth board breaks the rule: the first three count, not the best three of four,
    and the note names the player."""
    fmt = copy_format(get_format("wdc-2018"), name="t18", top_board=None, final_ranking="total")
    t = Tournament(players("a", "b"), tuple(
        board(r, 1, ["a", "b"], [s, 0]) for r, s in ((1, 10), (2, 20), (3, 30), (4, 40))))
    t = Tournament(tuple(dataclasses.replace(p, name=f"Name {p.id}") for p in t.players),
                   t.boards)
    s = compute_standings(t, fmt)
    assert s.row("a").score == 60
    assert [(e.round, e.counted) for e in s.row("a").rounds[:4]] == [
        (1, True), (2, True), (3, True), (4, False)]
    assert ("Name a played 4 of rounds 1, 2, 3, 4; at most 3 allowed, so round 4 does not "
            "count") in s.issues


def test_wdc_2018_a_sit_out_is_not_a_round_played() -> None:
    """Seed 002: "Players may participate in no more than three of the four preliminary
    rounds." Sitting out a round (stored as a 0 sit-out) is not participating: three boards and
    a sit-out are legal, all three boards count and nothing is noted."""
    fmt = copy_format(get_format("wdc-2018"), name="t18", top_board=None, final_ranking="total")
    t = Tournament(players("a", "b"), tuple(
        board(r, 1, ["a", "b"], [s, 0]) for r, s in ((2, 0), (3, 30), (4, 40))),
        sit_outs=(SitOut(1, "a", bonus=0.0), SitOut(1, "b", bonus=0.0)))
    s = compute_standings(t, fmt)
    assert not [i for i in s.issues if "allowed" in i]
    assert s.row("a").score == 70
    # The 0 of round 2's board counts, not the 0 of the sit-out.
    assert [(e.round, e.source, e.counted) for e in s.row("a").rounds[:4]] == [
        (1, "sit-out", False), (2, "board", True), (3, "board", True), (4, "board", True)]


def test_a_board_without_scores_is_scored_with_the_rounds_system() -> None:
    seats = [f"p{i}" for i in range(7)]
    game = Board(1, 1, dict(zip(POWERS, seats, strict=True)),
                 centers=dict(zip(POWERS, [10, 9, 8, 5, 2, 0, 0], strict=True)), end_year=1909,
                 eliminated={"RUSSIA": 1905, "TURKEY": 1907})
    t = Tournament(players(*seats), (game,))
    s = compute_standings(t, PLAIN_2025)
    assert [s.row(p).score for p in seats[:5]] == [171, 145, 124, 83, 42]  # seed 001 IX.3.a


def test_an_unplayed_board_is_reported_not_scored() -> None:
    t = Tournament(players("a", "b"), (Board(1, 1, {"AUSTRIA": "a", "ENGLAND": "b"}),))
    s = compute_standings(t, PLAIN_2025)
    assert s.row("a").score == 0
    assert "round 1 board 1 has no result yet" in s.issues


def test_a_custom_scorer_is_used_when_given() -> None:
    game = Board(1, 1, {"AUSTRIA": "a", "ENGLAND": "b"}, centers={"AUSTRIA": 3, "ENGLAND": 4},
                 end_year=1905)
    t = Tournament(players("a", "b"), (game,))
    s = compute_standings(t, PLAIN_2025, scorer=lambda name, g: {p: c * 2.0 for p, c in
                                                                  g.centers.items()})
    assert (s.row("b").rank, s.row("b").score, s.row("a").score) == (1, 8, 6)


def test_before_any_round_everyone_is_level_without_a_tie_for_the_td() -> None:
    s = compute_standings(Tournament(players("a", "b")), PLAIN_2025)
    assert s.through == 0 and {r.rank for r in s.rows} == {1}
    assert {r.tie for r in s.rows} == {"shared"} and s.open_ties() == []


def test_standings_as_json_keep_every_round_and_mark() -> None:
    import json

    t = Tournament(players("a", "b"), (board(1, 1, ["a", "b"], [100, 10]),
                                       board(2, 1, ["a", "b"], [50, 20]),
                                       board(3, 1, ["a", "b"], [80, 30])))
    doc = json.loads(json.dumps(compute_standings(t, PLAIN_2025).to_dict()))
    first = doc["standings"][0]
    assert (first["rank"], first["player"], first["score"]) == (1, "a", 180.0)
    assert [r["dropped"] for r in first["rounds"]] == [False, True, False]
    assert first["reason"] == "higher score (180 against 50)" and doc["through"] == 3
