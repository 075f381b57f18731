"""The retreat phase: each dislodged unit retreats to a legal province or is disbanded.

A unit may not retreat to the province its attacker came from (unless the attack came by
convoy), nor to one left empty by a standoff, nor to an occupied one. Two or more units retreating
to the same province are all disbanded. A dislodged unit without a (legal) order is disbanded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tdapp.core.adjudication import rules as R
from tdapp.core.adjudication.movement import place_name, retreat_options
from tdapp.core.adjudication.results import (
    BOUNCE,
    DESTINATION,
    DISBAND,
    UNIT,
    VOID,
    Fault,
    OrderEntry,
    OrderResult,
    format_order,
    result_for,
)
from tdapp.core.board.position import DislodgedUnit, Position, Unit
from tdapp.core.board.standard_map import GameMap
from tdapp.core.orders.model import Disband, Move, Remove, Retreat


@dataclass(slots=True)
class RetreatOutcome:
    results: list[OrderResult]
    units: dict[str, Unit]


def legal_retreats(position: Position, dislodged: DislodgedUnit) -> tuple[str, ...]:
    """Where a dislodged unit may go, judged from the position itself."""
    m = position.game_map
    occupied = {m.province_index[p] for p in position.units}
    contested = {m.province_index[p] for p in position.contested}
    return retreat_options(m, dislodged.unit, dislodged.attacker_from, occupied, contested)


def _destination(m: GameMap, unit: Unit, written: str, options: tuple[str, ...]) -> str | Fault:
    """The legal location a written retreat destination means, or why there is none."""
    if written in options:
        return written
    province = written.split("/", 1)[0]
    same = [o for o in options if o.split("/", 1)[0] == province]
    if "/" not in written and len(same) == 1:
        return same[0]
    there = place_name(m, written)
    allowed = ", ".join(place_name(m, o) for o in options) or "nowhere: it is disbanded"
    if province == unit.province:
        return Fault(f"{unit} cannot retreat to its own province",
                     f"a unit cannot retreat to where it stands (it may retreat to: {allowed})",
                     DESTINATION)
    if not m.can_move(unit.unit_type, unit.location, written) and not same:
        return Fault(f"{unit} cannot reach {written}",
                     f"{unit} cannot reach {there} (it may retreat to: {allowed})", DESTINATION)
    if "/" not in written and len(same) > 1:
        return Fault(f"coast needed: {' or '.join(same)}",
                     f"coast needed: {' or '.join(place_name(m, o) for o in same)}",
                     DESTINATION)
    return Fault(f"{unit} may not retreat to {written}",
                 f"{unit} may not retreat to {there} (it may retreat to: {allowed})",
                 DESTINATION)


def _check_retreat(position: Position, by_province: dict[str, DislodgedUnit],
                   options: dict[str, tuple[str, ...]], power: str,
                   order: object) -> str | None | Fault:
    """Where a retreat order sends its unit (None: it disbands), or why the judge voids it."""
    m = position.game_map
    location = getattr(order, "location", "") or ""
    province = location.split("/", 1)[0]
    d = by_province.get(province)
    if d is None:
        here = position.units.get(province)
        if here:
            return Fault(f"{here} is not dislodged", f"{here} was not dislodged: it has no "
                         "retreat to make", UNIT)
        where = place_name(m, location) if location else "this order"
        return Fault(f"no dislodged unit in {location}", f"no dislodged unit in {where}", UNIT)
    if d.unit.power != power:
        return Fault(f"{d.unit} belongs to {d.unit.power}",
                     f"{d.unit} is {d.unit.power.title()}'s", UNIT)
    if isinstance(order, (Retreat, Move)):
        return _destination(m, d.unit, order.destination, options[province])
    if isinstance(order, (Disband, Remove)):
        return None
    return Fault("a dislodged unit can only retreat or disband",
                 "a dislodged unit can only retreat or disband")


def retreat_faults(position: Position, power: str,
                   orders: Sequence[object | None]) -> list[Fault | None]:
    """Per order of ``power`` in a retreat phase, why the judge will void it (the checks of
    :func:`adjudicate_retreats`), or None."""
    by_province = {d.unit.province: d for d in position.dislodged}
    options = {p: legal_retreats(position, d) for p, d in by_province.items()}
    faults: list[Fault | None] = []
    for order in orders:
        checked = (None if order is None
                   else _check_retreat(position, by_province, options, power, order))
        faults.append(checked if isinstance(checked, Fault) else None)
    return faults


def adjudicate_retreats(
    position: Position, entries: Sequence[OrderEntry], rules: R.RuleOptions | None = None
) -> RetreatOutcome:
    rules = rules or R.RuleOptions()
    by_province = {d.unit.province: d for d in position.dislodged}
    options = {p: legal_retreats(position, d) for p, d in by_province.items()}
    results: list[OrderResult] = []
    chosen: dict[str, list[tuple[str | None, OrderResult]]] = {p: [] for p in by_province}

    for entry in entries:
        res = result_for(entry)
        results.append(res)
        order = entry.order
        if order is None:
            continue
        res.normalized = format_order(order)
        location = getattr(order, "location", "")
        province = location.split("/", 1)[0] if location else ""
        d = by_province.get(province)
        here = d.unit if d else position.units.get(province)
        res.unit = str(here) if here else ""
        checked = _check_retreat(position, by_province, options, entry.power, order)
        if isinstance(checked, Fault):
            res.fail(VOID, checked.message)
            continue
        assert d is not None
        res.normalized = f"{d.unit} R {checked}" if checked else f"{d.unit} D"
        chosen[province].append((checked, res))

    going: dict[str, str | None] = {}
    main: dict[str, OrderResult] = {}
    for province, d in by_province.items():
        picks = chosen[province]
        if not picks:
            res = OrderResult(d.unit.power, "", str(d.unit), f"{d.unit} D")
            results.append(res)
            main[province] = res
            going[province] = None
            res.messages.append("no retreat ordered: disbanded")
            res.tags.append(DISBAND)
            continue
        if all(p[0] == picks[0][0] for p in picks) or rules.duplicate_orders == R.LAST:
            going[province], main[province] = picks[-1]
            for _, res in picks[:-1]:
                if picks[-1][0] != picks[0][0]:
                    res.fail(VOID, "replaced by a later order for the same unit")
        else:
            for _, res in picks:
                res.fail(VOID, "the unit has two different orders: it is disbanded")
            going[province], main[province] = None, picks[-1][1]

    targets: dict[str, list[str]] = {}
    for province, dest in going.items():
        if dest is not None:
            targets.setdefault(dest.split("/", 1)[0], []).append(province)
    units = dict(position.units)
    for province, d in by_province.items():
        dest = going[province]
        res = main[province]
        if dest is None:
            if DISBAND not in res.tags:
                res.tags.append(DISBAND)
            continue
        rivals = [p for p in targets[dest.split("/", 1)[0]] if p != province]
        if rivals:
            names = ", ".join(str(by_province[p].unit) for p in rivals)
            res.fail(BOUNCE, f"bounced with {names}: disbanded")
            res.tags.append(DISBAND)
            continue
        units[dest.split("/", 1)[0]] = Unit(d.unit.power, d.unit.unit_type, dest)
    return RetreatOutcome(results, units)
