"""The game rules a format carries: grace periods, the late-correction rule, build errors and
who may be in a draw; their words; and files saved before they were part of the format."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from tdapp.core.formats import (
    FormatError,
    copy_format,
    describe_format,
    format_from_dict,
    format_to_dict,
    get_format,
)
from tdapp.core.formats.model import CorrectionRule, DrawVoteRule, GraceRule

OLD_FILE = Path(__file__).parent / "data" / "edc-2026-custom-before-game-rules.json"


def test_the_built_ins_take_their_game_rules_from_the_seeds() -> None:
    edc = get_format("edc-2026")  # seed 004: 2 minutes, once per game, movement rounds
    assert edc.grace == GraceRule(minutes=2, per_game=1, movement_only=True)
    assert edc.corrections.until == "next-movement"
    assert edc.corrections.build_errors == "next-adjustment"
    assert "EDC 2026" in edc.corrections.text
    wdc = get_format("wdc-2025")  # VI.3: after negotiation time ends the board stands
    assert wdc.grace is None
    assert (wdc.corrections.until, wdc.corrections.build_errors) == ("next-deadline", "recompute")
    assert "VI.3" in wdc.corrections.text
    tempest = get_format("wdc-2018")
    assert tempest.corrections.until == "next-deadline" and "WDC 2018" in tempest.corrections.text
    assert get_format("dbn-2025").corrections == CorrectionRule()
    for name in ("wdc-2025", "wdc-2018", "edc-2026", "dbn-2025"):
        assert get_format(name).draw_votes.participants == "survivors"  # DIAS everywhere


def test_a_file_saved_before_the_game_rules_opens_and_plays_as_it_did() -> None:
    """Then a changed EDC 2026 (named edc-2026-custom) had no grace period and the general
    correction rule, because both were looked up by the format's name: it keeps them."""
    doc = json.loads(OLD_FILE.read_text())
    assert "grace" not in doc and "corrections" not in doc
    fmt = format_from_dict(doc)
    assert fmt.name == "edc-2026-custom" and fmt.end_year == 1910
    assert fmt.grace is None
    assert fmt.corrections == CorrectionRule()
    assert fmt.draw_votes.participants == "survivors"
    # the same old shape under a built-in's own name had that built-in's rules
    same_name = {**doc, "name": "edc-2026"}
    assert format_from_dict(same_name).grace == get_format("edc-2026").grace
    assert format_from_dict(same_name).corrections == get_format("edc-2026").corrections
    # saved again, the rules are written out and read back unchanged
    again = format_from_dict(json.loads(json.dumps({"base": "edc-2026",
                                                    **format_to_dict(fmt)})))
    assert again == fmt


def test_a_partial_document_takes_the_game_rules_from_its_base() -> None:
    fmt = format_from_dict({"base": "edc-2026", "name": "edc-lite", "title": "EDC lite",
                            "end_year": 1908})
    assert fmt.grace == get_format("edc-2026").grace
    assert fmt.corrections == get_format("edc-2026").corrections
    fmt = format_from_dict({"base": "wdc-2025", "grace": {"minutes": 3},
                            "corrections": {"until": "next-movement"}})
    assert fmt.grace == GraceRule(minutes=3, per_game=1, movement_only=True)
    assert fmt.corrections.until == "next-movement"
    assert "VI.3" in fmt.corrections.text  # the rest of the rule from the base


def test_a_td_format_with_its_own_game_rules_round_trips() -> None:
    fmt = copy_format(
        get_format("wdc-2025"), name="mine", title="Mine",
        grace=GraceRule(minutes=5, per_game=2, movement_only=False),
        corrections=CorrectionRule("next-movement", "our house rule", "next-adjustment"),
        draw_votes=dataclasses.replace(get_format("wdc-2025").draw_votes, participants="named"))
    assert format_from_dict(json.loads(json.dumps(format_to_dict(fmt)))) == fmt


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        (lambda: {"grace": GraceRule(minutes=0)}, "grace.minutes"),
        (lambda: {"grace": GraceRule(per_game=0)}, "grace.per_game"),
        (lambda: {"corrections": CorrectionRule(until="never")}, "corrections.until"),
        (lambda: {"corrections": CorrectionRule(text="  ")}, "corrections.text"),
        (lambda: {"corrections": CorrectionRule(build_errors="ignore")},
         "corrections.build_errors"),
        (lambda: {"draw_votes": DrawVoteRule(participants="some")}, "draw_votes.participants"),
    ],
)
def test_a_wrong_game_rule_names_its_field(changes, field) -> None:
    """A wrong choice is refused as the rule is made; a wrong number when the format is."""
    with pytest.raises(FormatError) as info:
        copy_format(get_format("wdc-2025"), **changes())
    assert info.value.field == field


def test_bad_json_for_a_game_rule_names_the_field() -> None:
    with pytest.raises(FormatError) as info:
        format_from_dict({"base": "edc-2026", "grace": {"minutes": "two"}})
    assert info.value.field == "grace.minutes"


def test_the_game_rules_in_a_tds_words() -> None:
    edc = dict(describe_format(get_format("edc-2026")))
    assert edc["Late orders"] == ("a 2-minute grace period for a missing sheet, once per game, "
                                  "in movement phases; after that every unit holds")
    assert edc["Corrections"].startswith("a mistake found before the next movement phase is "
                                         "corrected at once")
    assert "next build phase" in edc["Build errors"]
    wdc = dict(describe_format(get_format("wdc-2025")))
    assert wdc["Late orders"].startswith("no grace period")
    assert "before the next deadline" in wdc["Corrections"] and "VI.3" in wdc["Corrections"]
    assert "every later phase again" in wdc["Build errors"]
    named = copy_format(get_format("wdc-2025"), grace=GraceRule(3, 2, False),
                        draw_votes=DrawVoteRule(participants="named"))
    words = dict(describe_format(named))
    assert words["Late orders"].startswith("a 3-minute grace period for a missing sheet, twice "
                                           "per game, in any phase")
    assert words["Draw votes"].endswith("a proposal names the powers in the draw")
