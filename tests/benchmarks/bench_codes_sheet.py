"""The players' codes sheet for 256 players (run by hand): the builder as it draws each QR code
(one filled path from reportlab's encoder) against reportlab's own QR widget drawn the usual way
(a Drawing per code, scaled by its bounds), medians of ``--repeat`` runs in the same process.

    python tests/benchmarks/bench_codes_sheet.py [--players 256] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from unittest import mock

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.pdfgen import canvas as pdf_canvas

from tdapp.reports import codes_sheet
from tdapp.reports.codes_sheet import CodeSlip, write_codes_sheet


def _widget_qr(c: pdf_canvas.Canvas, link: str, x: float, y: float, size: float) -> None:
    """The peer: reportlab's QrCodeWidget in a Drawing, as its documentation draws one."""
    widget = QrCodeWidget(link, barLevel="M")
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    drawing.add(widget)
    renderPDF.draw(drawing, c, x, y)


def median_time(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    slips = [CodeSlip(f"Player {i:03d} Ødegård", "ABCD-EFGH",
                      f"http://192.168.1.20:8080/p/ABCD{i:04d}") for i in range(args.players)]
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "codes.pdf"

        def write() -> None:
            write_codes_sheet(slips, target, tournament="Benchmark Open",
                              address="192.168.1.20:8080")

        ours = median_time(write, args.repeat)
        size = target.stat().st_size
        with mock.patch.object(codes_sheet, "_draw_qr", _widget_qr):
            peer = median_time(write, args.repeat)
    print(f"codes sheet, {args.players} slips: median {ours:.2f} s ({size / 1024:.0f} kB); "
          f"reportlab's QR widget drawn: median {peer:.2f} s; ratio {peer / ours:.1f}x")


if __name__ == "__main__":
    main()
