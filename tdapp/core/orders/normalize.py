"""The canonical text of an order (CONTRACTS.md): ``A PAR - BUR``, ``F LON S F NTH - ENG``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tdapp.core.orders.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)


def unit_text(unit_type: str | None, location: str) -> str:
    """``A PAR``; just ``PAR`` when the type was not written and cannot be known."""
    return f"{unit_type} {location}" if unit_type else location


def _move(o: Move) -> str:
    text = f"{unit_text(o.unit_type, o.location)} - {o.destination}"
    if o.via_convoy:
        text += " VIA"
        if o.convoy_path:
            text += " " + " ".join(o.convoy_path)
    return text


def _support_move(o: SupportMove) -> str:
    return (f"{unit_text(o.unit_type, o.location)} S "
            f"{unit_text(o.supported_type, o.supported_location)} - {o.destination}")


def _support_hold(o: SupportHold) -> str:
    return (f"{unit_text(o.unit_type, o.location)} S "
            f"{unit_text(o.supported_type, o.supported_location)}")


def _convoy(o: Convoy) -> str:
    return f"{unit_text(o.unit_type, o.location)} C A {o.army_location} - {o.destination}"


_FORMATS: dict[type, Callable[[Any], str]] = {
    Move: _move,
    Hold: lambda o: f"{unit_text(o.unit_type, o.location)} H",
    SupportMove: _support_move,
    SupportHold: _support_hold,
    Convoy: _convoy,
    Retreat: lambda o: f"{unit_text(o.unit_type, o.location)} R {o.destination}",
    Disband: lambda o: f"{unit_text(o.unit_type, o.location)} D",
    Remove: lambda o: f"{unit_text(o.unit_type, o.location)} D",
    Build: lambda o: f"{unit_text(o.unit_type, o.location)} B",
    Waive: lambda o: "WAIVE",
}


def format_order(order: Order) -> str:
    """The canonical form of an order; the parser reads it back to the same order."""
    formatter = _FORMATS.get(type(order))
    if formatter is None:
        raise TypeError(f"not an order: {order!r}")
    return formatter(order)


def ordered_unit(order: Order) -> str | None:
    """The unit an order is for, as a position lists it (``"A PAR"``, ``"F STP/NC"``); None for
    WAIVE. Lets a caller find units with two orders or with none."""
    location = getattr(order, "location", None)
    if location is None:
        return None
    return unit_text(getattr(order, "unit_type", None), location)
