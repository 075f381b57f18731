"""Tournament rules that change how orders are read (ParseOptions), and the parser's API."""

from __future__ import annotations

import dataclasses

import pytest

from tdapp.core.orders.model import Build, Move, Remove, Retreat, Waive
from tdapp.core.orders.options import (
    DEFAULT_OPTIONS,
    EDC_2026,
    WDC_2018,
    WDC_2025,
    ParseOptions,
)
from tdapp.core.orders.parser import parse_order, parse_orders
from tdapp.core.orders.result import ParseResult
from tests.core.orders.parser_positions import MID, RETREATS, START, WINTER

STRICT = ParseOptions(strict_abbreviations=True)
NO_SLIPS = ParseOptions(correct_slips=False)

# -- strict abbreviations (EDC 2026) -------------------------------------------------------


def test_edc_example_lon_nor_is_read_as_norway_and_flagged() -> None:
    # "Fleet move Lon-Nor ... is an illegal order, even if the player intended North Sea"
    result = parse_order("F Lon - Nor", options=EDC_2026)
    assert result.order == Move("F", "LON", "NWY")
    assert result.normalized == "F LON - NWY"
    assert any("official abbreviation of Norway (NWY)" in w and "holds" in w
               for w in result.warnings)
    assert result.span == (8, 11)


def test_forgiving_default_reads_lon_nor_as_the_one_possible_province() -> None:
    result = parse_order("F Lon - Nor")
    assert result.order == Move("F", "LON", "NTH")


def test_strict_nor_is_never_ambiguous() -> None:
    assert parse_order("F Edi - Nor").error is not None  # forgiving: two possible readings
    result = parse_order("F Edi - Nor", options=STRICT)
    assert result.error is None
    assert result.order == Move("F", "EDI", "NWY")


def test_strict_keeps_a_possible_official_reading_without_warning() -> None:
    result = parse_order("A Lon - Nor", options=STRICT)
    assert result.order == Move("A", "LON", "NWY")
    assert result.warnings == ()


def test_strict_does_not_correct_slips() -> None:
    assert parse_order("F Rom - Tyr").order == Move("F", "ROM", "TYS")
    result = parse_order("F Rom - Tyr", options=STRICT)
    assert result.order == Move("F", "ROM", "TYR")
    assert any("illegal" in w for w in result.warnings)


def test_strict_still_reads_unofficial_spellings_by_intent() -> None:
    # "Where an unofficial abbreviation is used then if the TD can discern unambiguous intent
    # they shall": Liv is no official abbreviation.
    result = parse_order("A Liv - Edi", options=STRICT)
    assert result.order == Move("A", "LVP", "EDI")


def test_without_slip_correction_the_order_stays_as_written() -> None:
    result = parse_order("F Edi - Nwy", options=NO_SLIPS)
    assert result.order == Move("F", "EDI", "NWY")
    assert any("impossible as written" in w for w in result.warnings)


# -- army/fleet letter in builds (WDC 2025 V.3.d) --------------------------------------------


def test_inland_build_without_letter_is_an_army_by_default() -> None:
    assert parse_order("Build Paris", phase_kind="A").order == Build("A", "PAR")


def test_inland_build_without_letter_fails_when_letters_are_required() -> None:
    options = ParseOptions(require_unit_type_in_builds=True)
    result = parse_order("Build Paris", phase_kind="A", options=options)
    assert result.order is None
    assert "must say army or fleet" in result.error


def test_coastal_build_without_letter_always_fails() -> None:
    for options in (DEFAULT_OPTIONS, ParseOptions(require_unit_type_in_builds=True)):
        result = parse_order("Build Brest", phase_kind="A", options=options)
        assert result.order is None
        assert result.span == (6, 11)


def test_missing_letter_outside_builds_is_fine_with_a_position() -> None:
    assert parse_order("Bre - Mao", "FRANCE", START).order == Move("F", "BRE", "MAO")


# -- coasts (WDC 2025 V.4) -------------------------------------------------------------------


@pytest.mark.parametrize("text", ["F Por - Spa", "F Mao - Spa", "F Con - Bul"])
@pytest.mark.parametrize("mode", ["infer", "strict"])
def test_moves_where_both_coasts_can_be_reached_need_the_coast(text: str, mode: str) -> None:
    result = parse_order(text, options=ParseOptions(missing_coast=mode))
    assert result.order is None
    assert "coast" in result.error
    assert text[slice(*result.span)] in ("Spa", "Bul")


