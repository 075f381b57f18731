"""Reading a power's order sheet against the position of its phase (contract shape), and what
the phase asks of the power: units to order, where they may retreat, where it may build.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tdapp.core.board.standard_map import STANDARD_MAP
from tdapp.core.game.record import ENTERED, NO_ORDERS
from tdapp.core.game.units import unit_key
from tdapp.core.orders.options import ParseOptions
from tdapp.core.orders.parser import parse_orders
from tdapp.core.orders.result import ParseResult


def _kind(position: Mapping[str, Any]) -> str:
    return str(position["phase"])[-1]


def orderable_units(position: Mapping[str, Any], power: str) -> list[str]:
    """The units ``power`` orders this phase: dislodged ones in a retreat phase."""
    kind = _kind(position)
    if kind == "R":
        return [d["unit"] for d in position.get("dislodged", {}).get(power, [])]
    if kind == "A":
        return []
    return list(position.get("units", {}).get(power, []))


def read_sheet(text: str, power: str, position: Mapping[str, Any],
               options: ParseOptions) -> list[ParseResult]:
    """Every order of one sheet as read against ``position`` (CONTRACTS shape)."""
    kind = _kind(position)
    view = position
    if kind == "R":
        view = {"units": {p: [d["unit"] for d in listed]
                          for p, listed in position.get("dislodged", {}).items()}}
    return parse_orders(text, power, view, kind, options)


def _ordered_province(result: ParseResult) -> str | None:
    """The province of the unit a readable order moves, if it names one."""
    if result.order is None or result.error is not None or not hasattr(result.order, "location"):
        return None
    return unit_key(result.order.location)


def unordered_units(position: Mapping[str, Any], power: str, read: Sequence[ParseResult],
                    status: str = ENTERED) -> list[str]:
    """The units of ``power`` that no readable order of its sheet moves ("F NAP")."""
    units = orderable_units(position, power)
    if status == NO_ORDERS:
        return units
    ordered = {_ordered_province(r) for r in read} - {None}
    return [u for u in units if unit_key(u) not in ordered]


def legal_retreats(position: Mapping[str, Any], power: str) -> dict[str, list[str]]:
    """Dislodged unit -> where it may retreat (empty: it is disbanded)."""
    return {d["unit"]: list(d.get("retreats", []))
            for d in position.get("dislodged", {}).get(power, [])}


def free_home_centres(position: Mapping[str, Any], power: str) -> list[str]:
    """Home centres the power owns with no unit in them: where it may build."""
    owned = set(position.get("centers", {}).get(power, []))
    occupied = {unit_key(u) for units in position.get("units", {}).values() for u in units}
    return [sc for sc in STANDARD_MAP.home_centers.get(power, ())
            if sc in owned and sc not in occupied]


def duplicate_orders(results: Sequence[ParseResult], rules: Mapping[str, str],
                     options: ParseOptions) -> dict[int, str]:
    """Orders of a sheet that give one unit a second order, by index, with what the format
    does about it (WDC 2025: the unit holds; EDC 2026: the last one written counts)."""
    by_unit: dict[str, list[int]] = {}
    for i, r in enumerate(results):
        province = _ordered_province(r)
        if province is not None:
            by_unit.setdefault(province, []).append(i)
    notes: dict[int, str] = {}
    for indices in by_unit.values():
        if len({results[i].normalized for i in indices}) < 2:
            continue  # the same order written twice is one order
        unit = " ".join(results[indices[0]].normalized.split()[:2])
        last = rules.get("duplicate_orders") == "last"
        for i in indices:
            if last and i == indices[-1]:
                notes[i] = options.cite(f"{unit} has two orders: this last one counts")
            elif last:
                notes[i] = options.cite(f"{unit} has two orders: only the last one counts")
            else:
                notes[i] = options.cite(f"{unit} has two different orders: it holds")
    return notes
