"""The program's remembered settings (QSettings): window geometry and the recent files list.

Tests set ``TDAPP_SETTINGS_SCOPE=tests`` so nothing touches the user's own settings; they get an
INI file in ``TDAPP_SETTINGS_DIR`` (or a temporary folder made once per process). In portable mode
(``tdapp.portable``) the settings are an INI file in the portable folder, beside the program.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings

from tdapp.portable import portable_dir

ORGANISATION = "tdapp"
APPLICATION = "tdapp"
MAX_RECENT = 10
_test_dir: str | None = None


def _tests_settings_file() -> str:
    global _test_dir
    folder = os.environ.get("TDAPP_SETTINGS_DIR")
    if not folder:
        if _test_dir is None:
            _test_dir = tempfile.mkdtemp(prefix="tdapp-settings-")
        folder = _test_dir
    return str(Path(folder) / "tdapp.ini")


def make_settings() -> QSettings:
    if os.environ.get("TDAPP_SETTINGS_SCOPE") == "tests":
        return QSettings(_tests_settings_file(), QSettings.Format.IniFormat)
    portable = portable_dir()
    if portable is not None:
        return QSettings(str(portable / "tdapp.ini"), QSettings.Format.IniFormat)
    return QSettings(ORGANISATION, APPLICATION)


class RecentFiles:
    """Most recent first, at most ten, files that no longer exist dropped when read."""

    KEY = "recent_files"

    def __init__(self, settings: QSettings) -> None:
        self._settings = settings

    def _stored(self) -> list[str]:
        value = self._settings.value(self.KEY, [])
        if isinstance(value, str):  # QSettings gives a lone string for a one-item list
            return [value] if value else []
        return [str(v) for v in value] if isinstance(value, list | tuple) else []

    def paths(self) -> list[Path]:
        kept = [p for p in self._stored() if Path(p).exists()]
        if kept != self._stored():
            self._settings.setValue(self.KEY, kept)
        return [Path(p) for p in kept]

    def add(self, path: Path) -> None:
        text = str(Path(path).resolve())
        kept = [p for p in self._stored() if p != text and Path(p).exists()]
        self._settings.setValue(self.KEY, [text, *kept][:MAX_RECENT])
        self._settings.sync()

    def clear(self) -> None:
        self._settings.setValue(self.KEY, [])
