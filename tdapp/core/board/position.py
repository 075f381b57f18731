"""Units, phases and the position of a game between two phases.

A phase is written ``S1901M``, ``F1901M``, ``S1901R``, ``F1901R``, ``W1901A`` (season letter,
year, M = movement, R = retreats, A = adjustments), as in CONTRACTS.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tdapp.core.board.standard_map import STANDARD_MAP, GameMap

SPRING, FALL, WINTER = "S", "F", "W"
MOVEMENT, RETREATS, ADJUSTMENTS = "M", "R", "A"

_PHASE_RE = re.compile(r"^([SFW])(\d{4})([MRA])$")
_VALID_KINDS = {SPRING: (MOVEMENT, RETREATS), FALL: (MOVEMENT, RETREATS), WINTER: (ADJUSTMENTS,)}
_SEASON_ORDER = {SPRING: 0, FALL: 1, WINTER: 2}
_KIND_ORDER = {MOVEMENT: 0, RETREATS: 1, ADJUSTMENTS: 2}


@dataclass(frozen=True, slots=True)
class Phase:
    season: str  # S, F or W
    year: int
    kind: str  # M, R or A

    @classmethod
    def parse(cls, text: str) -> Phase:
        """``"F1901R"`` -> Phase; ValueError for anything else."""
        match = _PHASE_RE.match(text) if isinstance(text, str) else None
        if not match:
            raise ValueError(f"not a phase: {text!r} (expected like S1901M, F1901R, W1901A)")
        season, year, kind = match.group(1), int(match.group(2)), match.group(3)
        if kind not in _VALID_KINDS[season]:
            raise ValueError(f"not a phase: {text!r} ({season} has no {kind} phase)")
        return cls(season, year, kind)

    def __str__(self) -> str:
        return f"{self.season}{self.year}{self.kind}"

    @property
    def sort_key(self) -> tuple[int, int, int]:
        return (self.year, _SEASON_ORDER[self.season], _KIND_ORDER[self.kind])

    def following(self) -> Phase:
        """The phase after this one in the full sequence (none skipped)."""
        if self.kind == MOVEMENT:
            return Phase(self.season, self.year, RETREATS)
        if self.season == SPRING:
            return Phase(FALL, self.year, MOVEMENT)
        if self.season == FALL:
            return Phase(WINTER, self.year, ADJUSTMENTS)
        return Phase(SPRING, self.year + 1, MOVEMENT)


@dataclass(frozen=True, slots=True)
class Unit:
    power: str
    unit_type: str  # "A" or "F"
    location: str  # "PAR", "STP/NC"

    @property
    def province(self) -> str:
        return self.location.split("/", 1)[0]

    def __str__(self) -> str:
        return f"{self.unit_type} {self.location}"


@dataclass(frozen=True, slots=True)
class DislodgedUnit:
    unit: Unit
    attacker_from: str | None  # province the dislodging attack came from (None: by convoy)
    retreats: tuple[str, ...] = ()  # legal retreat locations, filled in after a movement phase


@dataclass(slots=True)
class Position:
    """Where everything stands at the start of ``phase``.

    ``units`` maps a province abbreviation to the unit standing there; ``centers`` maps each owned
    supply centre to its owner.
    """

    phase: Phase
    units: dict[str, Unit] = field(default_factory=dict)
    centers: dict[str, str] = field(default_factory=dict)
    dislodged: list[DislodgedUnit] = field(default_factory=list)
    contested: frozenset[str] = frozenset()
    game_map: GameMap = field(default=STANDARD_MAP, repr=False, compare=False)

    @classmethod
    def initial(cls, game_map: GameMap = STANDARD_MAP) -> Position:
        """Spring 1901: every power on its home centres."""
        units: dict[str, Unit] = {}
        for power, written in game_map.starting_units.items():
            for text in written:
                unit_type, location = text.split()
                units[location.split("/")[0]] = Unit(power, unit_type, location)
        centers = {sc: power for power, scs in game_map.home_centers.items() for sc in scs}
        return cls(Phase(SPRING, 1901, MOVEMENT), units, centers, game_map=game_map)

    def unit_at(self, location: str) -> Unit | None:
        """The unit in the province of ``location`` (any coast), if any."""
        return self.units.get(location.split("/", 1)[0])

    def units_of(self, power: str) -> list[Unit]:
        return [u for u in self.units.values() if u.power == power]

    def centers_of(self, power: str) -> list[str]:
        return sorted(sc for sc, owner in self.centers.items() if owner == power)

    def adjustments(self) -> dict[str, int]:
        """Builds owed (positive) or removals owed (negative) for every power that must adjust."""
        powers = set(self.centers.values()) | {u.power for u in self.units.values()}
        owed = {}
        for power in sorted(powers):
            diff = sum(1 for o in self.centers.values() if o == power) - len(self.units_of(power))
            if diff > 0:
                diff = min(diff, self.free_home_centers_count(power))
            if diff:
                owed[power] = diff
        return owed

    def free_home_centers_count(self, power: str) -> int:
        """Home centres the power owns with no unit in them: where it may build."""
        homes = self.game_map.home_centers.get(power, ())
        return sum(1 for sc in homes if self.centers.get(sc) == power and sc not in self.units)