def test_retreat_without_needed_coast_fails() -> None:
    result = parse_order("F Por - Spa", phase_kind="R")
    assert result.order is None and "which coast of Spain" in result.error


def test_single_reachable_coast_is_filled_in_by_default() -> None:
    assert parse_order("F Gas - Spa").order == Move("F", "GAS", "SPA/NC")
    assert parse_order("F Nwy - StP", phase_kind="R").order == Retreat("F", "NWY", "STP/NC")


def test_strict_coasts_require_the_coast_even_when_only_one_is_reachable() -> None:
    result = parse_order("F Gas - Spa", options=ParseOptions(missing_coast="strict"))
    assert result.order is None
    assert "must name the coast (SPA/NC)" in result.error


def test_stp_fleet_build_without_coast_is_waived_by_default() -> None:
    result = parse_order("Build F StP", "RUSSIA", WINTER, "A")
    assert result.order == Waive()
    assert result.normalized == "WAIVE"
    assert any("waived" in w for w in result.warnings)


def test_stp_fleet_build_without_coast_is_void_when_chosen() -> None:
    result = parse_order("Build F StP", "RUSSIA", WINTER, "A",
                         ParseOptions(missing_build_coast="void"))
    assert result.order is None
    assert "needs a coast" in result.error
    assert result.span == (8, 11)


def test_support_keeps_the_coast_as_written() -> None:
    # WDC 2025 V.4.c: without a coast the support is good for either coast
    assert parse_order("F Mao S F Por - Spa").normalized == "F MAO S F POR - SPA"
    assert parse_order("F Mao S F Por - Spa(sc)").normalized == "F MAO S F POR - SPA/SC"


# -- wrongly designated units (WDC 2025 V.3.d) ------------------------------------------------


def test_wrong_unit_type_is_followed_by_default() -> None:
    result = parse_order("F Bur - Mun", "FRANCE", MID)
    assert result.order == Move("A", "BUR", "MUN")
    assert result.span == (0, 1)


def test_wrong_unit_type_fails_when_chosen() -> None:
    result = parse_order("F Bur - Mun", "FRANCE", MID, options=ParseOptions(wrong_unit_type="fail"))
    assert result.order is None
    assert result.error == "the unit in Burgundy is an army, not a fleet"
    assert result.normalized == "F BUR - MUN"


# -- presets and validation ------------------------------------------------------------------


def test_presets() -> None:
    assert dataclasses.replace(WDC_2025, rules_name="") == DEFAULT_OPTIONS
    assert EDC_2026.strict_abbreviations and not EDC_2026.correct_slips
    assert WDC_2018.rules_name == "WDC 2018" and DEFAULT_OPTIONS.rules_name == ""


def test_messages_name_the_tournament_rule() -> None:
    result = parse_order("F Lon - Nor", options=EDC_2026)
    assert result.warnings[0].endswith("(EDC 2026)")
    result = parse_order("Build F StP", phase_kind="A", options=WDC_2025)
    assert result.warnings == (
        "a fleet built in St Petersburg needs a coast (STP/NC or STP/SC): the build is waived "
        "(WDC 2025)",)
    assert parse_order("Build F StP", phase_kind="A").warnings[0].endswith("waived")


def test_wdc_2018_example_nor_from_edinburgh_is_ambiguous() -> None:
    # "Nor is an ambiguous destination for a fleet in Edinburgh because the fleet could move to
    # either the North Sea or the Norwegian Sea" -- ambiguous orders are ignored
    result = parse_order("F Edinburgh - Nor", options=WDC_2018)
    assert result.order is None
    assert set(result.ambiguous) == {"F EDI - NTH", "F EDI - NWG"}


@pytest.mark.parametrize("field", ["missing_coast", "missing_build_coast", "wrong_unit_type"])
def test_bad_option_values_name_the_field(field: str) -> None:
    with pytest.raises(ValueError, match=field):
        ParseOptions(**{field: "sometimes"})


def test_options_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_OPTIONS.strict_abbreviations = True  # type: ignore[misc]


# -- the API --------------------------------------------------------------------------------


def test_bad_phase_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="phase_kind"):
        parse_orders("A Par - Bur", phase_kind="X")


def test_parse_result_is_frozen_and_offsets_point_into_the_text() -> None:
    text = "France:\n  A Par - Bur; F Bre - Mao"
    first, second = parse_orders(text)
    assert isinstance(first, ParseResult)
    assert text[first.start:first.start + len(first.text)] == "A Par - Bur" == first.text
    assert second.text == "F Bre - Mao" and second.start == text.index("F Bre")
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.normalized = "x"  # type: ignore[misc]


