"""The tournament the players' page serves, read live, and how it notices a change.

A ``.tdt`` file is read where it is (not from a private copy: the page must follow the TD's
program) without taking its lock, so the program keeps editing it meanwhile; the page writes
only what a player does from their own page (check-in, a confirmation or dispute, a draw vote's
outcome), each through a service's ``db.action`` like any other station. A change by any program is seen by SQLite's ``PRAGMA data_version`` on a connection
kept open for that alone, polled a few times a second. On a venue server the version is the
server's write position (``pg_current_wal_lsn``), polled the same way.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from sqlalchemy import text

from tdapp.store import migrate
from tdapp.store.database import TournamentDb, TournamentFileError, make_engine
from tdapp.store.files import check_is_tournament_file, check_revision, read_file_state
from tdapp.store.pg import open_server_tournament
from tdapp.store.server_address import is_database_url


class LiveSource:
    """An open tournament and its change counter: ``version`` goes up by one per change seen."""

    def __init__(self, db: TournamentDb, probe: sqlite3.Connection | None) -> None:
        self.db = db
        self._probe = probe
        self._lock = threading.Lock()
        self._mark = self._read_mark()
        self._nudged = False
        self.version = 1

    def nudge(self) -> None:
        """Something only this server holds changed (a draw vote's ballot count on the phones):
        the next ``poll`` reports a change, so every open page updates."""
        self._nudged = True

    def _read_mark(self) -> object:
        if self._probe is not None:
            return self._probe.execute("PRAGMA data_version").fetchone()[0]
        with self.db.engine.connect() as connection:
            return connection.execute(text("SELECT pg_current_wal_lsn()::text")).scalar()

    def poll(self) -> bool:
        """Look once; True (and the version moved on) when the tournament changed."""
        with self._lock:
            mark = self._read_mark()
            if mark == self._mark and not self._nudged:
                return False
            self._mark, self._nudged = mark, False
            self.version += 1
            return True

    def close(self) -> None:
        if self._probe is not None:
            self._probe.close()
        self.db.close()


def _open_file(path: Path) -> LiveSource:
    check_is_tournament_file(path)
    state = read_file_state(path)
    check_revision(path, state)
    if state.revision != migrate.head_revision():
        raise TournamentFileError(
            f"{path.name} comes from an older version of tdapp: open it once in tdapp (which "
            f"upgrades it), then start the players' page again. Nothing was changed.")
    db = TournamentDb(path, make_engine(path))  # no lock: the TD's program keeps the file
    try:
        probe = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        return LiveSource(db, probe)
    except sqlite3.Error as exc:
        db.close()
        raise TournamentFileError(f"{path.name} cannot be read: {exc}.") from exc


def open_live(location: str) -> LiveSource:
    """The tournament at ``location`` (a ``.tdt`` path or a venue server's URL), open for the
    page. Whatever keeps it from being read is a TournamentFileError in the TD's words."""
    if is_database_url(location):
        db = open_server_tournament(location)
        try:
            return LiveSource(db, None)
        except Exception as exc:  # the server went away between opening and the first look
            db.close()
            raise TournamentFileError(f"The venue server does not answer: {exc}") from exc
    return _open_file(Path(location))
