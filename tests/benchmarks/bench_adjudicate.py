"""Benchmark: the same random full-board movement phases through tdapp, `diplomacy` and pydip.

Run by hand (never part of the test run):

    cd /work/main && PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_adjudicate.py [N]

Each phase is 22-34 units placed at random with random legal orders written as text. Timed per
phase, parsing included:
- tdapp (paper parser): the JSON-shaped position checked and built, every order read by the
  paper-order parser (``tdapp.core.orders.parser``), the phase adjudicated, the next position and
  the result records made (``adjudicate_document``, i.e. ``tdapp adjudicate`` minus JSON text);
- tdapp (as the CLI reads): canonical spellings read the fast way, anything else by the parser;
- tdapp (canonical reader): the strict canonical-order reader alone;
- diplomacy: ``clear_units`` / ``set_units`` / ``set_orders`` (its own order parser) / ``process``
  on a fresh ``Game`` (made outside the timer);
- pydip: the commands built from the same orders (it has no text parser) and ``resolve_turn``,
  for the phases it can express.
Prints the medians and the ratios, and the time of ``import tdapp.core``.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "core" / "adjudication"))

from pydip_bridge import pydip_commands  # noqa: E402
from random_phases import RandomPhase, random_phases  # noqa: E402

from tdapp.commands.adjudicate import _canonical_reader, _paper_reader, adjudicate_document  # noqa: E402,I001


def time_tdapp(phases: list[RandomPhase], reader) -> list[float]:
    times = []
    for ph in phases:
        doc = {"phase": "S1901M", "units": ph.units, "orders": ph.orders}
        t0 = time.perf_counter()
        adjudicate_document(doc, reader)
        times.append(time.perf_counter() - t0)
    return times


def time_diplomacy(phases: list[RandomPhase]) -> list[float]:
    from diplomacy import Game

    times = []
    for ph in phases:
        game = Game()
        t0 = time.perf_counter()
        game.clear_units()
        for power, units in ph.units.items():
            game.set_units(power, units)
        for power, orders in ph.orders.items():
            game.set_orders(power, orders)
        game.process()
        times.append(time.perf_counter() - t0)
    return times


def time_pydip(phases: list[RandomPhase]) -> tuple[list[float], list[int]]:
    """Times of the phases pydip can express, and their indices."""
    from pydip.map.predefined import vanilla_dip
    from pydip.turn.resolve import resolve_turn

    game_map = vanilla_dip.generate_map()
    times, expressed = [], []
    for i, ph in enumerate(phases):
        t0 = time.perf_counter()
        try:
            commands = pydip_commands(ph, game_map)
        except (AssertionError, KeyError):
            continue
        resolve_turn(game_map, commands)
        times.append(time.perf_counter() - t0)
        expressed.append(i)
    return times, expressed


def import_time() -> float:
    code = "import time; t=time.perf_counter(); import tdapp.core; print(time.perf_counter()-t)"
    runs = [
        float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             cwd=ROOT, check=True).stdout)
        for _ in range(5)
    ]
    code2 = ("import time; t=time.perf_counter(); import tdapp.core.adjudication, "
             "tdapp.core.board.standard_map; print(time.perf_counter()-t)")
    runs2 = [
        float(subprocess.run([sys.executable, "-c", code2], capture_output=True, text=True,
                             cwd=ROOT, check=True).stdout)
        for _ in range(5)
    ]
    print(f"import tdapp.core: median {statistics.median(runs) * 1000:.2f} ms; "
          f"import tdapp.core.adjudication (map loaded): {statistics.median(runs2) * 1000:.2f} ms")
    return statistics.median(runs)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    phases = random_phases(n)
    units = statistics.mean(sum(len(u) for u in ph.units.values()) for ph in phases)
    print(f"{n} random movement phases, {units:.1f} units on average")
    paper = _paper_reader(fast_path=False)
    time_tdapp(phases[:20], paper)  # warm caches the way a running program has them
    results = {}
    results["tdapp (paper parser)"] = time_tdapp(phases, paper)
    results["tdapp (as the CLI reads)"] = time_tdapp(phases, _paper_reader())
    results["tdapp (canonical reader)"] = time_tdapp(phases, _canonical_reader)
    results["diplomacy"] = time_diplomacy(phases)
    pydip_times, expressed = time_pydip(phases)
    results[f"pydip ({len(expressed)} phases it can express)"] = pydip_times
    same = [results["tdapp (paper parser)"][i] for i in expressed]
    results["tdapp (paper parser), those phases"] = same
    medians = {name: statistics.median(t) for name, t in results.items() if t}
    for name, med in medians.items():
        print(f"{name:<42} median {med * 1000:8.3f} ms per phase")
    dip = medians["diplomacy"]
    for name in ("tdapp (paper parser)", "tdapp (as the CLI reads)", "tdapp (canonical reader)"):
        print(f"{name} / diplomacy = {medians[name] / dip:.4f} (goal <= 0.1)")
    if expressed:
        pyd = medians[f"pydip ({len(expressed)} phases it can express)"]
        ratio = medians["tdapp (paper parser), those phases"] / pyd
        print(f"tdapp (paper parser) / pydip on the same phases = {ratio:.4f} (goal < 1)")
    import_time()


if __name__ == "__main__":
    main()
