"""The built-in formats: one test per rule of each document, copying and JSON round trips."""

from __future__ import annotations

import json

import pytest

from tdapp.core.formats import (
    FormatError,
    copy_format,
    describe_format,
    format_from_dict,
    format_to_dict,
    get_format,
    list_formats,
    validate_format,
)
from tdapp.core.formats.model import CountGroup, RoundRule
from tdapp.core.scoring.registry import get_system


def test_the_four_built_in_formats_are_listed_with_the_attributes_other_layers_use() -> None:
    names = [f.name for f in list_formats()]
    assert names == ["wdc-2025", "wdc-2018", "edc-2026", "dbn-2025"]
    for fmt in list_formats():
        assert fmt.title and fmt.rounds >= 1 and fmt.clock_schedule == fmt.name
        assert validate_format(fmt) is fmt


def test_unknown_format_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="wdc-2025"):
        get_format("nope")


@pytest.mark.parametrize("fmt", list_formats(), ids=lambda f: f.name)
def test_every_round_has_a_rule_and_a_registered_scoring_system(fmt) -> None:
    assert [r.number for r in fmt.round_rules] == list(range(1, fmt.rounds + 1))
    for rule in fmt.round_rules:
        assert get_system(rule.scoring).name == rule.scoring
    assert get_system(fmt.scoring).name == fmt.scoring


def test_wdc_2025_best_two_of_rounds_1_to_3_plus_round_4() -> None:
    fmt = get_format("wdc-2025")
    assert fmt.counting == (CountGroup((1, 2, 3), best=2), CountGroup((4,)))
    assert fmt.scoring == "haight"


def test_wdc_2025_pool_of_21_after_round_3_with_round_4_times_1_5() -> None:
    pool = get_format("wdc-2025").pool
    assert pool is not None
    assert (pool.after_round, pool.size, pool.bonus_round, pool.bonus_multiplier) == (3, 21, 4, 1.5)
    assert pool.champion_from_pool and pool.pool_first_on_ties


def test_wdc_2025_tie_breakers_follow_section_viii() -> None:
    fmt = get_format("wdc-2025")
    assert fmt.champion_tie_breakers == (
        "round-score:4", "best-game", "head-to-head-best", "counted-centres", "dropped-round",
        "distance")
    assert fmt.tie_breakers[0] == "pool-first"  # places 2-7: pool player first on ties
    assert fmt.tie_break_places == 7 and fmt.final_ranking == "pool-champion"


def test_wdc_2025_team_round_two_boards_and_house_rules() -> None:
    fmt = get_format("wdc-2025")
    assert fmt.team is not None and fmt.team.round == 4 and fmt.team.size == 7
    assert fmt.team.members_from == "non-pool" and fmt.team.drop_lowest_on_ties
    assert fmt.two_boards_allowed and fmt.double_board == "best"
    assert fmt.rules == {"convoy_to_adjacent": "explicit", "duplicate_orders": "hold"}
    assert fmt.civil_disorder == "wdc-2025"
    assert (fmt.draw_votes.from_year, fmt.draw_votes.secret_votes) == (1906, 3)
    assert fmt.round_rule(4).seating == "team" and fmt.round_rule(4).powers == "preferences"
    assert fmt.awards.team and "Best Pirate" in fmt.awards.special
    assert fmt.awards.best_country.td_discretion


def test_wdc_2018_three_of_four_preliminaries_and_a_top_board_of_seven() -> None:
    fmt = get_format("wdc-2018")
    assert fmt.counting == (CountGroup((1, 2, 3, 4), best=3, max_played=3), CountGroup((5,)))
    assert fmt.top_board is not None
    assert (fmt.top_board.after_round, fmt.top_board.round, fmt.top_board.size) == (4, 5, 7)
    assert fmt.final_ranking == "top-board-winner"
    assert fmt.tie_breakers == ("best-game", "head-to-head-best", "head-to-head-total", "distance")
    assert fmt.awards.best_country.counted_games_only  # the other game of a double board
    assert fmt.sit_out_order == "wdc-2018-locals-first"
    assert fmt.draw_votes.from_year == 1904 and not fmt.draw_votes.clock_stops


