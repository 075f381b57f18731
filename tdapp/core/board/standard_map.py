"""The standard Diplomacy map, loaded once from ``resources/maps/standard.json``.

Everything the parser and the judge ask of the map is answered from integer-indexed tables built
at load time, so no lookup re-reads or re-parses the data. Locations are strings in the contract's
spelling: a province abbreviation (``PAR``) or a province with a coast (``STP/NC``).

- ``provinces``: abbreviation -> :class:`ProvinceInfo` (name, type, SC, home power, coasts);
- ``aliases``: lower-cased spelling people write -> location (``"north sea"`` -> ``"NTH"``,
  ``"stp(nc)"`` -> ``"STP/NC"``);
- ``ambiguous_aliases``: spellings that may mean several locations (``"nor"``, ``"liv"``, and
  slips such as ``nwy``/``nwg``); the first reading is the one ``aliases`` gives, if any;
- ``can_move(unit_type, from_loc, to_loc)`` and ``adjacent_locations(unit_type, loc)``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tdapp.resources import resource_path

LAND = "land"
SEA = "sea"
COAST = "coast"
IMPASSABLE = "impassable"


@dataclass(frozen=True, slots=True)
class ProvinceInfo:
    abbr: str
    name: str
    type: str  # land, sea, coast or impassable
    is_sc: bool
    home: str | None  # the power whose home centre it is
    country: str | None  # the power whose home country it lies in (SC or not)
    coasts: tuple[str, ...]  # ("STP/NC", "STP/SC") for split-coast provinces, else ()
    index: int


class GameMap:
    """A map with its adjacency precomputed as integer-indexed sets.

    Province indices run over ``province_names``; location indices over ``location_names``
    (every province first, in the same order, then each named coast), so a province's own index
    is also its location index.
    """

    def __init__(self, data: dict) -> None:
        self.name: str = data["name"]
        raw = data["provinces"]
        self.province_names: tuple[str, ...] = tuple(sorted(raw))
        self.province_index: dict[str, int] = {p: i for i, p in enumerate(self.province_names)}
        self.provinces: dict[str, ProvinceInfo] = {
            abbr: ProvinceInfo(
                abbr=abbr,
                name=raw[abbr]["name"],
                type=raw[abbr]["type"],
                is_sc=bool(raw[abbr]["sc"]),
                home=raw[abbr]["home"],
                country=raw[abbr].get("country"),
                coasts=tuple(raw[abbr]["coasts"]),
                index=self.province_index[abbr],
            )
            for abbr in self.province_names
        }
        coasts = [c for p in self.province_names for c in self.provinces[p].coasts]
        self.location_names: tuple[str, ...] = self.province_names + tuple(coasts)
        self.location_index: dict[str, int] = {loc: i for i, loc in enumerate(self.location_names)}
        # location index -> province index
        self.loc_province: tuple[int, ...] = tuple(
            self.province_index[loc.split("/")[0]] for loc in self.location_names
        )
        self.supply_centers: frozenset[str] = frozenset(
            p for p, info in self.provinces.items() if info.is_sc
        )
        self.home_centers: dict[str, tuple[str, ...]] = {}
        for p in self.province_names:
            home = self.provinces[p].home
            if home:
                self.home_centers.setdefault(home, ())
                self.home_centers[home] += (p,)
        self.powers: tuple[str, ...] = tuple(sorted(self.home_centers))
        self.starting_units: dict[str, tuple[str, ...]] = {
            power: tuple(units) for power, units in data["starting_units"].items()
        }
        self.aliases: dict[str, str] = dict(data["aliases"])
        self.ambiguous_aliases: dict[str, tuple[str, ...]] = {
            k: tuple(v) for k, v in data["ambiguous_aliases"].items()
        }
        n_loc = len(self.location_names)
        army: list[frozenset[int]] = [frozenset()] * n_loc
        for src, dests in data["army_adjacency"].items():
            army[self.location_index[src]] = frozenset(self.location_index[d] for d in dests)
        fleet: list[frozenset[int]] = [frozenset()] * n_loc
        for src, dests in data["fleet_adjacency"].items():
            fleet[self.location_index[src]] = frozenset(self.location_index[d] for d in dests)
        self.army_adj: tuple[frozenset[int], ...] = tuple(army)
        self.fleet_adj: tuple[frozenset[int], ...] = tuple(fleet)
        # Provinces a unit at a location borders (a fleet on STP/NC reaches BAR and NWY only):
        # what it may support into, and what it may attack.
        self.army_reach: tuple[frozenset[int], ...] = tuple(
            frozenset(self.loc_province[d] for d in dests) for dests in army
        )
        self.fleet_reach: tuple[frozenset[int], ...] = tuple(
            frozenset(self.loc_province[d] for d in dests) for dests in fleet
        )
        self.is_sea: tuple[bool, ...] = tuple(
            self.provinces[p].type == SEA for p in self.province_names
        )
        # Sea provinces next to each province over any of its coasts: where convoys run.
        seas: list[set[int]] = [set() for _ in self.province_names]
        for loc_i, reach in enumerate(self.fleet_reach):
            seas[self.loc_province[loc_i]].update(q for q in reach if self.is_sea[q])
        self.sea_neighbours: tuple[frozenset[int], ...] = tuple(frozenset(x) for x in seas)
        self.is_land: tuple[bool, ...] = tuple(
            self.provinces[p].type == LAND for p in self.province_names
        )
        self.sc_mask: tuple[bool, ...] = tuple(
            self.provinces[p].is_sc for p in self.province_names
        )
        # Every unit that can stand somewhere, as written canonically ("A PAR", "F STP/NC"):
        # reading a position looks its units up here first (they are almost always canonical).
        self.standing_units: dict[str, tuple[str, str]] = {
            f"{unit_type} {loc}": (unit_type, loc)
            for loc in self.location_names for unit_type in ("A", "F")
            if self.can_occupy(unit_type, loc)
        }

    # -- lookups by string ---------------------------------------------------------------

    def province_of(self, loc: str) -> str:
        """``STP/NC`` -> ``STP``; ``PAR`` -> ``PAR``."""
        return loc.split("/", 1)[0]

    def is_location(self, loc: str) -> bool:
        return loc in self.location_index

    def has_coasts(self, province: str) -> bool:
        info = self.provinces.get(province)
        return bool(info and info.coasts)

    def can_occupy(self, unit_type: str, loc: str) -> bool:
        """Whether a unit of this type can stand at ``loc`` (a fleet on a split coast needs it)."""
        i = self.location_index.get(loc)
        if i is None:
            return False
        if unit_type == "A":
            return bool(self.army_adj[i]) and "/" not in loc
        return bool(self.fleet_adj[i])

    def can_move(self, unit_type: str, from_loc: str, to_loc: str) -> bool:
        """Whether a unit of this type at ``from_loc`` borders ``to_loc`` (no convoys).

        A fleet's destination on a split-coast province must name the coast.
        """
        a = self.location_index.get(from_loc)
        b = self.location_index.get(to_loc)
        if a is None or b is None:
            return False
        table = self.army_adj if unit_type == "A" else self.fleet_adj
        return b in table[a]

    def adjacent_locations(self, unit_type: str, loc: str) -> tuple[str, ...]:
        """The locations a unit of this type at ``loc`` can move to, sorted."""
        i = self.location_index.get(loc)
        if i is None:
            return ()
        table = self.army_adj if unit_type == "A" else self.fleet_adj
        return tuple(sorted(self.location_names[j] for j in table[i]))

    def lookup(self, text: str) -> str | None:
        """The location a written spelling names, if exactly one (``"St. Petersburg nc"``)."""
        return self.aliases.get(" ".join(text.lower().split()))


def _map_path(name: str) -> Path:
    return resource_path("maps", f"{name}.json")


@cache
def load_map(name: str = "standard") -> GameMap:
    """The named map, built once per process."""
    with _map_path(name).open(encoding="utf-8") as handle:
        return GameMap(json.load(handle))


def load_standard_map() -> GameMap:
    return load_map("standard")


STANDARD_MAP: GameMap = load_standard_map()
