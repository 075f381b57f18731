"""Where the program's data files (maps, icons, sounds, fonts) live.

From a source tree or an editable install they are in the top-level ``resources/`` folder; in a
PyInstaller bundle they are unpacked under ``sys._MEIPASS``.
"""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def resource_path(*parts: str) -> Path:
    """Path of a file below resources/, e.g. ``resource_path("maps", "standard.json")``."""
    return resources_dir().joinpath(*parts)
