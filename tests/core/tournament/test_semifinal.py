"""The DBN semi-final stage (seed 000, 3.2-3.3): rounds by preference in seed order, multiples
of seven, boards dealt in seed order, alternates in seed order."""

from __future__ import annotations

import pytest

from tdapp.core.tournament.semifinal import (
    Entrant,
    SemifinalError,
    assign_semifinals,
    championship_alternates,
    championship_seeding,
    semifinal_stage,
)


def invited(n: int = 31) -> list[Entrant]:
    return [Entrant(f"s{seed:02d}", seed) for seed in range(1, n + 1)]


def alternates() -> list[Entrant]:
    return [Entrant(f"a{seed}", seed) for seed in range(32, 36)]


def overflowing_preferences() -> dict[str, list[int]]:
    """Seeds 4-31: 12 want round 1, 10 want round 2, 6 want round 3 (round 2 overflows a board
    of seven by three; round 1 and round 3 are short)."""
    prefs: dict[str, list[int]] = {}
    seeds = list(range(4, 32))
    for seed in seeds[:12]:
        prefs[f"s{seed:02d}"] = [1]
    for seed in seeds[12:22]:
        prefs[f"s{seed:02d}"] = [2, 3]
    for seed in seeds[22:]:
        prefs[f"s{seed:02d}"] = [3]
    return prefs


def test_preferences_that_overflow_a_round_move_the_lowest_seeds() -> None:
    """3.2.1: "Players shall submit their preferred round to the DBN Board of Directors and
    shall be assigned to Semi-Final Round 1-3 by preference in seed order. The lowest seeds
    shall be moved to make multiples of 7." 2.9.2: "The Top Three Seeds automatically advance
    to the Championship Game"."""
    stage = semifinal_stage(invited(), alternates(), overflowing_preferences())
    assert [f.player for f in stage.finalists] == ["s01", "s02", "s03"]
    assert len(stage.seats) == 28 and not any(s.seed <= 3 for s in stage.seats)
    sizes = [len(stage.round_players(r)) for r in (1, 2, 3)]
    assert sizes == [14, 7, 7] and all(n % 7 == 0 for n in sizes)
    round2 = sorted(s.seed for s in stage.round_players(2))
    # round 2 wanted by seeds 16-25: the seven best stay, the three lowest (23, 24, 25) move
    assert round2 == list(range(16, 23))
    moved = sorted(s.seed for s in stage.seats if s.moved)
    assert moved == [23, 24, 25]
    # their second choice, round 3, had room for one; the others go where there is room
    by_seed = {s.seed: s for s in stage.seats}
    assert by_seed[23].round == 3 and by_seed[24].round == 1 and by_seed[25].round == 1
    assert all(not s.moved for s in stage.seats if s.seed < 23)


def test_boards_within_a_round_are_dealt_in_seed_order() -> None:
    """3.2.2: "if there are 2 games in the same round, then the top two seeds in the round shall
    be distributed to separate boards, then the next two seeds will be distributed to separate
    boards, and so on"."""
    stage = semifinal_stage(invited(), alternates(), overflowing_preferences())
    boards = stage.boards()
    assert sorted(boards) == [1, 2, 3, 4] and all(len(b) == 7 for b in boards.values())
    round1 = sorted(stage.round_players(1), key=lambda s: s.seed)
    assert {s.board for s in round1} == {1, 2}
    for pair in zip(round1[0::2], round1[1::2], strict=True):
        assert {pair[0].board, pair[1].board} == {1, 2}
    assert {s.board for s in stage.round_players(2)} == {3}
    assert {s.board for s in stage.round_players(3)} == {4}


def test_a_qualifier_who_cannot_play_is_replaced_by_alternates_in_seed_order() -> None:
    """3.3: "If a Semi-Finalist is unable to play in a Semi-Final Stage Game, Alternates will be
    invited in the order of their DBN Invitational Seed." 5.8.4: "Players replaced by an
    Alternate are no longer eligible to participate in any games for the remainder of this
    year's DBN Invitational." """
    prefs = overflowing_preferences()
    stage = semifinal_stage(invited(), alternates(), prefs, unavailable=["s20", "s05"])
    assert [(r.out, r.alternate) for r in stage.replacements] == [("s05", "a32"), ("s20", "a33")]
    players = {s.player: s for s in stage.seats}
    assert "s05" not in players and "s20" not in players
    assert players["a32"].replaces == "s05" and players["a33"].replaces == "s20"
    assert players["a32"].preferred == (1,)  # plays in the round the qualifier asked for
    assert len(stage.seats) == 28
    with pytest.raises(SemifinalError, match="no alternate"):
        semifinal_stage(invited(), alternates(), prefs,
                        unavailable=["s04", "s05", "s06", "s07", "s08"])
    with pytest.raises(SemifinalError, match="top-three"):
        semifinal_stage(invited(), alternates(), prefs, unavailable=["s02"])


def test_no_preference_fills_in_and_bad_rounds_are_refused() -> None:
    entrants = [Entrant(f"p{i}", i) for i in range(4, 32)]
    seats = assign_semifinals(entrants, {})
    # no preference counts as round 1: all 28 in round 1, four boards
    assert [len([s for s in seats if s.round == r]) for r in (1, 2, 3)] == [28, 0, 0]
    assert sorted({s.board for s in seats}) == [1, 2, 3, 4]
    with pytest.raises(SemifinalError, match="boards of 7"):
        assign_semifinals(entrants[:27], {})
    with pytest.raises(SemifinalError, match="no semi-final round 4"):
        assign_semifinals(entrants, {"p4": [4]})


def test_championship_game_seeding_and_alternates() -> None:
    """4.3: "Solo in Semi-Final game", then "DBN Invitational Seed". 4.4: "alternates will be
    invited from players who did not win a Semi-Final Stage game in the order of their DBN
    Invitational Seed"."""
    stage = semifinal_stage(invited(), alternates(), overflowing_preferences(),
                            unavailable=["s04"])
    by_seed = {e.seed: e for e in invited() + alternates()}
    winners = [(by_seed[30], 1, False), (by_seed[9], 2, True), (by_seed[5], 3, False),
               (by_seed[20], 4, True)]
    final = championship_seeding(stage.finalists, winners)
    assert [f.seed for f in final] == [9, 20, 1, 2, 3, 5, 30]
    assert final[0].how == "won semi-final board 2 (solo)"
    assert final[2].how == "automatic (seed 1)"
    spare = championship_alternates(invited(), alternates(), stage, final)
    assert [e.seed for e in spare[:4]] == [6, 7, 8, 10]  # s04 was replaced: out for the season
