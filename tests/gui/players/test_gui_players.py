"""The Players page: add, edit, withdraw, delete, search and sort, export; Undo / Redo."""

from __future__ import annotations

import csv
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from tdapp.gui.players.dialog import PlayerDialog
from tdapp.services import players as player_service


def _open_players(main, path: Path):
    assert main.files.open_path(path)
    main.window.show_page("Players")
    return main.window.players_page


def _active_player_dialog() -> PlayerDialog:
    dialogs = [w for w in QApplication.topLevelWidgets()
               if isinstance(w, PlayerDialog) and w.isVisible()]
    assert len(dialogs) == 1
    return dialogs[0]


def _names(page) -> list[str]:
    return [page.proxy.index(r, 0).data() for r in range(page.proxy.rowCount())]


def test_add_edit_withdraw_reinstate(main, qtbot, filled_file: Path) -> None:
    page = _open_players(main, filled_file)
    page.add_button.click()
    dialog = _active_player_dialog()
    assert dialog.local_status.count() == 4 and dialog.local_status.itemText(0) == \
        "Local board member"
    assert dialog.local_status.currentData() == "traveller", "the default, as in PlayerData"
    assert "never ranks" in dialog.not_competing.text()
    assert not dialog.not_competing.isChecked()
    dialog.name.setText("Zoe  Quinn")
    dialog.home_town.setText("Dublin")
    dialog.country.setText("Ireland")
    dialog.local_status.setCurrentIndex(dialog.local_status.findData("club_member"))
    dialog.not_competing.setChecked(True)
    dialog.email.setText("zoe@example.org")
    dialog.accept()
    assert "Zoe Quinn" in _names(page)
    assert page.selected().name == "Zoe Quinn", "the new player is selected"
    zoe = page.selected()
    assert (zoe.local_status, zoe.competing, zoe.email) == ("club_member", False, "zoe@example.org")
    row = _names(page).index("Zoe Quinn")
    assert page.proxy.index(row, 4).data() == "Local club member"
    assert page.proxy.index(row, 5).data() == "No — never ranks"

    page.edit_button.click()
    dialog = _active_player_dialog()
    assert dialog.name.text() == "Zoe Quinn" and dialog.not_competing.isChecked()
    dialog.club.setText("Dublin Diplomats")
    dialog.accept()
    assert page.selected().club == "Dublin Diplomats"

    assert page.withdraw_button.text() == "&Withdraw"
    page.withdraw_button.click()
    assert page.selected().withdrawn
    assert page.withdraw_button.text() == "&Reinstate"
    row = _names(page).index("Zoe Quinn")
    assert page.proxy.index(row, 0).data(Qt.ItemDataRole.ForegroundRole) is not None  # greyed
    assert "1 withdrawn" in page.count_label.text()
    page.withdraw_button.click()
    assert not page.selected().withdrawn


def test_player_dialog_refuses_bad_input_in_words(main, qtbot, filled_file: Path) -> None:
    page = _open_players(main, filled_file)
    page.add_button.click()
    dialog = _active_player_dialog()
    dialog.name.setText("Someone")
    dialog.email.setText("not-an-address")
    dialog.latitude.setText("north")
    dialog.accept()
    assert dialog.isVisible()
    assert "not an e-mail address" in dialog.problems.text()
    assert "Home latitude must be a number" in dialog.problems.text()
    dialog.reject()
    assert "Someone" not in _names(page)


def test_search_and_sort(main, qtbot, filled_file: Path) -> None:
    page = _open_players(main, filled_file)
    assert len(_names(page)) == 9
    page.search.setText("fran")  # country column
    assert sorted(_names(page)) == ["Bob Jones", "Hugo Martin"]
    assert page.count_label.text() == "2 shown for “fran” — 9 players"
    page.search.setText("")
    page.table.sortByColumn(1, Qt.SortOrder.AscendingOrder)  # home town
    towns = [page.proxy.index(r, 1).data() for r in range(page.proxy.rowCount())]
    assert towns == sorted(towns)
    page.table.sortByColumn(0, Qt.SortOrder.DescendingOrder)
    assert _names(page)[0] == "Ivana Petrova"


