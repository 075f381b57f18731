"""Benchmark: drawing the board map (tdapp.gui.game.map_view).

Run by hand (never part of the test run):

    cd /work/main && QT_QPA_PLATFORM=offscreen PYTHONPATH=. .venv/bin/python \
        tests/benchmarks/bench_map_view.py [N]

Times, over N repetitions (default 30), with medians:
- loading the geometry file and building it (first call, outside the cache);
- planning a busy adjudicated phase (units, centres, 23 orders) from plain data;
- painting that phase into a 1280x1024 and a 1920x1080 image (exports: everything drawn);
- repainting the widget at 1920x1080 with new orders, the board layer cached (what the game
  view pays after each adjudication).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtWidgets import QApplication  # noqa: E402

from tdapp.core.mapdraw.geometry import parse_geometry  # noqa: E402
from tdapp.core.mapdraw.plan import plan_board  # noqa: E402
from tdapp.gui.game.map_view import MapView  # noqa: E402
from tdapp.resources import resource_path  # noqa: E402


def _busy_phase():
    from tests.core.mapdraw.map_scenarios import busy_phase

    return busy_phase()


def _median_ms(action, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main(argv: list[str]) -> int:
    repeat = int(argv[1]) if len(argv) > 1 else 30
    app = QApplication.instance() or QApplication([])
    path = resource_path("maps", "standard_geometry.json")
    load = _median_ms(lambda: parse_geometry(json.loads(path.read_text("utf-8"))), repeat)
    doc, out = _busy_phase()
    view = MapView()
    geometry = view._geometry
    plan = _median_ms(lambda: plan_board(doc, out["results"], geometry), repeat)
    view.set_position(doc, out["results"])
    view.render_image(800)  # painter paths built once, outside the timing
    paint_small = _median_ms(lambda: view.render_image(1280, 1024), repeat)
    paint_large = _median_ms(lambda: view.render_image(1920, 1080), repeat)
    view.resize(1920, 1080)
    view.grab()  # the board layer is cached from here on

    def new_orders_and_repaint() -> None:
        view.set_results(out["results"])
        view.grab()

    repaint = _median_ms(new_orders_and_repaint, repeat)
    print(f"geometry load+parse: {load:.1f} ms median")
    print(f"plan busy phase:     {plan:.2f} ms median")
    print(f"paint 1280x1024:     {paint_small:.1f} ms median")
    print(f"paint 1920x1080:     {paint_large:.1f} ms median")
    print(f"repaint widget 1920x1080, board cached: {repaint:.1f} ms median")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
