"""Builds and removals owed in an adjustment phase, and build errors carried to the next
build phase (EDC 2026).

A position may say ``"carried": {"W1902A": {"FRANCE": -1}}``: a correction found the builds
of Winter 1902 wrong after the next Spring was played, so France builds one fewer (or removes
one more) at the next adjustment phase. The note rides along from phase to phase until an
adjustment phase settles it. The judge takes it as an offset to the builds or removals owed
(``owed_offset``): it holds that Winter even when nobody adjusts otherwise, and every unit and
centre stays in play there, so a removal the player writes is carried out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tdapp.core.adjudication.adjustments import owed_counts
from tdapp.core.board.contract import position_from_contract
from tdapp.core.board.position import ADJUSTMENTS, FALL, MOVEMENT, RETREATS, SPRING, WINTER, Phase
from tdapp.core.game.phases import phase_title
from tdapp.core.game.record import PhaseRow
from tdapp.core.powers import POWERS


def carried_total(position: Mapping[str, Any]) -> dict[str, int]:
    """Power -> builds (+) or removals (-) carried to the next adjustment phase."""
    total: dict[str, int] = {}
    for diff in position.get("carried", {}).values():
        for power, n in diff.items():
            total[power] = total.get(power, 0) + int(n)
    return {p: n for p, n in total.items() if n}


def owed_adjustments(position: Mapping[str, Any]) -> dict[str, int]:
    """Builds (positive) or removals (negative) owed in an adjustment phase, a build error
    carried to it included: the judge's own count."""
    if str(position["phase"])[-1] != ADJUSTMENTS:
        return {}
    return owed_counts(position_from_contract(position), carried_total(position))


def with_carried(position: Mapping[str, Any], winter: str, diff: Mapping[str, int]
                 ) -> dict[str, Any]:
    """``position`` noting that the builds of ``winter`` were off by ``diff`` per power; in an
    adjustment phase the builds or removals it owes are counted again with the note."""
    out = dict(position)
    out["carried"] = {**position.get("carried", {}), winter: dict(diff)}
    if str(out["phase"]).endswith(ADJUSTMENTS):
        owed = owed_adjustments(out)
        out.pop("adjustments", None)
        if owed:
            out["adjustments"] = owed
    return out


def build_error(done: str, nxt: Mapping[str, Any], old: Sequence[PhaseRow]
                ) -> tuple[int, dict[str, int], str] | None:
    """A build error the game has played past: after the Fall ``done`` the corrected game owes
    other builds than were played, and the next Spring
    movement phase was adjudicated already. Returns where the played phases to keep begin in
    ``old``, the difference per power and the Winter's name; None when there is no such error."""
    d, n = Phase.parse(done), Phase.parse(nxt["phase"])
    if d.season != FALL or n.kind == RETREATS:
        return None  # not the end of a Fall
    names = [row.phase for row in old]
    winter = str(Phase(WINTER, d.year, ADJUSTMENTS))
    spring = str(Phase(SPRING, d.year + 1, MOVEMENT))
    if spring not in names or old[names.index(spring)].results is None:
        return None  # before the next Spring movement deadline: corrected at once
    before = owed_adjustments(old[names.index(winter)].position) if winter in names else {}
    now = owed_adjustments(nxt) if n.kind == ADJUSTMENTS else {}
    diff = {p: now.get(p, 0) - before.get(p, 0) for p in POWERS
            if now.get(p, 0) != before.get(p, 0)}
    if not diff:
        return None
    return names.index(winter if winter in names else spring), diff, winter


def carried_words(winter: str, diff: Mapping[str, int], settled_at: str) -> list[str]:
    """``France: Winter 1902 adjustments gave 1 build too many; the game stands as played and
    France has 1 build fewer (or 1 more removal) at Winter 1903 adjustments.``"""
    lines = []
    for power, n in diff.items():
        count = abs(n)
        plural = "s" if count != 1 else ""
        if n > 0:
            what = (f"gave {count} build{plural} too few", f"{count} more build{plural} "
                    f"(or {count} removal{plural} fewer)")
        else:
            what = (f"gave {count} build{plural} too many", f"{count} build{plural} fewer "
                    f"(or {count} more removal{plural})")
        lines.append(f"{power.title()}: {phase_title(winter)} {what[0]}; the game stands as "
                     f"played and {power.title()} has {what[1]} at {settled_at}.")
    return lines
