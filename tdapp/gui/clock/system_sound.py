"""Playing a WAV file with what the operating system already has, for installs without
QtMultimedia (PySide6-Essentials): winsound on Windows, afplay on macOS, paplay or aplay on
Linux. Playback never blocks the clock and never raises."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

Player = Callable[[Path], bool]

LINUX_PLAYERS = (("paplay", ()), ("aplay", ("-q",)), ("pw-play", ()))


def _windows_player() -> Player | None:
    if sys.platform != "win32":  # (also tells mypy where winsound exists)
        return None
    try:
        import winsound  # only on Windows
    except ImportError:
        return None

    def play(path: Path) -> bool:
        try:
            winsound.PlaySound(str(path), winsound.SND_FILENAME | winsound.SND_ASYNC)
            return True
        except RuntimeError:  # no sound device
            return False

    return play


def _command_player(command: str, options: tuple[str, ...]) -> Player:
    def play(path: Path) -> bool:
        try:
            subprocess.Popen([command, *options, str(path)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
            return True
        except OSError:
            return False

    return play


def find_player(which: Callable[[str], str | None] = shutil.which,
                platform: str = sys.platform) -> tuple[str, Player] | None:
    """The first way to play a WAV on this machine, as (name, play), or None."""
    if platform == "win32":
        player = _windows_player()
        return ("winsound", player) if player else None
    candidates = (("afplay", ()),) if platform == "darwin" else LINUX_PLAYERS
    for command, options in candidates:
        if which(command):
            return command, _command_player(command, options)
    return None
