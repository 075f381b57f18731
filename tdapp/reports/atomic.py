"""Write a file so that a reader sees the old one or the complete new one, never half of it."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path beside ``target``; on success it replaces ``target`` in one step."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    os.close(handle)
    temporary = Path(name)
    try:
        yield temporary
        with open(temporary, "rb+") as written:
            os.fsync(written.fileno())
        # mkstemp makes the file private (0600); an export is an ordinary document that the
        # TD's other programs and accounts must read, so it gets the usual permissions.
        os.chmod(temporary, _ordinary_mode())
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)


def _ordinary_mode() -> int:
    """0o666 less the process umask, as a plain open() would have given."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask
