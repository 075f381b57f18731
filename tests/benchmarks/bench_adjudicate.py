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
- tdapp judge only: ``adjudicate_phase`` on a position built and orders read beforehand.
The engines run interleaved, phase by phase, so that a busy machine slows them alike, in an order
shuffled from phase to phase (the engine after a large one finds the caches cold). Prints
the medians and the ratios, and the time of ``import tdapp.core``.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tdapp.commands.adjudicate import adjudicate_document  # noqa: E402,I001
from tdapp.core.adjudication.reading import canonical_reader, paper_reader  # noqa: E402
from tests.core.adjudication.pydip_bridge import pydip_commands  # noqa: E402
from tests.core.adjudication.random_phases import RandomPhase, random_phases  # noqa: E402


def tdapp_once(ph: RandomPhase, reader) -> float:
    doc = {"phase": "S1901M", "units": ph.units, "orders": ph.orders}
    t0 = time.perf_counter()
    adjudicate_document(doc, reader)
    return time.perf_counter() - t0


def judge_once(ph: RandomPhase) -> float:
    """The judge alone: position built and orders read beforehand (like pydip's input)."""
    from tdapp.core.adjudication import adjudicate_phase
    from tdapp.core.adjudication.reading import read_orders
    from tdapp.core.board.contract import position_from_contract

    position = position_from_contract({"phase": "S1901M", "units": ph.units})
    entries = read_orders(position, ph.orders, canonical_reader)
    t0 = time.perf_counter()
    adjudicate_phase(position, entries)
    return time.perf_counter() - t0


def diplomacy_once(ph: RandomPhase) -> float:
    from diplomacy import Game

    game = Game()
    t0 = time.perf_counter()
    game.clear_units()
    for power, units in ph.units.items():
        game.set_units(power, units)
    for power, orders in ph.orders.items():
        game.set_orders(power, orders)
    game.process()
    return time.perf_counter() - t0


def pydip_once(ph: RandomPhase, game_map) -> float | None:
    """pydip's time for a phase, or None when pydip cannot express it."""
    from pydip.turn.resolve import resolve_turn

    t0 = time.perf_counter()
    try:
        commands = pydip_commands(ph, game_map)
    except (AssertionError, KeyError):
        return None
    resolve_turn(game_map, commands)
    return time.perf_counter() - t0


def _import_seconds(code: str, env: dict[str, str]) -> float:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, env=env, check=True).stdout
    return float(out)


def import_time() -> float:
    """Median of 7 fresh interpreters, with bytecode cached as in an installed program (kept in
    a temporary folder, so the source tree gets no __pycache__)."""
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        env["PYTHONPATH"] = str(ROOT)
        timed = "import time; t=time.perf_counter(); import {}; print(time.perf_counter()-t)"
        results = {}
        for name in ("tdapp.core", "tdapp.core.adjudication"):
            _import_seconds(timed.format(name), env)  # compiles once, as an install would
            runs = [_import_seconds(timed.format(name), env) for _ in range(7)]
            results[name] = statistics.median(runs)
        metadata = [_import_seconds(timed.format("importlib.metadata"), env) for _ in range(7)]
    print(f"import tdapp.core: median {results['tdapp.core'] * 1000:.1f} ms "
          f"(of which importlib.metadata, used by tdapp/__init__.py: "
          f"{statistics.median(metadata) * 1000:.1f} ms); "
          f"import tdapp.core.adjudication (map loaded): "
          f"{results['tdapp.core.adjudication'] * 1000:.1f} ms")
    return results["tdapp.core"]


def main() -> None:
    from pydip.map.predefined import vanilla_dip

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    phases = random_phases(n)
    units = statistics.mean(sum(len(u) for u in ph.units.values()) for ph in phases)
    print(f"{n} random movement phases, {units:.1f} units on average")
    paper, cli = paper_reader(fast_path=False), paper_reader()
    game_map = vanilla_dip.generate_map()
    for ph in phases[:20]:  # warm caches the way a running program has them
        tdapp_once(ph, paper)
    engines = {
        "tdapp (paper parser)": lambda ph: tdapp_once(ph, paper),
        "tdapp (as the CLI reads)": lambda ph: tdapp_once(ph, cli),
        "tdapp (canonical reader)": lambda ph: tdapp_once(ph, canonical_reader),
        "tdapp judge only": judge_once,
        "diplomacy": diplomacy_once,
        "pydip": lambda ph: pydip_once(ph, game_map),
    }
    names = list(engines)
    times: dict[str, list[float]] = {name: [] for name in names}
    order = random.Random(7)
    for ph in phases:
        # Interleaved, so that a busy machine slows every engine alike, and in an order shuffled
        # phase by phase: the engine run just after a large one finds the CPU's caches cold
        # (about 20% slower), and no engine should always follow the same one.
        for name in order.sample(names, len(names)):
            seconds = engines[name](ph)
            if seconds is not None:
                times[name].append(seconds)
    medians = {name: statistics.median(t) for name, t in times.items() if t}
    for name, med in medians.items():
        extra = f" ({len(times['pydip'])} phases it can express)" if name == "pydip" else ""
        print(f"{name + extra:<44} median {med * 1000:8.3f} ms per phase")
    dip, pyd = medians["diplomacy"], medians["pydip"]
    for name in names[:4]:
        print(f"{name:<26} / diplomacy = {medians[name] / dip:.4f} (goal <= 0.1)"
              f"   / pydip = {medians[name] / pyd:.3f} (goal < 1)")
    import_time()


if __name__ == "__main__":
    main()
