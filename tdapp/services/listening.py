"""A station hears the other stations of its venue server: a thread of its own, no Qt.

PostgreSQL's LISTEN needs a connection that waits on its socket (``store.live.ChangeListener``
polls it with a timeout) and reconnects, with a connect timeout of seconds, while the server is
gone. Neither may run on the GUI thread, and a worker of the operation API is for work that
ends: so this one long-lived listening thread stays, here in the services, behind a plain
interface. The thread runs :class:`tdapp.services.live.LiveFeed` (notices checked, merged,
turned into the exact ``Change`` the other station's service returned): ``on_heard`` and
``on_connection`` are called on this thread, and the GUI hands them to its own with a queued
signal (``gui/venue/watcher.py``), then sets :attr:`delivered` once its views have reread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from tdapp.services.live import Heard, LiveFeed
from tdapp.store.live import station_name


class StationListener:
    """Listens to ``url`` for other stations' changes, from :meth:`start` until :meth:`stop`."""

    def __init__(self, url: str, station: str = "", *,
                 on_heard: Callable[[Heard], None],
                 on_connection: Callable[[bool, str], None]) -> None:
        self.url = url
        self.station = station or station_name()
        self.feed = LiveFeed(url, self.station, on_heard=on_heard, on_connection=on_connection)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self.feed.run, args=(self._stop,),
                                        name="tdapp live", daemon=True)

    @property
    def delivered(self) -> threading.Event:
        """Set when the last change handed on has been shown: the next may come."""
        return self.feed.delivered

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout: float = 3) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=timeout)