def test_edc_2026_locked_final_boards_count_back_and_1909() -> None:
    fmt = get_format("edc-2026")
    assert fmt.locked_final is not None and fmt.locked_final.round == 4
    assert fmt.final_ranking == "locked-final-boards" and fmt.tie_breakers == ("count-back",)
    assert fmt.end_year == 1909
    assert fmt.rules["duplicate_orders"] == "last"
    assert [r.seating for r in fmt.round_rules] == ["random", "weighted", "weighted", "ranked"]
    assert fmt.round_rule(4).powers == "paris"


def test_dbn_2025_knockout_paris_and_forced_draw() -> None:
    fmt = get_format("dbn-2025")
    ko = fmt.knockout
    assert ko is not None and ko.qualifying_rounds == (1, 2, 3) and ko.final_round == 4
    assert ko.automatic == 3 and ko.final_seeding == ("solo", "seed")
    assert all(r.powers == "paris" and r.seating == "seed_order" for r in fmt.round_rules)
    assert fmt.draw_votes.from_year == 1907 and fmt.draw_votes.forced_draw_after == 1915
    assert fmt.scoring == "dbn-winner"


def test_copy_format_changes_a_field_and_keeps_the_original() -> None:
    base = get_format("wdc-2025")
    mine = copy_format(base, name="club-2026", title="Club 2026", rounds=6)
    assert mine.name == "club-2026" and mine.rounds == 6
    assert [r.number for r in mine.round_rules] == [1, 2, 3, 4, 5, 6]
    assert mine.round_rules[5].scoring == "haight"
    assert base.rounds == 4 and base.name == "wdc-2025"


def test_copy_format_can_swap_a_rounds_scoring_and_the_tie_breakers() -> None:
    base = get_format("edc-2026")
    rules = list(base.round_rules)
    rules[0] = RoundRule(1, "sum-of-squares", "random", "automatic")
    mine = copy_format(base, name="edc-sos", round_rules=rules,
                       tie_breakers=["best-game", "random-draw"])
    assert mine.scoring_for(1) == "sum-of-squares" and mine.scoring_for(2) == "edc-2026"
    assert mine.tie_breakers == ("best-game", "random-draw")


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"colour": "red"}, "colour"),
        ({"tie_breakers": ("coin-toss",)}, "tie_breakers[0]"),
        ({"rules": {"convoy_to_adjacent": "maybe"}}, "rules.convoy_to_adjacent"),
        ({"rules": {"gravity": "on"}}, "rules.gravity"),
        ({"round_rules": (RoundRule(1, "haight", seating="alphabetical"),)},
         "round_rules[0].seating"),
        ({"counting": (CountGroup((1, 1)),)}, "counting[0].rounds"),
        ({"final_ranking": "best-hat"}, "final_ranking"),
    ],
)
def test_a_bad_change_names_the_field(changes, field) -> None:
    with pytest.raises(FormatError) as info:
        copy_format(get_format("wdc-2025"), **changes)
    assert info.value.field == field


@pytest.mark.parametrize("fmt", list_formats(), ids=lambda f: f.name)
def test_json_round_trip_gives_the_same_format(fmt) -> None:
    text = json.dumps(format_to_dict(fmt))
    assert format_from_dict(json.loads(text)) == fmt


