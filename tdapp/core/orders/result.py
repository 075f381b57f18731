"""What the parser says about one written order."""

from __future__ import annotations

from dataclasses import dataclass

from tdapp.core.orders.model import Order


@dataclass(frozen=True, slots=True)
class ParseResult:
    """One order as typed and as read.

    ``order`` is None when the text cannot be read as a valid order (``error`` says why, in words
    a TD understands, and ``span`` is where to underline it, as offsets into the whole text given
    to the parser). ``normalized`` is the canonical form of the reading (``A PAR - BUR``), also
    given when the reading is known but faulty, and empty when nothing could be read. A warning
    (a slip corrected, a unit type followed) leaves the order readable; its ``span`` then points
    at what was corrected. ``ambiguous`` lists the readings when the order could mean several.
    """

    text: str
    start: int
    order: Order | None
    normalized: str
    error: str | None = None
    span: tuple[int, int] | None = None
    ambiguous: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.error is None and self.order is not None
