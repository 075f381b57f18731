"""What the map plans to draw, from plain data (no Qt): orders read, units and centres placed,
adjudicated phases' outcomes marked; positions the map cannot show name their field."""

from __future__ import annotations

import math

import pytest

from tdapp.core.mapdraw.geometry import load_geometry
from tdapp.core.mapdraw.plan import (
    CONVOY,
    HOLD,
    MOVE,
    RETREAT,
    SUPPORT_HOLD,
    SUPPORT_MOVE,
    MapDataError,
    parse_order_text,
    plan_board,
)
from tests.core.mapdraw.map_scenarios import (
    adjustment_phase,
    busy_phase,
    retreat_phase,
    start_position,
)

GEO = load_geometry()


def _orders_by_text(plan):
    return {o.text: o for o in plan.orders}


# -- reading orders ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, kind, dest, other", [
    ("A PAR H", HOLD, None, None),
    ("A PAR - BUR", MOVE, "BUR", None),
    ("A YOR - NWY VIA", MOVE, "NWY", None),
    ("F LON S F NTH - ENG", SUPPORT_MOVE, "ENG", "NTH"),
    ("A MUN S A BER", SUPPORT_HOLD, None, "BER"),
    ("F NTH C A YOR - NWY", CONVOY, "NWY", "YOR"),
    ("A BUR R PAR", RETREAT, "PAR", None),
    ("F STP/NC B", "build", None, None),
    ("A MUN D", "disband", None, None),
])
def test_canonical_orders_are_read(text, kind, dest, other):
    parsed = parse_order_text(text)
    assert parsed is not None
    assert (parsed.kind, parsed.destination, parsed.other_location) == (kind, dest, other)


@pytest.mark.parametrize("text", ["", "WAIVE", "A PAR JUMPS", "A", "F NTH C A YOR"])
def test_text_that_is_no_order_is_not_drawn(text):
    assert parse_order_text(text) is None


# -- planning -------------------------------------------------------------------------

def test_start_position_plans_every_unit_and_centre():
    plan = plan_board(start_position(), None, GEO)
    assert len(plan.units) == 22
    assert len(plan.centres) == 22
    assert plan.orders == [] and plan.skipped == []
    fleet = next(u for u in plan.units if u.location == "STP/SC")
    assert fleet.point == GEO.location_point("STP/SC") != GEO.provinces["STP"].unit


def test_busy_phase_plans_each_kind_of_order_with_its_outcome():
    doc, out = busy_phase()
    plan = plan_board(doc, out["results"], GEO)
    orders = _orders_by_text(plan)
    assert plan.skipped == []
    assert len(plan.orders) == len(out["results"])
    assert orders["A YOR - NWY"].kind == MOVE and not orders["A YOR - NWY"].failed
    assert orders["F LON - ENG"].failed and orders["F LON - ENG"].tags == ("bounce",)
    convoy = orders["F NTH C A YOR - NWY"]
    assert convoy.kind == CONVOY and convoy.target_midpoint() == pytest.approx((
        (GEO.provinces["YOR"].unit[0] + GEO.provinces["NWY"].unit[0]) / 2,
        (GEO.provinces["YOR"].unit[1] + GEO.provinces["NWY"].unit[1]) / 2))
    cut = orders["A MAR S A PAR - BUR"]
    assert cut.kind == SUPPORT_MOVE and cut.failed and "cut" in cut.tags
    assert orders["A ROM S A VEN"].kind == SUPPORT_HOLD
    assert orders["A ROM S A VEN"].end == GEO.provinces["VEN"].unit
    assert orders["F STP/SC - BOT"].start == GEO.location_point("STP/SC")


def test_a_dislodged_unit_is_set_aside_away_from_its_attacker():
    doc, out = busy_phase()
    plan = plan_board(doc, out["results"], GEO)
    turk = next(u for u in plan.units if u.location == "BUL")
    bul, ser = GEO.provinces["BUL"].unit, GEO.provinces["SER"].unit
    assert turk.dislodged
    assert math.dist(turk.point, bul) == pytest.approx(19.0, abs=0.1)
    assert math.dist(turk.point, ser) > math.dist(bul, ser)  # pushed away from Serbia
    attack = _orders_by_text(plan)["A SER - BUL"]
    assert attack.end == bul and not attack.failed
    hold = _orders_by_text(plan)["A BUL H"]
    assert hold.start == turk.point and hold.failed and hold.aside_from == bul


def test_retreat_phase_shows_legal_retreats_then_the_retreat():
    position, out = retreat_phase()
    before = plan_board(position, None, GEO)
    dislodged = [u for u in before.units if u.dislodged]
    assert [(u.power, u.location) for u in dislodged] == [("TURKEY", "BUL")]
    hints = {end for _start, end in before.retreat_hints}
    assert hints == {GEO.provinces["CON"].unit, GEO.provinces["RUM"].unit}
    assert "BLA" in before.contested
    after = plan_board(position, out["results"], GEO)
    retreat = _orders_by_text(after)["A BUL R RUM"]
    assert retreat.kind == RETREAT and retreat.start == dislodged[0].point
    assert after.retreat_hints == []


def test_adjustments_show_builds_and_removals():
    position, results = adjustment_phase()
    plan = plan_board(position, results, GEO)
    built = sorted(u.location for u in plan.units if u.built)
    assert built == ["LON", "LVP", "STP/NC"]
    removed = [u.location for u in plan.units if u.removed]
    assert removed == ["VEN"]


def test_orders_the_map_cannot_draw_are_listed_not_fatal():
    results = [
        {"power": "FRANCE", "normalized": "", "order": "A Pqr jumps", "tags": ["void"]},
        {"power": "FRANCE", "normalized": "A PAR - XYZ", "tags": ["void"]},
        {"power": "FRANCE", "normalized": "A GAS - BUR", "tags": ["void"]},
    ]
    plan = plan_board(start_position(), results, GEO)
    assert plan.orders == []
    assert len(plan.skipped) == 3
    assert "XYZ" in plan.skipped[1] and "no unit in GAS" in plan.skipped[2]


@pytest.mark.parametrize("position, field", [
    ({"units": {"FRANCE": ["A XYZ"]}}, "units.FRANCE"),
    ({"units": {"FRANCE": ["PAR"]}}, "units.FRANCE[0]"),
    ({"units": {"FRANCE": "A PAR"}}, "units.FRANCE"),
    ({"centers": {"FRANCE": ["QQQ"]}}, "centers.FRANCE"),
    ({"dislodged": {"TURKEY": [{"unit": "A BUL", "attacker_from": "ZZZ"}]}},
     "dislodged.TURKEY[0]"),
    ([], "position"),
])
def test_bad_positions_name_the_field(position, field):
    with pytest.raises(MapDataError) as caught:
        plan_board(position, None, GEO)
    assert str(caught.value).startswith(field)


