"""Random but legal full-board movement phases, as canonical order text.

Used by the benchmark (tests/benchmarks/bench_adjudicate.py) and the cross-check against other
adjudicators. Every unit stands where it can; every order is one its unit could legally give:
holds, moves to a neighbour, supports to hold or to move into a province the supporter reaches,
and convoys of an army next to a fleet at sea (with the army ordered to go by that convoy).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tdapp.core.board.standard_map import COAST, IMPASSABLE, LAND, SEA, STANDARD_MAP, GameMap
from tdapp.core.powers import POWERS


@dataclass(frozen=True)
class RandomPhase:
    units: dict[str, list[str]]  # power -> ["A PAR", "F STP/NC", ...]
    orders: dict[str, list[str]]  # power -> canonical order text


def _place_units(rng: random.Random, m: GameMap, count: int) -> dict[str, tuple[str, str, str]]:
    """province -> (power, unit type, location)."""
    provinces = [p for p, i in m.provinces.items() if i.type != IMPASSABLE]
    rng.shuffle(provinces)
    placed: dict[str, tuple[str, str, str]] = {}
    for province in provinces[:count]:
        info = m.provinces[province]
        if info.type == SEA:
            unit_type = "F"
        elif info.type == LAND:
            unit_type = "A"
        else:
            unit_type = rng.choice("AAF")
        loc = province
        if unit_type == "F" and info.coasts:
            loc = rng.choice(info.coasts)
        placed[province] = (rng.choice(POWERS), unit_type, loc)
    return placed


def _convoy_orders(rng, m, placed, orders) -> None:
    """Give some fleets at sea a convoy of a neighbouring army, and that army the move."""
    for province, (_power, unit_type, _) in placed.items():
        if unit_type != "F" or m.provinces[province].type != SEA or rng.random() > 0.35:
            continue
        armies = [
            p for p in m.adjacent_locations("F", province)
            if p in placed and placed[p][1] == "A" and p not in orders
        ]
        if not armies:
            continue
        army = rng.choice(armies)
        targets = [
            p for p in m.adjacent_locations("F", province)
            if "/" not in p and m.provinces[p].type == COAST and p != army
        ] + [
            c.split("/")[0] for c in m.adjacent_locations("F", province) if "/" in c
        ]
        if not targets:
            continue
        dest = rng.choice(targets)
        orders[province] = f"F {province} C A {army} - {dest}"
        via = " VIA" if m.can_move("A", army, dest) else ""
        orders[army] = f"A {army} - {dest}{via}"


def _reach(m: GameMap, unit_type: str, loc: str) -> list[str]:
    return sorted({m.province_of(d) for d in m.adjacent_locations(unit_type, loc)})


def random_phase(
    rng: random.Random, m: GameMap = STANDARD_MAP, count: int | None = None
) -> RandomPhase:
    count = count or rng.randint(22, 34)
    placed = _place_units(rng, m, count)
    orders: dict[str, str] = {}
    _convoy_orders(rng, m, placed, orders)
    for province, (_power, unit_type, loc) in placed.items():
        if province in orders:
            continue
        unit = f"{unit_type} {loc}"
        roll = rng.random()
        moves = m.adjacent_locations(unit_type, loc)
        if roll < 0.2 or not moves:
            orders[province] = f"{unit} H"
        elif roll < 0.6:
            orders[province] = f"{unit} - {rng.choice(moves)}"
        else:
            reach = _reach(m, unit_type, loc)
            neighbours = [p for p in reach if p in placed]
            if not neighbours:
                orders[province] = f"{unit} - {rng.choice(moves)}"
                continue
            other = rng.choice(neighbours)
            o_type, o_loc = placed[other][1], placed[other][2]
            other_unit = f"{o_type} {o_loc}"
            into = [p for p in _reach(m, o_type, o_loc) if p in reach and p != province]
            if into and rng.random() < 0.6:
                orders[province] = f"{unit} S {other_unit} - {rng.choice(into)}"
            else:
                orders[province] = f"{unit} S {other_unit}"
    units: dict[str, list[str]] = {}
    by_power: dict[str, list[str]] = {}
    for province, (power, unit_type, loc) in placed.items():
        units.setdefault(power, []).append(f"{unit_type} {loc}")
        by_power.setdefault(power, []).append(orders[province])
    return RandomPhase(units, by_power)


def random_phases(n: int, seed: int = 2026) -> list[RandomPhase]:
    rng = random.Random(seed)
    return [random_phase(rng) for _ in range(n)]
