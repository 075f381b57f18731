"""Reading a tournament file (or a venue server's database) from the command line without
disturbing it.

``tdapp standings`` and ``tdapp export`` work on a private copy made with the SQLite backup API,
so they run while the program has the file open and never change it (not even by upgrading it).
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tdapp.commands.jsonio import BadInput
from tdapp.store.backup import BackupError, copy_from_file
from tdapp.store.database import TournamentDb, TournamentFileError
from tdapp.store.files import (
    check_is_tournament_file,
    open_tournament_file,
    read_file_state,
)
from tdapp.store.pg import is_database_url, open_server_tournament


@contextmanager
def _server_tournament(url: str) -> Iterator[TournamentDb]:
    """A venue server's tournament, read where it is (the server keeps readers and writers
    apart)."""
    try:
        db = open_server_tournament(url)
    except TournamentFileError as exc:
        raise BadInput(str(exc), "FILE") from exc
    try:
        yield db
    finally:
        db.close()


@contextmanager
def tournament_for_reading(path: str) -> Iterator[TournamentDb]:
    if is_database_url(path):
        with _server_tournament(path) as db:
            yield db
        return
    source = Path(path)
    try:
        check_is_tournament_file(source)
        read_file_state(source)  # damage is refused here, in a TD's words, touching nothing
    except TournamentFileError as exc:
        raise BadInput(str(exc), "FILE") from exc
    with tempfile.TemporaryDirectory(prefix="tdapp-read-") as folder:
        copy = Path(folder) / source.name
        try:
            copy_from_file(source, copy)
            db = open_tournament_file(copy)
        except (BackupError, TournamentFileError) as exc:
            raise BadInput(str(exc), "FILE") from exc
        try:
            yield db
        finally:
            db.close()
