"""When a board's game ends, and the centre counts year by year that its result is made of."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tdapp.core.board.contract import position_to_contract
from tdapp.core.board.position import FALL, MOVEMENT, RETREATS, SPRING, Phase, Position
from tdapp.core.formats import TournamentFormat
from tdapp.core.game.errors import GameRuleRefusal
from tdapp.core.game.phases import last_completed_fall
from tdapp.core.game.record import PhaseRow
from tdapp.core.powers import POWERS, SOLO_CENTERS

FIRST_YEAR = 1901


def game_end_after(phase: Phase | str, out: Mapping[str, Any],
                   fmt: TournamentFormat) -> str | None:
    """How the game ends after ``phase`` was adjudicated with output ``out`` (the shape of
    ``tdapp adjudicate``), if it does: "solo", a forced "draw" or the format's "last-year"."""
    if out.get("solo"):
        return "solo"
    nxt = Phase.parse(out["next"]["phase"])
    done = phase if isinstance(phase, Phase) else Phase.parse(phase)
    fall_over = done.season == FALL and nxt.kind != RETREATS
    if not fall_over:
        return None
    forced = fmt.draw_votes.forced_draw_after
    if forced is not None and done.year >= forced:
        return "draw"
    if fmt.end_year is not None and done.year >= fmt.end_year:
        return "last-year"
    return None


def center_history(phases: Sequence[PhaseRow]) -> dict[int, dict[str, int]]:
    """Centres per power at the end of each completed game year (after its Fall)."""
    out: dict[int, dict[str, int]] = {}
    for row in phases:
        p = Phase.parse(row.phase)
        year = last_completed_fall(p)
        if p.season == FALL or (p.season == SPRING and p.kind != MOVEMENT) or year < FIRST_YEAR:
            continue
        if year in out:
            continue
        centers = row.position.get("centers", {})
        out[year] = {power: len(centers.get(power, [])) for power in POWERS}
    return out


def supply_centre_chart(phases: Sequence[PhaseRow]) -> list[tuple[str, list[int]]]:
    """Rows for the chart: (year label, centres in AEFGIRT order), from the start."""
    start = position_to_contract(Position.initial())["centers"]
    rows = [("Start", [len(start.get(p, [])) for p in POWERS])]
    for year, counts in sorted(center_history(phases).items()):
        rows.append((str(year), [counts[p] for p in POWERS]))
    return rows


def eliminations(history: Mapping[int, Mapping[str, int]]) -> dict[str, int]:
    """Power -> the first year it ended with no centre (and never came back)."""
    out: dict[str, int] = {}
    for power in POWERS:
        gone: int | None = None
        for year in sorted(history):
            if history[year].get(power, 0):
                gone = None  # (back) on the board
            elif gone is None:
                gone = year
        if gone is not None:
            out[power] = gone
    return out


@dataclass(frozen=True)
class GameEnd:
    """How a board's game ended and the centres its result is made of (what the TD would
    otherwise type from the board)."""

    centers: dict[str, int]
    end_year: int
    end_reason: str
    solo: str | None
    draw: tuple[str, ...] | None
    eliminated: dict[str, int]
    history: dict[int, dict[str, int]]


def game_end(phases: Sequence[PhaseRow], reason: str,
             draw: Sequence[str] | None = None) -> GameEnd:
    """The game of ``phases`` ended for ``reason`` ("solo", "draw", "last-year", "called",
    "time") in its open phase: centres now and year by year, eliminations, the draw's powers
    (``draw``, or every power with a centre). A power with 18 centres makes it a solo whatever
    the reason. GameRuleRefusal for a game not started or a solo nobody has."""
    if not phases:
        raise GameRuleRefusal("This board's game has not been started.")
    current = phases[-1]
    centers = {p: len(current.position.get("centers", {}).get(p, [])) for p in POWERS}
    hist = center_history(phases)
    completed = last_completed_fall(current.phase)
    if reason in ("draw", "called"):
        end_year = Phase.parse(current.phase).year
    else:
        end_year = max(completed, FIRST_YEAR)
    if completed >= FIRST_YEAR:
        hist.setdefault(completed, dict(centers))
    solo = next((p for p, c in centers.items() if c >= SOLO_CENTERS), None)
    if reason == "solo" and solo is None:
        raise GameRuleRefusal(f"No power has {SOLO_CENTERS} centres: this game is not a solo.")
    if solo is not None:
        reason = "solo"
    draw_powers = tuple(draw) if reason == "draw" and draw else (
        tuple(p for p in POWERS if centers[p] > 0) if reason == "draw" else None)
    return GameEnd(centers, end_year, reason, solo, draw_powers, eliminations(hist), hist)


def fall_in_hand(current: PhaseRow | None) -> bool:
    """A Fall is being adjudicated: the open phase is a Fall and some of its sheets are in."""
    return bool(current and current.phase.startswith(FALL)
                and any(s.handed_in for s in current.sheets.values()))

