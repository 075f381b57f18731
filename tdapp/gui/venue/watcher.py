"""Hears the other stations of a venue server and hands what they did to the GUI thread.

The listening runs on the services' own thread (:class:`tdapp.services.listening
.StationListener`, running :class:`tdapp.services.live.LiveFeed`: what another station did
becomes the exact ``Change`` its service returned there, notices checked and vouched for by the
audit log, merged so the views reread a few times a second at most). LISTEN needs a blocking
connection, so it cannot be a worker of the operation API, which is for work that ends. Its
callbacks emit signals that Qt queues to the GUI thread; the venue controller broadcasts each
``Change`` through ``AppController.changed`` and shows the connection's state at once: "server
gone" when it drops, the views refreshed whole when it comes back.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from tdapp.services.listening import StationListener
from tdapp.services.live import Heard


class LiveWatcher(QObject):
    heard = Signal(object)  # what other stations did (services.live.Heard), merged
    connection_changed = Signal(bool, str)  # connected, the reason when not
    _arrived = Signal(object)  # from the thread: handed on by _deliver on the GUI thread
    _changed_state = Signal(bool, str)  # from the thread: the connection, on the GUI thread

    def __init__(self, url: str, station: str = "", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.connected = True  # as the GUI thread last heard
        self._arrived.connect(self._deliver)
        self._changed_state.connect(self._connection)
        self.listener = StationListener(url, station, on_heard=self._arrived.emit,
                                        on_connection=self._changed_state.emit)
        self.url, self.station = url, self.listener.station

    def start(self) -> None:
        self.listener.start()

    def stop(self) -> None:
        self.listener.stop()

    def _connection(self, connected: bool, reason: str) -> None:
        self.connected = connected
        self.connection_changed.emit(connected, reason)

    def _deliver(self, heard: Heard) -> None:
        try:
            self.heard.emit(heard)  # the views reread here, before emit returns
        finally:
            self.listener.delivered.set()  # the next merged change may come
