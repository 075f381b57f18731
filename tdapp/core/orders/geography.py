"""What the parser asks of the map to choose between readings: can this unit get there at all?

Only the shape of the board matters here (adjacency, coasts, which seas connect), never the
position: a reading is *possible* when some play of the other units could make it succeed.
"""

from __future__ import annotations

from tdapp.core.board.standard_map import STANDARD_MAP

_MAP = STANDARD_MAP
PROVINCE_TYPE: dict[str, str] = {abbr: info.type for abbr, info in _MAP.provinces.items()}
COASTS_OF: dict[str, tuple[str, ...]] = {abbr: info.coasts for abbr, info in _MAP.provinces.items()}

DIRECT = 2  # the unit borders the destination
BY_CONVOY = 1  # an army that could only get there by convoy
IMPOSSIBLE = 0


def province(loc: str) -> str:
    """``STP/NC`` -> ``STP`` (every standard abbreviation has three letters)."""
    return loc[:3]


def _sea_components() -> dict[str, frozenset[int]]:
    """For each coastal province, the connected bodies of water it touches (Baltic/Bothnia and
    the Black Sea are cut off from the rest), so a convoy between two coasts is possible only
    when they touch the same body."""
    seas = [p for p, kind in PROVINCE_TYPE.items() if kind == "sea"]
    component: dict[str, int] = {}
    for start in seas:
        if start in component:
            continue
        label = len(component)
        stack = [start]
        component[start] = label
        while stack:
            here = stack.pop()
            for nxt in _MAP.adjacent_locations("F", here):
                if PROVINCE_TYPE[province(nxt)] == "sea" and nxt not in component:
                    component[nxt] = label
                    stack.append(nxt)
    touching: dict[str, set[int]] = {}
    for sea in seas:
        for loc in _MAP.adjacent_locations("F", sea):
            prov = province(loc)
            if PROVINCE_TYPE[prov] == "coast":
                touching.setdefault(prov, set()).add(component[sea])
    return {p: frozenset(c) for p, c in touching.items()}


SEA_COMPONENTS = _sea_components()
_NONE: frozenset[int] = frozenset()


def can_stand(unit_type: str, loc: str) -> bool:
    kind = PROVINCE_TYPE.get(province(loc))
    if unit_type == "A":
        return kind in ("land", "coast") and "/" not in loc
    return kind in ("sea", "coast")


def convoyable(from_prov: str, to_prov: str) -> bool:
    """Whether some chain of fleets could carry an army between these provinces."""
    if from_prov == to_prov:
        return False
    a = SEA_COMPONENTS.get(from_prov, _NONE)
    return bool(a and a & SEA_COMPONENTS.get(to_prov, _NONE))


def _fleet_locations(loc: str) -> tuple[str, ...]:
    """A fleet written at a split-coast province without its coast may be on either coast."""
    if "/" in loc:
        return (loc,)
    return COASTS_OF.get(loc) or (loc,)


def fleet_coasts_reachable(from_loc: str, to_prov: str) -> tuple[str, ...]:
    """The coasts of ``to_prov`` a fleet at ``from_loc`` borders (``POR``, ``SPA`` -> both)."""
    return tuple(
        coast
        for coast in COASTS_OF.get(to_prov, ())
        if any(_MAP.can_move("F", src, coast) for src in _fleet_locations(from_loc))
    )


def reach(unit_type: str | None, from_loc: str, to_loc: str, via_convoy: bool = False) -> int:
    """How a unit could get from ``from_loc`` to ``to_loc``: DIRECT, BY_CONVOY or IMPOSSIBLE."""
    if unit_type is None:
        return max(reach("A", from_loc, to_loc, via_convoy), reach("F", from_loc, to_loc))
    src, dst = province(from_loc), province(to_loc)
    if unit_type == "A":
        if via_convoy:
            return DIRECT if convoyable(src, dst) else IMPOSSIBLE
        if _MAP.can_move("A", src, dst):
            return DIRECT
        return BY_CONVOY if convoyable(src, dst) else IMPOSSIBLE
    targets = (to_loc,) if "/" in to_loc else (COASTS_OF.get(dst) or (dst,))
    for s in _fleet_locations(from_loc):
        for t in targets:
            if _MAP.can_move("F", s, t):
                return DIRECT
    return IMPOSSIBLE


def can_support_into(unit_type: str | None, from_loc: str, to_prov: str) -> bool:
    """Whether a unit could support into a province: it must border it (any coast for fleets)."""
    if unit_type is None:
        return can_support_into("A", from_loc, to_prov) or can_support_into("F", from_loc, to_prov)
    if unit_type == "A":
        return _MAP.can_move("A", province(from_loc), to_prov)
    return reach("F", from_loc, to_prov) == DIRECT


def infer_type(loc: str) -> str | None:
    """The only unit type that can stand in a province: seas hold fleets, inland provinces armies."""
    kind = PROVINCE_TYPE.get(province(loc))
    if kind == "sea":
        return "F"
    if kind == "land":
        return "A"
    return None


def is_home_centre(power: str | None, prov: str) -> bool:
    info = _MAP.provinces.get(prov)
    if info is None or not info.home:
        return False
    return power is None or info.home == power
