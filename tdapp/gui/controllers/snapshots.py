"""File > Snapshots and restore: the snapshots beside the tournament file."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QMessageBox

from tdapp.gui.controller import AppController
from tdapp.gui.main_window import MainWindow


def _service() -> Any | None:
    try:
        from tdapp.services import snapshots
    except ImportError:
        return None
    return snapshots


class SnapshotsController:
    def __init__(self, window: MainWindow, app: AppController) -> None:
        self.window = window
        self.app = app
        window.snapshots_action.triggered.connect(self.show_snapshots)

    def show_snapshots(self) -> None:
        if _service() is None:
            QMessageBox.information(
                self.window, "Snapshots",
                "Snapshots are not available in this version yet. Use File > Save a copy as "
                "to keep a copy of the tournament as it is now.")
            return
        from tdapp.gui.dialogs.snapshots import SnapshotsDialog

        dialog = SnapshotsDialog(self.window, self.app)
        dialog.show()
