"""The program's remembered settings (QSettings): window geometry and the recent files list.

Tests set ``TDAPP_SETTINGS_SCOPE=tests`` so nothing touches the user's own settings; they get an
INI file in ``TDAPP_SETTINGS_DIR`` (or a folder of the process's own, removed when it exits:
``portable.tests_folder``). In portable mode (``tdapp.portable``) the settings are an INI file
in the portable folder, beside the program.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings

from tdapp.portable import portable_dir, tests_folder

ORGANISATION = "tdapp"
APPLICATION = "tdapp"
MAX_RECENT = 10


def _tests_settings_file(scratch: Path) -> str:
    folder = os.environ.get("TDAPP_SETTINGS_DIR")
    return str((Path(folder) if folder else scratch) / "tdapp.ini")


def make_settings() -> QSettings:
    scratch = tests_folder("settings")
    if scratch is not None:
        return QSettings(_tests_settings_file(scratch), QSettings.Format.IniFormat)
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
