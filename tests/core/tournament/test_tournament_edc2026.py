"""EDC 2026 (seed 004): final-round boards locked to their rank range, the top board's
board-topper champion (count-back on a shared top), ties by count-back."""

from __future__ import annotations

from tdapp.core.formats import copy_format, describe_format, get_format
from tdapp.core.powers import POWERS
from tdapp.core.tournament import Board, Player, Tournament, compute_standings
from tests.core.tournament.tournament_helpers import board

FMT = get_format("edc-2026")
E = [f"e{i:02d}" for i in range(14)]


def earlier_rounds() -> tuple[Board, ...]:
    """Totals after round 3: e00 500, e01 490, ... e13 370."""
    return (board(1, 1, E[:7], [500 - 10 * i for i in range(7)]),
            board(1, 2, E[7:], [500 - 10 * i for i in range(7, 14)]))


def final_round(top_centres: list[int], top_scores: list[float], *,
                history: dict[int, dict[str, int]] | None = None) -> tuple[Board, ...]:
    top = board(4, 1, E[:7], top_scores, centres=top_centres, top=True, end_year=1909,
                history=history)
    second = board(4, 2, E[7:], [0, 0, 0, 0, 0, 0, 400], centres=[5, 5, 5, 5, 4, 4, 6],
                   end_year=1909)
    return (top, second)


def test_the_top_boards_board_topper_is_champion_below_a_higher_total() -> None:
    boards = earlier_rounds() + final_round([5, 5, 5, 12, 3, 2, 2], [40, 40, 40, 150, 20, 10, 10])
    s = compute_standings(Tournament(tuple(Player(p) for p in E), boards), FMT)
    assert s.row("e03").rank == 1 and s.row("e03").score == 620
    assert s.row("e03").reason.startswith("board-topper of the top board (12 centres against 5)")
    assert s.order()[1:3] == ["e00", "e01"]  # then by total: 540, 530


def test_final_boards_keep_their_rank_range() -> None:
    boards = earlier_rounds() + final_round([5, 5, 5, 12, 3, 2, 2], [40, 40, 40, 150, 20, 10, 10])
    s = compute_standings(Tournament(tuple(Player(p) for p in E), boards), FMT)
    assert s.row("e13").score == 770  # the best total of all, but it played board 2
    assert s.row("e13").rank == 8
    assert {s.row(p).rank for p in E[:7]} == set(range(1, 8))
    seventh = next(r for r in s.rows if r.rank == 7)
    assert seventh.reason == ("final-round board 1 is locked to places 1-7 (its players' ranks "
                              "when the round began)")


def test_inside_a_range_players_swap_by_score() -> None:
    boards = earlier_rounds() + final_round([5, 5, 5, 12, 3, 2, 2], [40, 40, 40, 150, 20, 10, 10])
    s = compute_standings(Tournament(tuple(Player(p) for p in E), boards), FMT)
    assert s.order()[7:] == ["e13", "e07", "e08", "e09", "e10", "e11", "e12"]


def test_a_shared_board_top_goes_to_count_back_and_the_loser_is_second() -> None:
    history = {1908: dict(zip(POWERS, [5, 5, 5, 10, 11, 0, 0], strict=True))}
    boards = earlier_rounds() + final_round([5, 5, 5, 12, 12, 2, 0], [40, 40, 40, 90, 90, 10, 0],
                                            history=history)
    s = compute_standings(Tournament(tuple(Player(p) for p in E), boards), FMT)
    assert s.order()[:3] == ["e04", "e03", "e00"]
    assert s.row("e04").reason == ("shared board top; ahead on count-back (11 against 10 centres "
                                   "in 1908)")


# A game that reaches the seed's final position (A16 E13 R4 F1, G out 1908, I 1905, T 1903),
# through two different 1908 positions.
YEARS = {
    1901: [5, 4, 5, 5, 4, 5, 4], 1902: [6, 5, 5, 5, 4, 5, 2], 1903: [8, 6, 5, 5, 4, 5, 0],
    1904: [9, 7, 5, 5, 3, 5, 0], 1905: [11, 8, 5, 5, 0, 5, 0], 1906: [12, 9, 4, 4, 0, 5, 0],
    1907: [13, 10, 3, 3, 0, 5, 0], 1909: [16, 13, 1, 0, 0, 4, 0],
}


def seed_game(rnd: int, number: int, seats: list[str], year_1908: list[int]) -> Board:
    history = {y: dict(zip(POWERS, c, strict=True)) for y, c in {**YEARS, 1908: year_1908}.items()}
    return Board(rnd, number, dict(zip(POWERS, seats, strict=True)), centers=history[1909],
                 end_year=1909, history=history,
                 eliminated={"GERMANY": 1908, "ITALY": 1905, "TURKEY": 1903})


def test_count_back_with_the_edc_score_rolls_boards_back_a_year() -> None:
    fmt = copy_format(FMT, name="edc-one", rounds=1, counting=(), locked_final=None,
                      final_ranking="total", round_rules=())
    a = [f"a{i}" for i in range(7)]
    b = [f"b{i}" for i in range(7)]
    t = Tournament(tuple(Player(p) for p in a + b),
                   (seed_game(1, 1, a, [15, 12, 2, 0, 0, 5, 0]),  # 1908: Austria 3 clear
                    seed_game(1, 2, b, [14, 13, 2, 0, 0, 5, 0])))  # 1908: Austria 1 clear
    s = compute_standings(t, fmt)
    assert s.row("a0").score == s.row("b0").score == 249  # seed 004's Austria: 130+80+30+9
    assert s.row("a0").rank == 1 and s.row("b0").rank == 2
    assert "ahead on count-back" in s.row("a0").reason
    assert "with the last round 1 year back" in s.row("a0").reason


