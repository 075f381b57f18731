"""Benchmark: the board's map on the players' page (tdapp.web.map_svg, tdapp.web.board).

Run by hand (never part of the test run):

    QT_QPA_PLATFORM=offscreen PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_map_svg.py [N]

Medians over N repetitions (default 30):
- writing the SVG of a busy adjudicated phase (23 orders), against its peer measured in the
  same run: the GUI painting the same plan into a 1280x1024 image (exports);
- the SVG's bytes, raw and gzipped (what a phone fetches once per phase shown);
- GET /board/3/1 on a played board: once per version of the tournament (a change just seen)
  and again (kept for the version), against GET / in the same run.
"""

from __future__ import annotations

import gzip
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtWidgets import QApplication  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tdapp.core.mapdraw.geometry import load_geometry  # noqa: E402
from tdapp.core.mapdraw.plan import plan_board  # noqa: E402
from tdapp.gui.game.map_view import MapView  # noqa: E402
from tdapp.web.app import create_app  # noqa: E402
from tdapp.web.map_svg import board_svg, describe  # noqa: E402
from tdapp.web.source import open_live  # noqa: E402


def _median_ms(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main(argv: list[str]) -> int:
    from tests.core.mapdraw.map_scenarios import busy_phase
    from tests.web.board_game import make_board_game

    repeat = int(argv[1]) if len(argv) > 1 else 30
    app = QApplication.instance() or QApplication([])
    doc, out = busy_phase()
    geometry = load_geometry()

    def write_svg() -> str:
        plan = plan_board(doc, out["results"], geometry)
        return board_svg(plan, "Board 1", describe(plan), legend="Board 1 · Fall 1901")

    write_svg()  # the outlines are written once per process, outside the timing
    svg_ms = _median_ms(write_svg, repeat)
    view = MapView()
    view.set_position(doc, out["results"])
    view.render_image(800)
    paint_ms = _median_ms(lambda: view.render_image(1280, 1024), repeat)
    data = write_svg().encode()

    game = make_board_game(Path(tempfile.mkdtemp()))
    live = open_live(str(game.demo.path))
    try:
        with TestClient(create_app(live)) as client:
            path = f"/board/3/{game.board}"
            client.get(path)
            client.get("/")

            def fresh_page() -> None:
                live.version += 1  # as after a change seen: nothing kept for this version
                client.get(path)

            fresh = _median_ms(fresh_page, repeat)
            kept = _median_ms(lambda: client.get(path), repeat)
            index = _median_ms(lambda: client.get("/"), repeat)
            page_bytes = len(client.get(path).content)
    finally:
        live.close()
    print(f"SVG of a busy phase:        {svg_ms:.2f} ms median "
          f"(GUI paint 1280x1024: {paint_ms:.2f} ms; ratio {svg_ms / paint_ms:.2f})")
    print(f"SVG bytes:                  {len(data)} raw, {len(gzip.compress(data))} gzipped")
    print(f"GET board page, new version: {fresh:.2f} ms median; kept: {kept:.2f} ms; "
          f"GET / (peer): {index:.2f} ms; page {page_bytes} bytes")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
