"""The EADiplomacy rating (seed 003): base scores, shared places, compression, rounding, table."""

from __future__ import annotations

import pytest

from tdapp.core.powers import POWERS
from tdapp.core.tournament import Board, Player, Tournament, rate_board, rating_table
from tdapp.core.tournament.rating import base_scores, round_rating


def game(centres: list[int], eliminated: dict[str, int] | None = None, prefix: str = "p",
         number: int = 1, rnd: int = 1, **kw: object) -> Board:
    return Board(rnd, number, {p: f"{prefix}{i}" for i, p in enumerate(POWERS)},
                 centers=dict(zip(POWERS, centres, strict=True)), end_year=1909,
                 eliminated=eliminated or {}, **kw)  # type: ignore[arg-type]


SEED_END = {"GERMANY": 1908, "ITALY": 1905, "TURKEY": 1903}


def changes(rated) -> list[int]:
    return [s.change for s in rated.steps]


def test_base_is_five_per_player_beaten_minus_five_per_player_lost_to() -> None:
    assert base_scores(7) == [30, 20, 10, 0, -10, -20, -30]
    assert base_scores(3, points=10) == [20, 0, -20]


def test_eliminated_players_are_compressed_towards_their_mean() -> None:
    # A16 E13 F1 R4, G out 1908, I 1905, T 1903 -> places A E R F G I T
    rated = rate_board(game([16, 13, 1, 0, 0, 4, 0], SEED_END))
    by_power = {s.power: s for s in rated.steps}
    assert [by_power[p].base for p in ("AUSTRIA", "ENGLAND", "RUSSIA", "FRANCE")] == [30, 20, 10, 0]
    # dead: G -10, I -20, T -30; b = 0.3 x (-60) / 3 = -6; y = 0.7 x + b
    assert by_power["GERMANY"].compressed == pytest.approx(-13)
    assert by_power["ITALY"].compressed == pytest.approx(-20)
    assert by_power["TURKEY"].compressed == pytest.approx(-27)
    assert by_power["AUSTRIA"].compressed is None
    assert sum(changes(rated)) == 0  # this reading keeps the board zero-sum
    assert any("S = -60, n = 3, b = -6" in line for line in rated.explanation)


def test_the_all_scores_reading_compresses_towards_the_board_mean() -> None:
    rated = rate_board(game([16, 13, 1, 0, 0, 4, 0], SEED_END), compression="all")
    by_power = {s.power: s.change for s in rated.steps}
    assert (by_power["GERMANY"], by_power["ITALY"], by_power["TURKEY"]) == (-7, -14, -21)


def test_shared_places_are_averaged() -> None:
    rated = rate_board(game([10, 8, 8, 4, 2, 1, 1]))
    by_power = {s.power: s for s in rated.steps}
    assert by_power["ENGLAND"].shared == by_power["FRANCE"].shared == 15  # (20 + 10) / 2
    assert by_power["ENGLAND"].place == 2.5
    assert by_power["RUSSIA"].shared == by_power["TURKEY"].shared == -25  # (-20 - 30) / 2
    assert any("England and France tie on 8 centres: places 2-3 averaged" in line
               for line in rated.explanation)


def test_a_draw_shares_the_drawn_places() -> None:
    rated = rate_board(game([17, 17, 0, 0, 0, 0, 0], {p: 1905 for p in POWERS[2:]},
                            draw=("AUSTRIA", "ENGLAND")))
    assert changes(rated)[:2] == [25, 25]  # duo: (30 + 20) / 2 each


def test_a_solo_is_first_and_the_rest_are_placed_by_centres() -> None:
    rated = rate_board(game([5, 18, 4, 3, 2, 1, 1], solo="ENGLAND"))
    by_power = {s.power: s for s in rated.steps}
    assert by_power["ENGLAND"].place == 1 and by_power["ENGLAND"].change == 30
    assert by_power["AUSTRIA"].place == 2


