"""Portable mode: settings kept beside the executable (for a program run from a USB stick).

A frozen tdapp with a file named ``portable.txt`` beside its executable, or any tdapp started with
``TDAPP_PORTABLE_DIR`` set, keeps its settings and user data in that folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

MARKER = "portable.txt"


def portable_dir() -> Path | None:
    """The folder for settings and data in portable mode, or None in a normal installation."""
    explicit = os.environ.get("TDAPP_PORTABLE_DIR")
    if explicit:
        return Path(explicit)
    if getattr(sys, "frozen", False):
        home = Path(sys.executable).resolve().parent
        if (home / MARKER).exists():
            return home / "settings"
    return None
