"""What the judge says about each order, and the canonical spelling of an order."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tdapp.core.orders.model import Move, Order
from tdapp.core.orders.normalize import format_order as canonical_text

# Result tags (CONTRACTS.md): empty when the order succeeded as written.
BOUNCE = "bounce"
CUT = "cut"
DISLODGED = "dislodged"
VOID = "void"
NO_CONVOY = "no convoy"
DISRUPTED = "disrupted"
DISBAND = "disband"


# The part of a written order a fault lies in (where the entry view underlines it).
UNIT, TARGET, DESTINATION, WHOLE = "unit", "target", "destination", "order"


@dataclass(frozen=True, slots=True)
class Fault:
    """Why the judge voids an order whatever the other orders are: ``message`` as the results
    report it (the command line's words), ``words`` as a TD says it at the table, ``part`` where
    in the order the fault lies."""

    message: str
    words: str
    part: str = WHOLE


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


def result_for(entry: OrderEntry) -> OrderResult:
    """The result line of one written order; an order that could not be read is void at once
    (the unit then holds), with the parser's reason."""
    res = OrderResult(entry.power, entry.text, "", "")
    if entry.order is None:
        res.normalized = entry.normalized
        res.fail(VOID, entry.error or "order not understood")
    return res


def format_order(order: Order) -> str:
    """The contract's canonical form: ``A PAR - BUR``, ``F LON S F NTH - ENG``, ``A PAR B`` ...

    The parser's formatter, less a written convoy route (the results say ``A BEL - HOL VIA``)."""
    if isinstance(order, Move) and order.convoy_path:
        order = replace(order, convoy_path=())
    return canonical_text(order)
