"""Awards: places, best country per power (shared ties, top board, solo losses, counted games),
special awards, and never to a player who is not competing."""

from __future__ import annotations

from tdapp.core.formats import copy_format, get_format
from tdapp.core.formats.model import AwardsRule, BestCountryRule
from tdapp.core.tournament import (
    Player,
    SpecialAward,
    TieDecision,
    Tournament,
    compute_awards,
    compute_standings,
)
from tests.core.tournament.tournament_helpers import board

BASE = copy_format(get_format("wdc-2018"), name="aw", top_board=None, final_ranking="total")


def with_best_country(**rule: object):
    return copy_format(BASE, awards=AwardsRule(places=3, best_country=BestCountryRule(**rule)))


def awards_for(t: Tournament, fmt):
    return compute_awards(t, fmt, compute_standings(t, fmt))


def test_places_follow_the_standings_with_the_configured_count() -> None:
    t = Tournament(tuple(Player(p) for p in "abcd"), (board(1, 1, list("abcd"), [40, 30, 20, 10]),))
    got = awards_for(t, with_best_country())
    places = [(a.name, a.players, a.place) for a in got.awards if a.kind == "place"]
    assert places == [("Champion", ("a",), 1), ("2nd place", ("b",), 2), ("3rd place", ("c",), 3)]
    assert got.named("Champion").rule == "highest tournament score"


def test_best_country_is_the_highest_single_game_on_that_power_ties_shared() -> None:
    t = Tournament(tuple(Player(p) for p in "abcd"), (
        board(1, 1, ["a", "b"], [60, 10]),  # a Austria 60
        board(1, 2, ["c", "d"], [60, 30]),  # c Austria 60: shared
        board(2, 1, ["b", "a"], [20, 5]),  # b Austria 20
    ))
    got = awards_for(t, with_best_country())
    austria = got.named("Best Austria")
    assert austria.players == ("a", "c") and austria.value == 60 and austria.tie == "shared"
    assert got.named("Best England").players == ("d",)


def test_a_tie_left_to_the_td_can_be_settled_by_a_recorded_decision() -> None:
    boards = (board(1, 1, ["a"], [60]), board(1, 2, ["c"], [60]))
    fmt = with_best_country(ties="td")
    undecided = awards_for(Tournament(tuple(Player(p) for p in "ac"), boards), fmt)
    assert undecided.named("Best Austria").tie == "td"
    decided = awards_for(Tournament(tuple(Player(p) for p in "ac"), boards, tie_decisions=(
        TieDecision(("c", "a"), "td", about="best-country:AUSTRIA"),)), fmt)
    assert decided.named("Best Austria").players == ("c",)


def test_top_board_games_can_be_excluded() -> None:
    t = Tournament(tuple(Player(p) for p in "ab"), (
        board(1, 1, ["a"], [90], top=True), board(1, 2, ["b"], [50])))
    assert awards_for(t, with_best_country()).named("Best Austria").players == ("a",)
    got = awards_for(t, with_best_country(exclude_top_board=True))
    assert got.named("Best Austria").players == ("b",)
    assert "top board excluded" in got.named("Best Austria").rule


def test_a_loss_to_a_solo_never_wins_best_country_when_the_option_is_on() -> None:
    t = Tournament(tuple(Player(p) for p in ["a", "b", "c", "d"]), (
        board(1, 1, ["c", "a"], [100, 30], solo="AUSTRIA"),  # a England 30, lost to c's solo
        board(1, 2, ["d", "b"], [0, 20]),  # b England 20
    ))
    assert awards_for(t, with_best_country()).named("Best England").players == ("a",)
    strict = awards_for(t, with_best_country(solo_loss_never_wins=True))
    assert strict.named("Best England").players == ("b",)


def test_only_the_counted_game_of_a_double_board_competes_when_the_format_says_so() -> None:
    t = Tournament(tuple(Player(p) for p in "abc"), (
        board(1, 1, ["a", "c"], [40, 0]),  # a's better game: counts
        board(1, 2, ["b", "a"], [10, 35]),  # a's England game does not count
        board(2, 1, ["c", "b"], [0, 30]),
    ))
    assert awards_for(t, with_best_country()).named("Best England").players == ("a",)
    assert awards_for(t, with_best_country(counted_games_only=True)).named(
        "Best England").players == ("b",)


def test_players_not_competing_take_no_place_and_no_award() -> None:
    people = (Player("td", competing=False), Player("a"), Player("b"))
    t = Tournament(people, (board(1, 1, ["td", "a", "b"], [99, 20, 10]),),
                   special_awards=(SpecialAward("Best Pirate", ("td",)),
                                   SpecialAward("Player's choice", ("b",), note="most votes")))
    got = awards_for(t, with_best_country())
    assert got.named("Champion").players == ("a",)
    assert "Best Austria" not in [a.name for a in got.awards]  # only the TD played Austria
    assert "Best Pirate" not in [a.name for a in got.awards]
    assert got.issues == ("Best Pirate: td is not competing and cannot take an award",)
    choice = got.named("Player's choice")
    assert choice.players == ("b",) and choice.rule == "named and given by the TD: most votes"


def test_a_tie_for_a_place_shares_the_award() -> None:
    t = Tournament(tuple(Player(p) for p in "abc"), (board(1, 1, ["a"], [50]),
                                                     board(1, 2, ["b"], [50]),
                                                     board(1, 3, ["c"], [10])))
    got = awards_for(t, with_best_country())
    assert got.named("Champion").players == ("a", "b") and got.named("Champion").tie == "td"
    assert [a.name for a in got.awards if a.kind == "place"] == ["Champion", "3rd place"]
