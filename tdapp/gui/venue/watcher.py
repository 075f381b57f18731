"""Hears the other stations of a venue server (LISTEN/NOTIFY) and refreshes the open views.

A worker thread runs :class:`tdapp.services.live.LiveFeed`: what another station did becomes
the exact ``Change`` its service returned there (the ``Change`` the tables name for a change
written outside a service), notices checked and vouched for by the audit log, merged so the
views reread a few times a second at most, broadcast on the GUI thread through
``AppController.changed``. The connection's state is shown at once: "server gone" when it drops,
and the views refresh whole when it comes back.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Signal

from tdapp.services.live import Heard, LiveFeed
from tdapp.store.live import station_name


class LiveWatcher(QObject):
    heard = Signal(object)  # what other stations did (services.live.Heard), merged
    connection_changed = Signal(bool, str)  # connected, the reason when not
    _arrived = Signal(object)  # from the thread: handed on by _deliver on the GUI thread

    def __init__(self, url: str, station: str = "", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.url = url
        self.station = station or station_name()
        self.connected = True
        self._stop = threading.Event()
        # The listening, checking and merging (services.live.LiveFeed); this class only
        # carries what it hears to the GUI thread and says when the views have reread.
        self.feed = LiveFeed(self.url, self.station, on_heard=self._arrived.emit,
                             on_connection=self._connection)
        self._arrived.connect(self._deliver)
        self._thread = threading.Thread(target=self.feed.run, args=(self._stop,),
                                        name="tdapp live", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=3)

    def _connection(self, connected: bool, reason: str) -> None:
        self.connected = connected
        self.connection_changed.emit(connected, reason)

    def _deliver(self, heard: Heard) -> None:
        try:
            self.heard.emit(heard)  # the views reread here, before emit returns
        finally:
            self.feed.delivered.set()  # the next merged change may come
