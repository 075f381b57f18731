"""File menu and welcome page: New, Open, Open Recent, Save a copy as, Close, the demo, About."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog, QMessageBox

from tdapp import __version__
from tdapp.gui.common.show_dialog import show_dialog
from tdapp.gui.controller import AppController
from tdapp.gui.settings import RecentFiles
from tdapp.gui.tournament.new_dialog import FILE_FILTER, NewTournamentDialog
from tdapp.gui.window.main_window import MainWindow
from tdapp.portable import portable_dir
from tdapp.services.changes import Change
from tdapp.services.files import FileLocked, TournamentLock
from tdapp.services.snapshots import snapshot_dir
from tdapp.services.tournaments import tournament_info

DEMO_FILE_NAME = "demo-tournament.tdt"


def demo_path() -> Path:
    """In the portable folder when there is one, else in the user's data folder."""
    portable = portable_dir()
    if portable is not None:
        return portable / DEMO_FILE_NAME
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(folder or Path.home() / ".tdapp") / DEMO_FILE_NAME


def write_demo_file(path: Path) -> Path:
    """A fresh demo tournament at ``path`` (an older demo there is replaced)."""
    from tdapp.commands.demo import write_demo  # the demo writer loads services only

    path.parent.mkdir(parents=True, exist_ok=True)
    for leftover in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{leftover}").unlink(missing_ok=True)
    # The old demo's snapshots would be listed (and restorable) beside the new demo's own.
    shutil.rmtree(snapshot_dir(path), ignore_errors=True)
    return Path(write_demo(path))


class FilesController:
    def __init__(self, window: MainWindow, app: AppController, recent: RecentFiles) -> None:
        self.window = window
        self.app = app
        self.recent = recent
        window.menus.new_action.triggered.connect(self.new_tournament)
        window.menus.open_action.triggered.connect(self.open_dialog)
        window.menus.save_copy_action.triggered.connect(self.save_copy)
        window.menus.close_action.triggered.connect(app.close_file)
        window.menus.about_action.triggered.connect(self.about)
        window.welcome.new_requested.connect(self.new_tournament)
        window.welcome.open_requested.connect(self.open_dialog)
        window.welcome.demo_requested.connect(self.open_demo)
        window.welcome.recent_chosen.connect(self.open_path)
        window.closing.connect(app.close_file)
        app.file_opened.connect(self._opened)
        app.file_closed.connect(self._closed)
        app.changed.connect(self._changed)
        self.refresh_recent()

    def refresh_recent(self) -> None:
        self.window.set_recent_files(self.recent.paths(), self.open_path)

    def _folder(self) -> str:
        paths = self.recent.paths()
        return str(paths[0].parent) if paths else ""

    # -- New / Open ------------------------------------------------------------------------------
    def new_tournament(self) -> NewTournamentDialog:
        folder = Path(self._folder()) if self._folder() else None
        dialog = NewTournamentDialog(self.window, folder)
        return show_dialog(self.window, dialog,
                           lambda d: self.app.new_file(d.path(), d.info()))

    def open_dialog(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(
            self.window, "Open a tournament", self._folder(), f"{FILE_FILTER};;All files (*)")
        if chosen:
            self.open_path(Path(chosen))

    def open_path(self, path: Path) -> bool:
        if not Path(path).exists():
            QMessageBox.warning(self.window, "Cannot open this file",
                                f"{path} is no longer there (moved or deleted?).")
            self.refresh_recent()
            return False
        return self.app.open_file(Path(path))

    def open_demo(self) -> bool:
        path = demo_path()
        if self.app.path is not None and self.app.path.resolve() == path.resolve():
            self.app.close_file()  # the demo open here is replaced: close it first
        try:
            # Never pull the file from under another running copy that has the demo open.
            TournamentLock.check_free(path)
        except FileLocked as exc:
            QMessageBox.warning(
                self.window, "Demo tournament",
                f"The demo tournament is open in another copy of tdapp: {exc}. Close it there "
                "first; a new demo replaces that file.")
            return False
        try:
            # Seconds of work (a whole tournament played): off the GUI thread, window alive.
            self.app.wait(write_demo_file, path, notice="Writing the demo tournament…")
        except ImportError:
            QMessageBox.information(self.window, "Demo tournament",
                                    "The demo tournament is not available in this version.")
            return False
        except Exception as exc:  # the demo writer is another layer's work: say what failed
            QMessageBox.warning(self.window, "Demo tournament",
                                f"The demo tournament could not be written: {exc}")
            return False
        return self.app.open_file(path)

    def save_copy(self) -> None:
        if self.app.path is None:
            return
        suggestion = self.app.path.with_name(f"{self.app.path.stem}-copy.tdt")
        chosen, _ = QFileDialog.getSaveFileName(
            self.window, "Save a copy as", str(suggestion), FILE_FILTER)
        if chosen and self.app.save_copy_as(Path(chosen)):
            self.window.statusBar().showMessage(f"Copy saved as {chosen}", 8000)

    def about(self) -> None:
        QMessageBox.information(
            self.window, "About tdapp",
            f"tdapp {__version__}\n\nThe tournament director's program for face-to-face "
            "Diplomacy tournaments.\n\nEvery change is written to the tournament file the "
            "moment it is made.")

    # -- following the open file -------------------------------------------------------------
    def _opened(self, path: Path) -> None:
        self.recent.add(path)
        self.refresh_recent()
        name = self.app.read(tournament_info)
        self.window.show_file(path, name.name if name else path.stem)

    def _closed(self) -> None:
        self.window.show_no_file()
        self.refresh_recent()

    def _changed(self, change: Change) -> None:
        if change.tournament and self.app.path is not None:
            info = self.app.read(tournament_info)
            if info is not None:
                self.window.show_file(self.app.path, info.name)
