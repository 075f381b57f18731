"""The map's adjacency against the `diplomacy` package's standard map (crosscheck extra)."""

from __future__ import annotations

import pytest

from tdapp.core.board.standard_map import IMPASSABLE, STANDARD_MAP

pytestmark = pytest.mark.crosscheck


def test_every_move_agrees_with_diplomacy() -> None:
    maps = pytest.importorskip("diplomacy.engine.map")
    theirs = maps.Map("standard")
    m = STANDARD_MAP
    disagreements = []
    for unit_type in "AF":
        for a in m.location_names:
            if not m.can_occupy(unit_type, a) or m.provinces[m.province_of(a)].type == IMPASSABLE:
                continue
            for b in m.location_names:
                if a == b or m.provinces[m.province_of(b)].type == IMPASSABLE:
                    continue
                if unit_type == "A" and "/" in b:
                    continue
                if unit_type == "F" and m.has_coasts(m.province_of(b)) and "/" not in b:
                    continue  # a fleet names the coast; diplomacy accepts the bare province too
                if m.can_move(unit_type, a, b) != bool(theirs.abuts(unit_type, a, "-", b)):
                    disagreements.append((unit_type, a, b))
    assert disagreements == []
    assert len(m.supply_centers) == len(theirs.scs) == 34
    assert set(m.supply_centers) == {sc.upper() for sc in theirs.scs}
    for power, homes in m.home_centers.items():
        assert set(homes) == set(theirs.homes[power])
