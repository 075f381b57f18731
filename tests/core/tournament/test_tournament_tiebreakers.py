"""Each tie-breaker criterion, the explanation it writes, and ties left to the TD."""

from __future__ import annotations

import random

import pytest

from tdapp.core.formats import copy_format, get_format
from tdapp.core.tournament import Board, Player, TieDecision, Tournament, compute_standings
from tdapp.core.tournament.tiebreakers import criterion_names, draw_lots, known_criterion
from tests.core.tournament.tournament_helpers import board, players

BASE = copy_format(get_format("wdc-2025"), name="tb", pool=None, final_ranking="total",
                   champion_tie_breakers=None, tie_break_places=None, tie_breakers=())


def fmt_with(*criteria: str, **changes: object):
    return copy_format(BASE, tie_breakers=criteria, **changes)


def standings(t: Tournament, *criteria: str, **changes: object):
    return compute_standings(t, fmt_with(*criteria, **changes))


def tied_pair(**kw: object) -> Tournament:
    """a and b both on 200: a 80+60+60 ... the rounds differ per test through kw boards."""
    return Tournament(players("a", "b"), **kw)  # type: ignore[arg-type]


def test_round_4_score() -> None:
    t = tied_pair(boards=(board(1, 1, ["a", "b"], [120, 140]), board(4, 1, ["a", "b"], [80, 60])))
    s = standings(t, "round-score:4")
    assert s.order() == ["a", "b"]
    assert s.row("a").reason == "tied on 200; higher round-4 score (80 against 60)"
    assert s.row("a").tie == "" and s.row("b").rank == 2


def test_higher_single_game() -> None:
    t = tied_pair(boards=(board(1, 1, ["a", "b"], [100, 150]), board(2, 1, ["a", "b"], [100, 50])))
    s = standings(t, "best-game")
    assert s.order() == ["b", "a"]
    assert s.row("b").reason == "tied on 200; higher single game score (150 against 100)"


def test_head_to_head_best_uses_only_games_where_the_tied_players_met() -> None:
    t = Tournament(players("a", "b", "x"), (
        board(1, 1, ["a", "b"], [40, 60]),  # they met: b better
        board(2, 1, ["a", "x"], [160, 0]),  # a's best game, but not against b
        board(2, 2, ["b", "x"], [140, 0]),
    ))
    s = standings(t, "head-to-head-best")
    assert s.order()[:2] == ["b", "a"]
    assert "higher score in a game where the tied players met (60 against 40)" in s.row("b").reason


def test_head_to_head_total_sums_the_games_they_shared() -> None:
    t = tied_pair(boards=(board(1, 1, ["a", "b"], [90, 60]), board(2, 1, ["a", "b"], [10, 40])))
    s = standings(t, "head-to-head-total")  # 100 each in total... a 100, b 100
    assert s.row("a").tie == "td"  # sums equal: nothing separates them
    t2 = tied_pair(boards=(board(1, 1, ["a", "b"], [90, 60]), board(2, 1, ["a", "b"], [10, 30]),
                           board(4, 1, ["b"], [10])))
    s2 = standings(t2, "head-to-head-total")
    assert s2.order() == ["a", "b"]
    assert "(100 against 90)" in s2.row("a").reason


def test_players_who_never_met_skip_head_to_head() -> None:
    t = Tournament(players("a", "b", "x"), (board(1, 1, ["a", "x"], [50, 0]),
                                            board(1, 2, ["b", "x"], [50, 0])))
    s = standings(t, "head-to-head-best")
    assert s.row("a").rank == s.row("b").rank == 1 and s.row("a").tie == "td"


def test_total_centres_in_counted_games() -> None:
    t = tied_pair(boards=(board(1, 1, ["a", "b"], [100, 100], centres=[9, 8]),
                          board(2, 1, ["a", "b"], [1, 1], centres=[0, 20]),  # dropped
                          board(3, 1, ["a", "b"], [50, 50], centres=[1, 1])))
    s = standings(t, "counted-centres")
    assert s.order() == ["a", "b"]
    assert s.row("a").reason == ("tied on 150; more supply centres in the counted games "
                                 "(10 against 9)")


