"""File › Share on the venue network… / Join a shared tournament…, and the live link of a
window working on a venue server (other stations' changes shown, "server gone" said at once).

Slow work (starting the server, copying the tournament to it, stopping it) is a service call
(``services.venue``) run by the operation API (``AppController.start``): a worker thread, the
Share dialog's own line as its progress, a failure shown in the one place. Hearing the other
stations is the services' listening thread (``services.listening``, through ``watcher.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QStandardPaths, QTimer

from tdapp.gui import theme
from tdapp.gui.controller import AppController
from tdapp.gui.operations import CancelToken, Operation
from tdapp.gui.venue.assistants_controller import AssistantsController
from tdapp.gui.venue.dialogs import JoinDialog, ShareDialog
from tdapp.gui.venue.probe import install_if_asked
from tdapp.gui.venue.watcher import LiveWatcher
from tdapp.services import assistants
from tdapp.services.changes import ServiceError
from tdapp.services.kept import KEPT_WORDS, Pending
from tdapp.services.live import Heard, change_from_notice
from tdapp.services.outbox import Outbox, Report
from tdapp.services.snapshots import take_snapshot
from tdapp.services.venue import (
    Sharing,
    describe,
    personal_address,
    sharing_status,
    start_sharing,
    stop_sharing,
    suggest_password,
)

if TYPE_CHECKING:
    from tdapp.gui.window.main_window import MainWindow


def default_server_folder() -> str:
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return str(Path(folder or Path.home() / ".tdapp") / "venue server")


class InDialog:
    """The Share dialog's state line as an operation's progress view (no second window)."""

    def __init__(self, dialog: ShareDialog) -> None:
        self.dialog = dialog

    def begin(self, text: str, cancel: Callable[[], None] | None) -> None:
        self.dialog.show_busy(text)

    def set_fraction(self, fraction: float) -> None:
        pass  # starting a server has no fraction to show

    def finish(self) -> None:
        pass  # the answer (running, stopped) replaces the line


class VenueController(QObject):
    def __init__(self, window: MainWindow, app: AppController) -> None:
        super().__init__(window)
        self.window = window
        self.app = app
        self.watcher: LiveWatcher | None = None
        self.outbox: Outbox | None = None
        self.where = ""
        self.last_report: Report | None = None  # what the last sending of kept entries did
        self.share_dialog: ShareDialog | None = None
        self.sharing: Sharing | None = None  # the running server the Share dialog shows
        self.server_folder = default_server_folder()
        self.share_action = window.menus.share_action  # File menu (window/menus.py)
        self.join_action = window.menus.join_action
        self.share_action.triggered.connect(self.share)
        self.join_action.triggered.connect(self.join)
        app.file_opened.connect(self._opened)
        app.changed.connect(self._relabel)  # after File's own label, which names the file
        app.file_closing.connect(self._stop_watching)
        self.assistants = AssistantsController(window, app)  # File › Assistants and boards…
        self.probe = install_if_asked(window, app)  # TDAPP_STATION_PROBE: two-window tests

    # -- Share ---------------------------------------------------------------------------------
    def share(self) -> ShareDialog:
        dialog = ShareDialog(self.window, self.server_folder)
        self.share_dialog = dialog
        dialog.start_button.clicked.connect(lambda: self.start_sharing(dialog))
        dialog.stop_button.clicked.connect(lambda: self.stop_sharing(dialog))
        dialog.personal_password.setText(suggest_password())
        dialog.new_password_button.clicked.connect(
            lambda: dialog.personal_password.setText(suggest_password()))
        dialog.add_button.clicked.connect(lambda: self.add_assistant(dialog))
        dialog.login.returnPressed.connect(lambda: self.add_assistant(dialog))
        running = self.app.wait(sharing_status, self.server_folder)
        if running is not None:
            self._show_running(dialog, running)
        dialog.open()
        return dialog

    def start_sharing(self, dialog: ShareDialog) -> None:
        folder = Path(dialog.folder.text().strip())
        port = dialog.port.value()
        db = self.app.db
        current = db.path if db is not None and not db.on_server else None

        def work(_token: CancelToken) -> Sharing:
            return start_sharing(folder, port, current)

        def done(sharing: Sharing) -> None:
            self.server_folder = str(folder)
            self._show_running(dialog, sharing)
            self.app.open_file(sharing.url_td)

        self.app.start(Operation(
            "Starting the venue server…", work, on_done=done, progress=InDialog(dialog),
            problem_title="The venue server could not be started",
            after_failure=lambda exc: dialog.show_stopped(str(exc))))

    def _show_running(self, dialog: ShareDialog, sharing: Sharing) -> None:
        self.sharing = sharing
        dialog.show_running(sharing.host, sharing.port, sharing.assistant_password,
                            sharing.url_assistant)

    def add_assistant(self, dialog: ShareDialog) -> None:
        """A personal login for one assistant (no boards yet: given later in File ›
        Assistants and their boards…), with its own join address and QR code."""
        sharing, db = self.sharing, self.app.db
        if sharing is None or db is None or not db.on_server:
            dialog.say_problem("Start sharing first: the logins live on the venue server.")
            return
        login, password = dialog.login.text().strip(), dialog.personal_password.text()
        if not login:
            dialog.say_problem("Type the assistant's login: one word, e.g. desk3 or anna.")
            return
        try:
            change = self.app.attempt(assistants.add_assistant, login, password)
        except ServiceError as exc:  # a short password, a space in the login: in words
            dialog.say_problem(str(exc))
            return
        if change is None:  # shown already by the operation API
            return
        dialog.show_added(login, password, personal_address(sharing, login, password),
                          change.description)
        dialog.personal_password.setText(suggest_password())

    def stop_sharing(self, dialog: ShareDialog) -> None:
        """Keep a .tdt copy on this laptop, close the shared tournament here, stop the server."""
        kept = ""
        db = self.app.db
        if db is not None and db.on_server:
            try:
                snapshot = self.app.run(take_snapshot, "venue server stopped")
            except Exception as exc:  # the TD decides whether to stop without a copy
                dialog.show_busy(f"No copy could be kept ({exc}); the server keeps running.")
                dialog.stop_button.setEnabled(True)
                return
            kept = str(snapshot.path)
            self.app.close_file()
        folder = self.server_folder

        def work(_token: CancelToken) -> bool:
            return stop_sharing(folder)

        def done(_stopped: bool) -> None:
            self.sharing = None
            dialog.show_stopped("The venue server is stopped." +
                                (f" The tournament as it was is kept in {kept}." if kept else ""))

        def failed(exc: BaseException) -> None:
            dialog.show_busy(str(exc))
            dialog.stop_button.setEnabled(True)

        self.app.start(Operation(
            "Stopping the venue server…", work, on_done=done, progress=InDialog(dialog),
            problem_title="The venue server could not be stopped", after_failure=failed))

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
        self.where = describe(url)
        theme.clear_style(self.window.file_label)
        self.window.file_label.setText(f"Shared: {self.where} ({db.who})")
        self.watcher = LiveWatcher(url, db.station, self)
        self.watcher.heard.connect(self._heard)
        self.watcher.connection_changed.connect(self._connection)
        self.watcher.start()
        outbox = self.outbox = self.app.outbox = Outbox(url)
        outbox.on_kept = self._kept
        if outbox.damaged is not None:  # set aside, never dropped: say where
            self.window.statusBar().showMessage(
                f"What was kept on this laptop while the server was gone could not be read; "
                f"the journal is set aside as {outbox.damaged}.")
        if len(outbox):  # kept before a crash or a closed window: send it now
            QTimer.singleShot(0, self.send_kept)

    # -- what was typed while the server was gone ------------------------------------------
    def _kept(self, entry: Pending) -> None:
        self._show_gone("")
        self.window.statusBar().showMessage(
            f"The venue server cannot be reached: kept on this laptop ({entry.what}; "
            f"{len(self.outbox or ())} waiting). It is sent when the server is back.")

    def send_kept(self) -> None:
        """Send what was kept, in the order typed; report what was sent and what was not."""
        outbox, db = self.outbox, self.app.db
        if outbox is None or db is None or not len(outbox):
            return
        report = outbox.send_all(db, on_change=self.app.operations.broadcast,
                                 on_refused=self.app.operations.show_failure,
                                 run=self.app.wait)
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
        self.outbox = self.app.outbox = None  # its journal stays here for the next opening
        if self.watcher is not None:
            self.watcher.stop()
            self.watcher.deleteLater()
            self.watcher = None

    def shutdown(self) -> None:
        self._stop_watching()
