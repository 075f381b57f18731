"""WDC 2025 (seed 001): the championship pool, its champion, places 2-7, the TD never ranks."""

from __future__ import annotations

from tdapp.core.formats import get_format
from tdapp.core.tournament import (
    Player,
    Tournament,
    championship_pool,
    compute_awards,
    compute_standings,
)
from tests.core.tournament.tournament_helpers import board

FMT = get_format("wdc-2025")
IDS = [f"p{i:02d}" for i in range(27)]
ROUND_4_RAW = {"p00": 20.0, "p01": 40.0, "p21": 300.0, "p22": 250.0}


def _qualifying(i: int, rnd: int) -> float:
    return 10.0 if rnd == 3 else 200.0 - 5 * i  # best two = 400 - 10 i, round 3 dropped


def wdc_tournament(through: int = 4, **changes: object) -> Tournament:
    """27 players and the TD (huge scores, not competing) on four boards a round."""
    people = tuple(Player(p, p.upper(), distance_km=float(i)) for i, p in enumerate(IDS)) + (
        Player("td", "The TD", competing=False),)
    everyone = IDS + ["td"]
    boards = []
    for rnd in range(1, min(through, 3) + 1):
        seats = everyone[rnd:] + everyone[:rnd]  # a different mix each round
        for b in range(4):
            chunk = seats[b * 7:(b + 1) * 7]
            boards.append(board(rnd, b + 1, chunk, [1000.0 if p == "td" else
                                                    _qualifying(IDS.index(p), rnd) for p in chunk]))
    if through >= 4:
        pool, rest = IDS[:21], IDS[21:] + ["td"]
        for b, chunk in enumerate((pool[:7], pool[7:14], pool[14:21], rest)):
            boards.append(board(4, b + 1, chunk, [ROUND_4_RAW.get(p, 999.0 if p == "td" else 0.0)
                                                  for p in chunk]))
    return Tournament(people, tuple(boards), **changes)  # type: ignore[arg-type]


def test_pool_is_the_21_best_on_their_best_two_never_the_td() -> None:
    pool, issues = championship_pool(wdc_tournament(3), FMT)
    assert pool == tuple(IDS[:21]) and issues == []


def test_a_withdrawn_player_is_not_in_the_pool() -> None:
    t = wdc_tournament(3)
    people = tuple(Player(p.id, p.name, withdrawn=p.id == "p05", competing=p.competing)
                   for p in t.players)
    pool, _ = championship_pool(Tournament(people, t.boards), FMT)
    assert "p05" not in pool and "p21" in pool and len(pool) == 21


def test_a_tie_at_the_pool_cut_is_reported_not_broken() -> None:
    t = wdc_tournament(3)
    tweaked = tuple(
        board(b.round, b.number, list(b.powers.values()),
              [_qualifying(20, b.round) if p == "p21" else b.scores[pw]  # type: ignore[index]
               for pw, p in b.powers.items()])
        for b in t.boards)
    people = tuple(Player(p.id, p.name, competing=p.competing) for p in t.players)  # no distance
    pool, issues = championship_pool(Tournament(people, tweaked), FMT)
    assert len(pool) == 20 and "p20" not in pool and "p21" not in pool
    assert issues and "P20, P21 tie for the last 1 place(s)" in issues[0]


def test_the_pool_gets_one_and_a_half_times_round_4() -> None:
    s = compute_standings(wdc_tournament(), FMT)
    assert s.pool == tuple(IDS[:21])
    r4 = s.row("p01").rounds[3]
    assert (r4.raw, r4.multiplier, r4.score) == (40.0, 1.5, 60.0)
    assert s.row("p21").rounds[3].multiplier == 1.0


def test_champion_is_the_best_pool_player_even_below_a_non_pool_score() -> None:
    s = compute_standings(wdc_tournament(), FMT)
    assert s.row("p01").rank == 1 and s.row("p01").score == 450  # 390 + 1.5 x 40
    assert s.row("p21").rank == 2 and s.row("p21").score == 490  # 190 + 300, not in the pool
    assert s.row("p01").reason.startswith("champion: highest tournament score in the "
                                          "championship pool")


def test_places_2_to_7_put_pool_players_first_on_ties() -> None:
    s = compute_standings(wdc_tournament(), FMT)
    assert s.row("p00").score == s.row("p22").score == 430
    assert (s.row("p00").rank, s.row("p22").rank) == (3, 4)
    assert s.row("p00").reason == ("tied on 430; in the championship pool "
                                   "(pool player over non-pool player)")
    assert [r.player for r in s.rows[:6]] == ["p01", "p21", "p00", "p22", "p02", "p03"]


