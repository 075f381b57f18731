"""Snapshots at round boundaries and on demand, and restoring one.

A snapshot is a complete tournament file in the folder "<name> snapshots/" beside the tournament,
written with SQLite's backup API. Restoring first snapshots the present state ("before restore"),
so a restore can itself be undone by restoring that one.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import sqlite3
from pathlib import Path

from sqlalchemy import func, select

from tdapp.services.changes import ServiceError
from tdapp.services.clock_secret import file_clock
from tdapp.store.backup import BackupError, copy_into_file
from tdapp.store.copying import snapshot_server
from tdapp.store.database import TournamentDb, TournamentFileError
from tdapp.store.files import (
    acquire_lock,
    check_is_tournament_file,
    check_revision,
    open_tournament_file,
    read_file_state,
)
from tdapp.store.lock import TournamentLock
from tdapp.store.models import Round
from tdapp.store.snapshots import (
    Snapshot,
    read_snapshot,
    snapshot_closed_file,
    snapshot_dir,
    snapshot_name,
    write_snapshot,
)
from tdapp.store.snapshots import list_snapshots as _list_snapshots

__all__ = ["Snapshot", "current_round", "list_snapshots", "restore_snapshot", "snapshot_dir",
           "take_snapshot"]

BEFORE_RESTORE = "before restore"


def current_round(db: TournamentDb) -> int | None:
    """The latest round that has left the "planned" state (None before round 1 is called)."""
    with db.read() as session:
        return session.scalar(select(func.max(Round.number)).where(Round.status != "planned"))


def take_snapshot(db: TournamentDb, reason: str, round_number: int | None = None) -> Snapshot:
    """Snapshot the tournament as committed now (round services call this at each boundary:
    e.g. ``take_snapshot(db, "before seating round 2", 2)``; the TD can take one at any time).
    A venue server's tournament is snapshotted into a ``.tdt`` file on this laptop."""
    if db.on_server:
        return _snapshot_server(db, reason.strip() or "on demand", round_number)
    with db.engine.connect() as connection:
        raw = connection.connection.driver_connection
        if not isinstance(raw, sqlite3.Connection):
            raise ServiceError("Snapshots are copies of a tournament file; this tournament is "
                               "not a file on this computer.")
        try:
            return write_snapshot(raw, db.path, reason.strip() or "on demand", round_number)
        except BackupError as exc:
            raise ServiceError(f"The snapshot could not be written: {exc}") from exc
        except OSError as exc:
            raise ServiceError(
                f"The snapshot folder {snapshot_dir(db.path)} cannot be written: {exc.strerror}."
            ) from exc


def _snapshot_server(db: TournamentDb, reason: str, round_number: int | None) -> Snapshot:
    try:
        return snapshot_server(db, reason, round_number, file_clock)
    except (BackupError, TournamentFileError) as exc:
        raise ServiceError(f"The snapshot could not be written: {exc}") from exc
    except OSError as exc:
        raise ServiceError(
            f"The snapshot folder {snapshot_dir(db.path)} cannot be written: {exc.strerror}."
        ) from exc


def list_snapshots(path: Path | str | TournamentDb) -> list[Snapshot]:
    """The snapshots of a tournament file, newest first (for the Restore dialog)."""
    return _list_snapshots(path.path if isinstance(path, TournamentDb) else Path(path))


def _check_snapshot(snapshot_path: Path) -> None:
    """Refuse a snapshot that is not a sound tournament file this version can read."""
    check_is_tournament_file(snapshot_path)
    check_revision(snapshot_path, read_file_state(snapshot_path))


def _set_aside_damaged(path: Path) -> Path:
    """Move a file that cannot be read out of the way (renamed, never deleted)."""
    now = dt.datetime.now().astimezone()
    folder = snapshot_dir(path)
    folder.mkdir(parents=True, exist_ok=True)
    # Not named *.tdt, so the Restore dialog never offers it; kept for whoever can repair it.
    name = snapshot_name(now, None, "damaged file set aside by a restore") + ".damaged"
    target = folder / name
    os.replace(path, target)
    for suffix in ("-wal", "-shm", "-journal"):
        leftover = path.with_name(path.name + suffix)
        if leftover.exists():
            os.replace(leftover, target.with_name(target.name + suffix))
    return target


def _snapshot_closed_file(path: Path) -> None:
    """The "before restore" snapshot of a file that is not open; a damaged one is set aside."""
    try:
        check_is_tournament_file(path)
        read_file_state(path)
    except TournamentFileError:
        _set_aside_damaged(path)
        return
    snapshot_closed_file(path, BEFORE_RESTORE)


def restore_snapshot(db_path: TournamentDb | Path | str, snapshot: Snapshot | Path | str
                     ) -> TournamentDb:
    """Replace the tournament with ``snapshot`` and return it open again.

    ``db_path``: the open tournament (it is closed; use the returned one from now on) or the
    path of a closed one, which may be damaged (it is then set aside in the snapshots folder).
    Refused with nothing changed if the snapshot is not a sound tournament file.
    """
    snapshot_path = Path(snapshot.path if isinstance(snapshot, Snapshot) else snapshot)
    _check_snapshot(snapshot_path)
    if isinstance(db_path, TournamentDb):
        db = db_path
        path = db.path
        take_snapshot(db, BEFORE_RESTORE, current_round(db))
        lock: TournamentLock | None = db.lock
        db.lock = None  # kept across the restore, so no other copy slips in
        db.close()
        if lock is None:
            lock = acquire_lock(path)
    else:
        path = Path(db_path)
        lock = acquire_lock(path)
        try:
            if path.exists():
                _snapshot_closed_file(path)
        except (BackupError, OSError) as exc:
            lock.release()
            raise TournamentFileError(
                f"Before restoring, the present state of {path.name} could not be kept: {exc}. "
                "Nothing was changed."
            ) from exc
    try:
        copy_into_file(snapshot_path, path)
        return open_tournament_file(path, lock=lock)
    except BackupError as exc:
        lock.release()
        raise TournamentFileError(
            f"{exc} The state before the restore is in \"{snapshot_dir(path).name}\"."
        ) from exc
    except BaseException:
        with contextlib.suppress(Exception):
            lock.release()
        raise


def describe(snapshot_path: Path) -> Snapshot | None:
    """What a snapshot file is (time, round, reason), e.g. for a file picked by hand."""
    return read_snapshot(snapshot_path)
