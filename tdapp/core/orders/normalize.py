"""The canonical text of an order (CONTRACTS.md): ``A PAR - BUR``, ``F LON S F NTH - ENG``."""

from __future__ import annotations

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


def format_order(order: Order) -> str:
    """The canonical form of an order; the parser reads it back to the same order."""
    if isinstance(order, Move):
        text = f"{unit_text(order.unit_type, order.location)} - {order.destination}"
        if order.via_convoy:
            text += " VIA"
            if order.convoy_path:
                text += " " + " ".join(order.convoy_path)
        return text
    if isinstance(order, Hold):
        return f"{unit_text(order.unit_type, order.location)} H"
    if isinstance(order, SupportMove):
        return (f"{unit_text(order.unit_type, order.location)} S "
                f"{unit_text(order.supported_type, order.supported_location)} - "
                f"{order.destination}")
    if isinstance(order, SupportHold):
        return (f"{unit_text(order.unit_type, order.location)} S "
                f"{unit_text(order.supported_type, order.supported_location)}")
    if isinstance(order, Convoy):
        return (f"{unit_text(order.unit_type, order.location)} C A {order.army_location} - "
                f"{order.destination}")
    if isinstance(order, Retreat):
        return f"{unit_text(order.unit_type, order.location)} R {order.destination}"
    if isinstance(order, Disband | Remove):
        return f"{unit_text(order.unit_type, order.location)} D"
    if isinstance(order, Build):
        return f"{unit_text(order.unit_type, order.location)} B"
    if isinstance(order, Waive):
        return "WAIVE"
    raise TypeError(f"not an order: {order!r}")
