"""One phase of a game: adjudicate it and work out the next phase that needs play.

Retreat phases with nothing to retreat and adjustment phases with nothing to adjust are skipped.
Supply centres change hands at the end of each Fall (after its retreats); a power with 18 or more
centres then has a solo.

``owed_offset`` (power -> builds + or removals -) is a build error carried to the next
adjustment phase (EDC 2026): that Winter is held even when nobody would adjust otherwise (it is
where the error is settled), and its builds or removals count the offset (see adjustments).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tdapp.core.adjudication import rules as R
from tdapp.core.adjudication.adjustments import adjudicate_adjustments, owed_counts
from tdapp.core.adjudication.movement import MovementOutcome, adjudicate_movement
from tdapp.core.adjudication.results import DISBAND, DISLODGED, OrderEntry, OrderResult
from tdapp.core.adjudication.retreats import adjudicate_retreats
from tdapp.core.board.position import (
    ADJUSTMENTS,
    FALL,
    MOVEMENT,
    RETREATS,
    SPRING,
    WINTER,
    Phase,
    Position,
    Unit,
)
from tdapp.core.powers import SOLO_CENTERS


@dataclass(slots=True)
class PhaseOutcome:
    phase: Phase
    results: list[OrderResult]
    next: Position
    solo: str | None = None
    adjustments: dict[str, int] = field(default_factory=dict)  # of the next phase, if A


def update_centers(position_units: dict[str, Unit], centers: dict[str, str],
                   supply_centers: frozenset[str]) -> dict[str, str]:
    """Ownership after a Fall: every occupied supply centre belongs to its occupier."""
    new = dict(centers)
    for province, unit in position_units.items():
        if province in supply_centers:
            new[province] = unit.power
    return new


def solo_winner(centers: dict[str, str]) -> str | None:
    counts: dict[str, int] = {}
    for owner in centers.values():
        counts[owner] = counts.get(owner, 0) + 1
    best = [p for p, c in counts.items() if c >= SOLO_CENTERS]
    return best[0] if best else None


def _after_fall(position: Position, units: dict[str, Unit], year: int,
                offset: Mapping[str, int]) -> Position:
    """The position after a Fall is over: centres updated, adjustments or next Spring."""
    m = position.game_map
    centers = update_centers(units, position.centers, m.supply_centers)
    winter = Position(Phase(WINTER, year, ADJUSTMENTS), units, centers, game_map=m)
    if winter.adjustments() or any(offset.values()):
        return winter
    return Position(Phase(SPRING, year + 1, MOVEMENT), units, centers, game_map=m)


def _disband_without_retreat(out: MovementOutcome) -> None:
    """A dislodged unit with nowhere to go is disbanded at once; it needs no retreat phase."""
    stuck = {str(d.unit) for d in out.dislodged if not d.retreats}
    if not stuck:
        return
    out.dislodged = [d for d in out.dislodged if d.retreats]
    for res in out.results:
        if res.unit in stuck and DISLODGED in res.tags and DISBAND not in res.tags:
            res.tags.append(DISBAND)
            res.messages.append("no retreat: disbanded")


def adjudicate_phase(
    position: Position, entries: Sequence[OrderEntry], rules: R.RuleOptions | None = None,
    owed_offset: Mapping[str, int] | None = None,
) -> PhaseOutcome:
    """Adjudicate ``position.phase`` with the written orders; ``owed_offset``: builds (+) or
    removals (-) per power owed at the next adjustment phase besides what the board says."""
    rules = rules or R.RuleOptions()
    offset = dict(owed_offset or {})
    phase = position.phase
    m = position.game_map
    if phase.kind == MOVEMENT:
        out = adjudicate_movement(position, entries, rules)
        _disband_without_retreat(out)
        if out.dislodged:
            nxt = Position(
                Phase(phase.season, phase.year, RETREATS),
                out.units,
                dict(position.centers),
                out.dislodged,
                out.contested,
                game_map=m,
            )
        elif phase.season == FALL:
            nxt = _after_fall(position, out.units, phase.year, offset)
        else:
            nxt = Position(Phase(FALL, phase.year, MOVEMENT), out.units, dict(position.centers),
                           game_map=m)
        results = out.results
    elif phase.kind == RETREATS:
        out_r = adjudicate_retreats(position, entries, rules)
        if phase.season == FALL:
            nxt = _after_fall(position, out_r.units, phase.year, offset)
        else:
            nxt = Position(Phase(FALL, phase.year, MOVEMENT), out_r.units,
                           dict(position.centers), game_map=m)
        results = out_r.results
    else:
        out_a = adjudicate_adjustments(position, entries, rules, offset)
        nxt = Position(Phase(SPRING, phase.year + 1, MOVEMENT), out_a.units,
                       dict(position.centers), game_map=m)
        results = out_a.results
    fall_over = phase.season == FALL and nxt.phase.kind != RETREATS
    solo = solo_winner(nxt.centers) if fall_over else None
    adjustments = owed_counts(nxt, offset) if nxt.phase.kind == ADJUSTMENTS else {}
    return PhaseOutcome(phase, results, nxt, solo, adjustments)


