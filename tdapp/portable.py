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


_TESTS_FOLDERS: dict[str, Path] = {}


def tests_folder(kind: str) -> Path | None:
    """Under ``TDAPP_SETTINGS_SCOPE=tests`` (the test suite and the programs it starts), a
    folder of this process's own for ``kind`` (settings, keys, pins), made once and removed
    when the process exits, so a test run never touches the user's settings nor leaves
    folders behind; None otherwise."""
    if os.environ.get("TDAPP_SETTINGS_SCOPE") != "tests":
        return None
    if kind not in _TESTS_FOLDERS:
        import atexit
        import shutil
        import tempfile

        folder = Path(tempfile.mkdtemp(prefix=f"tdapp-{kind}-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        _TESTS_FOLDERS[kind] = folder
    return _TESTS_FOLDERS[kind]
