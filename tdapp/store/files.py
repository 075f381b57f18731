"""Create and open tournament files, refusing anything that is not one, with words a TD reads.

Opening checks, in an order that leaves a refused file exactly as it was on disk (same bytes, no
``-wal``/``-shm`` files, no lock file): the header says SQLite and tdapp; the file can be written
(and its disk has room); no other running copy holds it; SQLite's ``integrity_check`` finds no
damage and every row reads through the program's own column types (``store.integrity``), with a
``-wal`` of another database named as the culprit; the schema revision is one this version knows.
Only then is the lock taken. A file from an older version is backed up (into its snapshots
folder) and then migrated, so a damaged file never leaves a "before upgrade" copy.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

from tdapp.store import migrate
from tdapp.store.backup import BackupError, readonly_connection
from tdapp.store.database import (
    APPLICATION_ID,
    SQLITE_HEADER,
    TournamentDb,
    TournamentFileError,
    make_engine,
)
from tdapp.store.filesystems import refuse_network_file
from tdapp.store.integrity import Damage, check_pages, check_rows
from tdapp.store.lock import FileLocked, TournamentLock
from tdapp.store.snapshots import list_snapshots, snapshot_closed_file, snapshot_dir
from tdapp.store.space import MIN_FREE_TO_OPEN, cannot_open, free_bytes, is_disk_full

TOURNAMENT_SUFFIX = ".tdt"
_NOTHING_CHANGED = "Nothing was changed."


def _locked_message(path: Path, error: FileLocked) -> str:
    holder = error.holder.describe() if error.holder else str(error)
    return (f"{path.name} is already open in tdapp: {holder}. Close it there first, "
            f"or open a copy of it.")


def refuse_if_locked(path: Path) -> None:
    """Refuse a file another running copy holds, before reading it."""
    try:
        TournamentLock.check_free(path)
    except FileLocked as exc:
        raise TournamentFileError(_locked_message(path, exc)) from exc


def acquire_lock(path: Path) -> TournamentLock:
    try:
        return TournamentLock.acquire(path)
    except FileLocked as exc:
        raise TournamentFileError(_locked_message(path, exc)) from exc
    except OSError as exc:
        if is_disk_full(exc):
            raise TournamentFileError(cannot_open(path)) from exc
        raise TournamentFileError(
            f"{path.name} cannot be opened for editing: the folder {path.parent} does not let "
            f"tdapp write beside it ({exc.strerror}). Copy the file to a folder of your own."
        ) from exc


def create_tournament_file(path: Path) -> TournamentDb:
    """A new, empty tournament file at ``path`` (which must not exist yet), open and locked."""
    path = Path(path)
    if path.exists():
        raise TournamentFileError(f"{path.name} already exists; choose another name.")
    refuse_network_file(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TournamentFileError(
            f"The folder {path.parent} cannot be made: {exc.strerror}."
        ) from exc
    lock = acquire_lock(path)
    try:
        schema_engine = migrate.migration_engine(path)
        try:
            migrate.create_schema(schema_engine)
        finally:
            schema_engine.dispose()
        return TournamentDb(path, make_engine(path), lock=lock)
    except BaseException:
        lock.release()
        for leftover in (path, path.with_name(path.name + "-wal"),
                         path.with_name(path.name + "-shm")):
            leftover.unlink(missing_ok=True)
        raise


def check_is_tournament_file(path: Path) -> None:
    """Raise TournamentFileError unless ``path`` looks like a tdapp tournament file."""
    path = Path(path)
    if not path.exists():
        raise TournamentFileError(f"There is no file {path}.")
    if path.is_dir():
        raise TournamentFileError(f"{path.name} is a folder, not a tournament file.")
    try:
        with path.open("rb") as handle:
            header = handle.read(100)
    except OSError as exc:
        raise TournamentFileError(f"{path.name} cannot be read: {exc.strerror}.") from exc
    if not header.startswith(SQLITE_HEADER):
        raise TournamentFileError(f"{path.name} is not a tdapp tournament file.")
    if len(header) < 72 or int.from_bytes(header[68:72], "big") != APPLICATION_ID:
        raise TournamentFileError(
            f"{path.name} is a database, but not a tdapp tournament file."
        )


def check_writable(path: Path) -> None:
    """Refuse, before anything is written, a file the program could read but never save to
    (read-only, or on a disk with no room left for the next edit)."""
    free = free_bytes(path)
    if free is not None and free < MIN_FREE_TO_OPEN:
        raise TournamentFileError(cannot_open(path))
    if not os.access(path, os.W_OK):
        raise TournamentFileError(
            f"{path.name} is read-only, and tdapp saves every edit into the file as it is made. "
            f"Copy it to a folder of your own (or remove its read-only mark) and open the copy. "
            f"{_NOTHING_CHANGED}"
        )


def _open_engine(path: Path) -> Engine:
    """The engine for editing, with its first connection made now so a failure shows here."""
    engine = make_engine(path)
    try:
        with engine.connect() as connection:
            connection.exec_driver_sql("SELECT count(*) FROM tournament").scalar()
    except SQLAlchemyError as exc:
        engine.dispose()
        if is_disk_full(exc):
            raise TournamentFileError(cannot_open(path)) from exc
        detail = " ".join(str(getattr(exc, "orig", None) or exc).split())
        raise TournamentFileError(f"{path.name} cannot be opened for editing ({detail}).") from exc
    return engine


@dataclass(frozen=True)
class FileState:
    """What a read-only look at a tournament file found."""

    revision: str | None
    tables: frozenset[str]


def restore_advice(path: Path) -> str:
    """Which snapshot to restore, by name, when the file has any."""
    try:
        snapshots = list_snapshots(path)
    except OSError:
        snapshots = []
    folder = snapshot_dir(path).name
    if snapshots:
        return (f"Restore the latest snapshot, \"{snapshots[0].path.name}\" in the folder "
                f"\"{folder}\" (File > Restore snapshot), or a copy you saved.")
    return (f"Restore the latest snapshot from the folder \"{folder}\" (it has none yet), or "
            f"a copy you saved.")


def _one_line(detail: str, limit: int = 240) -> str:
    text = " ".join(detail.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _damaged(path: Path, detail: str) -> TournamentFileError:
    detail = _one_line(detail)
    return TournamentFileError(
        f"{path.name} is damaged and cannot be opened ({detail}). {_NOTHING_CHANGED} "
        f"{restore_advice(path)}"
    )


def _foreign_wal(path: Path, detail: str) -> TournamentFileError:
    wal = path.with_name(path.name + "-wal")
    detail = _one_line(detail, 160)
    return TournamentFileError(
        f"{path.name} cannot be opened: the file {wal.name} beside it does not belong to it "
        f"(it holds edits of another database, or is damaged: {detail}). {_NOTHING_CHANGED} "
        f"Move {wal.name} out of the folder and open {path.name} again; it then opens as it "
        f"was when last closed properly."
    )


def _look(connection: sqlite3.Connection, path: Path) -> FileState:
    """Pages, rows and revision of an open read-only connection (raises Damage)."""
    check_pages(connection)
    tables = frozenset(row[0] for row in connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'"))
    revision = None
    if migrate.VERSION_TABLE in tables:
        row = connection.execute(f"SELECT version_num FROM {migrate.VERSION_TABLE}").fetchone()
        revision = row[0] if row else None
    if revision is None and "tournament" in tables:
        revision = migrate.UNVERSIONED_REVISION
    if revision is not None and "tournament" in tables:
        check_rows(lambda: connection, tables)
    return FileState(revision, tables)


def _state_without_wal(path: Path) -> FileState | None:
    """The file read alone, ignoring its -wal (None when that is damaged too)."""
    uri = f"{path.resolve().as_uri()}?immutable=1"
    try:
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as connection:
            state = _look(connection, path)
    except (sqlite3.DatabaseError, Damage, ValueError):
        return None
    return state if state.revision is not None else None


def read_file_state(path: Path) -> FileState:
    """Check the file for damage and read its revision, writing nothing on disk."""
    path = Path(path)
    try:
        with readonly_connection(path) as connection:
            state = _look(connection, path)
    except (sqlite3.DatabaseError, Damage, BackupError, ValueError) as exc:
        # ValueError: SQLite's own message about a damaged schema may not even be UTF-8
        detail = str(exc) if not isinstance(exc, UnicodeDecodeError) else "unreadable schema"
        if path.with_name(path.name + "-wal").exists() and _state_without_wal(path):
            raise _foreign_wal(path, detail) from exc
        raise _damaged(path, detail) from exc
    if state.revision is None and path.with_name(path.name + "-wal").exists() \
            and _state_without_wal(path):
        raise _foreign_wal(path, "the tournament is missing with it")
    return state


def check_revision(path: Path, state: FileState) -> None:
    if state.revision is None:
        raise TournamentFileError(
            f"{path.name} is marked as a tdapp file but holds no tournament. {_NOTHING_CHANGED}"
        )
    if state.revision not in migrate.known_revisions():
        raise TournamentFileError(
            f"{path.name} was saved by a newer version of tdapp (file format "
            f"{state.revision!r}, this version knows up to {migrate.head_revision()!r}). "
            f"Open it with that newer version, or update tdapp. {_NOTHING_CHANGED}"
        )


def backup_before_upgrade(path: Path, revision: str) -> Path:
    """A copy of the file as it is, before a migration changes it (in its snapshots folder)."""
    try:
        return snapshot_closed_file(path, f"before upgrade from {revision}").path
    except (BackupError, OSError) as exc:
        raise TournamentFileError(
            f"{path.name} comes from an older version of tdapp and must be upgraded, but the "
            f"backup before the upgrade failed: {exc} {_NOTHING_CHANGED}"
        ) from exc


def open_tournament_file(path: Path, *, lock: TournamentLock | None = None) -> TournamentDb:
    """Open an existing tournament file; changes nothing on disk if it cannot be opened.

    ``lock``: one already held on this file (a restore keeps it across close and reopen).
    """
    path = Path(path)
    check_is_tournament_file(path)
    refuse_network_file(path)
    check_writable(path)
    if lock is None:
        refuse_if_locked(path)
    # Read-only checks before locking, so a refused file does not see a lock file come and go.
    state = read_file_state(path)
    check_revision(path, state)
    held = lock or acquire_lock(path)
    try:
        if state.revision != migrate.head_revision():
            backup = backup_before_upgrade(path, state.revision or "")
            try:
                migrate.upgrade_to_head(path)
            except Exception as exc:
                detail = " ".join(str(getattr(exc, "orig", None) or exc).split())
                raise TournamentFileError(
                    f"{path.name} could not be upgraded from an older version of tdapp "
                    f"({detail}). "
                    f"The file was left as it was; a copy is in {backup}."
                ) from exc
        return TournamentDb(path, _open_engine(path), lock=held)
    except BaseException:
        if lock is None:
            held.release()
        raise