def test_the_td_is_listed_unranked_and_takes_no_award() -> None:
    s = compute_standings(wdc_tournament(), FMT)
    td = s.row("td")
    assert td.rank is None and not td.competing and td.score > 2000 and not td.in_pool
    assert s.rows[-1].player == "td"
    awards = compute_awards(wdc_tournament(), FMT, s)
    assert all("td" not in a.players for a in awards.awards)
    assert awards.named("Champion").players == ("p01",)
    assert [a.name for a in awards.awards if a.kind == "place"] == [
        "Champion", "2nd place", "3rd place", "4th place", "5th place", "6th place", "7th place"]


def test_a_tie_for_champion_goes_to_the_higher_round_4_score() -> None:
    people = tuple(Player(p) for p in "abcd")
    boards = (board(1, 1, ["a", "b", "c", "d"], [100, 130, 90, 300]),
              board(4, 1, ["a", "b", "c", "d"], [40, 20, 10, 0]))
    t = Tournament(people, boards, pool=("a", "b", "c"))
    s = compute_standings(t, FMT)
    assert s.row("a").score == s.row("b").score == 160
    assert s.order() == ["a", "d", "b", "c"]
    assert s.row("a").reason == ("champion: highest tournament score in the championship pool; "
                                 "over the next pool player: tied on 160; higher round-4 score "
                                 "(60 against 30)")


def test_ties_below_seventh_place_are_shared() -> None:
    people = tuple(Player(f"x{i}") for i in range(10))
    t = Tournament(people, (board(1, 1, [f"x{i}" for i in range(7)], [90, 80, 70, 60, 50, 40, 5]),
                            board(1, 2, ["x7", "x8", "x9"], [5, 5, 1])))
    s = compute_standings(t, FMT, through=1)
    assert [s.row(p).rank for p in ("x6", "x7", "x8")] == [7, 7, 7]  # tie at place 7: to the TD
    t2 = Tournament(people, (board(1, 1, [f"x{i}" for i in range(7)], [90, 80, 70, 60, 50, 40, 30]),
                             board(1, 2, ["x7", "x8", "x9"], [5, 5, 1])))
    s2 = compute_standings(t2, FMT, through=1)
    assert s2.row("x7").rank == s2.row("x8").rank == 8 and s2.row("x7").tie == "shared"


def test_round_4_haight_scores_from_centres_take_the_pool_bonus() -> None:
    from tdapp.core.powers import POWERS
    from tdapp.core.tournament import Board

    seats = [f"h{i}" for i in range(7)]
    final = Board(4, 1, dict(zip(POWERS, seats, strict=True)),
                  centers=dict(zip(POWERS, [10, 9, 8, 5, 2, 0, 0], strict=True)), end_year=1909,
                  eliminated={"RUSSIA": 1905, "TURKEY": 1907})
    t = Tournament(tuple(Player(p) for p in seats), (final,), pool=tuple(seats[:5]))
    s = compute_standings(t, FMT)
    # seed 001 IX.3.a: 171-145-124-83-42, x1.5 in the pool; Russia 5 and Turkey 18 outside it
    assert [s.row(p).score for p in seats] == [256.5, 217.5, 186.0, 124.5, 63.0, 5.0, 18.0]
    assert s.order() == ["h0", "h1", "h2", "h3", "h4", "h6", "h5"]


def test_single_game_score_is_the_games_own_haight_score_not_the_pool_bonus() -> None:
    """VIII.1.b.ii: "Higher single game score"; IX.1.c: "Players in the "Championship Pool" will
    receive a 50% bonus to their round 4 score" -- the bonus is on the round score, so a's
    round-4 game (120, worth 180 in the round) does not beat b's 170 in round 1."""
    t = Tournament(
        (Player("a", "A"), Player("b", "B")),
        (board(1, 1, ["a", "b"], [115, 170]), board(2, 1, ["a", "b"], [115, 60]),
         board(3, 1, ["a", "b"], [0, 0]), board(4, 1, ["a", "b"], [120, 120])),
        pool=("a", "b"),
    )
    s = compute_standings(t, FMT)
    assert s.row("a").score == s.row("b").score == 410.0
    assert s.order() == ["b", "a"]
    assert "higher single game score (170 against 120)" in s.row("b").reason
