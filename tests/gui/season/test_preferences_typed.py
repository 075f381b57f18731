"""Issue 24 item 11: preferred semi-final rounds typed "2 3" were read as 23, and editing the
preferences in the invitation list printed Qt's warning "commitData called with an editor that
does not belong to this view" (the list was refilled under the open editor)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox

from tdapp.services import season as season_service

from .test_season_more import season_file

PREFERRED = 4  # the invitation list's column of preferred rounds


def _type_preference(qtbot, window, row: int, text: str) -> None:
    """As a TD does: F2 on the cell, the text typed, Enter."""
    table = window.invitations_table
    window.tabs.setCurrentWidget(table)
    window.activateWindow()
    index = table.model().index(row, PREFERRED)
    table.setCurrentIndex(index)
    table.setFocus()
    table.edit(index)
    editor = table.viewport().findChild(QLineEdit)
    assert editor is not None
    editor.setFocus()
    editor.selectAll()  # typed over what the cell held
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    QApplication.processEvents()


@pytest.mark.parametrize("typed", ["2 3", "2, 3", "2,3", "2 and 3", "2;3"])
def test_rounds_typed_with_spaces_are_two_rounds(main, tmp_path: Path, qtbot, qtlog,
                                                 typed: str) -> None:
    path = season_file(tmp_path)
    assert main.season.load(path)
    window = main.season.window
    row = 20
    player = window.invitations.row_at(row).invitation.player
    _type_preference(qtbot, window, row, typed)
    assert season_service.load_season(path).semifinal.preferences[player] == (2, 3)
    assert window.invitations.row_at(row).preferred == "2, 3"
    # a second edit of the refilled list, the same way
    _type_preference(qtbot, window, row + 1, "3")
    commit = [m.message for m in qtlog.records if "commitData" in m.message]
    assert not commit, commit


def test_words_that_are_not_rounds_are_refused(main, tmp_path: Path, qtbot,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, _title, text, *a, **k: warnings.append(text))
    path = season_file(tmp_path)
    assert main.season.load(path)
    window = main.season.window
    player = window.invitations.row_at(20).invitation.player
    before = season_service.load_season(path).semifinal.preferences.get(player)
    _type_preference(qtbot, window, 20, "23")
    assert warnings and "1, 2 or 3" in warnings[-1]  # "23" is no round: said in words
    assert season_service.load_season(path).semifinal.preferences.get(player) == before
