"""Hears the other stations of a venue server (LISTEN/NOTIFY) and refreshes the open views.

A worker thread polls a :class:`tdapp.store.live.ChangeListener`; what another station did
becomes the exact ``Change`` its service returned there (``services.live.NoticeMerger``; the
``Change`` the tables name for a change written outside a service), broadcast on the GUI
thread through ``AppController.changed``. The connection's state is shown at once: "server gone" when
it drops, and the views refresh whole when it comes back.
"""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QObject, Signal

from tdapp.services.live import NoticeMerger
from tdapp.store.live import ChangeListener, station_name


class LiveWatcher(QObject):
    heard = Signal(object)  # what another station did (services.live.Heard)
    connection_changed = Signal(bool, str)  # connected, the reason when not

    def __init__(self, url: str, station: str = "", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.url = url
        self.station = station or station_name()
        self.connected = True
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tdapp live", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=3)

    def _run(self) -> None:
        listener = ChangeListener(self.url)
        merger = NoticeMerger()
        try:
            was = listener.connected
            if not was:
                self.connection_changed.emit(False, listener.error)
            while not self._stop.is_set():
                due = merger.next_due()
                wait = 0.25 if due is None else max(0.01, min(0.25, due - time.monotonic()))
                notices = listener.poll(wait)
                if listener.connected != was:
                    was = listener.connected
                    self.connection_changed.emit(was, listener.error)
                now = time.monotonic()
                for notice in notices:
                    if notice.get("station") != self.station:
                        for heard in merger.feed(notice, now):
                            self.heard.emit(heard)
                for heard in merger.due(now):
                    self.heard.emit(heard)
        finally:
            listener.close()

