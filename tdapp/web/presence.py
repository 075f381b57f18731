"""How many phones have the page now: counted in memory by the page, shown to the TD.

Two figures: the ``/events`` streams open now (a page open on a phone, live) and the different
addresses that asked for anything in the last ``RECENT_S`` seconds (a page that looked without
its script, or a phone asleep since). Only addresses and times, in memory, for the TD's window;
never written, never sent to a phone.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

RECENT_S = 300.0  # "in the last five minutes"
MAX_KEPT = 20_000  # addresses kept at most (a flood of made-up ones cannot grow memory)


@dataclass(frozen=True)
class Counts:
    live: int  # /events streams open now
    recent: int  # different addresses seen in the last RECENT_S seconds
    views: int  # page loads (GET /) in the last RECENT_S seconds


class Presence:
    """Thread-safe counters the web app moves and the program reads."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._live = 0
        self._seen: dict[str, float] = {}
        self._views: list[float] = []

    def seen(self, client: str, page: bool = False) -> None:
        now = self._clock()
        with self._lock:
            self._seen.pop(client, None)  # kept in the order last seen: the oldest first
            self._seen[client] = now
            if page:
                self._views.append(now)
            if len(self._seen) > MAX_KEPT or len(self._views) > MAX_KEPT:
                self._forget(now)

    def opened(self, client: str) -> None:
        self.seen(client)
        with self._lock:
            self._live += 1

    def closed(self) -> None:
        with self._lock:
            self._live = max(0, self._live - 1)

    def counts(self) -> Counts:
        now = self._clock()
        with self._lock:
            self._forget(now)
            return Counts(self._live, len(self._seen), len(self._views))

    def _forget(self, now: float) -> None:
        since = now - RECENT_S
        for client, at in list(self._seen.items()):
            if at >= since and len(self._seen) <= MAX_KEPT:
                break
            del self._seen[client]
        self._views = [at for at in self._views[-MAX_KEPT:] if at >= since]
