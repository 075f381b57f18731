"""Tournament-file operations for the GUI: the ``tdapp.services.files`` service when present,
otherwise the store's own functions (the same behaviour with fewer checks)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from tdapp.services.changes import ServiceError
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.database import TournamentDb, TournamentFileError
from tdapp.store.files import open_tournament_file

try:  # the file service arrives with the data-safety work
    from tdapp.services import files as _files
except ImportError:  # pragma: no cover - depends on the state of the services layer
    _files = None  # type: ignore[assignment]

_errors: list[type[BaseException]] = [ServiceError, TournamentFileError]
if _files is not None and hasattr(_files, "TournamentFileError"):
    _errors.append(_files.TournamentFileError)
FILE_ERRORS: tuple[type[BaseException], ...] = tuple(_errors)


def open_tournament(path: Path) -> TournamentDb:
    if _files is not None:
        return _files.open_tournament(path)
    return open_tournament_file(path)


def create_new_tournament(path: Path, info: TournamentInfo) -> TournamentDb:
    if _files is not None:
        return _files.create_new_tournament(path, info)
    return create_tournament(path, info)


def close_tournament(db: TournamentDb) -> None:
    if _files is not None:
        _files.close_tournament(db)
    else:
        db.close()


def save_copy_as(db: TournamentDb, target: Path) -> Any:
    if _files is not None:
        return _files.save_copy_as(db, target)
    if target.resolve() == db.path.resolve():
        raise ServiceError("A copy cannot replace the open file itself; choose another name.")
    # The SQLite backup API copies a consistent state even while the file is in use.
    with closing(sqlite3.connect(db.path)) as source, closing(sqlite3.connect(target)) as copy:
        source.backup(copy)
    return target
