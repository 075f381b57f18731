"""Phases, the initial position, and the contract's JSON shape of a position."""

from __future__ import annotations

import pytest

from tdapp.core.board.contract import PositionError, position_from_contract, position_to_contract
from tdapp.core.board.position import Phase, Position, Unit


def test_phase_names_round_trip_and_follow() -> None:
    names = ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S1902M"]
    phases = [Phase.parse(n) for n in names]
    assert [str(p) for p in phases] == names
    assert [str(p.following()) for p in phases[:-1]] == names[1:]
    assert sorted(phases, key=lambda p: p.sort_key) == phases
    for bad in ("W1901M", "S1901A", "X1901M", "S01M", "", "s1901m"):
        with pytest.raises(ValueError):
            Phase.parse(bad)


def test_initial_position() -> None:
    pos = Position.initial()
    assert len(pos.units) == 22 and len(pos.centers) == 22
    assert pos.unit_at("STP/NC") == Unit("RUSSIA", "F", "STP/SC")
    assert pos.centers_of("TURKEY") == ["ANK", "CON", "SMY"]
    assert pos.adjustments() == {}


def test_contract_round_trip() -> None:
    doc = {
        "phase": "F1901R",
        "units": {"ENGLAND": ["F NTH", "A YOR"], "RUSSIA": ["F STP/NC"]},
        "centers": {"ENGLAND": ["LON"], "RUSSIA": ["STP"]},
        "dislodged": {"FRANCE": [{"unit": "A BUR", "attacker_from": "MUN"}]},
        "contested": ["RUH"],
    }
    pos = position_from_contract(doc)
    back = position_to_contract(pos)
    assert back["units"] == {"ENGLAND": ["F NTH", "A YOR"], "RUSSIA": ["F STP/NC"]}
    assert back["dislodged"] == {
        "FRANCE": [{"unit": "A BUR", "attacker_from": "MUN", "retreats": []}]
    }
    assert back["contested"] == ["RUH"] and back["phase"] == "F1901R"


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        ({"phase": "X"}, "phase"),
        ({"phase": "S1901M", "units": {"PRUSSIA": []}}, "units.PRUSSIA"),
        ({"phase": "S1901M", "units": {"FRANCE": ["A XYZ"]}}, "units.FRANCE[0]"),
        ({"phase": "S1901M", "units": {"FRANCE": ["F PAR"]}}, "units.FRANCE[0]"),
        ({"phase": "S1901M", "units": {"FRANCE": ["A MAO"]}}, "units.FRANCE[0]"),
        ({"phase": "S1901M", "units": {"RUSSIA": ["F STP"]}}, "units.RUSSIA[0]"),
        ({"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A PAR"]}},
         "units.GERMANY[0]"),
        ({"phase": "S1901M", "units": {"FRANCE": "A PAR"}}, "units.FRANCE"),
        ({"phase": "S1901M", "centers": {"FRANCE": ["BUR"]}}, "centers.FRANCE[0]"),
        ({"phase": "S1901M", "dislodged": {"FRANCE": [{"unit": "A BUR"}]}}, "dislodged.FRANCE[0]"),
        ({"phase": "S1901M", "contested": ["NOWHERE"]}, "contested[0]"),
        ([], "input"),
    ],
)
def test_impossible_positions_name_the_field(doc, field: str) -> None:
    with pytest.raises(PositionError) as caught:
        position_from_contract(doc)
    assert caught.value.field == field
