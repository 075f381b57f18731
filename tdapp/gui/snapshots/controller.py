"""File > Snapshots and restore: the snapshots beside the tournament file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox

from tdapp.gui.controller import AppController
from tdapp.gui.window.main_window import MainWindow
from tdapp.services import snapshots
from tdapp.services.changes import ServiceError
from tdapp.services.snapshots import snapshot_dir
from tdapp.store.database import TournamentDb

if TYPE_CHECKING:
    from tdapp.gui.snapshots.dialog import SnapshotsDialog


def _snapshot_now(db: TournamentDb, reason: str) -> snapshots.Snapshot:
    """A snapshot the TD asked for, marked with the round in play."""
    return snapshots.take_snapshot(db, reason, snapshots.current_round(db))


class SnapshotsController:
    def __init__(self, window: MainWindow, app: AppController) -> None:
        self.window = window
        self.app = app
        self.dialog: SnapshotsDialog | None = None
        window.menus.snapshots_action.triggered.connect(self.show_snapshots)
        app.file_closed.connect(self._closed)

    def show_snapshots(self) -> SnapshotsDialog | None:
        if self.app.db is None:
            return None
        if self.dialog is None:
            from tdapp.gui.snapshots.dialog import SnapshotsDialog  # on first use

            self.dialog = SnapshotsDialog(self.window)
            self.dialog.take_requested.connect(self.take)
            self.dialog.restore_requested.connect(self.restore)
            self.dialog.finished.connect(self._forget_dialog)
        self.refresh()
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog

    def refresh(self) -> None:
        if self.dialog is not None and self.app.path is not None:
            found = self.app.read(snapshots.list_snapshots, default=[])
            self.dialog.set_snapshots(found, str(snapshot_dir(self.app.path)))

    def take(self, reason: str) -> None:
        if self.app.db is None:
            return
        try:
            self.app.run(_snapshot_now, reason or "on demand")
        except ServiceError as exc:
            self.app.show_problem(exc, "Snapshot")
            return
        if self.dialog is not None:
            self.dialog.reason.clear()
        self.refresh()
        self.window.statusBar().showMessage("Snapshot taken.", 6000)

    def restore(self, snapshot: snapshots.Snapshot) -> None:
        buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
        answer = QMessageBox.question(self.window, "Restore a snapshot", restore_question(snapshot),
                                      buttons, QMessageBox.StandardButton.No)
        if answer != QMessageBox.StandardButton.Yes or self.app.db is None:
            return
        if self.app.swap_db(lambda db: snapshots.restore_snapshot(db, snapshot)):
            self.refresh()
            self.window.statusBar().showMessage(f"Restored the snapshot of {snapshot.label()}.",
                                                10000)

    def _forget_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.deleteLater()
            self.dialog = None

    def _closed(self) -> None:
        if self.dialog is not None:
            self.dialog.close()


def restore_question(snapshot: snapshots.Snapshot) -> str:
    """Ask in words what a restore does: which copy, and that later work leaves the file."""
    when = f"{snapshot.taken_at:%a %d %b} at {snapshot.taken_at:%H:%M}"
    where = f"round {snapshot.round_number}, " if snapshot.round_number is not None else ""
    return (f"Go back to the snapshot \u201c{snapshot.reason}\u201d ({where}taken {when})?\n\n"
            "Everything entered after it (results, roll calls, players, awards) leaves the "
            "tournament. The present state is kept first as a snapshot named \u201cbefore "
            "restore\u201d, so you can come back to it.")
