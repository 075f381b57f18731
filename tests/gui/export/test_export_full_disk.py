"""Issue 17: an export to a full disk says in the window where and why it was not written."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog


@pytest.fixture
def full_disk(tmp_path: Path):
    folder = tmp_path / "full-disk"
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(folder)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"a small disk cannot be mounted here: {mounted.stderr.strip()}")
    stats = os.statvfs(folder)
    (folder / "filler").write_bytes(b"\0" * (stats.f_bavail * stats.f_frsize))
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


def test_a_workbook_on_a_full_disk_says_where_and_why(demo_main, qtbot, dialog_answers,
                                                      monkeypatch, full_disk: Path) -> None:
    target = full_disk / "results.xlsx"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(target), "")))
    exports = demo_main.exports
    exports.actions.workbook.trigger()
    qtbot.waitUntil(lambda: not exports.busy, timeout=30000)
    kind, title, text = dialog_answers.shown[-1]
    assert (kind, title) == ("warning", "The export could not be written")
    assert text.startswith(f"Cannot write {target}: the disk is full (the disk {full_disk}")
    assert sorted(p.name for p in full_disk.iterdir()) == ["filler"]
