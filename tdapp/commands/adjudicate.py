"""``tdapp adjudicate``: one phase of a game, JSON in and JSON out (CONTRACTS.md).

Orders are read by the paper-order parser (``tdapp.core.orders.parser``); an order that cannot be
understood is not an error of the command but a ``void`` result, and the unit holds.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from tdapp.commands.jsonio import BadInput, map_batch, read_json_input, run_json_command
from tdapp.core.adjudication import OrderEntry, RuleOptions, adjudicate_phase
from tdapp.core.adjudication.reading import OrderReader, paper_reader, parser_view
from tdapp.core.board.contract import PositionError, position_from_contract
from tdapp.core.board.position import Position
from tdapp.core.game.play import outcome_to_contract
from tdapp.core.powers import POWERS

# "adjustments" is what an adjustment phase owes: output only, accepted back and recomputed
KNOWN_KEYS = {
    "phase", "units", "centers", "dislodged", "contested", "orders", "rules", "adjustments",
}

def _orders(doc: Mapping[str, Any], position: Position, read: OrderReader) -> list[OrderEntry]:
    raw = doc.get("orders")
    if raw is None:
        return []
    if not isinstance(raw, Mapping):
        raise BadInput("must be an object keyed by power", "orders")
    view = parser_view(position)
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
    entries = _orders(doc, position, read or paper_reader())
    return outcome_to_contract(position.phase, adjudicate_phase(position, entries, rules))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="tdapp adjudicate",
        description="Adjudicate one phase of a game (or a JSON array of them); see CONTRACTS.md.",
    )
    parser.add_argument("input", nargs="?", default="-", help="JSON file, or - for standard input")
    args = parser.parse_args(argv)
    read = paper_reader()
    return run_json_command(
        lambda: map_batch(lambda doc: adjudicate_document(doc, read), read_json_input(args.input))
    )
