"""Helpers for tests that start a real PostgreSQL venue server."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def server_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder for a venue server's data, removed afterwards.

    Run as root, PostgreSQL runs as another account that must reach the folder; pytest keeps
    its own base folder (/tmp/pytest-of-root) closed to others and closes it again whenever any
    pytest run starts, so as root the folder is made in the system temporary folder instead.
    """
    if sys.platform == "win32" or os.geteuid() != 0:
        yield tmp_path / "server"
        return
    folder = Path(tempfile.mkdtemp(prefix="tdapp-test-venue-"))
    try:
        yield folder / "server"
    finally:
        shutil.rmtree(folder, ignore_errors=True)
