"""A full disk, said in a TD's words: which disk, how much room is left, how much is needed.

SQLite reports a full disk as ``database or disk is full`` (SQLITE_FULL) and the system as
``No space left on device`` (ENOSPC) or an exceeded quota (EDQUOT); either used to reach the TD
as a raw exception. The messages here name the disk by its mount point and the folder written.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
from pathlib import Path

# Below this much free room a tournament is not opened for editing: the first edits would fail.
MIN_FREE_TO_OPEN = 256 * 1024
# Room an edit asks for at least: the -wal grows by whole pages, and a checkpoint or snapshot
# needs about a copy of the file.
MIN_NEEDED = 1024 * 1024
_FULL_ERRNOS = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}


def is_disk_full(exc: BaseException) -> bool:
    """True for any form of "the disk is full" an exception (or its cause) carries."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, OSError) and current.errno in _FULL_ERRNOS:
            return True
        if isinstance(current, sqlite3.Error):
            code = getattr(current, "sqlite_errorcode", None)
            if code == sqlite3.SQLITE_FULL or "disk is full" in str(current):
                return True
        orig = getattr(current, "orig", None)
        current = orig if isinstance(orig, BaseException) else current.__cause__
    return False


def size_words(count: float) -> str:
    for unit, size in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if count >= size:
            return f"{count / size:.1f} {unit}"
    return f"{int(count)} bytes"


def mount_point(path: Path) -> Path:
    """The disk a path is on, as the mount point the system shows for it."""
    current = Path(os.path.abspath(path))
    while not current.exists() and current != current.parent:
        current = current.parent
    while not os.path.ismount(current) and current != current.parent:
        current = current.parent
    return current


def free_bytes(path: Path) -> int | None:
    try:
        return shutil.disk_usage(mount_point(path) if not Path(path).exists() else path).free
    except OSError:
        return None


def disk_words(folder: Path) -> str:
    """'the disk /media/usb (holding /media/usb/open), 12 KB free'."""
    folder = Path(folder)
    disk = mount_point(folder)
    free = free_bytes(folder)
    where = f"the disk {disk}" + (f" (holding {folder})" if folder != disk else "")
    return where + (f", {size_words(free)} free" if free is not None else "")


def needed_bytes(tournament: Path | None) -> int:
    """Room to ask the TD to free: at least a copy of the file (a snapshot), and 1 MB."""
    try:
        size = Path(tournament).stat().st_size if tournament is not None else 0
    except OSError:
        size = 0
    return max(MIN_NEEDED, size)


def edit_not_saved(tournament: Path, what: str) -> str:
    """The words for an edit refused because the disk filled up."""
    folder = Path(tournament).parent
    return (f"The disk is full: {disk_words(folder)}. The last edit ({what}) was not saved; "
            f"every edit before it is saved in {Path(tournament).name}. Free at least "
            f"{size_words(needed_bytes(tournament))} on that disk, then do the last edit again.")


def cannot_open(tournament: Path) -> str:
    folder = Path(tournament).parent
    return (f"{Path(tournament).name} cannot be opened for editing: the disk is full "
            f"({disk_words(folder)}). Free at least {size_words(needed_bytes(tournament))} "
            f"on that disk, or copy the file to another disk. Nothing was changed.")


def cannot_write(target: Path, exc: BaseException) -> str:
    """Why a document (an export, a demo file) could not be written, naming where."""
    target = Path(target)
    if is_disk_full(exc):
        return (f"cannot write {target}: the disk is full ({disk_words(target.parent)}); "
                f"free some space or choose another disk")
    reason = getattr(exc, "strerror", None) or " ".join(str(exc).split()) or type(exc).__name__
    return f"cannot write {target}: {reason}"
