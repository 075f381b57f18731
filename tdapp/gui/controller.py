"""The one place where the GUI calls services.

Every call goes through :meth:`AppController.call`: refusals (ServiceError, StaleEdit, a file
that cannot be opened) are shown to the TD in a message box, and what changed is broadcast with
the ``changed`` signal so every open view refreshes itself.
"""

from __future__ import annotations

import os
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal
from PySide6.QtWidgets import QMessageBox, QProgressDialog, QWidget

from tdapp.gui import filesvc
from tdapp.services.changes import Change, ServiceError
from tdapp.store.database import TournamentDb
from tdapp.store.pg import is_database_url


def _same_path(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (b.exists() and os.path.samefile(a, b))
    except OSError:
        return False



def unexpected_problem_text(exc: BaseException, *, saved_nothing: bool) -> str:
    """What an unexpected error means to the TD, then its first line (cut short) for a report."""
    lines = str(exc).strip().splitlines()
    first = lines[0] if lines else ""
    if len(first) > 200:
        first = first[:199] + "\u2026"
    outcome = ("Nothing was changed: the tournament file is as it was before."
               if saved_nothing else "It did not finish.")
    return (f"tdapp met a problem it did not expect. {outcome} Try once more; if it happens "
            "again, note what you did and report it.\n\n"
            f"Details: {type(exc).__name__}{': ' + first if first else ''}")

class AppController(QObject):
    changed = Signal(object)  # a Change
    file_opened = Signal(object)  # the Path of the open tournament
    file_closing = Signal()  # the file is still open: last chance to write what was typed
    file_closed = Signal()
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db: TournamentDb | None = None
        self._window: QWidget | None = None
        self._jobs: list[Any] = []
        self.pool = QThreadPool(self)

    # -- set-up ---------------------------------------------------------------------------
    def set_window(self, window: QWidget) -> None:
        self._window = window

    @property
    def path(self) -> Path | None:
        return self.db.path if self.db else None

    @property
    def busy(self) -> bool:
        return bool(self._jobs)

    # -- showing refusals -------------------------------------------------------------------
    def show_problem(self, exc: BaseException, title: str = "That could not be done") -> None:
        QMessageBox.warning(self._window, title, str(exc) or type(exc).__name__)

    def show_unexpected(self, exc: BaseException, *, saved_nothing: bool) -> None:
        """A bug, not a refusal: say in the TD's words what it means for the file, with the
        technical first line underneath for the bug report (not a screenful of SQL)."""
        QMessageBox.warning(self._window, "Something went wrong",
                            unexpected_problem_text(exc, saved_nothing=saved_nothing))

    def inform(self, title: str, text: str) -> None:
        QMessageBox.information(self._window, title, text)

    # -- tournament files ----------------------------------------------------------------
    def open_file(self, path: Path | str) -> bool:
        """Open a tournament file, or a venue server's tournament given its URL."""
        on_server = is_database_url(path)
        if self.db is not None and not on_server and _same_path(self.db.path, Path(path)):
            self.file_opened.emit(self.db.path)  # already open here: just show it
            return True
        try:
            db = filesvc.open_tournament(str(path) if on_server else Path(path))
        except filesvc.FILE_ERRORS as exc:
            self.show_problem(exc, "Cannot open this file")
            return False
        self._replace_db(db)
        return True

    def new_file(self, path: Path, info: Any) -> bool:
        try:
            db = filesvc.create_new_tournament(Path(path), info)
        except filesvc.FILE_ERRORS as exc:
            self.show_problem(exc, "Cannot create the tournament")
            return False
        self._replace_db(db)
        return True

    def save_copy_as(self, target: Path) -> bool:
        if self.db is None:
            return False
        try:
            filesvc.save_copy_as(self.db, Path(target))
        except filesvc.FILE_ERRORS as exc:
            self.show_problem(exc, "Cannot save a copy")
            return False
        return True

    def close_file(self) -> None:
        if self.db is None:
            return
        self.pool.waitForDone()  # an import still writing finishes before the file closes
        self.file_closing.emit()
        db, self.db = self.db, None
        filesvc.close_tournament(db)
        self.file_closed.emit()

    def swap_db(self, operation: Callable[[TournamentDb], TournamentDb]) -> bool:
        """Run an operation that closes the open file and hands back its replacement (restoring
        a snapshot); every view then reloads as for a newly opened file."""
        if self.db is None:
            return False
        try:
            db = operation(self.db)
        except filesvc.FILE_ERRORS as exc:
            self.show_problem(exc)
            if self.db is not None and getattr(self.db, "closed", False):
                self.db = None
                self.file_closed.emit()
            return False
        self.db = db
        self.file_opened.emit(db.path)
        return True

    def _replace_db(self, db: TournamentDb) -> None:
        if self.db is not None:
            self.close_file()
        self.db = db
        self.file_opened.emit(db.path)

    # -- service calls -----------------------------------------------------------------------
    def call(self, service: Callable[..., Change], *args: Any, **kwargs: Any) -> Change | None:
        """Run ``service(db, *args, **kwargs)``; broadcast its Change, or show why it failed."""
        if self.db is None:
            return None
        try:
            change = service(self.db, *args, **kwargs)
        except filesvc.FILE_ERRORS as exc:
            self.show_problem(exc)
            return None
        except Exception as exc:  # a bug, not a refusal: say so rather than fail silently
            traceback.print_exc()
            self.show_unexpected(exc, saved_nothing=True)  # the action rolled back as a whole
            return None
        if isinstance(change, Change):
            self.changed.emit(change)
        return change

    def read(self, query: Callable[..., Any], *args: Any, default: Any = None) -> Any:
        """A read-only service call (lists, details); a refusal is shown and ``default`` returned."""
        if self.db is None:
            return default
        try:
            return query(self.db, *args)
        except ServiceError as exc:
            self.show_problem(exc)
            return default

    # -- long work -------------------------------------------------------------------------------
    def run_in_background(
        self,
        title: str,
        work: Callable[[], Any],
        on_done: Callable[[Any], None],
    ) -> None:
        """Run ``work()`` on a pool thread behind a progress dialog; ``on_done(result)`` runs on
        the GUI thread afterwards (a Change result is broadcast as well)."""
        from tdapp.gui.worker import Worker

        progress = QProgressDialog(title, "", 0, 0, self._window)
        progress.setCancelButton(None)  # an import is one transaction: it cannot stop halfway
        progress.setWindowTitle("Working")
        progress.setMinimumDuration(0)
        progress.show()
        worker = Worker(work)
        self._jobs.append(worker)
        self.busy_changed.emit(True)

        def finish() -> None:
            progress.reset()
            progress.close()
            progress.deleteLater()
            self._jobs.remove(worker)
            self.busy_changed.emit(bool(self._jobs))

        def succeeded(result: Any) -> None:
            finish()
            if isinstance(result, Change):
                self.changed.emit(result)
            on_done(result)

        def failed(exc: BaseException) -> None:
            finish()
            if isinstance(exc, filesvc.FILE_ERRORS):
                self.show_problem(exc)
            else:
                traceback.print_exception(exc)
                self.show_unexpected(exc, saved_nothing=False)

        worker.signals.finished.connect(succeeded)
        worker.signals.failed.connect(failed)
        self.pool.start(worker)
