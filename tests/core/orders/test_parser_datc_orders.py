"""Every order written in the DATC test cases reads without fault, except the few whose point is
a fault of writing (a coast left out); and the words of the parser do not collide with names."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tdapp.core.orders import words as W
from tdapp.core.orders.model import Move, Waive
from tdapp.core.orders.names import ALIASES, AMBIGUOUS
from tdapp.core.orders.parser import parse_orders

DATC_PATH = Path(os.environ.get(
    "TDAPP_DATC", Path(__file__).resolve().parents[3].parent / "shared/datc/datc-v3.0.json"))
PHASES = {"Main": "M", "Retreat": "R", "Build": "A"}
CODES = {"AUS": "AUSTRIA", "ENG": "ENGLAND", "FRA": "FRANCE", "GER": "GERMANY", "ITA": "ITALY",
         "RUS": "RUSSIA", "TUR": "TURKEY"}

# The cases about a fault of writing: the parser says so instead of guessing.
EXPECTED_FAULTS = {
    ("t6a06_ordering_a_unit_of_another_country", "GER: F lon -> nth"):
        "Germany has no unit in London (the fleet there is England's)",
    # Norway written "nor", read without the position: Norway or the Norwegian Sea?
    ("t6h02_no_supports_from_retreating_unit", "ENG: F nor -> nth"): "ambiguous",
    ("t6b01_moving_without_required_coast_fails", "FRA: F por -> spa"): "which coast of Spain",
    ("t6d30_move_without_coast_and_support", "RUS: F con -> bul"): "which coast of Bulgaria",
}
EXPECTED_WARNINGS = {
    # DATC 6.B.10 (preferred): the order is for the unit, whatever coast is written
    ("t6b10_unit_ordered_with_wrong_coast", "FRA: F spa(nc) -> lyo"): "the unit is at Spain south",
    ("t6b11_coast_can_not_be_ordered_to_change", "FRA: F spa(sc) -> lyo"):
        "the unit is at Spain north",
    ("t6b12_army_movement_with_coastal_specification", "FRA: A gas -> spa(nc)"): "coast",
    ("t6b14_building_with_unspecified_coast", "RUS: F stp build"): "waived",
}


def _cases() -> list[dict]:
    if not DATC_PATH.exists():
        return []
    return json.loads(DATC_PATH.read_text(encoding="utf-8"))["cases"]


def _position(case: dict) -> dict:
    """The units of a case: its starting state plus the unit of every order."""
    units: dict[str, list[str]] = {}
    for entry in [*case.get("starting_state", []), *case.get("orders", {})]:
        code, _, text = entry.partition(": ")
        unit = " ".join(text.split()[:2]).upper().replace("(", "/").replace(")", "")
        power = CODES[code]
        if not any(u[2:5] == unit[2:5] for us in units.values() for u in us):
            units.setdefault(power, []).append(unit)
    return {"units": units}


@pytest.mark.skipif(not DATC_PATH.exists(), reason=f"DATC data not found at {DATC_PATH}")
@pytest.mark.parametrize("case", _cases(), ids=lambda c: c["name"])
def test_every_datc_order_reads(case: dict) -> None:
    phase = PHASES[case["phase"]]
    position = _position(case) if phase == "M" else None
    for written in case.get("orders", {}):
        code, _, text = written.partition(": ")
        power = CODES[code]
        results = parse_orders(text, power, position, phase)
        assert len(results) == 1, written
        result = results[0]
        key = (case["name"], written)
        if key in EXPECTED_FAULTS:
            assert result.error is not None and EXPECTED_FAULTS[key] in result.error
            continue
        assert result.error is None, (written, result.error)
        if key in EXPECTED_WARNINGS:
            assert any(EXPECTED_WARNINGS[key] in w for w in result.warnings), result.warnings
        else:
            assert result.warnings == (), (written, result.warnings)
        assert result.order is not None
        if isinstance(result.order, Waive):
            continue
        assert result.order.location[:3] == text.split()[1][:3].upper()
        if "via" in text.lower():
            assert isinstance(result.order, Move) and result.order.via_convoy


def test_datc_nor_means_norway_when_the_position_says_so() -> None:
    # 6.H.2 writes Norway as "nor"; with the English fleet in Norway there is one reading
    position = {"dislodged": {"ENGLAND": [{"unit": "F NWY", "attacker_from": "SKA"}]}}
    (result,) = parse_orders("F nor -> nth", "ENGLAND", position, "R")
    assert result.normalized == "F NWY R NTH"


def test_verbs_and_unit_letters_are_not_province_names() -> None:
    for word in W.ROLES:
        assert word not in ALIASES, word
        assert word not in AMBIGUOUS, word
    for word in W.POWERS:
        assert word not in ALIASES, word


def test_every_province_abbreviation_and_name_is_known() -> None:
    from tdapp.core.board.standard_map import STANDARD_MAP

    for abbr, info in STANDARD_MAP.provinces.items():
        for written in (abbr, abbr.lower(), info.name, info.name.upper()):
            if abbr.lower() in AMBIGUOUS and written.lower() == abbr.lower():
                continue  # a slip-prone abbreviation: read below
            (result,) = parse_orders(f"{written} H")
            if info.type == "impassable":
                assert result.order is not None  # SWI: "A Swi H" is legal to write
            assert result.error is None, (written, result.error)
            assert result.order.location == abbr, written
