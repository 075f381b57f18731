"""Hypothesis strategies for the judge: random boards with random orders, and random
adjustment phases (test_judge_properties and test_owed_offset draw from them)."""

from __future__ import annotations

from hypothesis import strategies as st

from tdapp.core.adjudication import OrderEntry, RuleOptions
from tdapp.core.board.position import Phase, Position, Unit
from tdapp.core.board.standard_map import IMPASSABLE, STANDARD_MAP
from tdapp.core.orders.model import (
    Build,
    Convoy,
    Hold,
    Move,
    Remove,
    SupportHold,
    SupportMove,
    Waive,
)
from tdapp.core.powers import POWERS

M = STANDARD_MAP
PROVINCES = sorted(p for p, i in M.provinces.items() if i.type != IMPASSABLE)
LOCATIONS = sorted(M.location_names)


def _unit_for(province: str, choice: int, power: str) -> Unit:
    info = M.provinces[province]
    if info.type == "sea":
        return Unit(power, "F", province)
    if info.type == "land" or choice % 3:
        return Unit(power, "A", province)
    loc = info.coasts[choice % len(info.coasts)] if info.coasts else province
    return Unit(power, "F", loc)


@st.composite
def boards(draw):
    provinces = draw(st.lists(st.sampled_from(PROVINCES), min_size=1, max_size=34, unique=True))
    units = {}
    for p in provinces:
        units[p] = _unit_for(p, draw(st.integers(0, 5)), draw(st.sampled_from(POWERS)))
    entries = []
    for unit in units.values():
        kind = draw(st.integers(0, 5))
        loc = unit.location
        a, b = draw(st.sampled_from(LOCATIONS)), draw(st.sampled_from(LOCATIONS))
        t = draw(st.sampled_from(["A", "F", None]))
        order = [
            Hold(unit.unit_type, loc),
            Move(unit.unit_type, loc, a, via_convoy=draw(st.booleans())),
            SupportHold(unit.unit_type, loc, t, a),
            SupportMove(unit.unit_type, loc, t, a, b),
            Convoy(unit.unit_type, loc, a, b),
            Move(unit.unit_type, loc, draw(st.sampled_from(M.adjacent_locations(unit.unit_type, loc)
                                                            or (loc,)))),
        ][kind]
        power = unit.power if draw(st.integers(0, 9)) else draw(st.sampled_from(POWERS))
        entries.append(OrderEntry(power, order, ""))
    rules = RuleOptions(
        convoy_to_adjacent=draw(st.sampled_from(["intent", "explicit", "any"])),
        duplicate_orders=draw(st.sampled_from(["hold", "last"])),
    )
    return Position(Phase("F", 1901, "M"), units), entries, rules


@st.composite
def adjustment_cases(draw):
    provinces = draw(st.lists(st.sampled_from(PROVINCES), max_size=20, unique=True))
    units = {p: _unit_for(p, draw(st.integers(0, 5)), draw(st.sampled_from(POWERS)))
             for p in provinces}
    scs = sorted(M.supply_centers)
    owned = draw(st.lists(st.sampled_from(scs), max_size=34, unique=True))
    centers = {sc: draw(st.sampled_from(POWERS)) for sc in owned}
    entries = []
    for _ in range(draw(st.integers(0, 12))):
        loc = draw(st.sampled_from(LOCATIONS))
        t = draw(st.sampled_from(["A", "F", None]))
        order = draw(st.sampled_from([Build(t, loc), Remove(t, loc), Waive(), Hold(t, loc)]))
        entries.append(OrderEntry(draw(st.sampled_from(POWERS)), order, ""))
    rule = draw(st.sampled_from(["rulebook", "rulebook-1971", "wdc-2025"]))
    position = Position(Phase("W", 1901, "A"), units, centers)
    return position, entries, RuleOptions(civil_disorder=rule)
