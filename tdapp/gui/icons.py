"""The program's icon (resources/icons/tdapp.svg, with a PNG for systems without SVG)."""

from __future__ import annotations

from PySide6.QtGui import QIcon

from tdapp.resources import resource_path


def app_icon() -> QIcon:
    icon = QIcon()
    for name in ("tdapp.svg", "tdapp.png"):
        path = resource_path("icons", name)
        if path.exists():
            icon.addFile(str(path))
    return icon
