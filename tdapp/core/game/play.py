"""One phase of a board's game adjudicated from its order sheets as typed.

The same core path as ``tdapp adjudicate``: the position from the contract shape, the orders read
by the shared reader, the judge, the next position back in the contract shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tdapp.core.adjudication import PhaseOutcome, RuleOptions, adjudicate_phase
from tdapp.core.adjudication.reading import paper_reader, read_orders
from tdapp.core.board.contract import position_from_contract, position_to_contract
from tdapp.core.board.position import ADJUSTMENTS, Phase
from tdapp.core.formats import TournamentFormat, parse_options_for
from tdapp.core.game.builds import carried_total
from tdapp.core.game.record import NO_ORDERS, SheetRow
from tdapp.core.game.sheets import read_sheet
from tdapp.core.orders.options import ParseOptions
from tdapp.core.powers import POWERS


def _order_texts(sheet: SheetRow | None, position: Mapping[str, Any],
                 options: ParseOptions) -> list[str]:
    if sheet is None or sheet.status == NO_ORDERS or not sheet.text.strip():
        return []
    return [r.text for r in read_sheet(sheet.text, sheet.power, position, options)]


def adjudicate_position(position: Mapping[str, Any], sheets: Mapping[str, SheetRow],
                        fmt: TournamentFormat) -> dict[str, Any]:
    """One phase under ``fmt``: the output shape of ``tdapp adjudicate`` (results, next,
    solo), a build error carried along until a Winter settles it."""
    options = parse_options_for(fmt)
    board = position_from_contract(position)
    orders = {p: _order_texts(sheets.get(p), position, options) for p in POWERS}
    entries = read_orders(board, orders, paper_reader(options=options))
    outcome = adjudicate_phase(board, entries, RuleOptions.from_mapping(fmt.adjudicator_rules()),
                               owed_offset=carried_total(position))
    out = outcome_to_contract(board.phase, outcome)
    if position.get("carried") and board.phase.kind != ADJUSTMENTS:
        out["next"]["carried"] = {k: dict(v) for k, v in position["carried"].items()}
    return out


def outcome_to_contract(phase: Phase, outcome: PhaseOutcome) -> dict[str, Any]:
    """The judge's outcome of ``phase`` in the output shape of ``tdapp adjudicate``
    (CONTRACTS.md): phase, results, the next position (with the adjustments it owes), solo."""
    nxt = position_to_contract(outcome.next)
    if outcome.adjustments:
        nxt["adjustments"] = dict(outcome.adjustments)
    out: dict[str, Any] = {"phase": str(phase),
                           "results": [r.as_dict() for r in outcome.results], "next": nxt}
    if outcome.solo:
        out["solo"] = outcome.solo
    return out
