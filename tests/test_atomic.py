"""tdapp's one way of replacing a file (``tdapp.atomic``): whole or not at all, flushed, an
ordinary document readable like any file, a private one (passwords, keys, a station's journal,
snapshots) readable by this account alone from its first byte, and nothing left behind."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from tdapp import atomic
from tdapp.atomic import atomic_path, write_atomically

POSIX_ONLY = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permission bits")


@POSIX_ONLY
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


@POSIX_ONLY
def test_a_private_file_is_0600_from_its_creation_to_its_rename(tmp_path: Path) -> None:
    """No moment at which another account could read the new contents: the temporary file is
    already 0600 while it is written, and the file stays 0600 when it replaces an old 0644 one."""
    target = tmp_path / "venue.json"
    target.write_text("old", encoding="utf-8")
    os.chmod(target, 0o644)
    seen: list[int] = []
    old = os.umask(0o022)
    try:
        with atomic_path(target, private=True) as temporary:
            seen.append(stat.S_IMODE(temporary.stat().st_mode))
            temporary.write_text('{"password": "s3cret"}', encoding="utf-8")
            seen.append(stat.S_IMODE(temporary.stat().st_mode))
    finally:
        os.umask(old)
    assert seen == [0o600, 0o600]
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert target.read_text(encoding="utf-8") == '{"password": "s3cret"}'


def test_the_contents_are_whole_and_the_file_and_folder_are_flushed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file is flushed before its rename and (POSIX) the folder after it, so the rename
    survives a power cut."""
    flushed: list[str] = []
    real = atomic.sync_to_disk

    def recording(path: Path | str) -> None:
        flushed.append("folder" if Path(path).is_dir() else "file")
        real(path)

    monkeypatch.setattr(atomic, "sync_to_disk", recording)
    target = tmp_path / "season.json"
    text = "é" * 100_000
    write_atomically(target, text)
    assert target.read_text(encoding="utf-8") == text
    assert flushed == ["file", "folder"]
    write_atomically(target, b"\x00\x01")
    assert target.read_bytes() == b"\x00\x01"
    assert [p.name for p in tmp_path.iterdir()] == ["season.json"]


def test_a_write_that_fails_leaves_the_old_file_and_no_temporary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk (the flush fails) or a failed rename: the old contents stay, whole."""
    target = tmp_path / "kept.outbox.json"
    write_atomically(target, "[1]", private=True)

    def full(_path: Path | str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic, "sync_to_disk", full)
    with pytest.raises(OSError, match="No space"):
        write_atomically(target, "[1, 2]", private=True)
    assert target.read_text(encoding="utf-8") == "[1]"
    assert [p.name for p in tmp_path.iterdir()] == ["kept.outbox.json"]


def test_the_folder_is_made_when_missing(tmp_path: Path) -> None:
    target = tmp_path / "new" / "deeper" / "keys.json"
    write_atomically(target, "{}", private=True)
    assert target.read_text(encoding="utf-8") == "{}"
