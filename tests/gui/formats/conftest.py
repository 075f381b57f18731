"""A demo tournament (two rounds of WDC 2025 played) open in the main window, per test."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from tdapp.commands.demo import write_demo
from tests.gui import screens


@pytest.fixture(scope="module")
def demo_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("formats-demo") / "master.tdt"
    return write_demo(path, players=49, format_name="wdc-2025", rounds_played=2)


@pytest.fixture
def demo_main(main, demo_master: Path, tmp_path: Path):
    """The main window with this test's own copy of the demo file open."""
    path = tmp_path / "demo.tdt"
    shutil.copyfile(demo_master, path)
    assert main.files.open_path(path)
    return main


def _screenshot(widget: QWidget, name: str) -> Path:
    widget.resize(1280, 800)
    QApplication.processEvents()
    path = screens.folder("formats") / f"{name}.png"
    assert widget.grab().save(str(path))
    assert path.stat().st_size > 10_000, f"{name} looks empty"
    return path


@pytest.fixture
def screenshot():
    """Take a picture of a widget at 1280x800 into the test's picture folder, formats/."""
    return _screenshot
