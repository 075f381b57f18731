"""Render the application icon (resources/icons/tdapp.svg) at the sizes each platform wants.

    python packaging/icons.py --out build/icons

writes hicolor PNGs (16-512 px), tdapp.ico (Windows) and tdapp.icns (macOS) with Qt's own image
writers, so the build needs nothing beyond the program's dependencies.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ROOT = Path(__file__).resolve().parent.parent


def render_icons(svg: Path, out: Path) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"cannot read the icon {svg}")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    images = {}
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        images[size] = image
        target = out / f"{size}x{size}" / "tdapp.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        image.save(str(target))
        written.append(target)
    for name, size in (("tdapp.ico", 256), ("tdapp.icns", 512)):
        target = out / name
        if images[size].save(str(target)):
            written.append(target)
    del app
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--svg", type=Path, default=ROOT / "resources" / "icons" / "tdapp.svg")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "icons")
    args = parser.parse_args()
    for path in render_icons(args.svg, args.out):
        print(path.relative_to(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
