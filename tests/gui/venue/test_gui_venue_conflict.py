"""The conflict message on a station: who changed the board and when, theirs and yours side by
side, and the TD's choice (keep theirs, save mine over theirs, copy mine) — on a real venue
server, two stations, offscreen.

Issue 16: "Two people changing the same thing: the second is told, in words, who changed what
and when, and shown both versions [...]; nothing typed is lost."
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from tdapp.gui.operations import OperationRunner
from tdapp.gui.venue import conflict
from tdapp.services.changes import Change, StaleEdit
from tdapp.services.results import record_result
from tests.gui import screens
from tests.venue_stations import THEIRS, YOURS, centres, finished_board

pytestmark = pytest.mark.postgres


def screenshot_folder(tmp_path: Path) -> Path:
    """Where a screenshot goes: the test's own folder (kept with --keep-screens)."""
    return screens.folder("venue")


@pytest.fixture
def runner(qtbot):
    window = QWidget()
    qtbot.addWidget(window)
    operations = OperationRunner()
    operations.window = window
    seen: list[Change] = []
    operations.changed.connect(seen.append)
    operations.seen = seen  # type: ignore[attr-defined]
    return operations


def answer_conflict(monkeypatch, tmp_path: Path, button: str,
                    shown: list[conflict.ConflictDialog]) -> None:
    """Show the real dialog, keep a screenshot, press ``button`` ("keep", "save", "copy+keep")."""
    def exec_(dialog: conflict.ConflictDialog) -> int:
        dialog.show()
        QApplication.processEvents()
        dialog.grab().save(str(screenshot_folder(tmp_path) / "venue-conflict.png"))
        shown.append(dialog)
        if "copy" in button:
            dialog.copy_button.click()
        (dialog.save_button if button == "save" else dialog.keep_button).click()
        return dialog.result()

    monkeypatch.setattr(conflict.ConflictDialog, "exec", exec_)


def second_entry_refused(pair) -> tuple[int, StaleEdit]:
    first, second = pair
    board_id, seen = finished_board(first)
    record_result(first, board_id, THEIRS, expected_version=seen)
    with pytest.raises(StaleEdit) as refused:
        record_result(second, board_id, YOURS, expected_version=seen)
    return board_id, refused.value


def test_the_conflict_dialog_shows_who_and_both_results_and_saves_mine(
        runner, stations, monkeypatch, tmp_path: Path) -> None:
    board_id, stale = second_entry_refused(stations)
    shown: list[conflict.ConflictDialog] = []
    answer_conflict(monkeypatch, tmp_path, "save", shown)
    runner.show_failure(stale)
    dialog = shown[0]
    assert dialog.windowTitle() == "Someone else changed this first"
    words = " ".join(label.text() for label in dialog.findChildren(conflict.QLabel))
    assert "changed by someone else by ann on desk-1 at " in words
    table = dialog.table
    assert [table.horizontalHeaderItem(c).text() for c in (1, 2)] == [
        "Theirs (saved)", "Yours (not saved)"]
    austria = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == "Austria")
    assert (table.item(austria, 1).text(), table.item(austria, 2).text()) == ("10", "9")
    assert table.item(austria, 1).font().bold()  # where they differ stands out
    assert centres(stations[0], board_id)["AUSTRIA"] == 9  # mine saved over theirs
    assert any(change.results for change in runner.seen)  # every view rereads


def test_keeping_theirs_leaves_theirs_and_mine_is_on_the_clipboard(
        runner, stations, monkeypatch, tmp_path: Path) -> None:
    board_id, stale = second_entry_refused(stations)
    shown: list[conflict.ConflictDialog] = []
    answer_conflict(monkeypatch, tmp_path, "copy+keep", shown)
    runner.show_failure(stale)
    assert shown[0].result() == QDialog.DialogCode.Rejected
    assert centres(stations[0], board_id)["AUSTRIA"] == 10
    clipboard = QApplication.clipboard().text()
    assert "Austria: 9" in clipboard and "England: 9" in clipboard  # nothing typed is lost
