"""Benchmark: orders parsed per second by the paper-order parser.

Run by hand (never part of the test run):

    cd /work/main && PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_parser.py [N]

Three sets of order texts:
- canonical: N random legal orders in the contract's canonical form ("F LON S F NTH - ENG");
- paper: the same orders in the spellings people write (full names, "->", "supports", "(nc)");
- tricky: ambiguous and slipped abbreviations that need the map to choose ("F Lon - Nor").

Each set is timed three ways, 7 rounds each, and the median round is reported as microseconds
per order and orders per second:
- cold: every cache cleared before each order (the full cost of reading new text);
- warm: no position, texts seen before (what re-typed orders cost);
- position: with a position of at most 34 units and a power, texts seen before (what the judge
  and the order-entry view do: the writing is remembered, the unit is looked up every time).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tdapp.core.board.standard_map import STANDARD_MAP  # noqa: E402
from tdapp.core.orders import parser as P  # noqa: E402
from tdapp.core.orders.geography import can_support_into  # noqa: E402
from tdapp.core.orders.names import province_name  # noqa: E402

ROUNDS = 7


def random_orders(n: int, rng: random.Random) -> list[tuple[str, str, str]]:
    """(canonical, paper, power) for n random orders of units on random locations."""
    m = STANDARD_MAP
    out = []
    locs = [loc for loc in m.location_names if m.adjacent_locations("F", loc)
            or m.adjacent_locations("A", loc)]
    while len(out) < n:
        loc = rng.choice(locs)
        unit_type = "A" if m.can_occupy("A", loc) and (
            not m.can_occupy("F", loc) or rng.random() < 0.5) else "F"
        near = m.adjacent_locations(unit_type, loc)
        if not near:
            continue
        kind = rng.random()
        dest = rng.choice(near)
        u = f"{unit_type} {loc}"
        longu = f"{'Army' if unit_type == 'A' else 'Fleet'} {_paper(loc)}"
        if kind < 0.45:
            out.append((f"{u} - {dest}", f"{longu} -> {_paper(dest)}", "ENGLAND"))
        elif kind < 0.6:
            out.append((f"{u} H", f"{longu} holds", "ENGLAND"))
        else:
            target_type = "A" if m.can_occupy("A", dest) else "F"
            onward = [d for d in m.adjacent_locations(target_type, dest)
                      if d.split("/")[0] != loc.split("/")[0]
                      and can_support_into(unit_type, loc, d.split("/")[0])]
            if not onward:
                continue
            to = rng.choice(onward).split("/")[0]
            out.append((f"{u} S {target_type} {dest} - {to}",
                        f"{longu} supports {_paper(dest)} to {_paper(to)}", "ENGLAND"))
    return out


def _paper(loc: str) -> str:
    prov, _, coast = loc.partition("/")
    name = province_name(prov)
    return f"{name} ({coast.lower()})" if coast else name


TRICKY = [
    "F Lon - Nor", "A Liv - Edi", "F Rom - Tyr", "F Edi - Nwy", "A Tys - Ven", "A Fin - Nor",
    "F Swe - Nwg", "A War - Liv", "F Nap - Tyr", "A Pru - Lvp",
]


def _boards(orders: list[tuple[str, str, str]]) -> list[tuple[list[int], dict]]:
    """The orders cut into boards of at most 34 units on different provinces, each with its
    position: the index of each order and the board's units."""
    boards: list[tuple[list[int], dict]] = []
    seen: set[str] = set()
    current: list[int] = []
    units: list[str] = []
    for i, (canonical, _, _) in enumerate(orders):
        unit = " ".join(canonical.split()[:2])
        if unit[2:5] in seen or len(current) == 34:
            boards.append((current, {"units": {"ENGLAND": units}}))
            seen, current, units = set(), [], []
        seen.add(unit[2:5])
        current.append(i)
        units.append(unit)
    if current:
        boards.append((current, {"units": {"ENGLAND": units}}))
    return boards


def _clear() -> None:
    P._drafts.cache_clear()
    P._parse_without_position.cache_clear()


def time_round(texts: list[str], mode: str, boards: list[tuple[list[int], dict]] | None) -> float:
    """Seconds per order for one pass over ``texts``."""
    parse = P.parse_order
    if mode == "cold":
        total = 0.0
        for text in texts:
            _clear()
            t0 = time.perf_counter()
            parse(text)
            total += time.perf_counter() - t0
        return total / len(texts)
    if boards is None:
        for text in texts:  # warm the caches
            parse(text)
        t0 = time.perf_counter()
        for text in texts:
            parse(text)
        return (time.perf_counter() - t0) / len(texts)
    jobs = [(texts[i], position) for indices, position in boards for i in indices]
    for text, position in jobs:
        parse(text, "ENGLAND", position)
    t0 = time.perf_counter()
    for text, position in jobs:
        parse(text, "ENGLAND", position)
    return (time.perf_counter() - t0) / len(jobs)


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 2000
    rng = random.Random(1901)
    orders = random_orders(n, rng)
    sets = {
        "canonical": [c for c, _, _ in orders],
        "paper": [p for _, p, _ in orders],
        "tricky": TRICKY * (n // len(TRICKY)),
    }
    boards = _boards(orders)
    # How fast this machine runs Python right now: the figures below scale with it, so runs on a
    # busy machine can be compared with runs on an idle one.
    calib = min(timeit.repeat("sum(range(1000))", number=1000, repeat=9)) / 1000
    print(f"machine check: sum(range(1000)) takes {calib * 1e6:.1f} µs")
    print(f"{n} orders per set, {ROUNDS} rounds, median round (µs per order | orders per s)")
    for name, texts in sets.items():
        row = [f"{name:10s}"]
        for mode in ("cold", "warm", "position"):
            if mode == "position" and name == "tricky":
                row.append("position (n/a: no board)")
                continue
            on_boards = boards if mode == "position" else None
            rounds = [time_round(texts, mode, on_boards) for _ in range(ROUNDS)]
            med = statistics.median(rounds)
            row.append(f"{mode} {med * 1e6:7.2f} µs | {1 / med:9.0f}/s")
        print("  ".join(row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
