"""Which units a power loses when it owes removals it did not write (civil disorder).

- ``rulebook`` (2023 rulebook, DATC 6.J): the unit farthest from any supply centre the power
  owns goes first, distance counted over any province, land or sea, for armies and fleets alike;
  ties: fleets before armies, then alphabetical by province name.
- ``rulebook-1971``: the same with distance to the power's home centres, armies counting every
  province and fleets only what they can sail through.
- ``wdc-2025`` (World DipCon 2025, V.6.d): (1) units furthest from home not in a supply centre,
  (2) units furthest from home in a supply centre, (3) units in the home country not in a
  supply centre, (4) units in a home supply centre; ties: fleets before armies, then alphabetical.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from tdapp.core.adjudication import rules as R
from tdapp.core.board.position import Unit
from tdapp.core.board.standard_map import GameMap

_FAR = 1_000  # unreachable: farther than anything on the board


def _neighbours_any(m: GameMap, p: int) -> Iterable[int]:
    """Provinces next to ``p`` by land or by sea, from any of its coasts."""
    out = set(m.army_reach[p]) | set(m.fleet_reach[p])
    for coast in m.provinces[m.province_names[p]].coasts:
        out |= m.fleet_reach[m.location_index[coast]]
    return out


def _neighbours_fleet(m: GameMap, p: int) -> Iterable[int]:
    out = set(m.fleet_reach[p])
    for coast in m.provinces[m.province_names[p]].coasts:
        out |= m.fleet_reach[m.location_index[coast]]
    return out


def distance(m: GameMap, start: str, targets: set[str], fleet_only: bool = False) -> int:
    """Fewest steps from province ``start`` to any of ``targets`` (breadth-first)."""
    goal = {m.province_index[t] for t in targets}
    first = m.province_index[start]
    if first in goal:
        return 0
    step = _neighbours_fleet if fleet_only else _neighbours_any
    seen = {first}
    queue = deque([(first, 0)])
    while queue:
        p, d = queue.popleft()
        for q in step(m, p):
            if q in seen:
                continue
            if q in goal:
                return d + 1
            seen.add(q)
            queue.append((q, d + 1))
    return _FAR


def removal_order(
    m: GameMap,
    power: str,
    units: list[Unit],
    owned_centers: set[str],
    rule: str = R.RULEBOOK,
) -> list[Unit]:
    """The power's units in the order civil disorder removes them (first goes first)."""
    homes = set(m.home_centers.get(power, ()))

    def name(u: Unit) -> str:
        return m.provinces[u.province].name.lower()

    def fleet_first(u: Unit) -> int:
        return 0 if u.unit_type == "F" else 1

    if rule == R.WDC_2025:

        def category(u: Unit) -> int:
            info = m.provinces[u.province]
            if u.province in homes:
                return 3
            if info.country == power:
                return 2
            return 1 if info.is_sc else 0

        return sorted(
            units,
            key=lambda u: (category(u), -distance(m, u.province, homes), fleet_first(u), name(u)),
        )
    if rule == R.RULEBOOK_1971:
        return sorted(
            units,
            key=lambda u: (
                -distance(m, u.province, homes, fleet_only=u.unit_type == "F"),
                fleet_first(u),
                name(u),
            ),
        )
    return sorted(
        units, key=lambda u: (-distance(m, u.province, owned_centers), fleet_first(u), name(u))
    )
