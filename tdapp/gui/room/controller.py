"""File › Players' page on the venue network…, and what phones wrote reaching the views.

The page's server runs in a thread of this program (``tdapp.web.serve.PageServer``, imported
when the dialog first starts it: uvicorn, Starlette and Jinja2 never load at start-up) on its
own live source of the open tournament, so it follows every change. What a phone writes there
is an action on that source's handle: its ``on_action`` callback (the page's thread) emits a
queued signal, and here the action becomes the ``Change`` its audit rows name, broadcast like
any other. A ``.tdt`` served by ``tdapp web`` in another process is seen by the file watcher
(``file_watcher.py``: SQLite's ``data_version`` about once a second). The page stops when the
tournament closes or the program quits.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, QTimer, Signal

from tdapp.gui.controller import AppController
from tdapp.gui.room.file_watcher import FileWatcher
from tdapp.services.changes import Change, ServiceError
from tdapp.services.file_watch import heard_of_actions
from tdapp.services.live import Heard

if TYPE_CHECKING:
    from tdapp.gui.room.dialog import PageDialog
    from tdapp.gui.window.main_window import MainWindow
    from tdapp.web.serve import PageServer

PORT_KEY = "players_page/port"
ADDRESS_KEY = "players_page/address"
DEFAULT_PORT = 8080  # tdapp.web.serve.DEFAULT_PORT, not imported at start-up
PRESENCE_EVERY_MS = 2000
MERGE_MS = 200  # a burst of check-ins is one reread of the views


def _local(at: dt.datetime) -> dt.datetime:
    """The file keeps UTC without its zone: the TD reads the laptop's own time."""
    return at.replace(tzinfo=dt.UTC).astimezone()


