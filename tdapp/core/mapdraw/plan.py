"""What the map shows, worked out from plain data before anything is painted.

``plan_board`` turns a position (the CONTRACTS shape: ``units``, ``centers``, ``dislodged``,
``contested``) and optional adjudication results (``power``, ``normalized``/``order``, ``tags``)
into unit marks and order marks on the map canvas. Plain Python, so it is tested without Qt.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from tdapp.core.game.units import unit_key
from tdapp.core.mapdraw.geometry import MapGeometry, Point
from tdapp.core.powers import POWERS

HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, CONVOY = "hold", "move", "support hold", "support move", "convoy"
RETREAT, DISBAND, BUILD, REMOVE = "retreat", "disband", "build", "remove"

DISLODGED_OFFSET = 19.0  # canvas units between a dislodged unit and its province's unit point


class MapDataError(ValueError):
    """Position data the map cannot show; the message names the field."""


@dataclass(slots=True)
class UnitMark:
    power: str
    unit_type: str  # "A" or "F"
    location: str  # "PAR", "STP/SC"
    point: Point
    dislodged: bool = False
    built: bool = False  # drawn as a new unit (a build order)
    removed: bool = False  # disbanded or removed by its order


@dataclass(slots=True)
class OrderMark:
    kind: str
    power: str
    text: str
    start: Point
    end: Point | None = None  # where an arrow or line ends
    target_start: Point | None = None  # a supported move's or convoyed army's own start
    failed: bool = False
    tags: tuple[str, ...] = ()
    aside_from: Point | None = None  # the province point a dislodged unit was moved from

    def target_midpoint(self) -> Point | None:
        """The middle of the move a support or convoy is for."""
        if self.target_start is None or self.end is None:
            return None
        return ((self.target_start[0] + self.end[0]) / 2, (self.target_start[1] + self.end[1]) / 2)


@dataclass(slots=True)
class BoardPlan:
    units: list[UnitMark] = field(default_factory=list)
    orders: list[OrderMark] = field(default_factory=list)
    centres: dict[str, str] = field(default_factory=dict)  # province -> owning power
    contested: list[str] = field(default_factory=list)
    retreat_hints: list[tuple[Point, Point]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # orders that could not be drawn, and why


@dataclass(frozen=True, slots=True)
class ParsedOrder:
    unit_type: str | None
    location: str
    kind: str
    destination: str | None = None
    other_location: str | None = None  # the supported unit or convoyed army

    @property
    def target(self) -> str:
        """Where a move, retreat, supported move or convoy goes (the parser always sets it)."""
        if self.destination is None:
            raise ValueError(f"a {self.kind} order without a destination")
        return self.destination

    @property
    def other(self) -> str:
        """The unit a support or a convoy is for (the parser always sets it)."""
        if self.other_location is None:
            raise ValueError(f"a {self.kind} order without the unit it is for")
        return self.other_location


def parse_order_text(text: str) -> ParsedOrder | None:
    """Read a canonical order (``A PAR - BUR``, ``F LON S F NTH - ENG`` ...); None if not one."""
    tokens = text.upper().split()
    if not tokens or tokens == ["WAIVE"]:
        return None
    unit_type = None
    if tokens[0] in ("A", "F"):
        unit_type, tokens = tokens[0], tokens[1:]
    if not tokens:
        return None
    loc, rest = tokens[0], tokens[1:]
    if rest and rest[-1] == "VIA":
        rest = rest[:-1]
    if not rest or rest == ["H"]:
        return ParsedOrder(unit_type, loc, HOLD)
    verb, args = rest[0], rest[1:]
    if verb == "-" and len(args) == 1:
        return ParsedOrder(unit_type, loc, MOVE, destination=args[0])
    if verb == "R" and len(args) == 1:
        return ParsedOrder(unit_type, loc, RETREAT, destination=args[0])
    if verb == "D" and not args:
        return ParsedOrder(unit_type, loc, DISBAND)
    if verb == "B" and not args:
        return ParsedOrder(unit_type, loc, BUILD)
    if verb in ("S", "C"):
        if args and args[0] in ("A", "F"):
            args = args[1:]
        if verb == "S" and len(args) == 1:
            return ParsedOrder(unit_type, loc, SUPPORT_HOLD, other_location=args[0])
        if len(args) == 3 and args[1] == "-":
            kind = SUPPORT_MOVE if verb == "S" else CONVOY
            return ParsedOrder(unit_type, loc, kind, destination=args[2], other_location=args[0])
    return None


def _units_of(position: Mapping, key: str) -> Iterable[tuple[str, str, str]]:
    """(power, unit type, location) for each unit in ``position[key]``; MapDataError if bad."""
    raw = position.get(key) or {}
    if not isinstance(raw, Mapping):
        raise MapDataError(f"{key}: expected an object of powers")
    for power, units in raw.items():
        if not isinstance(units, list):
            raise MapDataError(f"{key}.{power}: expected a list")
        for i, unit in enumerate(units):
            text = unit.get("unit") if isinstance(unit, Mapping) else unit
            parts = str(text).split() if text is not None else []
            if len(parts) != 2 or parts[0] not in ("A", "F"):
                raise MapDataError(f"{key}.{power}[{i}]: not a unit like 'A PAR': {text!r}")
            yield power, parts[0], parts[1]


def _offset_point(base: Point, away_from: Point | None) -> Point:
    if away_from is None or away_from == base:
        return (base[0] + DISLODGED_OFFSET * 0.8, base[1] + DISLODGED_OFFSET * 0.6)
    dx, dy = base[0] - away_from[0], base[1] - away_from[1]
    length = math.hypot(dx, dy)
    return (base[0] + dx / length * DISLODGED_OFFSET, base[1] + dy / length * DISLODGED_OFFSET)


class _Planner:
    def __init__(self, geometry: MapGeometry) -> None:
        self.geo = geometry
        self.plan = BoardPlan()
        self.by_province: dict[str, UnitMark] = {}  # units standing in a province
        self.dislodged: dict[str, UnitMark] = {}  # dislodged units by province
        self.moved_aside: list[tuple[UnitMark, Point]] = []  # dislodged this phase, old point

    def point(self, location: str, field_name: str) -> Point:
        if not self.geo.knows(location):
            raise MapDataError(f"{field_name}: unknown location {location!r}")
        return self.geo.location_point(location)

    def unit_point(self, location: str) -> Point:
        """Where the unit named at ``location`` is drawn (its coast if it stands on one)."""
        mark = self.by_province.get(unit_key(location))
        if mark is not None:
            return mark.point
        return self.geo.location_point(location)

    # -- position --------------------------------------------------------------------------

    def add_position(self, position: Mapping) -> None:
        for power, unit_type, loc in _units_of(position, "units"):
            mark = UnitMark(power, unit_type, loc, self.point(loc, f"units.{power}"))
            self.plan.units.append(mark)
            self.by_province[unit_key(loc)] = mark
        centres = position.get("centers") or {}
        if not isinstance(centres, Mapping):
            raise MapDataError("centers: expected an object of powers")
        for power, provinces in centres.items():
            if not isinstance(provinces, list):
                raise MapDataError(f"centers.{power}: expected a list")
            for prov in provinces:
                if str(prov) not in self.geo.provinces:
                    raise MapDataError(f"centers.{power}: unknown province {prov!r}")
                self.plan.centres[str(prov)] = power
        for prov in position.get("contested") or []:
            if str(prov) in self.geo.provinces:
                self.plan.contested.append(str(prov))
        self._add_dislodged(position)

    def _add_dislodged(self, position: Mapping) -> None:
        raw = position.get("dislodged") or {}
        for power, entries in (raw.items() if isinstance(raw, Mapping) else []):
            for i, entry in enumerate(entries if isinstance(entries, list) else []):
                field_name = f"dislodged.{power}[{i}]"
                (_, unit_type, loc), = _units_of({"d": {power: [entry]}}, "d")
                base = self.point(loc, field_name)
                attacker = entry.get("attacker_from") if isinstance(entry, Mapping) else None
                away = self.point(attacker, field_name) if attacker else None
                mark = UnitMark(power, unit_type, loc, _offset_point(base, away), dislodged=True)
                self.plan.units.append(mark)
                self.dislodged[unit_key(loc)] = mark
                retreats = entry.get("retreats", []) if isinstance(entry, Mapping) else []
                for dest in retreats:
                    if self.geo.knows(str(dest)):
                        self.plan.retreat_hints.append((mark.point, self.geo.location_point(dest)))

    # -- orders ----------------------------------------------------------------------------

    def add_result(self, result: Mapping) -> None:
        power = str(result.get("power", ""))
        text = str(result.get("normalized") or result.get("order") or "")
        tags = tuple(str(t) for t in result.get("tags") or ())
        parsed = parse_order_text(text)
        if parsed is None:
            if text and text.upper() != "WAIVE":
                self.plan.skipped.append(f"{power}: {text!r} is not an order the map can draw")
            return
        locations = [parsed.location, parsed.destination, parsed.other_location]
        unknown = [loc for loc in locations if loc and not self.geo.knows(loc)]
        if unknown:
            self.plan.skipped.append(f"{power}: {text!r} names an unknown place {unknown[0]}")
            return
        self._add_parsed(power, text, tags, parsed)

    def _add_parsed(self, power: str, text: str, tags: tuple[str, ...], order: ParsedOrder) -> None:
        failed = bool(tags)
        prov = unit_key(order.location)
        if order.kind == BUILD:
            mark = UnitMark(power, order.unit_type or "A", order.location,
                            self.geo.location_point(order.location), built=True)
            if failed:
                mark.removed = True
            self.plan.units.append(mark)
            self.plan.orders.append(OrderMark(BUILD, power, text, mark.point, failed=failed,
                                              tags=tags))
            return
        unit: UnitMark | None
        if order.kind in (RETREAT, DISBAND) and prov in self.dislodged:
            unit = self.dislodged[prov]
        else:
            unit = self.by_province.get(prov)
        if unit is None:
            self.plan.skipped.append(f"{power}: {text!r}: no unit in {prov}")
            return
        if "dislodged" in tags and not unit.dislodged:
            self.moved_aside.append((unit, unit.point))
            unit.dislodged = True
        if order.kind == HOLD:
            self.plan.orders.append(OrderMark(HOLD, power, text, unit.point, failed=failed,
                                              tags=tags))
        elif order.kind in (MOVE, RETREAT):
            end = self.geo.location_point(order.target)
            self.plan.orders.append(OrderMark(order.kind, power, text, unit.point, end,
                                              failed=failed, tags=tags))
            if order.kind == RETREAT and not failed:
                self.plan.retreat_hints = [h for h in self.plan.retreat_hints
                                           if h[0] != unit.point]
        elif order.kind == DISBAND:
            unit.removed = True
            kind = DISBAND if unit.dislodged else REMOVE
            self.plan.orders.append(OrderMark(kind, power, text, unit.point, failed=failed,
                                              tags=tags))
            self.plan.retreat_hints = [h for h in self.plan.retreat_hints if h[0] != unit.point]
        elif order.kind == SUPPORT_HOLD:
            end = self.unit_point(order.other)
            self.plan.orders.append(OrderMark(SUPPORT_HOLD, power, text, unit.point, end,
                                              failed=failed, tags=tags))
        else:  # support move or convoy: a line to the middle of the supported move
            start = self.unit_point(order.other)
            end = self.geo.location_point(order.target)
            self.plan.orders.append(OrderMark(order.kind, power, text, unit.point, end,
                                              target_start=start, failed=failed, tags=tags))

    def settle_dislodged(self) -> None:
        """Units dislodged this phase stand beside their province, away from the attack.

        Their own orders, and supports and convoys for them, follow them; the attacker's arrow
        still ends at the province.
        """
        for unit, old in self.moved_aside:
            attacker = next((o.start for o in self.plan.orders if o.kind == MOVE
                             and not o.failed and o.end is not None
                             and _near(o.end, old)), None)
            unit.point = _offset_point(old, attacker)
            for order in self.plan.orders:
                if order.start == old:
                    order.start = unit.point
                    order.aside_from = old
                if order.end == old and order.kind == SUPPORT_HOLD:
                    order.end = unit.point
                if order.target_start == old:
                    order.target_start = unit.point


def _near(a: Point, b: Point) -> bool:
    return abs(a[0] - b[0]) < 0.5 and abs(a[1] - b[1]) < 0.5


def plan_board(position: Mapping, results: Iterable[Mapping] | None,
               geometry: MapGeometry) -> BoardPlan:
    """Units, centres and orders to draw; MapDataError naming the field for a bad position."""
    if not isinstance(position, Mapping):
        raise MapDataError("position: expected an object with units and centers")
    planner = _Planner(geometry)
    planner.add_position(position)
    for result in results or ():
        if isinstance(result, Mapping):
            planner.add_result(result)
    planner.settle_dislodged()
    return planner.plan


def centre_counts(centres: Mapping[str, str]) -> dict[str, int]:
    counts = {power: 0 for power in POWERS}
    for power in centres.values():
        counts[power] = counts.get(power, 0) + 1
    return counts
