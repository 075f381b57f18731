"""Written orders -> :class:`OrderEntry` for the judge: what ``tdapp adjudicate`` and the
order-entry screens share.

Orders typed in the canonical spelling are read directly (fast and exact); anything else goes to
the forgiving paper-order parser. An order nobody can read becomes an entry without an order and
with the reason, which the judge reports as ``void`` (the unit holds). Nothing here raises on text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any

from tdapp.core.adjudication.canonical import CanonicalError, parse_canonical
from tdapp.core.adjudication.results import OrderEntry
from tdapp.core.board.contract import units_by_power
from tdapp.core.board.position import RETREATS, Position
from tdapp.core.orders.options import ParseOptions
from tdapp.core.orders.parser import parse_order

# (text, power, what the parser may know of the position, phase kind "M" | "R" | "A")
OrderReader = Callable[[str, str, Mapping[str, Any], str], OrderEntry]


@lru_cache(maxsize=16384)
def canonical_entry(power: str, text: str, kind: str) -> OrderEntry:
    """A power's order written canonically, read (CanonicalError otherwise). Entries are
    immutable and the same spellings recur board after board, so each is read once."""
    return OrderEntry(power, parse_canonical(text, kind), text)


def canonical_reader(text: str, power: str, view: Mapping[str, Any], kind: str) -> OrderEntry:
    """Only the canonical spelling (``A PAR - BUR``); anything else is void."""
    try:
        return canonical_entry(power, text, kind)
    except CanonicalError as exc:
        return OrderEntry(power, None, text, str(exc))


def paper_reader(fast_path: bool = True, options: ParseOptions | None = None) -> OrderReader:
    """The paper-order parser (``tdapp.core.orders.parser``) with its tournament ``options``,
    after the canonical reader when ``fast_path``."""

    def read(text: str, power: str, view: Mapping[str, Any], kind: str) -> OrderEntry:
        if fast_path:
            try:
                return canonical_entry(power, text, kind)
            except CanonicalError:
                pass
        try:
            parsed = parse_order(text, power, view, kind, options)
        except Exception as exc:  # noqa: BLE001 - an unreadable order is void, never a traceback
            return OrderEntry(power, None, text, f"order not understood ({type(exc).__name__})")
        if parsed.order is None:
            return OrderEntry(power, None, text, parsed.error or "order not understood",
                              parsed.normalized)
        return OrderEntry(power, parsed.order, text, None, parsed.normalized)

    return read


class ParserView(Mapping[str, Any]):
    """What the parser needs to know: the units that may be ordered this phase (in a retreat
    phase, the dislodged ones), in the contract's shape. Built on first use: orders written
    canonically are read without the parser and never need it."""

    def __init__(self, position: Position) -> None:
        self._position = position
        self._data: dict[str, Any] | None = None

    def _view(self) -> dict[str, Any]:
        if self._data is None:
            position = self._position
            if position.phase.kind == RETREATS:
                units = {d.unit.province: d.unit for d in position.dislodged}
            else:
                units = position.units
            self._data = {"units": units_by_power(units)}
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._view()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._view())

    def __len__(self) -> int:
        return len(self._view())


def parser_view(position: Position) -> ParserView:
    return ParserView(position)


def read_orders(
    position: Position,
    orders: Mapping[str, Sequence[str]],
    reader: OrderReader | None = None,
) -> list[OrderEntry]:
    """Every written order of every power, in the order given."""
    read = reader or paper_reader()
    view = parser_view(position)
    kind = position.phase.kind
    entries: list[OrderEntry] = []
    for power, texts in orders.items():
        for text in texts:
            if not text.strip():
                entries.append(OrderEntry(power, None, text, "no order written"))
            else:
                entries.append(read(text, power, view, kind))
    return entries
