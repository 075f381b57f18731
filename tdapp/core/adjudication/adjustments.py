"""The adjustment phase: builds in owned, empty home centres; removals; civil disorder.

Orders are taken in the order written: an illegal build does not use up a build, and builds or
removals beyond what the power owes fail (DATC 6.I.1, 6.J.1). A waive uses up one build.
Removals owed but not written are chosen by the civil-disorder rule in force.

An ``offset`` per power (a build error carried to this phase, EDC 2026: +n builds, -n builds
i.e. n more removals) changes how many builds or removals the power makes and nothing else:
every unit and centre counts as it stands, written removals of any unit are carried out, civil
disorder fills a shortfall, and builds still need an owned, vacant home centre (a carried build
with none is lost, and the results say so).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tdapp.core.adjudication import rules as R
from tdapp.core.adjudication.civil_disorder import removal_order
from tdapp.core.adjudication.results import (
    DISBAND,
    UNIT,
    VOID,
    Fault,
    OrderEntry,
    OrderResult,
    format_order,
    result_for,
)
from tdapp.core.board.position import Position, Unit
from tdapp.core.board.standard_map import COAST, LAND
from tdapp.core.orders.model import Build, Disband, Remove, Waive


@dataclass(slots=True)
class AdjustmentOutcome:
    results: list[OrderResult]
    units: dict[str, Unit]


def owed(position: Position) -> dict[str, int]:
    """Builds (positive) or removals (negative) each power may make, before orders."""
    counts: dict[str, int] = {}
    for owner in position.centers.values():
        counts[owner] = counts.get(owner, 0) + 1
    for unit in position.units.values():
        counts[unit.power] = counts.get(unit.power, 0) - 1
    return {p: c for p, c in counts.items() if c}


@dataclass(frozen=True, slots=True)
class Due:
    """What a power makes in an adjustment phase: ``count`` builds (+) or removals (-), and
    ``lost``, the part of an offset that cannot be made (+ builds with no vacant home centre,
    - removals with no unit left)."""

    count: int
    lost: int = 0


def dues(position: Position, offset: Mapping[str, int] | None = None) -> dict[str, Due]:
    """Per power that adjusts or has an offset: centres less units, builds no more than the
    owned vacant home centres, then the offset added, kept within what the board allows."""
    offset = offset or {}
    base = owed(position)
    out: dict[str, Due] = {}
    for power in sorted(set(base) | {p for p, n in offset.items() if n}):
        free = position.free_home_centers_count(power)
        count = base.get(power, 0)
        if count > 0:
            count = min(count, free)
        total = count + offset.get(power, 0)
        # builds need a vacant home centre; removals, a unit
        made = min(total, free) if total > 0 else max(total, -len(position.units_of(power)))
        out[power] = Due(made, total - made)
    return out


def owed_counts(position: Position, offset: Mapping[str, int] | None = None) -> dict[str, int]:
    """Builds (+) or removals (-) each power makes, ``offset`` included (without one: the same
    as ``Position.adjustments``)."""
    return {p: d.count for p, d in dues(position, offset).items() if d.count}


def _lost_result(power: str, lost: int) -> OrderResult:
    """The results' line for carried builds or removals the board leaves no room for."""
    n = abs(lost)
    what = f"build{'s' if n != 1 else ''}" if lost > 0 else f"removal{'s' if n != 1 else ''}"
    why = "no vacant home centre to build in" if lost > 0 else "no unit left to remove"
    res = OrderResult(power, "", "", "")
    res.fail(VOID, f"{n} carried {what} lost: {why}")
    return res


def _build_unit(position: Position, power: str, order: Build, built: set[str]) -> Unit | Fault:
    """The unit a build order makes, or why it cannot be built."""
    m = position.game_map
    loc = order.location
    province = loc.split("/", 1)[0]
    info = m.provinces.get(province)
    if info is None:
        return Fault(f"unknown province {loc}", f"cannot build: unknown province {loc}", UNIT)
    name, country = info.name, power.title()
    if province not in m.home_centers.get(power, ()):
        return Fault(f"{province} is not a home centre of {power}",
                     f"cannot build: {name} is not a home centre of {country}", UNIT)
    if position.centers.get(province) != power:
        return Fault(f"{power} does not own {province}",
                     f"cannot build: {country} does not own {name}", UNIT)
    if province in position.units or province in built:
        return Fault(f"{province} is occupied", f"cannot build: {name} is occupied", UNIT)
    unit_type = order.unit_type
    if unit_type is None:
        if info.type == LAND:
            unit_type = "A"
        else:
            return Fault("army or fleet must be written for a coastal build",
                         f"cannot build: write army or fleet for {name}", UNIT)
    if unit_type == "A":
        return Unit(power, "A", province)
    if info.type != COAST:
        return Fault(f"a fleet cannot be built in {province}",
                     f"cannot build: a fleet cannot be built inland, in {name}", UNIT)
    if info.coasts:
        if "/" not in loc:
            return Fault(f"coast needed: {' or '.join(info.coasts)}",
                         f"cannot build: say which coast of {name} "
                         f"({' or '.join(info.coasts)})", UNIT)
        if loc not in info.coasts:
            return Fault(f"unknown coast {loc}", f"cannot build: {name} has no coast {loc}",
                         UNIT)
    return Unit(power, "F", loc)


