"""Hands what other programs committed to the open ``.tdt`` to the GUI thread.

The looking is the services' (:class:`tdapp.services.file_watch.FileListener`, a thread that
reads SQLite's ``data_version`` about once a second and the audit rows written since); its
callback emits a signal that Qt queues to the GUI thread, where the room controller broadcasts
the ``Change`` through ``AppController.changed``, as a venue server's watcher does.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from tdapp.services.file_watch import FileListener
from tdapp.store.database import TournamentDb


class FileWatcher(QObject):
    heard = Signal(object)  # services.live.Heard, on the GUI thread

    def __init__(self, db: TournamentDb, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.listener = FileListener(db, on_heard=self.heard.emit)  # queued: another thread

    def told_elsewhere(self, handle: TournamentDb | None) -> None:
        """``handle``'s actions reach the GUI another way (the page served here): skip them."""
        self.listener.feed.told = [handle] if handle is not None else []

    def start(self) -> None:
        self.listener.start()

    def stop(self) -> None:
        self.listener.stop()
