"""Helpers for tests that prove a file was left as it was (a refused open, a read-only copy)."""

from __future__ import annotations

import hashlib
from pathlib import Path


def folder_state(folder: Path) -> dict[str, str]:
    """Every file below ``folder`` with the SHA-256 of its bytes."""
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }
