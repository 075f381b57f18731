"""What the judge says about each order, and the canonical spelling of an order."""

from __future__ import annotations

from dataclasses import dataclass, field

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

# Result tags (CONTRACTS.md): empty when the order succeeded as written.
BOUNCE = "bounce"
CUT = "cut"
DISLODGED = "dislodged"
VOID = "void"
NO_CONVOY = "no convoy"
DISRUPTED = "disrupted"
DISBAND = "disband"


@dataclass(frozen=True, slots=True)
class OrderEntry:
    """One written order as the judge receives it: parsed (``order``) or not (``error``)."""

    power: str
    order: Order | None
    text: str = ""
    error: str | None = None
    normalized: str = ""  # the parser's reading, kept for the report when the order is void


@dataclass(slots=True)
class OrderResult:
    power: str
    text: str  # as written ("" for a unit left without an order)
    unit: str  # "A PAR", or "" when the order names no unit (waive, unknown unit)
    normalized: str  # the canonical spelling of what the judge acted on
    tags: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    succeeded: bool = True  # DATC sense: moved, support not cut, built, not dislodged ...

    @property
    def message(self) -> str:
        return "; ".join(self.messages)

    def fail(self, tag: str | None, message: str) -> None:
        self.succeeded = False
        if tag and tag not in self.tags:
            self.tags.append(tag)
        if message:
            self.messages.append(message)

    def as_dict(self) -> dict[str, object]:
        return {
            "power": self.power,
            "order": self.text,
            "unit": self.unit,
            "normalized": self.normalized,
            "tags": list(self.tags),
            "message": self.message,
        }


def _t(unit_type: str | None) -> str:
    return f"{unit_type} " if unit_type else ""


def format_order(order: Order) -> str:
    """``A PAR - BUR``, ``F LON S F NTH - ENG``, ``F NTH C A YOR - NWY``, ``A PAR B`` ..."""
    if isinstance(order, Hold):
        return f"{_t(order.unit_type)}{order.location} H"
    if isinstance(order, Move):
        text = f"{_t(order.unit_type)}{order.location} - {order.destination}"
        return text + " VIA" if order.via_convoy else text
    if isinstance(order, SupportHold):
        return f"{_t(order.unit_type)}{order.location} S {_t(order.supported_type)}" + (
            order.supported_location
        )
    if isinstance(order, SupportMove):
        return (
            f"{_t(order.unit_type)}{order.location} S {_t(order.supported_type)}"
            f"{order.supported_location} - {order.destination}"
        )
    if isinstance(order, Convoy):
        return (
            f"{_t(order.unit_type)}{order.location} C A {order.army_location}"
            f" - {order.destination}"
        )
    if isinstance(order, Retreat):
        return f"{_t(order.unit_type)}{order.location} R {order.destination}"
    if isinstance(order, (Disband, Remove)):
        return f"{_t(order.unit_type)}{order.location} D"
    if isinstance(order, Build):
        return f"{_t(order.unit_type)}{order.location} B"
    if isinstance(order, Waive):
        return "WAIVE"
    raise TypeError(f"not an order: {order!r}")
