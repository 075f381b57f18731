"""Alert sounds: the bundled WAV files through QSoundEffect when QtMultimedia is installed,
else through the operating system's own player (system_sound), else the system beep. A missing
audio device never stops the clock."""

from __future__ import annotations

import importlib
from typing import Any

from PySide6.QtCore import QObject, QUrl
from PySide6.QtWidgets import QApplication

from tdapp.core.clock.views import ONE_MINUTE, ORDER_WRITING, TIME_UP
from tdapp.gui.clock.system_sound import find_player
from tdapp.resources import resource_path

SOUND_FILES = {ONE_MINUTE: "one-minute.wav", ORDER_WRITING: "order-writing.wav",
               TIME_UP: "time-up.wav"}
# When several alerts fall in one repaint, the most urgent one sounds.
PRIORITY = (TIME_UP, ORDER_WRITING, ONE_MINUTE)


def _sound_effect_class() -> Any:
    try:
        return importlib.import_module("PySide6.QtMultimedia").QSoundEffect
    except ImportError:  # PySide6-Essentials has no QtMultimedia
        return None


class AlertPlayer(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.muted = False
        self.played: list[str] = []  # what sounded (or would have, muted), for the alerts log
        self._effects: dict[str, Any] = {}
        effect_class = _sound_effect_class()
        if effect_class is not None:
            for kind, name in SOUND_FILES.items():
                try:
                    effect = effect_class(self)
                    effect.setSource(QUrl.fromLocalFile(str(resource_path("sounds", name))))
                    self._effects[kind] = effect
                except Exception:  # noqa: BLE001 - no audio backend: fall back to the beep
                    self._effects.clear()
                    break
        self._system = None if self._effects else find_player()

    @property
    def backend(self) -> str:
        if self._effects:
            return "QSoundEffect"
        return self._system[0] if self._system else "system beep"

    def _sound(self, kind: str) -> None:
        effect = self._effects.get(kind)
        if effect is not None:
            effect.play()
            return
        if self._system is not None and self._system[1](resource_path("sounds",
                                                                      SOUND_FILES[kind])):
            return
        QApplication.beep()

    def play(self, kind: str) -> bool:
        """Sound ``kind`` unless muted; returns whether anything was played."""
        self.played.append(kind)
        if self.muted:
            return False
        self._sound(kind)
        return True

    def play_most_urgent(self, kinds: list[str]) -> str | None:
        for kind in PRIORITY:
            if kind in kinds:
                self.play(kind)
                return kind
        return None

    def test(self) -> str:
        """The sound test: the time-up bell, even when muted, so the TD hears the volume."""
        self._sound(TIME_UP)
        return self.backend
