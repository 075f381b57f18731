"""A portable tdapp (run from a USB stick) keeps the venue servers' pinned certificates in its
portable folder, never in the laptop's own settings."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdapp.store import pinning


def test_pins_go_under_the_portable_folder(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TDAPP_SETTINGS_DIR", raising=False)
    monkeypatch.delenv("TDAPP_SETTINGS_SCOPE", raising=False)
    monkeypatch.setenv("TDAPP_PORTABLE_DIR", str(tmp_path / "stick"))
    assert pinning.pins_folder() == tmp_path / "stick" / "pinned"


def test_an_installed_tdapp_keeps_them_in_its_settings(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TDAPP_SETTINGS_DIR", raising=False)
    monkeypatch.delenv("TDAPP_SETTINGS_SCOPE", raising=False)
    monkeypatch.delenv("TDAPP_PORTABLE_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    folder = pinning.pins_folder()
    assert "stick" not in str(folder) and folder.name == "pinned"
