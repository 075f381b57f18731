"""Benchmark: what one repaint of the round clock costs (the projector repaints 5 times a second).

Run by hand (never part of the test run):

    cd /work/main && PYTHONPATH=. QT_QPA_PLATFORM=offscreen .venv/bin/python tests/benchmarks/bench_clock.py [N]

Times, median of N (default 200):
- the clock core's view of a 30-board per-board round (``RoundClock.view``);
- a full projector frame at 1920x1080 (view plus painting into an image): central clock only,
  14 boards, 30 boards;
- the operator panel's refresh with 14 boards.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def median_ms(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main(runs: int) -> None:
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication

    from tdapp.gui.clock.operator_panel import OperatorPanel
    from tdapp.gui.clock.projector import ProjectorWindow
    from tests.gui.clock.clock_screens import _central, _fourteen_boards, _thirty_boards

    app = QApplication.instance() or QApplication([])
    thirty, _ = _thirty_boards()
    print(f"core view, 30 boards:            {median_ms(thirty.view, runs):7.3f} ms")
    for name, (clock, _) in (("central only", _central("running")),
                             ("14 boards", _fourteen_boards()), ("30 boards", (thirty, None))):
        window = ProjectorWindow(lambda c=clock: c.view(operator=False))
        window.resize(1920, 1080)
        image = QImage(1920, 1080, QImage.Format.Format_RGB32)

        def frame(w: ProjectorWindow = window, img: QImage = image) -> None:
            w.refresh()
            painter = QPainter(img)
            w.render_to(painter, img.rect().toRectF())
            painter.end()

        print(f"projector frame 1920x1080, {name:<12} {median_ms(frame, runs):7.3f} ms")
    clock, _ = _fourteen_boards()
    panel = OperatorPanel(clock)
    print(f"operator panel refresh, 14 boards: {median_ms(panel.refresh, runs):7.3f} ms")
    del app


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
