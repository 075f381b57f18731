"""tdapp's own drawing of the standard board: every province drawn, anchors inside their own
province, and the drawing's borders agree with the map's adjacency."""

from __future__ import annotations

import importlib.util
import json
import math
from collections import defaultdict
from pathlib import Path

import pytest

from tdapp.core.board.standard_map import STANDARD_MAP
from tdapp.core.mapdraw.geometry import load_geometry, parse_geometry, point_in_rings
from tdapp.resources import resource_path

GEOMETRY = load_geometry()
SPLIT_COASTS = ("STP/NC", "STP/SC", "SPA/NC", "SPA/SC", "BUL/EC", "BUL/SC")


def _adjacent_pairs() -> set[tuple[str, str]]:
    pairs = set()
    for table in (STANDARD_MAP.army_reach, STANDARD_MAP.fleet_reach):
        for loc_index, reach in enumerate(table):
            a = STANDARD_MAP.province_names[STANDARD_MAP.loc_province[loc_index]]
            for j in reach:
                b = STANDARD_MAP.province_names[j]
                if a != b:
                    pairs.add((min(a, b), max(a, b)))
    return pairs


def _shared_border_lengths() -> dict[tuple[str, str], float]:
    """Length of border each pair of provinces shares (edges present in both polygons)."""
    owners: dict[tuple, list[str]] = defaultdict(list)
    lengths: dict[tuple, float] = {}
    for abbr, shape in GEOMETRY.provinces.items():
        for ring in shape.rings:
            for i, a in enumerate(ring):
                b = ring[(i + 1) % len(ring)]
                key = (min(a, b), max(a, b))
                owners[key].append(abbr)
                lengths[key] = math.dist(a, b)
    shared: dict[tuple[str, str], float] = defaultdict(float)
    for key, names in owners.items():
        distinct = sorted(set(names))
        if len(distinct) == 2:
            shared[(distinct[0], distinct[1])] += lengths[key]
    return shared


def test_every_province_has_a_polygon():
    assert set(GEOMETRY.provinces) == set(STANDARD_MAP.province_names)
    assert len(GEOMETRY.provinces) == 76  # 75 provinces and impassable Switzerland
    for abbr, shape in GEOMETRY.provinces.items():
        assert shape.rings, abbr
        assert all(len(ring) >= 3 for ring in shape.rings), abbr


@pytest.mark.parametrize("abbr", sorted(STANDARD_MAP.province_names))
def test_anchors_lie_inside_their_own_province(abbr):
    shape = GEOMETRY.provinces[abbr]
    for name in ("unit", "label", "sc"):
        point = getattr(shape, name)
        assert shape.contains(point), f"{abbr} {name} {point} outside its polygon"
        others = [o for o, s in GEOMETRY.provinces.items() if o != abbr and s.contains(point)]
        assert not others, f"{abbr} {name} also inside {others}"


def test_split_coasts_have_their_own_anchor_inside_the_province():
    for coast in SPLIT_COASTS:
        province = coast.split("/")[0]
        point = GEOMETRY.location_point(coast)
        assert GEOMETRY.provinces[province].contains(point), coast
        assert math.dist(point, GEOMETRY.provinces[province].unit) > 10, coast
    north, south = GEOMETRY.location_point("STP/NC"), GEOMETRY.location_point("STP/SC")
    assert north[1] < south[1]  # the north coast is drawn north of the south coast


def test_adjacent_provinces_share_a_border():
    shared = _shared_border_lengths()
    missing = sorted(pair for pair in _adjacent_pairs() if shared.get(pair, 0.0) < 2.0)
    assert missing == []


def test_provinces_that_are_not_adjacent_do_not_share_a_border():
    adjacent = _adjacent_pairs()
    extra = sorted(
        (pair, round(length, 1)) for pair, length in _shared_border_lengths().items()
        if length > 2.0 and pair not in adjacent and "SWI" not in pair
    )
    assert extra == []


def test_land_and_sea_are_told_apart_by_type():
    """Sea provinces touch land only on coasts: no sea borders an inland province."""
    shared = _shared_border_lengths()
    for (a, b), length in shared.items():
        kinds = {STANDARD_MAP.provinces[a].type, STANDARD_MAP.provinces[b].type}
        if length > 2.0:
            assert kinds != {"sea", "land"}, (a, b)


def test_geometry_file_says_it_is_tdapps_own_work():
    data = json.loads(resource_path("maps", "standard_geometry.json").read_text("utf-8"))
    assert "tdapp's own" in data["note"]
    assert "make_geometry.py" in data["note"]
    assert data["width"] == GEOMETRY.width and data["height"] == GEOMETRY.height


def test_point_in_rings_treats_holes_as_outside():
    outer = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
    hole = ((4.0, 4.0), (6.0, 4.0), (6.0, 6.0), (4.0, 6.0))
    assert point_in_rings((2.0, 2.0), (outer, hole))
    assert not point_in_rings((5.0, 5.0), (outer, hole))
    assert not point_in_rings((11.0, 5.0), (outer,))


def test_unknown_locations_are_reported():
    assert GEOMETRY.knows("STP/NC") and GEOMETRY.knows("PAR")
    assert not GEOMETRY.knows("PAR/NC") and not GEOMETRY.knows("XYZ")
    with pytest.raises(KeyError):
        GEOMETRY.location_point("XYZ")


def test_generator_reproduces_the_committed_file():
    """The committed geometry is exactly what resources/maps/make_geometry.py builds."""
    script = Path(resource_path("maps", "make_geometry.py"))
    spec = importlib.util.spec_from_file_location("tdapp_make_geometry", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    built = json.loads(json.dumps(module.build()))
    committed = json.loads(resource_path("maps", "standard_geometry.json").read_text("utf-8"))
    assert built == committed
    assert parse_geometry(built).provinces.keys() == GEOMETRY.provinces.keys()
