"""File › Share on the venue network… / Join a shared tournament…, and the live link of a
window working on a venue server (other stations' changes shown, "server gone" said at once).

Slow work (starting the server, copying the tournament to it) runs in a worker thread; its
result comes back to the GUI thread through a queued signal.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QStandardPaths, QTimer, Signal

from tdapp.gui import theme
from tdapp.gui.controller import AppController
from tdapp.gui.venue.assistants_controller import AssistantsController
from tdapp.gui.venue.dialogs import JoinDialog, ShareDialog
from tdapp.gui.venue.outbox import KEPT_WORDS, Outbox, Pending, Report
from tdapp.gui.venue.probe import install_if_asked
from tdapp.gui.venue.watcher import LiveWatcher
from tdapp.services.live import Heard, change_from_notice


def default_server_folder() -> str:
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return str(Path(folder or Path.home() / ".tdapp") / "venue server")


class VenueController(QObject):
    _done = Signal(object, object)  # (callback, result or exception), back on the GUI thread

    def __init__(self, window: Any, app: AppController) -> None:
        super().__init__(window)
        self.window = window
        self.app = app
        self.watcher: LiveWatcher | None = None
        self.last_report: Report | None = None  # what the last sending of kept entries did
        self.share_dialog: ShareDialog | None = None
        self.server_folder = default_server_folder()
        self.share_action = window.menus.share_action  # File menu (window/menus.py)
        self.join_action = window.menus.join_action
        self.share_action.triggered.connect(self.share)
        self.join_action.triggered.connect(self.join)
        self._done.connect(self._finish)
        app.file_opened.connect(self._opened)
        app.changed.connect(self._relabel)  # after File's own label, which names the file
        app.file_closing.connect(self._stop_watching)
        self.assistants = AssistantsController(window, app)  # File › Assistants and boards…
        self.probe = install_if_asked(window, app)  # TDAPP_STATION_PROBE: two-window tests

    # -- background work ---------------------------------------------------------------------
    def _in_background(self, work: Callable[[], Any], then: Callable[[Any], None]) -> None:
        def run() -> None:
            try:
                result: Any = work()
            except Exception as exc:  # shown to the TD by ``then``
                result = exc
            self._done.emit(then, result)

        threading.Thread(target=run, name="tdapp venue", daemon=True).start()

    def _finish(self, then: Callable[[Any], None], result: Any) -> None:
        then(result)

    # -- Share ---------------------------------------------------------------------------------
    def share(self) -> ShareDialog:
        from tdapp.store import venue_server

        dialog = ShareDialog(self.window, self.server_folder)
        self.share_dialog = dialog
        dialog.start_button.clicked.connect(lambda: self.start_sharing(dialog))
        dialog.stop_button.clicked.connect(lambda: self.stop_sharing(dialog))
        running = venue_server.status(Path(self.server_folder))
        if running is not None:
            self._show_running(dialog, running)
        dialog.open()
        return dialog

    def start_sharing(self, dialog: ShareDialog) -> None:
        from tdapp.store import venue_server
        from tdapp.store.copying import copy_tournament
        from tdapp.store.pg import holds_tournament, make_server_engine

        folder = Path(dialog.folder.text().strip())
        port = dialog.port.value()
        current = self.app.db.path if self.app.db is not None and \
            not self.app.db.on_server else None
        dialog.show_busy("Starting the venue server…")

        def work() -> Any:
            status = venue_server.start(folder, port, "*")
            engine = make_server_engine(status.url_td)
            try:
                with engine.connect() as connection:
                    empty = not holds_tournament(connection)
            finally:
                engine.dispose()
            if empty and current is not None:
                copy_tournament(current, status.url_td)
            return status

        def then(result: Any) -> None:
            if isinstance(result, Exception):
                dialog.show_stopped(f"The venue server could not be started: {result}")
                return
            self.server_folder = str(folder)
            self._show_running(dialog, result)
            self.app.open_file(result.url_td)

        self._in_background(work, then)

    def _show_running(self, dialog: ShareDialog, status: Any) -> None:
        from sqlalchemy.engine import make_url

        assistant = make_url(status.url_assistant)
        dialog.show_running(str(assistant.host), int(assistant.port or 5432),
                            str(assistant.password), status.url_assistant)

    def stop_sharing(self, dialog: ShareDialog) -> None:
        """Keep a .tdt copy on this laptop, close the shared tournament here, stop the server."""
        from tdapp.services.snapshots import take_snapshot
        from tdapp.store import venue_server

        kept = ""
        if self.app.db is not None and self.app.db.on_server:
            try:
                kept = str(take_snapshot(self.app.db, "venue server stopped").path)
            except Exception as exc:  # the TD decides whether to stop without a copy
                dialog.show_busy(f"No copy could be kept ({exc}); the server keeps running.")
                dialog.stop_button.setEnabled(True)
                return
            self.app.close_file()
        dialog.show_busy("Stopping the venue server…")

        def then(result: Any) -> None:
            if isinstance(result, Exception):
                dialog.show_busy(f"The server could not be stopped: {result}")
                dialog.stop_button.setEnabled(True)
                return
            dialog.show_stopped("The venue server is stopped." +
                                (f" The tournament as it was is kept in {kept}." if kept else ""))

        self._in_background(lambda: venue_server.stop(Path(self.server_folder)), then)

    # -- Join ----------------------------------------------------------------------------------
    def join(self) -> JoinDialog:
        dialog = JoinDialog(self.window)
        dialog.accepted.connect(lambda: self.app.open_file(dialog.url()))
        dialog.open()
        return dialog

    # -- the live link -----------------------------------------------------------------------
    def _opened(self, _path: object) -> None:
        self._stop_watching()
        db = self.app.db
        if db is None or db.url is None:  # a .tdt file: nothing is shared
            return
        url = db.url
        from tdapp.store.pg import describe

        self.where = describe(url)
        theme.clear_style(self.window.file_label)
        self.window.file_label.setText(f"Shared: {self.where} ({db.who})")
        self.watcher = LiveWatcher(url, db.station, self)
        self.watcher.heard.connect(self._heard)
        self.watcher.connection_changed.connect(self._connection)
        self.watcher.start()
        self.app.outbox = Outbox(url)
        self.app.outbox.on_kept = self._kept
        if self.app.outbox.damaged is not None:  # set aside, never dropped: say where
            self.window.statusBar().showMessage(
                f"What was kept on this laptop while the server was gone could not be read; "
                f"the journal is set aside as {self.app.outbox.damaged}.")
        if len(self.app.outbox):  # kept before a crash or a closed window: send it now
            QTimer.singleShot(0, self.send_kept)

    # -- what was typed while the server was gone ------------------------------------------
    def _kept(self, entry: Pending) -> None:
        self._show_gone("")
        self.window.statusBar().showMessage(
            f"The venue server cannot be reached: kept on this laptop ({entry.what}; "
            f"{len(self.app.outbox)} waiting). It is sent when the server is back.")

    def send_kept(self) -> None:
        """Send what was kept, in the order typed; report what was sent and what was not."""
        outbox, db = self.app.outbox, self.app.db
        if outbox is None or db is None or not len(outbox):
            return
        report = outbox.send_all(db, on_change=self.app.operations.broadcast,
                                 on_refused=self.app.operations.show_failure,
                                 run=self.app.operations.wait_for)
        self.last_report = report
        if report.sent or report.refused:
            self.window.statusBar().showMessage(report.words(), 15000)

    def _relabel(self, _change: object) -> None:
        db = self.app.db
        if db is not None and db.on_server and self.watcher is not None \
                and self.watcher.connected:
            theme.clear_style(self.window.file_label)
            self.window.file_label.setText(f"Shared: {self.where} ({db.who})")

    def _heard(self, heard: Heard) -> None:
        self.app.changed.emit(heard.change)  # exactly what the other station's views got
        self.window.statusBar().showMessage(heard.words, 6000)

    def _connection(self, connected: bool, reason: str) -> None:
        label = self.window.file_label
        if connected:
            theme.clear_style(label)
            label.setText(f"Shared: {self.where} ({self.app.db.who if self.app.db else ''})")
            self.window.statusBar().showMessage("The venue server is back.", 8000)
            self.app.changed.emit(change_from_notice({"what": "Reconnected"}))
            self.send_kept()
            return
        self._show_gone(reason)
        self.window.statusBar().showMessage(
            f"The venue server at {self.where} cannot be reached: is its laptop on, and this "
            f"one on the venue network? {KEPT_WORDS} ({reason})")

    def _show_gone(self, _reason: str) -> None:
        theme.set_alarm(self.window.file_label)
        self.window.file_label.setText("Venue server gone")

    def _stop_watching(self) -> None:
        self.app.outbox = None  # its journal stays on this laptop for the next opening
        if self.watcher is not None:
            self.watcher.stop()
            self.watcher.deleteLater()
            self.watcher = None

    def shutdown(self) -> None:
        self._stop_watching()
