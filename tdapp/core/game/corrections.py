"""Corrections: how long an adjudicated phase may be corrected without the TD under the
format's rule, and which later orders a correction made void."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from tdapp.core.board.position import MOVEMENT
from tdapp.core.formats.model import CorrectionRule
from tdapp.core.formats.options import CorrectionLimit


class PlayedPhase(Protocol):
    """A phase of the game as stored or as a plain row."""

    @property
    def seq(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def results(self) -> object: ...


def correction_allowed(phases: Sequence[PlayedPhase], seq: int,
                       rule: CorrectionRule) -> tuple[bool, str]:
    """Whether the phase ``seq`` may still be corrected without the TD under the format's
    ``rule``, and the rule's words. ``phases`` are rows with ``seq``, ``phase`` and ``results``
    (stored or plain)."""
    later = [p for p in phases if p.seq > seq and p.results is not None]
    if rule.until == CorrectionLimit.NEXT_MOVEMENT:
        late = any(p.phase.endswith(MOVEMENT) for p in later)
    else:
        late = bool(later)
    return (not late, rule.text)


# A written order of the game: (phase, power, the order as written on the sheet).
WrittenOrder = tuple[str, str, str]


def void_orders(phase: str, results: Iterable[Mapping[str, Any]]) -> dict[WrittenOrder, str]:
    """Every written order the judge found void in ``phase``, with its message."""
    return {(phase, r["power"], r["order"]): r.get("message", "")
            for r in results if r.get("order") and "void" in r.get("tags", ())}


def written_orders(phase: str, results: Iterable[Mapping[str, Any]]) -> set[WrittenOrder]:
    """Every order written in ``phase`` (the judge's results, "no order" rows left out)."""
    return {(phase, r["power"], r["order"]) for r in results if r.get("order")}


def no_longer_valid(void_now: Mapping[WrittenOrder, str], written_before: set[WrittenOrder],
                    void_before: Mapping[WrittenOrder, str]) -> tuple[str, ...]:
    """Later orders a correction made void (written before, valid before, void now), in words:
    ``F1902M France: 'A Pic S F Mao-Bre' — <why>`` (the view names the phase in words)."""
    return tuple(f"{phase} {power.title()}: '{text}' — {message}"
                 for (phase, power, text), message in void_now.items()
                 if (phase, power, text) in written_before
                 and (phase, power, text) not in void_before)
