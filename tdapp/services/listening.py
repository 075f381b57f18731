"""A station hears the other stations of its venue server: a thread of its own, no Qt.

PostgreSQL's LISTEN needs a connection that waits on its socket (``store.live.ChangeListener``
polls it with a timeout) and reconnects, with a connect timeout of seconds, while the server is
gone. Neither may run on the GUI thread, and a worker of the operation API is for work that
ends: so this one long-lived listening thread stays, here in the services, behind a plain
interface. What another station did comes out as the exact ``Change`` its service returned
(``services.live.NoticeMerger``), through ``on_heard``; the connection's state through
``on_connection``. Both are called on this thread: the GUI hands them to its own thread with a
queued signal (``gui/venue/watcher.py``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from tdapp.services.live import Heard, NoticeMerger
from tdapp.store.live import ChangeListener, station_name

POLL_SECONDS = 0.25  # how long one wait for a notice lasts: how soon ``stop`` is heard


class StationListener:
    """Listens to ``url`` for other stations' changes until :meth:`stop`."""

    def __init__(self, url: str, station: str = "", *,
                 on_heard: Callable[[Heard], None],
                 on_connection: Callable[[bool, str], None]) -> None:
        self.url = url
        self.station = station or station_name()
        self.on_heard = on_heard
        self.on_connection = on_connection
        self.connected = True
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tdapp live", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout: float = 3) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=timeout)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def _connection(self, connected: bool, reason: str) -> None:
        self.connected = connected
        self.on_connection(connected, reason)

    def _run(self) -> None:
        listener = ChangeListener(self.url)
        merger = NoticeMerger()
        try:
            was = listener.connected
            if not was:
                self._connection(False, listener.error)
            while not self._stop.is_set():
                due = merger.next_due()
                wait = POLL_SECONDS if due is None else max(
                    0.01, min(POLL_SECONDS, due - time.monotonic()))
                notices = listener.poll(wait)
                if listener.connected != was:
                    was = listener.connected
                    self._connection(was, listener.error)
                now = time.monotonic()
                for notice in notices:
                    if notice.get("station") != self.station:
                        for heard in merger.feed(notice, now):
                            self.on_heard(heard)
                for heard in merger.due(now):
                    self.on_heard(heard)
        finally:
            listener.close()