def test_error_span_is_relative_to_the_whole_text() -> None:
    text = "A Par - Bur\nA Mar - Bergundy"
    good, faulty = parse_orders(text)
    assert good.error is None
    assert text[slice(*faulty.span)] == "Bergundy"
    assert faulty.text == "A Mar - Bergundy"


def test_parse_order_refuses_two_orders() -> None:
    result = parse_order("A Par - Bur F Bre - Mao")
    assert result.order is None
    assert "more than one order" in result.error
    assert result.span == (12, 23)


def test_parse_order_of_nothing() -> None:
    result = parse_order("   ")
    assert result.order is None and result.error == "no order written"


def test_ambiguous_result_lists_the_readings() -> None:
    result = parse_order("F Edi - Nor")
    assert result.ambiguous == ("F EDI - NWG", "F EDI - NTH")
    assert result.order is None


def test_power_is_case_insensitive_and_checked() -> None:
    assert parse_order("A Par - Bur", "france", START).order == Move("A", "PAR", "BUR")
    assert parse_order("A Par - Bur", "Germany", START).error == (
        "Germany has no unit in Paris (the army there is France's)")


def test_retreat_phase_orders_the_dislodged_units() -> None:
    # Germany's army now stands in Burgundy; France's dislodged army is the one ordered.
    assert parse_order("A Bur - Pic", "FRANCE", RETREATS, "R").order == Retreat("A", "BUR", "PIC")
    assert parse_order("Eng - Iri", "ENGLAND", RETREATS, "R").order == Retreat("F", "ENG", "IRI")
    assert parse_order("A Par - Pic", "FRANCE", RETREATS, "R").error == (
        "France has no unit in Paris")


def test_removal_type_comes_from_the_position() -> None:
    assert parse_order("Remove Kiel", "GERMANY", WINTER, "A").order == Remove("F", "KIE")


def test_a_position_object_with_units_attribute_is_accepted() -> None:
    from tdapp.core.board.position import Position

    position = Position.initial()
    assert parse_order("Bre - Mao", "FRANCE", position).order == Move("F", "BRE", "MAO")
    assert parse_order("A Mun - Bur", "FRANCE", position).error is not None


def test_results_are_the_same_on_a_second_call() -> None:
    # results without a position are cached: a cached answer must equal a fresh one
    first = parse_orders("F Lon - Nor; A Par-Bergundy")
    second = parse_orders("F Lon - Nor; A Par-Bergundy")
    assert first == second


def test_untidy_unit_strings_in_a_position_are_understood() -> None:
    position = {"units": {"FRANCE": [" a  par", "f stp/nc"]}}
    assert parse_order("Par - Bur", "FRANCE", position).order == Move("A", "PAR", "BUR")
    assert parse_order("StP - Bar", "FRANCE", position).order == Move("F", "STP/NC", "BAR")


def test_a_bare_power_to_units_mapping_is_accepted() -> None:
    assert parse_order("Bre - Mao", "FRANCE", {"FRANCE": ["F BRE"]}).order == Move(
        "F", "BRE", "MAO")


def test_odd_positions_never_raise() -> None:
    odd = [
        {"units": {"FRANCE": None, "ENGLAND": 5}},
        {"units": {"FRANCE": ["", "A", "X PAR", 7, None]}},
        {"units": []},
        {"units": "A PAR"},
        {"dislodged": {"FRANCE": [{"unit": None}, "A BUR", 3]}},
        {"FRANCE": {"PAR": "A PAR"}},
        object(),
        [],
    ]
    for position in odd:
        for phase in ("M", "R", "A"):
            for text in ("A Par - Bur", "Remove A Par", "F Lon - Nor", "A Bur R Par"):
                result = parse_order(text, "FRANCE", position, phase)
                assert result.order is not None or result.error is not None


def test_ordered_unit_names_the_unit_an_order_is_for() -> None:
    from tdapp.core.orders.normalize import ordered_unit

    results = parse_orders("F Lon S F Nth - Eng; StP - Bar; waive", "RUSSIA",
                           {"units": {"RUSSIA": ["F STP/NC"]}})
    assert ordered_unit(results[1].order) == "F STP/NC"
    assert ordered_unit(parse_order("F Lon S F Nth - Eng").order) == "F LON"
    assert ordered_unit(parse_order("waive", phase_kind="A").order) is None