def test_rounding_both_readings() -> None:
    # F and G share places 4-5 (-5 each); all mode: y = 0.7 x -5 = -3.5
    board = game([14, 12, 0, 0, 0, 8, 0], {"FRANCE": 1907, "GERMANY": 1907, "ITALY": 1905,
                                           "TURKEY": 1903})
    assert changes(rate_board(board, compression="all"))[2:4] == [-3, -3]
    assert changes(rate_board(board, compression="all", rounding="half-even"))[2:4] == [-4, -4]
    # eliminated mode: b = 0.3 x (-60) / 4 = -4.5: F,G -8, I -18.5, T -25.5
    up = rate_board(board)
    assert changes(up)[2:] == [-8, -8, -18, 10, -25]
    assert sum(changes(up)) == 1  # "mostly" zero-sum once rounded
    assert round_rating(-25.5, "half-even") == -26 and round_rating(2.5) == 3


def test_rating_table_adds_each_boards_change_and_keeps_the_steps() -> None:
    b1 = game([16, 13, 1, 0, 0, 4, 0], SEED_END)
    b2 = Board(2, 1, {p: f"p{(i + 1) % 7}" for i, p in enumerate(POWERS)},
               centers=dict(zip(POWERS, [16, 13, 1, 0, 0, 4, 0], strict=True)), end_year=1909,
               eliminated=SEED_END)
    t = Tournament(tuple(Player(f"p{i}") for i in range(7)) + (Player("idle"),), (b1, b2))
    table = rating_table(t, initial=1000)
    assert len(table.boards) == 2
    p0 = table.row("p0")  # Austria (+30) then Turkey (-27)
    assert p0.history == ((1, 1, 30), (2, 1, -27)) and p0.rating == 1003 and p0.games == 2
    assert table.row("idle").rating == 1000 and table.row("idle").games == 0
    assert table.rows[0].player == "p1" and table.rows[0].rating == 1050  # England then Austria
    assert [r.rank for r in table.rows] == sorted(r.rank for r in table.rows)


def test_unplayed_boards_are_not_rated_and_bad_modes_are_refused() -> None:
    t = Tournament((Player("a"), Player("b")), (Board(1, 1, {"AUSTRIA": "a", "ENGLAND": "b"}),))
    assert rating_table(t).boards == ()
    with pytest.raises(ValueError, match="compression"):
        rate_board(game([16, 13, 1, 0, 0, 4, 0], SEED_END), compression="some")


def test_a_seat_in_civil_disorder_is_placed_but_not_rated() -> None:
    board = game([16, 13, 1, 0, 0, 4, 0], SEED_END)
    seated = Board(1, 1, {p: who for p, who in board.powers.items() if p != "ENGLAND"},
                   centers=board.centers, end_year=1909, eliminated=SEED_END)
    rated = rate_board(seated)
    assert "ENGLAND" not in [s.power for s in rated.steps]
    assert {s.power: s.place for s in rated.steps}["RUSSIA"] == 3  # England still beat Russia


def test_the_worked_example_of_each_compression_reading() -> None:
    """Seed 003: "Compression formula: b = (0.3 * S) / n y_i = 0.7 * x_i + b Where: S = sum of
    original base scores n = number of scores" in a "Zero-sum system (mostly)". Both readings,
    each with its worked example: S and n over the eliminated players keeps the board
    zero-sum; over all seven, the dead players' scores move toward 0."""
    from tdapp.core.tournament.rating import COMPRESSION_READINGS, worked_example

    assert set(COMPRESSION_READINGS) == {"eliminated", "all"}
    dead_only = worked_example("eliminated")
    assert any("S = -50, n = 2, b = -7.5; Russia -20 -> -21.5, Turkey -30 -> -28.5" in line
               for line in dead_only)
    assert dead_only[-1] == "the board's scores add up to 0 before rounding, +1 after"
    everyone = worked_example("all")
    assert any("S = 0, n = 7, b = 0; Russia -20 -> -14, Turkey -30 -> -21" in line
               for line in everyone)
    assert everyone[-1] == "the board's scores add up to +15 before rounding, +15 after"
