"""How long ``tdapp FILE`` takes to show a usable main window (run by hand):

    PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_startup.py [--runs 7] [--files DIR]

Times ``tdapp FILE --smoke-screenshot PNG`` (start Python, open the file, show the window, paint
it, save a picture, quit) offscreen for a 49-player demo file (WDC 2025, two rounds played) and a
300-player file with seven rounds played, against a bare ``QMainWindow`` shown and grabbed the
same way by the same Python in the same run (the peer). Runs are interleaved (peer, 49, 300) so
that a busy machine weighs on all three alike. Prints the median wall time and CPU time of each
and the ratio of each file's median wall time to the peer's.

Two ways of starting are timed: as this environment runs Python (with
``PYTHONDONTWRITEBYTECODE=1`` every start compiles tdapp's own modules from source), and with
compiled bytecode kept in a private cache (``PYTHONPYCACHEPREFIX``; one warm-up run fills it), as an
installed program starts. The goal of the start-up issue: at most 1 s for 49 players and 1.5 s for
300 players and 7 rounds.

``--files DIR`` keeps the demo files in DIR and reuses them (the 300-player file takes a minute
to write: seven rounds are seated and played through the services). ``--compare TREE`` times
another checkout of tdapp too (``git worktree add TREE REV``), in the same interleaved runs, for
a before/after on a busy machine.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PEER = """
import sys
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setWindowTitle("peer")
window.resize(1280, 800)
window.show()
for _ in range(5):
    app.processEvents()
window.grab().save(sys.argv[1])
"""


def write_49(path: Path) -> None:
    subprocess.run([sys.executable, "-m", "tdapp", "demo", "--out", str(path), "--force"],
                   check=True, cwd=ROOT, stdout=subprocess.DEVNULL)


def write_300(path: Path) -> None:
    """300 players, seven rounds seated and played as ``tdapp demo`` plays its rounds, under a
    seven-round copy of WDC 2025 without its team round and championship pool."""
    from tdapp.commands import demo
    from tdapp.core.formats import copy_format, get_format
    from tdapp.core.formats.model import CountGroup
    from tdapp.services import formats
    from tdapp.services.files import open_tournament

    path.unlink(missing_ok=True)
    demo.write_demo(path, 300, "wdc-2025", 0, 2025)
    seven = copy_format(get_format("wdc-2025"), name="bench-7", title="Seven rounds", rounds=7,
                        pool=None, team=None, final_ranking="total", tie_break_places=None,
                        counting=(CountGroup(tuple(range(1, 8)), best=5),))
    db = open_tournament(path)
    try:
        formats.save_custom_format(db, seven, "wdc-2025")
        fmt = formats.effective_format(db)
        rng = random.Random(7)
        for number in range(1, 8):
            demo._play_round(db, fmt, number, rng, 7)
    finally:
        db.close()


CRASHES: list[str] = []


def _timed(name: str, command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system, the child's) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=env, cwd=env["PYTHONPATH"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    if done.returncode:  # counted, not hidden: a crash on the way out still showed the window
        CRASHES.append(f"{name}: exit {done.returncode}\n{done.stderr.strip()[-1500:]}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def measure(files: dict[str, Path], runs: int, env: dict[str, str], out: Path,
            compare: Path | None = None) -> dict[str, tuple[list[float], list[float]]]:
    commands = {"bare QMainWindow": ([sys.executable, "-c", PEER, str(out / "peer.png")], env)}
    trees = [(ROOT, "")] + ([(compare, f" [{compare.name}]")] if compare else [])
    for name, path in files.items():
        for tree, label in trees:
            commands[name + label] = ([sys.executable, "-X", "faulthandler", "-m", "tdapp",
                                       str(path),
                                       "--smoke-screenshot", str(out / f"{path.stem}.png")],
                                      {**env, "PYTHONPATH": str(tree)})
    times: dict[str, tuple[list[float], list[float]]] = {n: ([], []) for n in commands}
    for _ in range(runs):
        for name, (command, its_env) in commands.items():
            wall, cpu = _timed(name, command, its_env)
            times[name][0].append(wall)
            times[name][1].append(cpu)
    return times


def report(title: str, times: dict[str, tuple[list[float], list[float]]]) -> None:
    print(title)
    peer = statistics.median(times["bare QMainWindow"][0])
    for name, (walls, cpus) in times.items():
        wall = statistics.median(walls)
        ratio = "" if name == "bare QMainWindow" else f"   {wall / peer:5.1f}x the bare window"
        print(f"  {name:<36} median {wall:5.2f} s wall, {statistics.median(cpus):5.2f} s CPU"
              f" (min {min(walls):.2f}, max {max(walls):.2f}){ratio}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--files", type=Path, help="keep (and reuse) the demo files here")
    parser.add_argument("--compare", type=Path, help="another checkout of tdapp, timed too")
    parser.add_argument("--source-only", action="store_true",
                        help="skip the compiled-bytecode timing")
    args = parser.parse_args()
    folder = args.files or Path(tempfile.mkdtemp(prefix="bench-startup-"))
    folder.mkdir(parents=True, exist_ok=True)
    files = {"49 players, 2 rounds": folder / "demo-49.tdt",
             "300 players, 7 rounds": folder / "demo-300x7.tdt"}
    if not files["49 players, 2 rounds"].exists():
        write_49(files["49 players, 2 rounds"])
    if not files["300 players, 7 rounds"].exists():
        print("writing the 300-player, 7-round file (about a minute)…", flush=True)
        write_300(files["300 players, 7 rounds"])
    out = Path(tempfile.mkdtemp(prefix="bench-startup-shots-"))
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TDAPP_SETTINGS_SCOPE": "tests",
           "TDAPP_SETTINGS_DIR": str(out), "PYTHONPATH": str(ROOT)}
    report(f"start-up to the window shown ({args.runs} runs each, "
           f"PYTHONDONTWRITEBYTECODE={env.get('PYTHONDONTWRITEBYTECODE', '')!r}):",
           measure(files, args.runs, env, out, args.compare))
    if not args.source_only:
        cached = {**env, "PYTHONPYCACHEPREFIX": str(out / "pycache")}
        cached.pop("PYTHONDONTWRITEBYTECODE", None)
        measure(files, 1, cached, out, args.compare)  # fills the bytecode cache
        report("the same with compiled bytecode (as an installed program starts):",
               measure(files, args.runs, cached, out, args.compare))
    for crash in CRASHES:
        print(f"a run ended abnormally: {crash}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
