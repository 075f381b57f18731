"""Screenshots of the event-day fixes, through tests.gui.screens: under the test's tmp_path,
copied for a person to look at with ``--keep-screens DIR`` (into DIR/eventday/)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

from tests.gui import screens


def shot(widget: QWidget, name: str) -> Path:
    QApplication.processEvents()
    return screens.save(widget, f"eventday/{name}.png")
