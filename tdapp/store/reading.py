"""Reading a tournament without disturbing it.

A ``.tdt`` file is read from a private copy made with SQLite's backup API, so tdapp may have it
open meanwhile and it is never changed (not even upgraded: the copy is). A venue server's
tournament is read where it is (the server keeps readers and writers apart). ``tdapp copy``,
``tdapp standings``/``export`` and the season's import of an event all read this way.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tdapp.store.backup import BackupError, copy_from_file
from tdapp.store.database import TournamentDb, TournamentFileError
from tdapp.store.files import check_is_tournament_file, open_tournament_file, read_file_state
from tdapp.store.server_address import is_database_url


@contextmanager
def open_for_reading(location: Path | str) -> Iterator[TournamentDb]:
    """The tournament at ``location`` (a file's path or a server's URL), open for reading.

    Whatever keeps it from being read (no such file, not a tournament, damaged, the server
    unreachable) is a :class:`TournamentFileError` in the TD's words, raised before anything
    is yielded.
    """
    if is_database_url(location):
        from tdapp.store.pg import open_server_tournament  # the venue code, only for a URL

        db = open_server_tournament(str(location))
        try:
            yield db
        finally:
            db.close()
        return
    source = Path(location)
    check_is_tournament_file(source)
    read_file_state(source)  # damage is refused here, in a TD's words, touching nothing
    with tempfile.TemporaryDirectory(prefix="tdapp-read-") as folder:
        private = Path(folder) / source.name
        try:
            copy_from_file(source, private)
        except BackupError as exc:
            raise TournamentFileError(str(exc)) from exc
        db = open_tournament_file(private)
        try:
            yield db
        finally:
            db.close()
