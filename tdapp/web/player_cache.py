"""What every player's own page needs, read once per change (``PlayerCache``).

After a change, every phone on ``/p/CODE`` fetches its page again at once. Each page is its
player's own, so the pages cannot be shared as ``/`` is (``app.StateCache``), but what they are
made from can: every player's view and the round's games (``services.player_view.room_views``)
and the code book (``services.player_codes.code_book``) are read in one go per version and each
page is then made from memory (tests/benchmarks/bench_web_phones.py, ``--players``).

A version is the source's (a change seen by its poll) and this server's own writes (a player's
form): a form's answer never shows the page from before it. A code or a player newer than what
is kept is looked up in the file (``player.py``), so a new code works at once; a form is always
checked against the file itself.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from starlette.concurrency import run_in_threadpool

from tdapp.services.changes import ServiceError
from tdapp.services.player_codes import PlayerCard, code_book
from tdapp.services.player_view import RoomViews, room_views
from tdapp.web.source import LiveSource


@dataclass(frozen=True)
class Kept:
    key: tuple[int, int]  # (the source's version, this server's writes) it was read at
    room: RoomViews
    book: dict[str, PlayerCard] | None  # by code hash; None: this login may not read codes


class PlayerCache:
    """Every player's page's data at the current version, read at most once per version."""

    def __init__(self, source: LiveSource) -> None:
        self.source = source
        self._writes = 0
        self._lock = threading.Lock()
        self._kept: Kept | None = None

    def key(self) -> tuple[int, int]:
        return self.source.version, self._writes

    def wrote(self) -> None:
        """This server wrote to the tournament (a player's form): what is kept is stale.
        Called in the event loop only (one writer, no lock)."""
        self._writes += 1

    def fresh(self) -> Kept | None:
        """What is kept, if it is of the current version (no database work)."""
        kept = self._kept
        return kept if kept is not None and kept.key == self.key() else None

    def load(self) -> Kept:
        """The current version's, read now unless kept (in a thread: it reads the database).
        One read at a time: the phones that asked meanwhile take it. A ServiceError (the
        format cannot be read) is raised, never kept."""
        with self._lock:
            key = self.key()  # before reading: a change after it is a new key, read again
            kept = self._kept
            if kept is not None and kept.key == key:
                return kept
            try:
                book: dict[str, PlayerCard] | None = code_book(self.source.db)
            except ServiceError:  # an assistant's login: each code is asked, and refused
                book = None
            self._kept = Kept(key, room_views(self.source.db), book)
            return self._kept

    async def get(self) -> Kept:
        kept = self.fresh()
        return kept if kept is not None else await run_in_threadpool(self.load)
