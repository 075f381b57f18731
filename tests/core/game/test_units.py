"""The one unit key: units and orders are matched by province, whatever coast is written."""

from __future__ import annotations

from tdapp.core.board.contract import position_to_contract
from tdapp.core.board.position import Position
from tdapp.core.game.units import unit_key


def test_a_unit_is_known_by_its_province() -> None:
    assert unit_key("F STP/NC") == "STP"
    assert unit_key("F STP/SC") == unit_key("A STP") == unit_key("STP/NC") == "STP"
    assert unit_key("A PAR") == "PAR"
    assert unit_key("") == ""


def test_every_starting_unit_keys_to_the_province_it_stands_in() -> None:
    start = Position.initial()
    written = position_to_contract(start)["units"]
    keys = {unit_key(u) for units in written.values() for u in units}
    assert keys == set(start.units)  # Position.units is keyed by province
    assert unit_key("F STP/SC") in keys