def _austria_scorer(system: str, game) -> dict[str, float]:
    """240 plus the centres held: a tie on 256 is three Austrias on 16 (exact arithmetic)."""
    return {power: 240.0 + game.centers.get(power, 0) for power in POWERS}


def _austria_board(number: int, player: str, austria: list[int]) -> Board:
    """``player`` as Austria with ``austria`` centres in 1909, 1908, 1907, 1906 (the rest of
    the board holds the remaining centres, so every year is a legal position)."""
    others = [f"{player}-{i}" for i in range(6)]
    history = {}
    for year, count in zip((1909, 1908, 1907, 1906), austria, strict=True):
        rest = 34 - count
        history[year] = dict(zip(POWERS, [count, rest // 2, rest - rest // 2, 0, 0, 0, 0],
                                 strict=True))
    for year in range(1901, 1906):
        history[year] = dict(zip(POWERS, [5, 5, 5, 5, 4, 5, 5], strict=True))
    return Board(1, number, dict(zip(POWERS, [player, *others], strict=True)),
                 centers=history[1909], end_year=1909, history=history,
                 eliminated={p: 1906 for p in POWERS[3:]})


def test_a_three_way_count_back_goes_on_for_the_two_still_level() -> None:
    """Seed 004: "players tied at the end of Round 4 will have their Round 4 boards rolled
    back by one year to determine their whole tournament scores at this point. If both are
    still tied then these boards will be rolled back another year and so-on until one of the
    players is ahead." Three on 256: one year back z falls behind (250); x and y are level on
    255, then 254/254 at two years, 253/252 at three: x, y, z, none left to the TD."""
    fmt = copy_format(FMT, name="edc-one", rounds=1, counting=(), locked_final=None,
                      final_ranking="total", round_rules=())
    boards = (_austria_board(1, "x", [16, 15, 14, 13]),
              _austria_board(2, "y", [16, 15, 14, 12]),
              _austria_board(3, "z", [16, 10, 10, 10]))
    ids = ["x", "y", "z"] + [f"{p}-{i}" for p in "xyz" for i in range(6)]
    s = compute_standings(Tournament(tuple(Player(p) for p in ids), boards), fmt,
                          scorer=_austria_scorer)
    assert [s.row(p).score for p in "xyz"] == [256, 256, 256]
    assert [s.row(p).rank for p in "xyz"] == [1, 2, 3]
    assert all(rank > 3 for rank, _, _ in s.open_ties())  # only the fillers stay level
    assert s.row("x").reason == ("tied on 256; ahead on count-back (253 against 252 with the last round "
                                 "3 years back)")
    assert s.row("y").reason == ("tied on 256; ahead on count-back (255 against 250 with the last round "
                                 "1 year back)")


def test_final_round_sit_outs_and_double_boards_follow_the_rule_the_format_states() -> None:
    """The format's own sentence (the format dialog shows it): "a player who sits the final
    round out keeps the place held when it began; a player seated on two final-round boards is
    ranked with the lower-numbered board, and each board's players share out the places they
    held"."""
    from tdapp.core.formats.structures.locked_final_boards import SIT_OUT_WORDS

    assert ("Final-round sit-outs", SIT_OUT_WORDS) in describe_format(FMT)
    fmt = copy_format(FMT, name="edc-doubles", two_boards_allowed=True)
    players = tuple(Player(p) for p in E)
    # e06 plays both final boards; e13 sits the final round out
    top = board(4, 1, E[:7], [40, 40, 40, 150, 20, 10, 10], centres=[5, 5, 5, 12, 3, 2, 2],
                top=True, end_year=1909)
    second = board(4, 2, [E[6], *E[7:13]], [300, 0, 0, 0, 0, 0, 400],
                   centres=[9, 5, 5, 5, 4, 4, 2], end_year=1909)
    s = compute_standings(Tournament(players, earlier_rounds() + (top, second)), fmt)
    assert s.row("e06").rank <= 7  # ranked with board 1, its 300 on board 2 kept as its best
    assert s.row("e06").score == 440 + 300
    assert {s.row(p).rank for p in E[7:13]} == set(range(8, 14))
    assert s.row("e13").rank == 14
    assert s.row("e13").reason == "" and s.rows[12].reason.startswith("final-round board 2")


def test_a_three_way_board_top_is_counted_back_until_each_is_apart() -> None:
    """Seed 004: "If there is a joint board top, then count back shall be used and the player
    losing the count back will be awarded 2nd place (also 3rd for a 3-person board top
    continuing ad infinitum)." e03, e04 and e05 top on 10; in 1908 e04 has 11 against 10 and
    10; the two still level go back to 1907, where e05 has 9 against 8."""
    history = {1908: dict(zip(POWERS, [4, 4, 4, 10, 11, 10, 0], strict=True)),
               1907: dict(zip(POWERS, [4, 4, 4, 8, 10, 9, 0], strict=True))}
    boards = earlier_rounds() + final_round([1, 1, 1, 10, 10, 10, 1], [20, 20, 20, 80, 80, 80, 5],
                                            history=history)
    s = compute_standings(Tournament(tuple(Player(p) for p in E), boards), FMT)
    assert s.order()[:4] == ["e04", "e05", "e03", "e00"]
    assert s.row("e05").reason == ("shared board top; ahead on count-back (9 against 8 centres "
                                   "in 1907)")
    assert not [t for t in s.open_ties() if t[0] <= 3]
