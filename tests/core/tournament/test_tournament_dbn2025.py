"""DBN Invitational 2025 (seed 000): top three seeds go through, semi-final winners join them,
the final is seeded solo first then by seed, its winner is champion."""

from __future__ import annotations

from tdapp.core.formats import get_format
from tdapp.core.formats.structures.knockout import finalists
from tdapp.core.powers import POWERS
from tdapp.core.tournament import Board, Player, Tournament, compute_standings
from tdapp.core.tournament.results import ScoreSheet
from tests.core.tournament.tournament_helpers import board

FMT = get_format("dbn-2025")
SEEDED = tuple(Player(f"s{n}", f"Seed {n}", seed=n) for n in range(1, 18))


def semis() -> tuple[Board, ...]:
    first = [f"s{n}" for n in range(4, 11)]  # s9 wins on centres
    second = [f"s{n}" for n in range(11, 18)]  # s15 solos
    return (board(1, 1, first, [0, 0, 0, 0, 0, 1, 0], centres=[4, 4, 4, 4, 4, 9, 5]),
            board(2, 1, second, [0, 0, 0, 0, 1, 0, 0], centres=[2, 2, 2, 2, 18, 4, 4],
                  solo="ITALY"))


def test_finalists_are_the_top_three_seeds_and_the_semi_final_winners_solo_first() -> None:
    t = Tournament(SEEDED, semis())
    got = finalists(t, FMT, ScoreSheet(t, FMT, 3))
    assert [f.player for f in got] == ["s15", "s1", "s2", "s3", "s9"]
    assert got[0].how == "won round 2 board 1 (solo)" and got[1].how == "automatic (seed 1)"


def test_the_final_winner_is_champion_and_nobody_else_is_ranked_apart() -> None:
    final = board(4, 1, ["s15", "s1", "s2", "s3", "s9"], [0, 0, 1, 0, 0])
    s = compute_standings(Tournament(SEEDED, semis() + (final,)), FMT)
    assert s.row("s2").rank == 1 and s.row("s2").reason == "champion: won the championship game"
    assert {s.row(p).rank for p in ("s15", "s1", "s3", "s9")} == {2}
    assert s.row("s1").tie == "shared"
    assert {s.row(f"s{n}").rank for n in (4, 5, 17)} == {6}


def test_the_winner_take_all_system_scores_a_board_without_given_scores() -> None:
    seats = [f"s{n}" for n in range(4, 11)]
    game = Board(1, 1, dict(zip(POWERS, seats, strict=True)),
                 centers=dict(zip(POWERS, [6, 6, 4, 4, 4, 5, 5], strict=True)), end_year=1915,
                 selection_order=("ENGLAND", "AUSTRIA", "FRANCE", "GERMANY", "ITALY", "RUSSIA",
                                  "TURKEY"))
    t = Tournament(SEEDED, (game,))
    got = finalists(t, FMT, ScoreSheet(t, FMT, 1))
    assert "s4" in [f.player for f in got]  # Austria chose after England: it wins the tie


def test_without_seeds_the_automatic_places_are_reported() -> None:
    unseeded = tuple(Player(p.id) for p in SEEDED)
    s = compute_standings(Tournament(unseeded, semis()), FMT)
    assert any("no player has a seed" in issue for issue in s.issues)