class RoomController(QObject):
    _phone_wrote = Signal(int)  # an action id, emitted on the page's thread

    def __init__(self, window: MainWindow, app: AppController, settings: QSettings) -> None:
        super().__init__(window)
        self.window = window
        self.app = app
        self.settings = settings
        self.server: PageServer | None = None
        self.dialog: PageDialog | None = None
        self.file_watcher: FileWatcher | None = None
        self.shown_host = ""
        self._written: list[int] = []
        self._merge = QTimer(self)
        self._merge.setSingleShot(True)
        self._merge.setInterval(MERGE_MS)
        self._merge.timeout.connect(self._tell_views)
        self._presence = QTimer(self)
        self._presence.setInterval(PRESENCE_EVERY_MS)
        self._presence.timeout.connect(self._show_presence)
        self._phone_wrote.connect(self._written_by_phone)  # queued: another thread emits
        self.action = window.menus.players_page_action  # File menu (window/menus.py)
        self.action.triggered.connect(lambda _=False: self.open_dialog())
        app.file_opened.connect(self._opened)
        app.file_closing.connect(self._closing)
        app.file_closed.connect(self._closed)
        app.changed.connect(self._changed)

    # -- the dialog ---------------------------------------------------------------------------
    def open_dialog(self) -> PageDialog:
        from tdapp.gui.room.dialog import PageDialog
        from tdapp.web.serve import local_addresses

        if self.dialog is None:
            port = int(str(self.settings.value(PORT_KEY, DEFAULT_PORT) or DEFAULT_PORT))
            dialog = self.dialog = PageDialog(self.window, port)
            dialog.start_button.clicked.connect(self.start)
            dialog.stop_button.clicked.connect(lambda _=False: self.stop())
            dialog.post_button.clicked.connect(self.post)
            dialog.announcement.returnPressed.connect(self.post)
            dialog.withdraw_button.clicked.connect(self.withdraw)
            dialog.address_choice.currentIndexChanged.connect(self._address_chosen)
        dialog = self.dialog
        picked = str(self.settings.value(ADDRESS_KEY, "") or "")
        dialog.set_addresses([(a.words, a.address) for a in local_addresses()],
                             self.shown_host or picked or None)
        if self.server is not None and self.server.running:
            self._show_running()
        else:
            dialog.show_stopped()
        dialog.start_button.setEnabled(self.server is None and self.app.db is not None)
        self.refresh_announcements()
        dialog.show()
        dialog.raise_()
        return dialog

    def _address_chosen(self, _index: int) -> None:
        if self.dialog is None:
            return
        self.shown_host = self.dialog.chosen_address()
        if self.server is not None:
            self._show_running()

    def page_address(self) -> str:
        """Where phones reach the page, ``HOST:PORT``: the running page's, else the address and
        port last served from; empty when the page was never served here (the codes sheet's
        default)."""
        if self.server is not None and self.server.running:
            return self.server.url(self.shown_host or None).removeprefix("http://").rstrip("/")
        host = str(self.settings.value(ADDRESS_KEY, "") or "")
        port = str(self.settings.value(PORT_KEY, "") or "")
        return f"{host}:{port}" if host and port else ""

    def _show_running(self) -> None:
        if self.dialog is not None and self.server is not None:
            self.dialog.show_running(self.server.url(self.shown_host or None))
            self._show_presence()

    # -- start and stop -----------------------------------------------------------------------
    def start(self) -> bool:
        """Serve the open tournament's page; a refusal is said in the dialog."""
        from tdapp.web.serve import EVERY_ADDRESS, PageRefused, PageServer

        db, dialog = self.app.db, self.dialog
        if db is None or dialog is None or self.server is not None:
            return False
        port = dialog.port.value()
        self.shown_host = dialog.chosen_address()
        server = PageServer(db.url or str(db.path), EVERY_ADDRESS, port)
        dialog.start_button.setEnabled(False)  # a second click while it starts does nothing
        try:
            self.app.wait(server.start, notice="Starting the players' page…")
        except PageRefused as exc:
            dialog.say_problem(f"The page could not be started: {exc}. Pick another port "
                               f"and start it again.")
            dialog.start_button.setEnabled(self.app.db is not None)
            return False
        except Exception as exc:  # a bug: the one message of the operation API, not a crash
            self.app.show_problem(exc, "The players' page could not be started")
            dialog.start_button.setEnabled(self.app.db is not None)
            return False
        self.server = server
        server.db.on_action = self._phone_wrote.emit
        if self.file_watcher is not None:
            self.file_watcher.told_elsewhere(server.db)
        self.settings.setValue(PORT_KEY, server.port)
        self.settings.setValue(ADDRESS_KEY, self.shown_host)
        self._show_running()
        self._presence.start()
        self.window.statusBar().showMessage(f"The players' page is served at "
                                            f"{server.url(self.shown_host)}", 8000)
        return True

    def stop(self, why: str = "The players' page is stopped.") -> None:
        server, self.server = self.server, None
        self._presence.stop()
        if self.file_watcher is not None:
            self.file_watcher.told_elsewhere(None)
        if server is not None:
            self.app.wait(server.stop, notice="Stopping the players' page…")
            self._tell_views()  # what a phone wrote just before
        if self.dialog is not None:
            self.dialog.show_stopped(why)
            self.dialog.start_button.setEnabled(self.app.db is not None)

    def _show_presence(self) -> None:
        server, dialog = self.server, self.dialog
        if server is None or dialog is None:
            return
        if not server.running:  # its thread ended on its own: say so, free what is left
            self.stop("The players' page stopped unexpectedly; start it again.")
            return
        counts = server.presence.counts()
        dialog.set_connected(counts.live, counts.recent, counts.views)

    # -- what phones wrote --------------------------------------------------------------------
    def _written_by_phone(self, action_id: int) -> None:
        self._written.append(action_id)
        if not self._merge.isActive():
            self._merge.start()

    def _tell_views(self) -> None:
        ids, self._written = self._written, []
        if not ids or self.app.db is None:
            return
        heard = self.app.read(heard_of_actions, ids, "a phone", default=None)
        if heard is not None:
            self._broadcast(heard)

    def _broadcast(self, heard: Heard) -> None:
        self.app.changed.emit(heard.change)
        self.window.statusBar().showMessage(heard.words, 6000)

    # -- announcements ------------------------------------------------------------------------
    def refresh_announcements(self) -> None:
        from tdapp.services.announcements import announcements

        if self.dialog is None:
            return
        rows = self.app.read(announcements, default=[]) if self.app.db is not None else []
        self.dialog.set_announcements(
            [(row.id, f"{_local(row.at):%H:%M}  {row.text}") for row in rows or []])
        can = self.app.db is not None
        self.dialog.post_button.setEnabled(can)
        self.dialog.announcement.setEnabled(can)

    def post(self) -> None:
        from tdapp.services.announcements import announce

        dialog = self.dialog
        if dialog is None or self.app.db is None:
            return
        text = dialog.announcement.text().strip()
        if not text:
            dialog.say_announcement_problem("Type the announcement first.")
            return
        try:
            change = self.app.attempt(announce, text)
        except ServiceError as exc:
            dialog.say_announcement_problem(str(exc))
            return
        if change is not None:
            dialog.announcement.clear()
            dialog.say_announcement_problem("")

    def withdraw(self) -> None:
        from tdapp.services.announcements import withdraw_announcement

        dialog = self.dialog
        chosen = dialog.chosen_announcement() if dialog is not None else None
        if chosen is None or self.app.db is None:
            return
        self.app.call(withdraw_announcement, chosen)

    def _changed(self, change: Change) -> None:
        if self.dialog is not None and self.dialog.isVisible() and change.room:
            self.refresh_announcements()

    # -- the tournament opens and closes ------------------------------------------------------
    def _opened(self, _path: object) -> None:
        self._stop_watching()
        db = self.app.db
        if db is not None and not db.on_server:  # a venue server is heard by its notices
            watcher = self.file_watcher = FileWatcher(db, self)
            watcher.heard.connect(self._broadcast)
            if self.server is not None:
                watcher.told_elsewhere(self.server.db)
            watcher.start()
        if self.dialog is not None:
            self.dialog.start_button.setEnabled(self.server is None and db is not None)
            self.refresh_announcements()

    def _closing(self) -> None:
        if self.server is not None:
            self.stop("The players' page stopped: the tournament was closed.")
        self._stop_watching()

    def _closed(self) -> None:
        if self.dialog is not None:
            self.dialog.start_button.setEnabled(False)
            self.refresh_announcements()

    def _stop_watching(self) -> None:
        if self.file_watcher is not None:
            self.file_watcher.stop()
            self.file_watcher.deleteLater()
            self.file_watcher = None

    def shutdown(self) -> None:
        """The program quits: stop serving, stop watching."""
        if self.server is not None:
            self.stop()
        self._stop_watching()
