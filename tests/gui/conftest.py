"""GUI test set-up: a main window with its own settings file and a helper to fill dialogs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tdapp.services import players as player_service
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tests.gui import screens

PEOPLE = [
    ("Ann Smith", "Leeds", "UK"), ("Bob Jones", "Paris", "France"),
    ("Carla Rossi", "Milan", "Italy"), ("Dieter Braun", "Bonn", "Germany"),
    ("Eve Novak", "Prague", "Czechia"), ("Farid Aziz", "Ankara", "Turkey"),
    ("Greta Olsen", "Oslo", "Norway"), ("Hugo Martin", "Lyon", "France"),
    ("Ivana Petrova", "Sofia", "Bulgaria"),
]


@pytest.fixture(autouse=True)
def _screens_folder(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Path]:
    """Pictures go under this test's tmp_path; --keep-screens DIR copies them for people."""
    folder = screens.begin(tmp_path)
    yield folder
    screens.keep(screens.keep_dir_from(request.config.getoption("--keep-screens")))


@pytest.fixture
def settings_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings, and the demo file (through portable mode), in this test's own folder, so tests
    running at the same time never share a file."""
    folder = tmp_path / "settings"
    folder.mkdir()
    monkeypatch.setenv("TDAPP_SETTINGS_DIR", str(folder))
    monkeypatch.setenv("TDAPP_PORTABLE_DIR", str(tmp_path / "portable"))
    return folder


@pytest.fixture
def main(qtbot, settings_dir: Path) -> Iterator[object]:
    from tdapp.gui.app import build_main, make_application

    make_application()
    controller = build_main()
    qtbot.addWidget(controller.window)
    controller.window.resize(1280, 800)
    controller.window.show()
    yield controller
    controller.shutdown()


@pytest.fixture
def filled_file(tournament_path: Path) -> Path:
    """A tournament file with nine players, closed again."""
    db = create_tournament(tournament_path, TournamentInfo("Test Open", "wdc-2025", 4))
    for name, town, country in PEOPLE:
        player_service.add_player(db, player_service.PlayerData(name, town, country))
    db.close()
    return tournament_path
