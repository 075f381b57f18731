"""Alert sounds: our own WAV files, QSoundEffect when QtMultimedia exists, else the beep."""

from __future__ import annotations

import importlib.util
import wave
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from tdapp.gui.clock import sound
from tdapp.gui.clock.sound import SOUND_FILES, AlertPlayer
from tdapp.resources import resource_path


@pytest.mark.parametrize("name", sorted(SOUND_FILES.values()))
def test_bundled_sounds_are_short_mono_wavs(name: str) -> None:
    with wave.open(str(resource_path("sounds", name))) as wav:
        seconds = wav.getnframes() / wav.getframerate()
        assert wav.getnchannels() == 1 and wav.getsampwidth() == 2
        assert 0.5 < seconds < 3.0


def test_the_generator_makes_exactly_the_committed_files(tmp_path: Path) -> None:
    script = resource_path("sounds", "make_sounds.py")
    spec = importlib.util.spec_from_file_location("make_sounds", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(tmp_path)
    for name in SOUND_FILES.values():
        assert (tmp_path / name).read_bytes() == resource_path("sounds", name).read_bytes()


def test_without_qtmultimedia_or_a_system_player_the_beep_sounds(qapp, monkeypatch) -> None:
    beeps = []
    monkeypatch.setattr(sound, "_sound_effect_class", lambda: None)
    monkeypatch.setattr(sound, "find_player", lambda: None)
    monkeypatch.setattr(QApplication, "beep", staticmethod(lambda: beeps.append(1)))
    player = AlertPlayer()
    assert player.backend == "system beep"
    assert player.play("time-up") is True and beeps == [1]
    player.muted = True
    assert player.play("time-up") is False and beeps == [1]
    assert player.test() == "system beep" and beeps == [1, 1]


def test_with_qtmultimedia_each_alert_plays_its_file(qapp, monkeypatch) -> None:
    class FakeEffect:
        made: list[FakeEffect] = []

        def __init__(self, parent) -> None:
            self.source = None
            self.plays = 0
            FakeEffect.made.append(self)

        def setSource(self, url) -> None:  # noqa: N802 - Qt's name
            self.source = url.toLocalFile()

        def play(self) -> None:
            self.plays += 1

    monkeypatch.setattr(sound, "_sound_effect_class", lambda: FakeEffect)
    player = AlertPlayer()
    assert player.backend == "QSoundEffect"
    assert player.play_most_urgent(["one-minute", "order-writing"]) == "order-writing"
    played = [e for e in FakeEffect.made if e.plays]
    assert len(played) == 1 and played[0].source.endswith("order-writing.wav")
    assert Path(played[0].source).exists()


def test_a_broken_audio_backend_falls_back_to_the_beep(qapp, monkeypatch) -> None:
    class Broken:
        def __init__(self, parent) -> None:
            raise RuntimeError("no audio device")

    monkeypatch.setattr(sound, "_sound_effect_class", lambda: Broken)
    monkeypatch.setattr(sound, "find_player", lambda: None)
    assert AlertPlayer().backend == "system beep"


def test_without_qtmultimedia_the_system_player_plays_the_bundled_file(qapp,
                                                                        monkeypatch) -> None:
    played: list[Path] = []

    def fake_player(path: Path) -> bool:
        played.append(path)
        return True

    beeps = []
    monkeypatch.setattr(QApplication, "beep", staticmethod(lambda: beeps.append(1)))
    monkeypatch.setattr(sound, "_sound_effect_class", lambda: None)
    monkeypatch.setattr(sound, "find_player", lambda: ("paplay", fake_player))
    player = AlertPlayer()
    assert player.backend == "paplay"
    assert player.play("one-minute") is True
    assert player.test() == "paplay"
    assert [p.name for p in played] == ["one-minute.wav", "time-up.wav"] and not beeps
    assert all(p.exists() for p in played)


def test_a_system_player_that_fails_falls_back_to_the_beep(qapp, monkeypatch) -> None:
    beeps = []
    monkeypatch.setattr(QApplication, "beep", staticmethod(lambda: beeps.append(1)))
    monkeypatch.setattr(sound, "_sound_effect_class", lambda: None)
    monkeypatch.setattr(sound, "find_player", lambda: ("aplay", lambda path: False))
    assert AlertPlayer().play("time-up") is True and beeps == [1]


def test_the_system_player_is_found_per_platform() -> None:
    from tdapp.gui.clock.system_sound import find_player

    assert find_player(which=lambda c: "/usr/bin/aplay" if c == "aplay" else None,
                       platform="linux")[0] == "aplay"
    assert find_player(which=lambda c: "/usr/bin/afplay", platform="darwin")[0] == "afplay"
    assert find_player(which=lambda c: None, platform="linux") is None
    name_and_player = find_player(which=lambda c: "/bin/true", platform="linux")
    assert name_and_player[0] == "paplay"
    assert name_and_player[1](Path("/dev/null")) in (True, False)  # never raises
