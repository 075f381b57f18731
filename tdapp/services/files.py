"""File > New, Open, Save a copy as, Close: the tournament file as the TD handles it.

Every refusal is a TournamentFileError whose message is written for the TD, and a refused open
leaves the file exactly as it was.
"""

from __future__ import annotations

import os
from pathlib import Path

from tdapp.services.changes import ServiceError
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.backup import BackupError, copy_from_engine
from tdapp.store.database import TournamentDb, TournamentFileError
from tdapp.store.files import TOURNAMENT_SUFFIX, open_tournament_file
from tdapp.store.lock import FileLocked, TournamentLock
from tdapp.store.server_address import is_database_url

__all__ = [
    "TOURNAMENT_SUFFIX",
    "FileLocked",  # the GUI's demo checks no other copy holds the file (store.lock)
    "TournamentFileError",
    "TournamentLock",
    "close_tournament",
    "create_new_tournament",
    "open_tournament",
    "save_copy_as",
    "with_tournament_suffix",
]


def with_tournament_suffix(path: Path | str) -> Path:
    """``Spring Open`` and ``Open 2.0`` become ``Spring Open.tdt`` and ``Open 2.0.tdt``."""
    path = Path(path)
    if path.suffix.lower() == TOURNAMENT_SUFFIX:
        return path
    return path.with_name(path.name + TOURNAMENT_SUFFIX)


def open_tournament(path: Path | str) -> TournamentDb:
    """Open a tournament file for editing (upgrading it, after a backup, if it is older), or a
    venue server's tournament given its database URL."""
    if is_database_url(path):
        from tdapp.store.pg import open_server_tournament  # the venue code, only for a URL

        return open_server_tournament(str(path))
    return open_tournament_file(Path(path))


def create_new_tournament(path: Path | str, info: TournamentInfo) -> TournamentDb:
    """File > New: write the tournament file with its rounds planned, and return it open
    (or, given a venue server's database URL, the tournament in that database)."""
    location: Path | str = str(path) if is_database_url(path) else with_tournament_suffix(path)
    try:
        return create_tournament(location, info)
    except ServiceError as exc:
        raise TournamentFileError(str(exc)) from exc


def close_tournament(db: TournamentDb) -> None:
    """Close the file: every edit is already committed; this releases it for other copies."""
    if not db.closed:
        db.close()


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def save_copy_as(db: TournamentDb, target_path: Path | str) -> Path:
    """Write a complete tournament file with everything committed so far (the open one stays
    the one being edited). An existing file at ``target_path`` is replaced, unless it is open."""
    target = with_tournament_suffix(target_path)
    if target.resolve() == db.path.resolve() or _same_file(target, db.path):
        raise TournamentFileError(
            f"{target.name} is the file you are working in; choose another name for the copy."
        )
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target_lock = TournamentLock.acquire(target)
    except FileLocked as exc:
        raise TournamentFileError(
            f"{target.name} is open in tdapp ({exc}); close it there or choose another name."
        ) from exc
    except OSError as exc:
        raise TournamentFileError(f"Cannot write in {target.parent}: {exc.strerror}.") from exc
    try:
        # Leftovers of a crashed session on the replaced file would be replayed into the copy.
        for leftover in ("-wal", "-shm", "-journal"):
            target.with_name(target.name + leftover).unlink(missing_ok=True)
        copy_from_engine(db.engine, target)
    except BackupError as exc:
        raise TournamentFileError(str(exc)) from exc
    except OSError as exc:
        raise TournamentFileError(f"Cannot replace {target.name}: {exc.strerror}.") from exc
    finally:
        target_lock.release()
    return target