def test_dropped_round() -> None:
    t = tied_pair(boards=(board(1, 1, ["a", "b"], [100, 100]), board(2, 1, ["a", "b"], [50, 50]),
                          board(3, 1, ["a", "b"], [20, 40])))
    s = standings(t, "dropped-round")
    assert s.order() == ["b", "a"]
    assert s.row("b").reason == "tied on 150; higher score in the dropped round (40 against 20)"


def test_count_back_rolls_the_last_round_back_year_by_year() -> None:
    def game(number: int, who: str, history: dict[int, int]) -> Board:
        return Board(1, number, {"AUSTRIA": who}, centers={"AUSTRIA": history[1910]},
                     end_year=1910, history={y: {"AUSTRIA": c} for y, c in history.items()})

    t = Tournament(players("a", "b"), (game(1, "a", {1908: 5, 1909: 6, 1910: 8}),
                                       game(2, "b", {1908: 7, 1909: 6, 1910: 8})))
    s = compute_standings(t, fmt_with("count-back", counting=()),
                          scorer=lambda name, g: {p: 10.0 * c for p, c in g.centers.items()})
    assert s.order() == ["b", "a"]  # equal in 1909, b ahead in 1908
    assert s.row("b").reason == ("tied on 80; ahead on count-back (70 against 50 with the last "
                                 "round 2 years back)")


def test_count_back_without_history_leaves_the_tie_to_the_td() -> None:
    t = tied_pair(boards=(board(1, 1, ["a", "b"], [10, 10]),))
    s = standings(t, "count-back")
    assert s.row("a").tie == s.row("b").tie == "td"
    assert "left to the TD (ahead on count-back: not available for A, B)" in s.row("a").note


def test_distance_from_home_by_km_or_coordinates() -> None:
    near = Player("a", "A", latitude=37.77, longitude=-122.42)  # San Francisco
    far = Player("b", "B", latitude=51.51, longitude=-0.13)  # London
    t = Tournament((near, far), (board(1, 1, ["a", "b"], [50, 50]),), venue=(37.79, -122.41))
    s = standings(t, "distance")
    assert s.order() == ["b", "a"]
    assert "further from home (86" in s.row("b").reason and "km against 2 km)" in s.row("b").reason
    by_km = Tournament((Player("a", distance_km=900.0), Player("b", distance_km=12.0)),
                       (board(1, 1, ["a", "b"], [50, 50]),))
    assert standings(by_km, "distance").order() == ["a", "b"]


def test_unknown_distance_is_not_guessed() -> None:
    t = Tournament((Player("a", distance_km=900.0), Player("b")),
                   (board(1, 1, ["a", "b"], [50, 50]),))
    s = standings(t, "distance")
    assert s.row("a").tie == "td" and "further from home: not available for b" in s.row("a").note


def test_a_recorded_random_draw_settles_what_the_criteria_leave() -> None:
    t = tied_pair(boards=(board(1, 1, ["a", "b"], [50, 50]),),
                  tie_decisions=(TieDecision(("b", "a"), "random-draw"),))
    s = standings(t, "best-game", "random-draw")
    assert s.order() == ["b", "a"] and s.row("b").rank == 1 and s.row("a").rank == 2
    assert s.row("b").reason == "tied on 50; placed first by the recorded random draw"


def test_without_a_recorded_draw_the_tie_stays_for_the_td() -> None:
    t = tied_pair(boards=(board(1, 1, ["a", "b"], [50, 50]),))
    s = standings(t, "best-game", "random-draw")
    assert s.row("a").rank == s.row("b").rank == 1
    assert s.row("a").tie == "td" and s.row("a").reason.endswith("left to the TD")


def test_a_td_decision_always_applies_last() -> None:
    t = tied_pair(boards=(board(1, 1, ["a", "b"], [50, 50]),),
                  tie_decisions=(TieDecision(("b", "a"), "td"),))
    s = standings(t, "best-game")
    assert s.order() == ["b", "a"]
    assert s.row("b").reason == "tied on 50; placed first by the TD's recorded decision"


