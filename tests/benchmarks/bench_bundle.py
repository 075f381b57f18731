"""Size and cold start time of the built Linux bundle (run by hand, after packaging/linux/build.sh).

    python tests/benchmarks/bench_bundle.py [--dist dist] [--runs 5]

Cold start = a new process of the built program until it exits: ``--version`` (no Qt) and a smoke
start that opens the main window on a demo tournament, grabs it and quits. Reported as medians,
next to ``python -m tdapp --version`` from the source tree measured in the same run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def median_seconds(command: list[str], runs: int) -> float:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TDAPP_SETTINGS_SCOPE": "tests"}
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    exe = args.dist / "tdapp" / "tdapp"
    if not exe.exists():
        print(f"no bundle at {exe}: run packaging/linux/build.sh first", file=sys.stderr)
        return 1
    tarballs = sorted(args.dist.glob("tdapp-*-linux-*.tar.gz"))
    print(f"bundle folder: {folder_size(args.dist / 'tdapp') / 1e6:.1f} MB")
    if tarballs:
        print(f"tarball {tarballs[-1].name}: {tarballs[-1].stat().st_size / 1e6:.1f} MB")
    with tempfile.TemporaryDirectory() as tmp:
        demo = Path(tmp) / "demo.tdt"
        subprocess.run([str(exe), "demo", "--out", str(demo)], check=True, capture_output=True)
        shot = str(Path(tmp) / "shot.png")
        built_version = median_seconds([str(exe), "--version"], args.runs)
        source_version = median_seconds([sys.executable, "-m", "tdapp", "--version"], args.runs)
        built_smoke = median_seconds([str(exe), str(demo), "--smoke-screenshot", shot], args.runs)
        source_smoke = median_seconds(
            [sys.executable, "-m", "tdapp", str(demo), "--smoke-screenshot", shot], args.runs)
    print(f"cold start --version: built {built_version:.2f} s, source {source_version:.2f} s")
    print(f"cold start to main window: built {built_smoke:.2f} s, source {source_smoke:.2f} s "
          f"(ratio {built_smoke / source_smoke:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
