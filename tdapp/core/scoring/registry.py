"""The built-in game scoring systems by name.

``get_system(name)`` and ``list_systems()`` are what formats, standings and ``tdapp score`` use.
Custom formula systems (:mod:`tdapp.core.scoring.formula`) live in a tournament, not here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tdapp.core.scoring.base import ScoringSystem
from tdapp.core.scoring.catalogue import built_in_systems


class UnknownSystem(KeyError):
    """No built-in scoring system has this name."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(name)

    def __str__(self) -> str:
        return f"unknown scoring system {self.name!r} (tdapp score --list names them)"


_SYSTEMS: dict[str, ScoringSystem] = {}


def _systems() -> dict[str, ScoringSystem]:
    if not _SYSTEMS:
        for system in built_in_systems():
            if system.name in _SYSTEMS:
                raise RuntimeError(f"two scoring systems are named {system.name!r}")
            _SYSTEMS[system.name] = system
    return _SYSTEMS


def list_systems() -> tuple[ScoringSystem, ...]:
    """Every built-in system, the four of the user's documents first."""
    return tuple(_systems().values())


def system_names() -> tuple[str, ...]:
    return tuple(_systems())


def get_system(name: str, custom: Iterable[ScoringSystem] = ()) -> ScoringSystem:
    """The system called ``name``: one of ``custom`` (a tournament's formula systems) or a
    built-in one; :class:`UnknownSystem` (a KeyError) otherwise."""
    for system in custom:
        if system.name == name:
            return system
    try:
        return _systems()[name]
    except KeyError:
        raise UnknownSystem(name) from None


_NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def custom_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a custom system (None when it can): names are
    lower-case-with-hyphens and never those of built-in systems."""
    if not _NAME.fullmatch(name):
        return f"{name!r} is not a name: use lower-case letters, digits and single hyphens"
    if name in _systems():
        return f"{name!r} is already the name of a built-in scoring system"
    return None