def test_a_saved_custom_format_can_be_partial_on_a_built_in_base() -> None:
    doc = {"base": "wdc-2018", "name": "tempest-lite", "title": "Tempest lite",
           "top_board": {"size": 5}, "tie_breakers": ["best-game"]}
    fmt = format_from_dict(doc)
    assert fmt.name == "tempest-lite" and fmt.top_board is not None
    assert fmt.top_board.size == 5 and fmt.top_board.round == 5  # the rest from the base
    assert fmt.counting == get_format("wdc-2018").counting


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        ({"base": "wdc-2025", "rounds": "four"}, "rounds"),
        ({"base": "wdc-2025", "pool": {"size": 2.5}}, "pool.size"),
        ({"base": "wdc-2025", "round_rules": [{"number": 1}]}, "round_rules[0].scoring"),
        ({"base": "wdc-2025", "awards": {"best_country": {"ties": "coin"}}},
         "awards.best_country.ties"),
        ({"base": "nowhere"}, "base"),
        ({"name": "x"}, "title"),
        ([1, 2], "format"),
    ],
)
def test_bad_json_names_the_field(doc, field) -> None:
    with pytest.raises(FormatError) as info:
        format_from_dict(doc)
    assert info.value.field == field


def test_formats_are_hashable_and_equal_copies_hash_alike() -> None:
    fmt = get_format("wdc-2025")
    assert {fmt: 1}[copy_format(fmt)] == 1


def test_describe_format_states_the_rules_in_words() -> None:
    words = dict(describe_format(get_format("wdc-2025")))
    assert words["Tournament score"] == "best 2 of rounds 1, 2, 3 + round 4"
    assert words["Championship pool"] == ("the best 21 after round 3; their round-4 score x1.5; "
                                          "the ranking is not shown until round 4 is over")
    assert words["Champion tie-breakers"].startswith("higher round-4 score; higher single game")
    assert words["Draw votes"] == "from spring 1906, the first 3 secret, then open"
    edc = dict(describe_format(get_format("edc-2026")))
    assert edc["Game end"] == "after 1909" and "rank range" in edc["Final round"]
    dbn = dict(describe_format(get_format("dbn-2025")))
    assert dbn["Knock-out"].endswith(
        "seeded by a solo in the qualifying stage first, then lower seed number first")
    team = dict(describe_format(get_format("wdc-2025")))["Team tournament"]
    assert "team-mates never share a board" in team and "dropping" in team
    assert "forced draw after 1915" in dbn["Draw votes"]


@pytest.mark.parametrize("fmt", list_formats(), ids=lambda f: f.name)
def test_the_judge_accepts_every_formats_rules(fmt) -> None:
    from tdapp.core.adjudication.rules import RuleOptions

    options = RuleOptions.from_mapping(fmt.adjudicator_rules())
    assert options.civil_disorder == fmt.civil_disorder
    assert options.duplicate_orders == fmt.rules["duplicate_orders"]


def test_civil_disorder_follows_each_document() -> None:
    assert get_format("wdc-2025").civil_disorder == "wdc-2025"  # seed 001 V.6.d
    assert get_format("wdc-2018").civil_disorder == "rulebook-1971"  # 5th ed. p.19, from home
    assert get_format("dbn-2025").civil_disorder == "rulebook"  # 6th ed. (2023)
    with pytest.raises(FormatError) as info:
        copy_format(get_format("wdc-2025"), civil_disorder="youngest-first")
    assert info.value.field == "civil_disorder"


@pytest.mark.parametrize("fmt", list_formats(), ids=lambda f: f.name)
def test_every_seating_method_is_one_the_seating_engine_runs(fmt) -> None:
    from tdapp.core.seating.model import METHODS

    assert {r.seating for r in fmt.round_rules} <= set(METHODS)


def test_the_team_sentence_follows_the_team_options() -> None:
    import dataclasses

    fmt = get_format("wdc-2025")
    plain = dataclasses.replace(fmt.team, drop_lowest_on_ties=False, teammates_apart=False)
    words = dict(describe_format(dataclasses.replace(fmt, team=plain)))["Team tournament"]
    assert "ties left to the TD" in words and "dropping" not in words
    assert "never share a board" not in words
