"""Positions to and from the JSON shape of CONTRACTS.md (``tdapp adjudicate``).

``position_from_contract`` checks everything and raises :class:`PositionError` naming the field
at fault (``units.FRANCE[1]``), so that callers can report bad input in one line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tdapp.core.board.position import RETREATS, DislodgedUnit, Phase, Position, Unit
from tdapp.core.board.standard_map import STANDARD_MAP, GameMap
from tdapp.core.powers import POWERS


class PositionError(ValueError):
    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


def _object(doc: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = doc.get(key)
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise PositionError(key, "must be an object keyed by power")
    for power in value:
        if power not in POWERS:
            raise PositionError(f"{key}.{power}", f"unknown power (use one of {' '.join(POWERS)})")
    return value


def _list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise PositionError(field, "must be a list")
    return value


def parse_unit(text: Any, field: str, power: str, m: GameMap = STANDARD_MAP) -> Unit:
    """``"A PAR"`` / ``"F STP/NC"`` -> Unit, checking the unit can stand there."""
    if isinstance(text, str):
        known = _standing_unit(m, power, text)
        if known is not None:
            return known
    if not isinstance(text, str):
        raise PositionError(field, "a unit must be a string like \"A PAR\"")
    parts = text.strip().upper().split()
    if len(parts) != 2 or parts[0] not in ("A", "F"):
        raise PositionError(field, f"not a unit: {text!r} (write \"A PAR\" or \"F STP/NC\")")
    unit_type, loc = parts
    if loc not in m.location_index:
        raise PositionError(field, f"unknown province {loc}")
    if not m.can_occupy(unit_type, loc):
        province = m.provinces[m.province_of(loc)]
        if unit_type == "F" and province.coasts and "/" not in loc:
            coasts = " or ".join(province.coasts)
            raise PositionError(field, f"a fleet in {loc} needs its coast ({coasts})")
        kind = "an army" if unit_type == "A" else "a fleet"
        raise PositionError(field, f"{kind} cannot stand in {loc}")
    return Unit(power, unit_type, loc)


# Units are immutable: one object for each power and canonical spelling on a map, made on first
# sight (at most 7 powers x the map's standing units), so reading a position makes none.
_UNITS: dict[tuple[str, str, str], Unit] = {}


def _standing_unit(m: GameMap, power: str, text: str) -> Unit | None:
    """The unit ``text`` names when written canonically ("A PAR", "F STP/NC") and able to stand
    there; None for anything else (``parse_unit`` then says what is wrong)."""
    key = (m.name, power, text)
    unit = _UNITS.get(key)
    if unit is None:
        known = m.standing_units.get(text)
        if known is None:
            return None
        unit = _UNITS[key] = Unit(power, known[0], known[1])
    return unit


def _province(value: Any, field: str, m: GameMap) -> str:
    if not isinstance(value, str) or value.upper() not in m.province_index:
        raise PositionError(field, f"unknown province {value!r}")
    return value.upper()


def position_from_contract(doc: Any, m: GameMap = STANDARD_MAP) -> Position:
    """The position part of an ``adjudicate`` input, fully checked."""
    if not isinstance(doc, Mapping):
        raise PositionError("input", "must be a JSON object")
    raw_phase = doc.get("phase")
    if not isinstance(raw_phase, str):
        raise PositionError("phase", "missing or not a string (like \"S1901M\")")
    try:
        phase = Phase.parse(raw_phase.strip().upper())
    except ValueError as exc:
        raise PositionError("phase", str(exc)) from exc

    units: dict[str, Unit] = {}
    for power, listed in _object(doc, "units").items():
        for i, text in enumerate(_list(listed, f"units.{power}")):
            unit = (_standing_unit(m, power, text) if isinstance(text, str) else None) \
                or parse_unit(text, f"units.{power}[{i}]", power, m)
            province = unit.province
            if province in units:
                raise PositionError(f"units.{power}[{i}]", f"two units in {province}")
            units[province] = unit

    centers: dict[str, str] = {}
    for power, listed in _object(doc, "centers").items():
        for i, value in enumerate(_list(listed, f"centers.{power}")):
            field = f"centers.{power}[{i}]"
            sc = _province(value, field, m)
            if sc not in m.supply_centers:
                raise PositionError(field, f"{sc} is not a supply centre")
            if sc in centers:
                raise PositionError(field, f"{sc} is owned by {centers[sc]} already")
            centers[sc] = power

    dislodged: list[DislodgedUnit] = []
    for power, listed in _object(doc, "dislodged").items():
        for i, entry in enumerate(_list(listed, f"dislodged.{power}")):
            field = f"dislodged.{power}[{i}]"
            if phase.kind != RETREATS:
                raise PositionError(field, "units are dislodged only in a retreat phase")
            if not isinstance(entry, Mapping):
                raise PositionError(field, "must be an object with unit and attacker_from")
            unit = parse_unit(entry.get("unit"), f"{field}.unit", power, m)
            came = entry.get("attacker_from")
            came_from = None if came is None else _province(came, f"{field}.attacker_from", m)
            if any(d.unit.province == unit.province for d in dislodged):
                raise PositionError(f"{field}.unit", f"two dislodged units in {unit.province}")
            dislodged.append(DislodgedUnit(unit, came_from))

    contested_raw = doc.get("contested") or []
    contested = frozenset(
        _province(p, f"contested[{i}]", m) for i, p in enumerate(_list(contested_raw, "contested"))
    )
    return Position(phase, units, centers, dislodged, contested, game_map=m)


def units_by_power(units: Mapping[str, Unit]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for province in sorted(units):
        unit = units[province]
        out.setdefault(unit.power, []).append(str(unit))
    return {p: out[p] for p in POWERS if p in out}


def position_to_contract(position: Position) -> dict[str, Any]:
    """The ``next`` object: same shape as the input, dislodged units with their retreats."""
    centers: dict[str, list[str]] = {}
    for sc in sorted(position.centers):
        centers.setdefault(position.centers[sc], []).append(sc)
    dislodged: dict[str, list[dict[str, Any]]] = {}
    for d in position.dislodged:
        dislodged.setdefault(d.unit.power, []).append(
            {"unit": str(d.unit), "attacker_from": d.attacker_from, "retreats": list(d.retreats)}
        )
    return {
        "phase": str(position.phase),
        "units": units_by_power(position.units),
        "centers": {p: centers[p] for p in POWERS if p in centers},
        "dislodged": {p: dislodged[p] for p in POWERS if p in dislodged},
        "contested": sorted(position.contested),
    }
