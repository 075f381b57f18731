"""Copies of a tournament made with SQLite's online backup API, never with a file copy.

A file copy of a database in WAL mode can miss committed edits still in the ``-wal`` file, or
catch a page half-written; the backup API reads one consistent state through SQLite itself.
Every copy is written beside its target under a temporary name, checked, flushed to disk and
renamed into place, so a crash never leaves half a copy under the real name.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path

from sqlalchemy import Engine

from tdapp.atomic import create_private, sync_to_disk


class BackupError(Exception):
    """A copy could not be made or used; the message is for the TD."""


def readonly_uri(path: Path) -> str:
    """A URI that reads ``path`` without writing anything beside it.

    With no ``-wal`` file the database file is the whole truth, and ``immutable=1`` opens it
    without creating ``-wal``/``-shm`` files; with one (a crashed session) it must be read too.
    SQLite would read a missing file as an empty database: that is refused here.
    """
    path = Path(path).resolve()
    if not path.is_file():
        raise BackupError(f"There is no file {path}.")
    wal = path.with_name(path.name + "-wal")
    return f"{path.as_uri()}?{'mode=ro' if wal.exists() else 'immutable=1'}"


@contextlib.contextmanager
def readonly_connection(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to ``path`` that writes nothing beside it.

    With a ``-wal`` but no ``-shm`` beside the file, no program has it open (a live WAL
    connection always keeps a ``-shm``): the ``-wal`` is left from a crash, and reading it
    read-only would make SQLite create a ``-shm`` beside a file the reader may not write. Then
    the file and its ``-wal`` are read from a private copy instead.
    """
    path = Path(path)
    uri = readonly_uri(path)
    wal = path.with_name(path.name + "-wal")
    shm = path.with_name(path.name + "-shm")
    if not (wal.exists() and not shm.exists()):
        connection = sqlite3.connect(uri, uri=True)
        try:
            yield connection
        finally:
            connection.close()
        return
    with tempfile.TemporaryDirectory(prefix="tdapp-look-") as folder:
        copy = Path(folder) / "look.tdt"
        try:
            shutil.copyfile(path, copy)
            shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
        except OSError as exc:
            raise BackupError(f"Could not read {path.name}: {exc.strerror or exc}.") from exc
        connection = sqlite3.connect(f"{copy.resolve().as_uri()}?mode=ro", uri=True)
        try:
            yield connection
        finally:
            connection.close()


def copy_from_connection(source: sqlite3.Connection, target: Path, *,
                         private: bool = False) -> None:
    """Write the database behind ``source`` to ``target`` as one self-contained file;
    ``private``: readable by this account only (0600 from its creation, as a snapshot)."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        if private:  # SQLite writes into the file it finds, keeping its mode
            create_private(partial)
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy)
            # One file, no -wal beside it: a copy that can be mailed or put on a USB stick.
            copy.execute("PRAGMA journal_mode=DELETE")
            result = copy.execute("PRAGMA quick_check").fetchone()
        finally:
            copy.close()
        if not result or result[0] != "ok":
            raise BackupError(f"The copy {target.name} failed its check: {result}.")
        sync_to_disk(partial)
        os.replace(partial, target)
        sync_to_disk(target.parent)
    except sqlite3.Error as exc:
        raise BackupError(f"Could not write {target.name}: {exc}.") from exc
    except OSError as exc:
        raise BackupError(f"Could not write {target.name}: {exc.strerror or exc}.") from exc
    finally:
        partial.unlink(missing_ok=True)


def copy_from_engine(engine: Engine, target: Path) -> None:
    """Back up an open tournament (its engine's own connection sees every committed edit)."""
    with engine.connect() as connection:
        raw = connection.connection.driver_connection
        assert isinstance(raw, sqlite3.Connection)
        copy_from_connection(raw, target)


def copy_from_file(source: Path, target: Path) -> None:
    """Back up a tournament file without opening it for writing: a file this process has closed
    and locked (before a migration), or one another copy has open (``tdapp standings``)."""
    try:
        with readonly_connection(source) as connection:
            copy_from_connection(connection, target)
    except sqlite3.Error as exc:
        raise BackupError(f"Could not read {Path(source).name}: {exc}.") from exc


def copy_into_file(source: Path, target: Path) -> None:
    """Replace the contents of the closed database ``target`` with ``source``, in one
    transaction of the target (a crash leaves it either as it was or fully replaced)."""
    try:
        with (
            readonly_connection(source) as src,
            contextlib.closing(sqlite3.connect(target)) as dst,
        ):
            dst.execute("PRAGMA synchronous=FULL")
            src.backup(dst)
    except sqlite3.Error as exc:
        raise BackupError(f"Could not copy {Path(source).name} into {Path(target).name}: "
                          f"{exc}.") from exc