def test_seed_and_pool_first() -> None:
    t = Tournament((Player("a", seed=9), Player("b", seed=2)),
                   (board(1, 1, ["a", "b"], [50, 50]),))
    s = standings(t, "seed")
    assert s.order() == ["b", "a"] and "better seed (seed 2 against seed 9)" in s.row("b").reason
    t2 = tied_pair(boards=(board(1, 1, ["a", "b"], [50, 50]),), pool=("b",))
    fmt = copy_format(get_format("wdc-2025"), name="pf", final_ranking="total")
    assert compute_standings(t2, fmt, through=3).order() == ["b", "a"]


def test_criteria_apply_in_order_and_only_when_needed() -> None:
    t = Tournament(players("a", "b", "c"), (
        board(1, 1, ["a", "b", "c"], [100, 150, 100]),
        board(4, 1, ["a", "b", "c"], [100, 50, 80]),
        board(2, 1, ["c"], [20]),
    ))
    s = standings(t, "round-score:4", "best-game")
    # a and b tie on 200 (a ahead on round 4), c has 200 too: 80 in round 4
    assert s.order() == ["a", "c", "b"]
    assert s.row("a").reason == "tied on 200; higher round-4 score (100 against 80)"
    assert s.row("c").reason == "tied on 200; higher round-4 score (80 against 50)"


def test_ties_beyond_the_places_the_rules_break_are_shared() -> None:
    ids = [f"p{i}" for i in range(9)]
    t = Tournament(players(*ids), (board(1, 1, ids[:7], [90, 80, 70, 60, 50, 50, 50]),
                                   board(1, 2, ids[7:], [50, 50])))
    s = standings(t, "best-game", tie_break_places=4)
    tied = [s.row(p) for p in ids[4:]]
    assert {r.rank for r in tied} == {5} and {r.tie for r in tied} == {"shared"}
    assert "the rules break no tie at this place" in tied[0].note


def test_a_tie_across_the_last_broken_place_is_settled_only_up_to_it() -> None:
    t = Tournament(tuple(Player(p, distance_km=d) for p, d in
                         (("a", 10.0), ("b", 30.0), ("c", 20.0), ("d", 40.0))),
                   (board(1, 1, ["a", "b", "c", "d"], [90, 50, 50, 50]),))
    s = standings(t, "distance", tie_break_places=2)
    assert [s.row(p).rank for p in "adbc"] == [1, 2, 3, 3]
    assert s.row("b").tie == "shared" and s.row("d").tie == ""


def test_every_criterion_name_is_known() -> None:
    for name in criterion_names():
        assert known_criterion(name.replace("N", "4"))
    assert not known_criterion("round-score:x") and not known_criterion("coin")


@pytest.mark.parametrize("name", ["best-game", "count-back", "distance"])
def test_a_single_player_needs_no_tie_breaker(name: str) -> None:
    t = Tournament(players("a"), (board(1, 1, ["a"], [10]),))
    s = standings(t, name)
    assert s.row("a").rank == 1 and s.row("a").reason == ""


def test_open_ties_list_what_the_td_must_settle_and_a_drawn_lot_settles_it() -> None:
    t = Tournament(players("a", "b", "c"), (board(1, 1, ["a", "b", "c"], [50, 50, 10]),))
    s = standings(t, "best-game", "random-draw")
    assert s.open_ties() == [(1, ("a", "b"), s.row("a").note)]
    decision = draw_lots(["b", "a"], random.Random(4))
    assert sorted(decision.order) == ["a", "b"] and decision.method == "random-draw"
    settled = standings(Tournament(t.players, t.boards, tie_decisions=(decision,)),
                        "best-game", "random-draw")
    assert settled.open_ties() == [] and settled.order()[:2] == list(decision.order)


def test_the_formats_tie_breaker_names_are_exactly_the_criteria_implemented() -> None:
    """A format validates tie-breaker names without importing the tournament (formats are data
    the tournament reads): its list of names and the criteria here must be the same."""
    from tdapp.core.formats.tie_breakers import FIXED_CRITERIA

    assert set(FIXED_CRITERIA) == set(criterion_names()) - {"round-score:N"}
    assert known_criterion("round-score:1") and not known_criterion("round-score:0")
