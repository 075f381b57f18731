"""Every case of ../shared/datc/datc-v3.0.json, under the rule options its ``edition`` names.

The JSON comes from another adjudicator's test suite (TedDriggs/diplomacy). Where its expected
answer differs from the DATC v3.0 text's preferred answer, the DATC text governs and the case is
listed in ``DATC_PREFERENCE`` with the reason. Three retreat cases whose JSON lost what they test
run as written out from the DATC text (``WRITTEN_OUT``); ``SKIPS`` would say why a case cannot
run, and is empty.
"""

from __future__ import annotations

import pytest

from tdapp.core.adjudication import OrderEntry, adjudicate_phase
from tdapp.core.board.position import DislodgedUnit, Phase, Position, Unit
from tdapp.core.board.standard_map import STANDARD_MAP
from tests.core.adjudication import datc_retreats as written_out
from tests.core.adjudication.datc_cases import (
    DATC_PATH,
    EDITIONS,
    load_cases,
    split_key,
    translate,
    units_for,
)

# Where the JSON's expectation is not the DATC v3.0 preference: (order key -> DATC answer, why).
DATC_PREFERENCE: dict[tuple[str, str | None], tuple[dict[str, str], str]] = {
    ("t6b02_moving_with_unspecified_coast_when_coast_is_not_necessary", None): (
        {"FRA: F gas -> spa": "Succeeds"},
        "DATC 6.B.2 prefers a move to the only reachable coast (SPA/NC)",
    ),
    ("t6b10_unit_ordered_with_wrong_coast", None): (
        {"FRA: F spa(nc) -> lyo": "Succeeds"},
        "DATC 6.B.10 prefers ignoring the wrongly written coast of the ordered unit",
    ),
    ("t6b12_army_movement_with_coastal_specification", None): (
        {"FRA: A gas -> spa(nc)": "Succeeds"},
        "DATC 6.B.12 prefers ignoring a coast written for an army",
    ),
    ("t6b15_supporting_foreign_unit_with_unspecified_coast", None): (
        {"ENG: F mao -> spa(nc)": "Fails", "ITA: F wes -> spa(sc)": "Fails"},
        "DATC 6.B.15: the support without coast is given, so both fleets bounce (2 against 2)",
    ),
    ("t6g11_a_convoy_to_an_adjacent_place_with_a_paradox", None): (
        {"ENG: F nth -> ska": "Succeeds", "RUS: A swe -> nwy": "Fails"},
        "DATC 6.G.11 (2023 rules, no land fallback): Russia's own convoy shows intent, the "
        "paradox is settled by the Szykman rule and the army does not move; the JSON has the "
        "1971 answer",
    ),
    ("t6j09_civil_disorder_must_be_counted_from_both_coasts_second_scenario", "2023"): (
        {},
        "DATC 6.J.9: the fleet in Skagerrak is two from St Petersburg (north coast), the army "
        "in Albania three from Sevastopol, so the army goes",
    ),
}
CIVIL_DISORDER_PREFERENCE = {
    ("t6j09_civil_disorder_must_be_counted_from_both_coasts_second_scenario", "2023"): [
        "RUS: A alb"
    ],
}

SKIPS: dict[tuple[str, str | None], str] = {}

# The JSON drops what these cases are about (the retreat-phase support or convoy, most of the
# position of 6.H.2, where Norway is written 'nor'): they run as written out from the DATC text.
WRITTEN_OUT = {
    ("t6h01_no_supports_during_retreat", None): written_out.no_supports_during_retreat,
    ("t6h02_no_supports_from_retreating_unit", None):
        written_out.no_supports_from_retreating_unit,
    ("t6h03_no_convoy_during_retreat", None): written_out.no_convoy_during_retreat,
}
# Cases the JSON's authors ignore that tdapp runs, because it follows the DATC preference:
RUN_DESPITE_IGNORE = {
    "t6b07_supporting_with_unspecified_coast",
    "t6b08_supporting_with_unspecified_coast_when_only_one_coast_is_possible",
    "t6b15_supporting_foreign_unit_with_unspecified_coast",
    "t6g19_swapping_with_intent_of_unnecessary_convoy",
}


def _entries(case_orders: dict, phase: str) -> list[OrderEntry]:
    out = []
    for key in case_orders:
        power, order = translate(key, phase)
        out.append(OrderEntry(power, order, key))
    return out


def _check(expected: dict, results, overrides: dict[str, str]) -> None:
    for index, (key, want) in enumerate(expected.items()):
        want = overrides.get(key, want)
        if want is None:
            continue
        got = results[index]
        assert got.succeeded == (want == "Succeeds"), (
            f"{key}: expected {want}, got tags {got.tags} {got.message!r}"
        )