def _removal_fault(position: Position, power: str, order: Remove | Disband) -> Fault | None:
    unit = position.units.get(order.location.split("/", 1)[0])
    if unit is None:
        return Fault(f"no unit in {order.location}", f"no unit to remove in {order.location}",
                     UNIT)
    if unit.power != power:
        return Fault(f"{unit} belongs to {unit.power}", f"{unit} is {unit.power.title()}'s",
                     UNIT)
    return None


def adjustment_faults(position: Position, power: str,
                      orders: Sequence[object | None]) -> list[Fault | None]:
    """Per order of ``power`` in an adjustment phase, why the judge will void it on its own
    (a build where none can stand, a removal of a unit the power does not have), or None. How
    many builds or removals are owed is counted elsewhere."""
    faults: list[Fault | None] = []
    for order in orders:
        fault: Fault | None = None
        if isinstance(order, Build):
            made = _build_unit(position, power, order, set())
            if isinstance(made, Fault):
                fault = made
        elif isinstance(order, (Remove, Disband)):
            fault = _removal_fault(position, power, order)
        elif order is not None and not isinstance(order, Waive):
            fault = Fault("not an adjustment order (build, remove or waive)",
                          "not an adjustment order (build, remove or waive)")
        faults.append(fault)
    return faults


def adjudicate_adjustments(
    position: Position, entries: Sequence[OrderEntry], rules: R.RuleOptions | None = None,
    offset: Mapping[str, int] | None = None,
) -> AdjustmentOutcome:
    """Builds and removals as written, then civil disorder; ``offset``: builds (+) or removals
    (-) owed besides what the board says, per power (a build error carried to this phase)."""
    rules = rules or R.RuleOptions()
    m = position.game_map
    owing = dues(position, offset)
    left = {p: d.count for p, d in owing.items()}
    results: list[OrderResult] = []
    units = dict(position.units)
    built: set[str] = set()
    removed: set[str] = set()

    for entry in entries:
        res = result_for(entry)
        results.append(res)
        order = entry.order
        if order is None:
            continue
        res.normalized = format_order(order)
        due = left.get(entry.power, 0)
        if isinstance(order, (Build, Waive)):
            if due <= 0:
                res.fail(VOID, f"{entry.power} has no builds" + (" left" if built else ""))
                continue
            if isinstance(order, Waive):
                left[entry.power] = due - 1
                continue
            made = _build_unit(position, entry.power, order, built)
            if isinstance(made, Fault):
                res.fail(VOID, made.message)
                continue
            res.unit = str(made)
            res.normalized = f"{made} B"
            units[made.province] = made
            built.add(made.province)
            left[entry.power] = due - 1
        elif isinstance(order, (Remove, Disband)):
            province = order.location.split("/", 1)[0]
            unit = position.units.get(province)
            res.unit = str(unit) if unit else ""
            fault = _removal_fault(position, entry.power, order)
            if fault is None and province in removed:
                fault = Fault(f"no unit in {order.location}", "removed already", UNIT)
            if fault is not None:
                res.fail(VOID, fault.message)
                continue
            assert unit is not None
            if due >= 0:
                res.fail(VOID, f"{entry.power} has no removals" + (" left" if removed else ""))
                continue
            res.normalized = f"{unit} D"
            del units[province]
            removed.add(province)
            left[entry.power] = due + 1
        else:
            res.fail(VOID, "not an adjustment order (build, remove or waive)")

    for power in sorted(left):
        if left[power] >= 0:
            continue
        mine = [u for u in units.values() if u.power == power]
        owned = {sc for sc, o in position.centers.items() if o == power}
        for unit in removal_order(m, power, mine, owned, rules.civil_disorder)[: -left[power]]:
            del units[unit.province]
            res = OrderResult(power, "", str(unit), f"{unit} D", [DISBAND])
            res.messages.append("removed in civil disorder")
            results.append(res)
    results.extend(_lost_result(p, d.lost) for p, d in owing.items() if d.lost)
    return AdjustmentOutcome(results, units)
