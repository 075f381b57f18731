"""``tdapp adjudicate``: one phase of a game, JSON in and JSON out (CONTRACTS.md).

Orders are read by the paper-order parser (``tdapp.core.orders.parser``); an order that cannot be
understood is not an error of the command but a ``void`` result, and the unit holds.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import Any

from tdapp.commands.jsonio import BadInput, map_batch, read_json_input, run_json_command
from tdapp.core.adjudication import OrderEntry, RuleOptions, adjudicate_phase
from tdapp.core.adjudication.canonical import CanonicalError, parse_canonical
from tdapp.core.board.contract import (
    PositionError,
    position_from_contract,
    position_to_contract,
    units_by_power,
)
from tdapp.core.board.position import RETREATS, Position
from tdapp.core.powers import POWERS

# "adjustments" is what an adjustment phase owes: output only, accepted back and recomputed
KNOWN_KEYS = {"phase", "units", "centers", "dislodged", "contested", "orders", "rules", "adjustments"}

OrderReader = Callable[[str, str, Mapping[str, Any], str], OrderEntry]


def _canonical_reader(text: str, power: str, position: Mapping[str, Any], kind: str) -> OrderEntry:
    try:
        return OrderEntry(power, parse_canonical(text, kind), text)
    except CanonicalError as exc:
        return OrderEntry(power, None, text, str(exc))


def _paper_reader(fast_path: bool = True) -> OrderReader:
    """The forgiving paper-order parser (after the canonical reader, when ``fast_path``), or the
    canonical reader alone until the parser is installed."""
    try:
        from tdapp.core.orders.parser import parse_order
    except ImportError:
        return _canonical_reader

    def read(text: str, power: str, position: Mapping[str, Any], kind: str) -> OrderEntry:
        # Orders typed in the canonical spelling need no guessing: read them the fast way.
        if fast_path:
            try:
                return OrderEntry(power, parse_canonical(text, kind), text)
            except CanonicalError:
                pass
        try:
            parsed = parse_order(text, power, position, kind)
        except Exception as exc:  # noqa: BLE001 - an unreadable order is void, never a traceback
            return OrderEntry(power, None, text, f"order not understood ({type(exc).__name__})")
        if parsed.order is None:
            return OrderEntry(power, None, text, parsed.error or "order not understood",
                              parsed.normalized)
        return OrderEntry(power, parsed.order, text, None, parsed.normalized)

    return read


def _parser_view(position: Position) -> dict[str, Any]:
    """What the parser needs to know: the units that may be ordered this phase."""
    if position.phase.kind == RETREATS:
        return {"units": units_by_power({d.unit.province: d.unit for d in position.dislodged})}
    return {"units": units_by_power(position.units)}


def _orders(doc: Mapping[str, Any], position: Position, read: OrderReader) -> list[OrderEntry]:
    raw = doc.get("orders")
    if raw is None:
        return []
    if not isinstance(raw, Mapping):
        raise BadInput("must be an object keyed by power", "orders")
    view = _parser_view(position)
    kind = position.phase.kind
    entries: list[OrderEntry] = []
    for power, listed in raw.items():
        if power not in POWERS:
            raise BadInput(f"unknown power (use one of {' '.join(POWERS)})", f"orders.{power}")
        if not isinstance(listed, list):
            raise BadInput("must be a list of order strings", f"orders.{power}")
        for i, text in enumerate(listed):
            if not isinstance(text, str):
                raise BadInput("an order must be a string", f"orders.{power}[{i}]")
            if not text.strip():
                entries.append(OrderEntry(power, None, text, "no order written"))
                continue
            entries.append(read(text, power, view, kind))
    return entries


def adjudicate_document(doc: Any, read: OrderReader | None = None) -> dict[str, Any]:
    """One input object -> one output object (raises BadInput on bad input)."""
    if not isinstance(doc, Mapping):
        raise BadInput("must be a JSON object (or an array of them)", "input")
    unknown = sorted(set(doc) - KNOWN_KEYS)
    if unknown:
        raise BadInput(f"unknown field (known: {', '.join(sorted(KNOWN_KEYS))})", unknown[0])
    try:
        position = position_from_contract(doc)
    except PositionError as exc:
        raise BadInput(exc.message, exc.field) from exc
    rules_raw = doc.get("rules")
    if rules_raw is not None and not isinstance(rules_raw, Mapping):
        raise BadInput("must be an object", "rules")
    try:
        rules = RuleOptions.from_mapping(rules_raw)
    except ValueError as exc:
        field, _, message = str(exc).partition(": ")
        raise BadInput(message, field) from exc
    entries = _orders(doc, position, read or _paper_reader())
    outcome = adjudicate_phase(position, entries, rules)
    nxt = position_to_contract(outcome.next)
    if outcome.adjustments:
        nxt["adjustments"] = dict(outcome.adjustments)
    out: dict[str, Any] = {
        "phase": str(position.phase),
        "results": [r.as_dict() for r in outcome.results],
        "next": nxt,
    }
    if outcome.solo:
        out["solo"] = outcome.solo
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="tdapp adjudicate",
        description="Adjudicate one phase of a game (or a JSON array of them); see CONTRACTS.md.",
    )
    parser.add_argument("input", nargs="?", default="-", help="JSON file, or - for standard input")
    args = parser.parse_args(argv)
    read = _paper_reader()
    return run_json_command(
        lambda: map_batch(lambda doc: adjudicate_document(doc, read), read_json_input(args.input))
    )
