"""Phases in words and the calendar of a game: one title for every screen, log and report.

A phase is a :class:`~tdapp.core.board.position.Phase` (``S1901M``); the words are those people
say at the table: "Spring 1901 movement", "Fall 1901 retreats", "Winter 1901 adjustments".
"""

from __future__ import annotations

from tdapp.core.board.position import ADJUSTMENTS, FALL, MOVEMENT, SPRING, WINTER, Phase

SEASON_WORDS = {SPRING: "Spring", FALL: "Fall", WINTER: "Winter"}
KIND_WORDS = {"M": "movement", "R": "retreats", "A": "adjustments"}


def as_phase(phase: Phase | str) -> Phase:
    """``"F1901R"`` or a Phase -> Phase; ValueError for anything that is no phase."""
    return phase if isinstance(phase, Phase) else Phase.parse(phase)


def season_title(phase: Phase | str) -> str:
    """``F1901R`` -> ``Fall 1901``."""
    p = as_phase(phase)
    return f"{SEASON_WORDS[p.season]} {p.year}"


def phase_title(phase: Phase | str) -> str:
    """``F1901R`` -> ``Fall 1901 retreats``: the one way the program names a phase."""
    p = as_phase(phase)
    return f"{season_title(p)} {KIND_WORDS[p.kind]}"


def vote_season(phase: Phase | str) -> Phase:
    """The season a draw vote belongs to (one per Spring or Fall), as its movement phase: a
    retreat phase belongs to its season, a Winter to its Fall."""
    p = as_phase(phase)
    return Phase(SPRING if p.season == SPRING else FALL, p.year, MOVEMENT)


def last_completed_fall(phase: Phase | str) -> int:
    """The year of the last Fall whose adjudication is over when ``phase`` is open (1900: none)."""
    p = as_phase(phase)
    return p.year if p.season == WINTER else p.year - 1


def settling_phase(phase: Phase | str) -> Phase:
    """The adjustment phase that settles a build error noticed in ``phase``: its year's Winter."""
    return Phase(WINTER, as_phase(phase).year, ADJUSTMENTS)
