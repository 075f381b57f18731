"""A sheet checked against the board as it is typed: the orders the judge will void on their own
(an army ordered into a sea, a fleet inland, a move to a province not adjacent, a support where
the supporter cannot go, a convoy by an army or by a fleet on a coast, a missing coast) are shown
as faults before adjudication, underlined at the part at fault, with the unit holding.

The judge decides (``tdapp.core.adjudication.legality``); this module only turns its answer into
what the entry view shows. Qt-free, so that it is tested without a window."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from tdapp.core.adjudication.legality import WHOLE, order_faults
from tdapp.core.board.position import Position
from tdapp.core.game.units import unit_key
from tdapp.core.orders.model import Build, Disband, Remove, Waive
from tdapp.core.orders.parser import part_spans
from tdapp.core.orders.result import ParseResult


@dataclass(frozen=True)
class CheckedSheet:
    """A sheet's readings with the judge's faults marked, and what becomes of the units whose
    orders are void: ``holding`` maps the index of a void order to the unit it leaves holding
    (in a retreat phase: disbanded)."""

    results: list[ParseResult]
    holding: dict[int, str]

    def holding_units(self) -> set[str]:
        return set(self.holding.values())


def mark_faults(results: Sequence[ParseResult], power: str,
                position: Position | None) -> list[ParseResult]:
    """``results`` with every order the judge will void on its own turned into a fault: the
    TD's reason as its ``error`` and the part at fault as its ``span``. The ``order`` is kept,
    so that the unit it names is known (it holds)."""
    results = list(results)
    if position is None:
        return results
    readable = [i for i, r in enumerate(results) if r.error is None and r.order is not None]
    if not readable:
        return results
    faults = order_faults(position, power, [results[i].order for i in readable])
    for i, fault in zip(readable, faults, strict=True):
        if fault is None:
            continue
        r = results[i]
        span = part_spans(r.text).get(fault.part) if fault.part != WHOLE else None
        where = (r.start + span[0], r.start + span[1]) if span else (r.start,
                                                                     r.start + len(r.text))
        # a reading rule's warning says why the order reads this way (EDC 2026: "'Nor' is the
        # official abbreviation of Norway ..."), naming whose rule it is: keep it with the fault
        words = "; ".join((fault.words, *r.warnings))
        results[i] = dataclasses.replace(r, error=words, span=where, warnings=())
    return results


def void_order_units(results: Sequence[ParseResult], units: Sequence[str]) -> dict[int, str]:
    """For each void order (unreadable or impossible) that names one of ``units``, the unit;
    unless another order of the sheet for that unit reads and can be carried out (the judge
    then takes that one)."""
    by_key = {unit_key(u): u for u in units}
    ordered = {ordered_province(r) for r in results if r.error is None}
    holding: dict[int, str] = {}
    for i, r in enumerate(results):
        province = ordered_province(r)
        if r.error is None or not province:
            continue
        unit = by_key.get(province)
        if unit is not None and province not in ordered:
            holding[i] = unit
    return holding


def ordered_province(result: ParseResult) -> str:
    """The province of the unit an order reads as ordering (``F POR - SPA`` -> ``POR``), or
    "" when the reading names no unit (a waive, or nothing read)."""
    words = result.normalized.split()
    if len(words) < 2 or words[0] not in ("A", "F"):
        return ""
    return unit_key(words[1])


def check_sheet(results: Sequence[ParseResult], power: str, position: Position | None,
                units: Sequence[str], owed: int | None = None) -> CheckedSheet:
    """The sheet as the entry view shows it: judge faults marked, void orders' units known;
    in an adjustment phase (``owed``: builds +, removals -) the builds or removals beyond
    those owed too."""
    marked = mark_faults(results, power, position)
    if owed is not None:
        marked = mark_beyond_owed(marked, power, owed)
    return CheckedSheet(marked, void_order_units(marked, units))


def beyond_owed_words(power: str, owed: int, building: bool) -> str:
    """Why a build (``building``) or removal the power does not owe is void, in a TD's words:
    "Austria owes 2 builds: one more does not count"."""
    what = "build" if building else "removal"
    due = owed if building else -owed
    if due <= 0:
        return f"{power.title()} has no {what}s to make this winter"
    return f"{power.title()} owes {due} {what}{'s' if due > 1 else ''}: one more does not count"


def mark_beyond_owed(results: Sequence[ParseResult], power: str,
                     owed: int) -> list[ParseResult]:
    """As the judge counts: in the sheet's order, each good build or waive uses one of the
    builds owed and each good removal one of the removals; one beyond them is void. (The judge
    leaves this to the other orders, so ``order_faults`` does not say it.)"""
    results = list(results)
    left = abs(owed)
    for i, r in enumerate(results):
        if r.error is not None or r.order is None:
            continue
        building = isinstance(r.order, (Build, Waive))
        if not building and not isinstance(r.order, (Remove, Disband)):
            continue
        if left > 0 and (owed > 0) == building:
            left -= 1
            continue
        results[i] = dataclasses.replace(
            r, error=beyond_owed_words(power, owed, building),
            span=(r.start, r.start + len(r.text)))
    return results


def outcome_words(kind: str) -> str:
    """What adjudicating does with the void or missing orders of a phase, in a TD's words
    (a winter's builds do not "hold")."""
    if kind == "A":
        return ("A void build or removal is not made, and builds not written are waived; a "
                "removal not written is made by the rules (civil disorder).")
    if kind == "R":
        return "Those units will be disbanded."
    return "Those units will hold."


def fate(unit: str, kind: str) -> str:
    """What becomes of a unit whose order is void: ``A LON holds``."""
    return f"{unit} is disbanded" if kind == "R" else f"{unit} holds"