def test_delete_asks_first_and_undo_brings_back(main, qtbot, dialog_answers,
                                                filled_file: Path) -> None:
    page = _open_players(main, filled_file)
    assert page.select_player(next(r.id for r in page.model.rows() if r.name == "Eve Novak"))
    assert page.delete_button.isEnabled()
    dialog_answers.next_answer = dialog_answers.next_answer.No
    page.delete_button.click()
    assert "Eve Novak" in _names(page)
    assert dialog_answers.shown[-1][0] == "question"
    dialog_answers.next_answer = dialog_answers.next_answer.Yes
    page.delete_button.click()
    assert "Eve Novak" not in _names(page)
    window = main.window
    # QA: the menu and History said only "Delete player", never whom
    assert window.menus.undo_action.text() == "&Undo Delete player Eve Novak"
    window.menus.undo_action.trigger()
    assert "Eve Novak" in _names(page)
    assert window.menus.redo_action.isEnabled()
    window.menus.redo_action.trigger()
    assert "Eve Novak" not in _names(page)


def test_undo_redo_through_the_edit_menu(main, qtbot, filled_file: Path) -> None:
    page = _open_players(main, filled_file)
    window = main.window
    page.add_button.click()
    dialog = _active_player_dialog()
    dialog.name.setText("Ann Smyth")
    dialog.accept()
    assert window.menus.undo_action.text() == "&Undo Add player Ann Smyth"
    assert not window.menus.redo_action.isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "Ann Smyth" not in _names(page)
    assert window.menus.redo_action.text() == "&Redo Add player Ann Smyth"
    qtbot.keyClick(window, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert "Ann Smyth" in _names(page)


def test_stale_edit_is_shown_in_words(main, qtbot, dialog_answers, filled_file: Path) -> None:
    page = _open_players(main, filled_file)
    ann = next(r for r in page.model.rows() if r.name == "Ann Smith")
    # someone else edits Ann first (another laptop, or a second window)
    player_service.update_player(main.app.db, ann.id, player_service.PlayerData("Ann Smith-Jones"),
                                 ann.version)
    main.app.call(player_service.update_player, ann.id, player_service.PlayerData("Ann S"),
                  ann.version)
    # The conflict now comes with both versions: the conflict dialog, not a plain warning.
    kind, _title, text = dialog_answers.shown[-1]
    assert kind == "conflict" and "changed by someone else" in text


def test_export_the_list(main, qtbot, filled_file: Path, tmp_path: Path, monkeypatch) -> None:
    page = _open_players(main, filled_file)
    for suffix in (".csv", ".xlsx"):
        target = tmp_path / f"players{suffix}"
        monkeypatch.setattr(QFileDialog, "getSaveFileName",
                            staticmethod(lambda *a, t=target, **k: (str(t), "")))
        page.export_button.click()
        assert target.exists()
    with (tmp_path / "players.csv").open(encoding="utf-8-sig") as handle:
        lines = list(csv.reader(handle))
    assert lines[0][:3] == ["Name", "Home town", "Country"] and len(lines) == 10
    from openpyxl import load_workbook

    sheet = load_workbook(tmp_path / "players.xlsx").active
    assert sheet.max_row == 10 and sheet["A1"].value == "Name"


def test_keyboard_on_the_players_table(main, qtbot, dialog_answers, filled_file: Path) -> None:
    page = _open_players(main, filled_file)
    page.select_player(next(r.id for r in page.model.rows() if r.name == "Eve Novak"))
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    dialog = _active_player_dialog()
    assert dialog.name.text() == "Eve Novak"
    dialog.reject()
    qtbot.keyClick(page.table, Qt.Key.Key_Delete)
    assert dialog_answers.shown[-1][0] == "question"
    assert "Eve Novak" not in _names(page)
    qtbot.keyClick(page.table, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert page.search.hasFocus()
