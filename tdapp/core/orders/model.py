"""The order model shared by the paper-order parser and the judge.

Locations are strings in the contract's spelling: a province abbreviation in upper case
(``PAR``), with the coast after a slash where one matters (``STP/NC``, ``SPA/SC``, ``BUL/EC``).
A unit is written ``"A PAR"`` / ``"F STP/NC"``. ``unit_type`` is ``"A"`` or ``"F"``; the parser
may leave it ``None`` where the writer omitted it and the position does not tell.
"""

from __future__ import annotations

from dataclasses import dataclass

UnitType = str  # "A" or "F"


@dataclass(frozen=True, slots=True)
class Hold:
    unit_type: UnitType | None
    location: str


@dataclass(frozen=True, slots=True)
class Move:
    unit_type: UnitType | None
    location: str
    destination: str
    via_convoy: bool = False  # written "via convoy" / "VIA"
    convoy_path: tuple[str, ...] = ()  # fleets' provinces when written ("A Bel -> Hol via Nth")


@dataclass(frozen=True, slots=True)
class SupportHold:
    unit_type: UnitType | None
    location: str
    supported_type: UnitType | None
    supported_location: str


@dataclass(frozen=True, slots=True)
class SupportMove:
    unit_type: UnitType | None
    location: str
    supported_type: UnitType | None
    supported_location: str
    destination: str


@dataclass(frozen=True, slots=True)
class Convoy:
    unit_type: UnitType | None
    location: str
    army_location: str
    destination: str


@dataclass(frozen=True, slots=True)
class Retreat:
    unit_type: UnitType | None
    location: str
    destination: str


@dataclass(frozen=True, slots=True)
class Disband:
    """Disband in a retreat phase."""

    unit_type: UnitType | None
    location: str


@dataclass(frozen=True, slots=True)
class Build:
    unit_type: UnitType | None
    location: str


@dataclass(frozen=True, slots=True)
class Remove:
    """Removal in an adjustment phase."""

    unit_type: UnitType | None
    location: str


@dataclass(frozen=True, slots=True)
class Waive:
    """A build not taken."""


Order = Hold | Move | SupportHold | SupportMove | Convoy | Retreat | Disband | Build | Remove | Waive
