"""The order-reading rules a format carries: the built-ins read as their seeds say, a TD's copy
keeps the rule of the format it came from and is named by its own title, files saved before the
rule was part of the format read as they did, and the rule in a TD's words."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from tdapp.core.formats import (
    FormatError,
    TournamentFormat,
    copy_format,
    describe_format,
    format_from_dict,
    format_to_dict,
    get_format,
    parse_options_for,
)
from tdapp.core.formats.model import OrderReadingRule
from tdapp.core.orders import options as presets
from tdapp.core.orders.options import ParseOptions
from tdapp.core.orders.parser import parse_order

DATA = Path(__file__).parent / "data"
BEFORE_READING = DATA / "edc-2026-custom-before-reading-rules.json"
BEFORE_GAME_RULES = DATA / "edc-2026-custom-before-game-rules.json"
LONDON = {"units": {"ENGLAND": ["F LON"]}}


def _edc_copy(**changes: object) -> TournamentFormat:
    return copy_format(get_format("edc-2026"), name="edc-own", title="Our EDC", **changes)


def test_the_rule_has_every_option_of_the_parser_but_the_name_it_cites() -> None:
    rule = {f.name for f in dataclasses.fields(OrderReadingRule)}
    parser = {f.name for f in dataclasses.fields(ParseOptions)}
    assert rule == parser - {"rules_name"}


@pytest.mark.parametrize(("name", "preset"), [
    ("wdc-2025", presets.WDC_2025), ("wdc-2018", presets.WDC_2018),
    ("edc-2026", presets.EDC_2026), ("dbn-2025", presets.DBN_2025),
])
def test_the_built_ins_read_exactly_as_before(name: str, preset: ParseOptions) -> None:
    assert parse_options_for(get_format(name)) == preset


def test_a_tds_copy_of_edc_keeps_the_strict_abbreviation_rule_under_its_own_title() -> None:
    options = parse_options_for(_edc_copy(end_year=1910))
    assert options.strict_abbreviations and not options.correct_slips
    assert options.rules_name == "Our EDC"
    # EDC's own example: Nor is Norway's official abbreviation, so London-Norway, not the North Sea
    strict = parse_order("F Lon-Nor", "ENGLAND", LONDON, options=options)
    assert strict.normalized == "F LON - NWY"
    assert strict.warnings and strict.warnings[0].endswith("(Our EDC)")
    lenient = parse_order("F Lon-Nor", "ENGLAND", LONDON,
                          options=parse_options_for(get_format("wdc-2025")))
    assert lenient.normalized == "F LON - NTH"


def test_a_changed_built_in_under_its_own_name_is_cited_by_its_title() -> None:
    """Only the built-in as shipped is "EDC 2026" in messages: a changed copy is not EDC."""
    edc = get_format("edc-2026")
    changed = dataclasses.replace(edc, end_year=1912)
    assert parse_options_for(changed).rules_name == edc.title
    assert parse_options_for(changed).strict_abbreviations


def test_a_file_saved_with_the_game_rules_but_before_the_reading_rule() -> None:
    """A TD's copy of EDC 2026 saved then was read with the forgiving defaults (the rule was
    looked up by the format's name, and "edc-2026-custom" named no built-in): it keeps them."""
    doc = json.loads(BEFORE_READING.read_text())
    assert "reading" not in doc and "grace" in doc
    fmt = format_from_dict(doc)
    assert fmt.reading == OrderReadingRule()
    assert fmt.grace == get_format("edc-2026").grace  # its saved fields are untouched
    assert fmt.end_year == 1910
    # under a built-in's own name it was read with that built-in's rule
    same_name = format_from_dict({**doc, "name": "edc-2026"})
    assert same_name.reading == get_format("edc-2026").reading
    assert same_name.reading.strict_abbreviations
    # saved again, the rule is written out and read back unchanged
    again = format_from_dict(json.loads(json.dumps({"base": "edc-2026",
                                                    **format_to_dict(fmt)})))
    assert again == fmt and "reading" in format_to_dict(fmt)


def test_a_file_saved_before_the_game_rules_also_keeps_its_reading() -> None:
    fmt = format_from_dict(json.loads(BEFORE_GAME_RULES.read_text()))
    assert fmt.reading == OrderReadingRule()


def test_a_partial_document_takes_the_reading_rule_from_its_base() -> None:
    fmt = format_from_dict({"base": "edc-2026", "name": "edc-lite", "title": "EDC lite"})
    assert fmt.reading == get_format("edc-2026").reading
    fmt = format_from_dict({"base": "edc-2026", "reading": {"missing_coast": "strict"}})
    assert fmt.reading.missing_coast == "strict" and fmt.reading.strict_abbreviations


def test_a_tds_own_reading_rule_round_trips() -> None:
    rule = OrderReadingRule(strict_abbreviations=False, correct_slips=False,
                            require_unit_type_in_builds=True, missing_coast="strict",
                            missing_build_coast="void", wrong_unit_type="fail")
    fmt = _edc_copy(reading=rule)
    assert format_from_dict(json.loads(json.dumps(format_to_dict(fmt)))) == fmt
    assert parse_options_for(fmt) == ParseOptions(**dataclasses.asdict(rule), rules_name="Our EDC")


@pytest.mark.parametrize(("choice", "field"), [
    ({"missing_coast": "guess"}, "reading.missing_coast"),
    ({"missing_build_coast": "army"}, "reading.missing_build_coast"),
    ({"wrong_unit_type": "ask"}, "reading.wrong_unit_type"),
])
def test_a_wrong_reading_choice_names_its_field(choice: dict[str, str], field: str) -> None:
    """Refused as the rule is made: no format can hold it."""
    with pytest.raises(FormatError) as info:
        OrderReadingRule(**choice)  # type: ignore[arg-type]
    assert info.value.field == field


def test_bad_json_for_the_reading_rule_names_the_field() -> None:
    with pytest.raises(FormatError) as info:
        format_from_dict({"base": "edc-2026", "reading": {"strict_abbreviations": "yes"}})
    assert info.value.field == "reading.strict_abbreviations"
    with pytest.raises(FormatError) as info:
        format_from_dict({"base": "edc-2026", "reading": {"strict": True}})
    assert info.value.field == "reading.strict"


def test_the_reading_rule_in_a_tds_words() -> None:
    edc = dict(describe_format(get_format("edc-2026")))
    assert edc["Order sheets"].startswith("two orders for one unit: the last one written counts; "
                                          "an official but wrong abbreviation is an illegal order")
    assert "duplicate_orders" not in edc["House rules"]  # said once, in words
    wdc = dict(describe_format(get_format("wdc-2025")))
    assert wdc["Order sheets"].startswith("two different orders for one unit: it holds; "
                                          "abbreviations read by their clear intent")
    assert "a waived build" in wdc["Order sheets"] and "still followed" in wdc["Order sheets"]
    strict = OrderReadingRule(correct_slips=False, require_unit_type_in_builds=True,
                              missing_coast="strict", missing_build_coast="void",
                              wrong_unit_type="fail")
    words = dict(describe_format(copy_format(get_format("wdc-2025"), reading=strict)))
    assert words["Order sheets"] == (
        "two different orders for one unit: it holds; abbreviations read by their clear intent; "
        "an official one that makes the order impossible is not corrected; every build says A "
        "or F; a fleet moving to Spain, Bulgaria or St Petersburg must name the coast; "
        "F St Petersburg built without a coast is an illegal order, ignored; an order naming "
        "the wrong unit type (A for F) fails and the unit holds")
