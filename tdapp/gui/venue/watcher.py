"""Hears the other stations of a venue server and hands what they did to the GUI thread.

The listening runs on the services' own thread (:class:`tdapp.services.listening
.StationListener`: LISTEN needs a blocking connection, so it cannot be a worker of the operation
API, which is for work that ends). Its callbacks emit these signals, which Qt queues to the GUI
thread; the venue controller broadcasts each ``Change`` through ``AppController.changed`` and
shows the connection's state at once: "server gone" when it drops, the views refreshed whole
when it comes back.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from tdapp.services.listening import StationListener


class LiveWatcher(QObject):
    heard = Signal(object)  # what another station did (services.live.Heard)
    connection_changed = Signal(bool, str)  # connected, the reason when not

    def __init__(self, url: str, station: str = "", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.connected = True  # as this thread last heard (the signal's slot keeps it)
        self.connection_changed.connect(self._remember)
        self.listener = StationListener(url, station, on_heard=self.heard.emit,
                                        on_connection=self.connection_changed.emit)

    def _remember(self, connected: bool, _reason: str) -> None:
        self.connected = connected

    def start(self) -> None:
        self.listener.start()

    def stop(self) -> None:
        self.listener.stop()
