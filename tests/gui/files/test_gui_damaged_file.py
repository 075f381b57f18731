"""Issue 17: opening a damaged tournament file in the window shows one message in a TD's words
and no unhandled exception (pytest-qt fails a test on any exception raised in a slot)."""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
from pathlib import Path

import pytest


def _damaged_copy(demo_file: Path, tmp_path: Path, how: str) -> Path:
    path = tmp_path / "damaged.tdt"
    shutil.copy(demo_file, path)
    if how == "bad date":
        with contextlib.closing(sqlite3.connect(path)) as connection:
            connection.execute("UPDATE audit_entry SET at = 'not a date' WHERE id = 3")
            connection.commit()
    elif how == "bad json":
        with contextlib.closing(sqlite3.connect(path)) as connection:
            connection.execute("UPDATE audit_entry SET after = '{\"name\": ' WHERE id = 2")
            connection.commit()
    elif how == "bad utf-8":
        with contextlib.closing(sqlite3.connect(path)) as connection:
            connection.execute("UPDATE player SET name = CAST(X'416EFF6E' AS TEXT) WHERE id = 4")
            connection.commit()
    else:  # truncated
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2])
    return path


@pytest.mark.parametrize("how", ["bad date", "bad json", "bad utf-8", "truncated"])
def test_a_damaged_file_is_one_message_in_words(main, qtbot, dialog_answers, demo_file: Path,
                                                tmp_path: Path, how: str) -> None:
    path = _damaged_copy(demo_file, tmp_path, how)
    before = path.read_bytes()
    assert main.app.open_file(path) is False
    qtbot.wait(50)  # let any queued view refresh run: none may raise
    assert len(dialog_answers.shown) == 1, dialog_answers.shown
    kind, title, text = dialog_answers.shown[0]
    assert (kind, title) == ("warning", "Cannot open this file")
    assert "damaged.tdt is damaged and cannot be opened" in text
    assert "Nothing was changed" in text and "Restore" in text
    assert main.app.db is None
    assert path.read_bytes() == before
