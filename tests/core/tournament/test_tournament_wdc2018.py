"""WDC 2018 (seed 002): a top board of the best seven, next in line on a decline, its winner
is champion, everyone else by total."""

from __future__ import annotations

from tdapp.core.formats import get_format
from tdapp.core.tournament import Player, Tournament, compute_standings, top_board_call
from tests.core.tournament.tournament_helpers import board

FMT = get_format("wdc-2018")
Q = [f"q{i:02d}" for i in range(14)]


def prelims() -> tuple:
    """Totals after the preliminaries: q00 300, q01 290, ... q13 170 (one game each)."""
    return (board(1, 1, Q[:7], [300 - 10 * i for i in range(7)]),
            board(1, 2, Q[7:], [300 - 10 * i for i in range(7, 14)]))


def test_top_board_is_the_best_seven_after_the_preliminaries() -> None:
    t = Tournament(tuple(Player(p) for p in Q), prelims())
    seven, issues = top_board_call(t, FMT)
    assert seven == tuple(Q[:7]) and issues == []


def test_a_declined_place_goes_to_the_next_in_line() -> None:
    t = Tournament(tuple(Player(p) for p in Q), prelims(), top_board_declined=("q03",))
    seven, _ = top_board_call(t, FMT)
    assert seven == ("q00", "q01", "q02", "q04", "q05", "q06", "q07")


def test_top_board_winner_is_champion_and_the_rest_rank_by_total() -> None:
    top = ["q00", "q01", "q02", "q04", "q05", "q06", "q07"]
    final = (board(5, 1, top, [10, 5, 5, 5, 50, 5, 5], top=True),
             board(5, 2, ["q03", "q08", "q09", "q10", "q11", "q12", "q13"],
                   [40, 0, 0, 0, 0, 0, 200]))
    t = Tournament(tuple(Player(p) for p in Q), prelims() + final, top_board_declined=("q03",))
    s = compute_standings(t, FMT)
    assert s.top_board == tuple(top)
    assert s.row("q05").rank == 1 and s.row("q05").score == 300  # 250 + 50
    assert s.row("q05").reason == ("champion: winner of the top board; on the top board: "
                                   "higher top-board score (50 against 10)")
    assert s.row("q13").score == 370 and s.row("q13").rank == 2  # not on the top board
    assert s.row("q00").rank == 3 and s.row("q00").top_board
    assert s.order()[:4] == ["q05", "q13", "q00", "q03"]


def test_wdc_2018_ties_go_to_the_higher_single_game_first() -> None:
    t = Tournament((Player("a"), Player("b")), (
        board(1, 1, ["a", "b"], [60, 50]), board(2, 1, ["a", "b"], [40, 50])))
    s = compute_standings(t, FMT, through=4)
    assert s.order() == ["a", "b"]
    assert s.row("a").reason == "tied on 100; higher single game score (60 against 50)"


def test_seed_tables_scored_with_sum_of_squares_give_a_hand_checked_table() -> None:
    """The three tables of seed 002 as round-1 boards, scored by the registry."""
    from tdapp.core.powers import POWERS
    from tdapp.core.tournament import Board

    tables = ([12, 0, 3, 6, 9, 0, 4], [12, 4, 4, 4, 4, 3, 3], [18, 3, 4, 0, 0, 9, 0])
    boards = tuple(
        Board(1, n + 1, {p: f"b{n}{p[0]}" for p in POWERS},
              centers=dict(zip(POWERS, counts, strict=True)), end_year=1910,
              solo="AUSTRIA" if counts[0] >= 18 else None)
        for n, counts in enumerate(tables))
    people = tuple(Player(f"b{n}{p[0]}") for n in range(3) for p in POWERS)
    s = compute_standings(Tournament(people, boards), FMT)
    top = [(r.rank, r.player, round(r.score, 2)) for r in s.rows[:5]]
    assert top == [(1, "b2A", 100.0), (2, "b1A", 63.72), (3, "b0A", 50.35), (4, "b0I", 28.32),
                   (5, "b0G", 12.59)]
    sevens = [s.row(f"b1{c}") for c in "EFGI"]  # four 7.08s who met on one board
    assert {r.rank for r in sevens} == {6} and {r.tie for r in sevens} == {"td"}
    assert "further from home: not available" in sevens[0].note
