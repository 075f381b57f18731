"""Write a file whole or not at all: the one way tdapp replaces a file on the disk.

A temporary file is made in the target's own folder (a rename never crosses disks), written,
flushed to the disk, renamed over the target in one step, and the folder flushed so that the
rename itself survives a power cut. A reader, a crash or a kill at any moment sees the old file
or the complete new one, never half of one, and a failure leaves no temporary file behind.

``private=True`` is for what only this account may read (passwords, secret keys, a station's
journal of what was typed offline, snapshots): the temporary file is created 0600, so there is
no moment at which the new contents are readable by others. Otherwise the file gets the
permissions a plain ``open()`` would have given (0666 less the umask), as a document the TD's
other programs and accounts read.

This module imports nothing of tdapp: every layer may use it.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

PRIVATE_MODE = 0o600


@contextmanager
def atomic_path(target: Path | str, *, private: bool = False,
                make_folder: bool = True) -> Iterator[Path]:
    """Yield a temporary path beside ``target`` to write (by name: a PDF or workbook builder
    may open it itself); on success it replaces ``target`` in one step, durably. On an
    exception the target is as it was and the temporary file is gone. ``make_folder=False``
    for a folder the TD chose: one that is gone (a USB stick pulled out) is an error to show,
    not a folder to make again."""
    target = Path(target)
    if make_folder:
        target.parent.mkdir(parents=True, exist_ok=True)
    # mkstemp creates the file 0600 with O_EXCL: private from its first byte, never shared.
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    os.close(handle)
    temporary = Path(name)
    try:
        yield temporary
        sync_to_disk(temporary)
        os.chmod(temporary, PRIVATE_MODE if private else ordinary_mode())
        os.replace(temporary, target)
        sync_to_disk(target.parent)  # the rename itself durable
    finally:
        temporary.unlink(missing_ok=True)


def write_atomically(target: Path | str, data: bytes | str, *, private: bool = False) -> None:
    """Replace ``target`` with ``data`` (text is written as UTF-8), whole or not at all."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    with atomic_path(target, private=private) as temporary, open(temporary, "wb") as out:
        out.write(raw)


def sync_to_disk(path: Path | str) -> None:
    """Flush a file, or a folder after a rename in it, to the disk (a folder: POSIX only)."""
    if os.name == "nt" and Path(path).is_dir():
        return  # Windows cannot open a folder to flush it; NTFS journals the rename
    # Windows flushes only a handle open for writing.
    fd = os.open(path, (os.O_RDWR | getattr(os, "O_BINARY", 0)) if os.name == "nt" else os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def ordinary_mode() -> int:
    """0o666 less the process umask, as a plain open() would have given."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def create_private(path: Path | str) -> None:
    """Create ``path`` empty and 0600 when it does not exist (for a file another library then
    writes by name, such as an SQLite copy: it keeps the mode it finds)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_MODE)
    os.close(fd)
    os.chmod(path, PRIVATE_MODE)  # O_CREAT's mode is ignored for a file that existed