def _ownership(case: dict, units: dict[str, Unit]) -> dict[str, str]:
    """Home centres belong to their home power unless the case says otherwise; a centre with a
    unit in it belongs to that unit's power (DATC cases name only the exceptions)."""
    from tests.core.adjudication.datc_cases import POWER_CODES

    centers = {sc: p for p, scs in STANDARD_MAP.home_centers.items() for sc in scs}
    for province, unit in units.items():
        if province in STANDARD_MAP.supply_centers:
            centers[province] = unit.power
    for province, code in case.get("occupiers", {}).items():
        centers[province.upper()] = POWER_CODES[code]
    return centers


def _params():
    if not DATC_PATH.exists():
        return [pytest.param(None, id="datc-missing", marks=pytest.mark.skip(
            reason=f"DATC cases not found at {DATC_PATH}"))]
    params = []
    for case in load_cases():
        key = (case["name"], case.get("edition"))
        ident = case["name"] + (f"[{case['edition']}]" if case.get("edition") else "")
        marks = []
        if key in SKIPS:
            marks.append(pytest.mark.skip(reason=SKIPS[key]))
        elif (case.get("ignore") and case["name"] not in RUN_DESPITE_IGNORE
              and key not in WRITTEN_OUT):
            why = f"ignored by the JSON's authors: {case['ignore']}"
            marks.append(pytest.mark.skip(reason=why))
        params.append(pytest.param(case, id=ident, marks=marks))
    return params


@pytest.mark.parametrize("case", _params())
def test_datc_case(case: dict) -> None:
    key = (case["name"], case.get("edition"))
    if key in WRITTEN_OUT:
        WRITTEN_OUT[key]()
        return
    rules = EDITIONS[case.get("edition")]
    overrides = DATC_PREFERENCE.get(key, ({}, ""))[0]
    if case["phase"] == "Main":
        units = units_for(case["orders"], case.get("starting_state", []))
        position = Position(Phase("S", 1901, "M"), units)
        out = adjudicate_phase(position, _entries(case["orders"], "Main"), rules)
        _check(case["orders"], out.results, overrides)
    elif case["phase"] == "Retreat":
        before = case["preceding_main_phase"]
        units = units_for(before["orders"], before.get("starting_state", []))
        position = Position(Phase("S", 1901, "M"), units)
        moved = adjudicate_phase(position, _entries(before["orders"], "Main"), rules)
        _check(before["orders"], moved.results, {})
        if moved.next.phase != Phase("S", 1901, "R"):
            # every dislodged unit had nowhere to go and was disbanded with the movement
            # (DATC 6.H.15): each retreat the case orders must then be one that fails
            assert all(want != "Succeeds" for want in case["orders"].values())
            disbanded = {r.unit for r in moved.results if "disband" in r.tags}
            for key in case["orders"]:
                _, t, loc, _ = split_key(key)
                assert f"{t} {loc}" in disbanded
            return
        out = adjudicate_phase(moved.next, _entries(case["orders"], "Retreat"), rules)
        _check(case["orders"], out.results, overrides)
    else:
        units = {}
        for text in case.get("starting_state", []):
            power, t, loc, _ = split_key(text)
            units[loc.split("/")[0]] = Unit(power, t, loc)
        position = Position(Phase("W", 1901, "A"), units, _ownership(case, units))
        out = adjudicate_phase(position, _entries(case["orders"], "Build"), rules)
        _check(case["orders"], out.results, overrides)
        if "civil_disorder" in case:
            expected = CIVIL_DISORDER_PREFERENCE.get(key, case["civil_disorder"])
            gone = []
            for text in expected:
                power, t, loc, _ = split_key(text)
                gone.append(Unit(power, t, loc))
            removed = [
                r.unit for r in out.results if r.text == "" and "disband" in r.tags
            ]
            assert sorted(removed) == sorted(str(u) for u in gone)


def test_every_case_is_collected() -> None:
    if not DATC_PATH.exists():
        pytest.skip(f"DATC cases not found at {DATC_PATH}")
    assert len(load_cases()) == 171
    assert all(key[0] in {c["name"] for c in load_cases()} for key in DATC_PREFERENCE)


def test_dislodged_unit_type_is_kept() -> None:
    # A sanity check of the harness itself: what the preceding phase dislodged is what retreats.
    units = {"VIE": Unit("ITALY", "A", "VIE"), "TRI": Unit("AUSTRIA", "A", "TRI"),
             "BUD": Unit("AUSTRIA", "A", "BUD")}
    position = Position(Phase("S", 1901, "M"), units)
    entries = _entries({"AUS: A tri -> vie": None, "AUS: A bud supports A tri -> vie": None},
                       "Main")
    out = adjudicate_phase(position, entries)
    assert out.next.dislodged == [
        DislodgedUnit(Unit("ITALY", "A", "VIE"), "TRI", ("BOH", "GAL", "TYR"))
    ]
