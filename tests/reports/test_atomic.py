"""Exports are written atomically and end up with ordinary file permissions."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from tdapp.reports.atomic import atomic_path


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permission bits")
def test_an_export_is_readable_like_any_file_not_private(tmp_path: Path) -> None:
    """QA: every PDF, workbook and CSV came out -rw------- (mkstemp's private mode)."""
    target = tmp_path / "standings.pdf"
    old = os.umask(0o022)
    try:
        with atomic_path(target) as temporary:
            temporary.write_bytes(b"%PDF-1.4\n")
    finally:
        os.umask(old)
    assert target.read_bytes() == b"%PDF-1.4\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["standings.pdf"]  # no .part left behind


def test_a_failed_export_leaves_the_old_file_and_no_part(tmp_path: Path) -> None:
    target = tmp_path / "standings.pdf"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError), atomic_path(target) as temporary:
        temporary.write_bytes(b"half")
        raise RuntimeError("cancelled")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["standings.pdf"]
