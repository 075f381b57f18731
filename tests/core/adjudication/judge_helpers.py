"""Small helpers for the judge's tests: positions and orders in the canonical spelling."""

from __future__ import annotations

from tdapp.core.adjudication import OrderEntry, RuleOptions, adjudicate_phase
from tdapp.core.adjudication.canonical import parse_canonical
from tdapp.core.adjudication.judge import PhaseOutcome
from tdapp.core.board.contract import position_from_contract
from tdapp.core.board.position import Position


def position(
    phase: str = "S1901M", units=None, centers=None, dislodged=None, contested=None
) -> Position:
    return position_from_contract({
        "phase": phase, "units": units or {}, "centers": centers or {},
        "dislodged": dislodged or {}, "contested": contested or [],
    })


def run(pos: Position, orders: dict[str, list[str]], **rules: str) -> PhaseOutcome:
    entries = [
        OrderEntry(power, parse_canonical(text, pos.phase.kind), text)
        for power, texts in orders.items()
        for text in texts
    ]
    return adjudicate_phase(pos, entries, RuleOptions(**rules))


def result_of(outcome: PhaseOutcome, unit: str):
    """The (first) result about a unit, e.g. ``"A PAR"``."""
    for r in outcome.results:
        if r.unit == unit:
            return r
    raise AssertionError(f"no result for {unit}: {[r.unit for r in outcome.results]}")
