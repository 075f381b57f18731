"""The Rounds page: rounds with their status, and the roll call with its count line."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QItemSelectionModel, Qt

from tdapp.gui.common.table_model import ROW_ROLE
from tdapp.services import rollcall
from tdapp.store.files import open_tournament_file


def _open_rounds(main, path: Path):
    assert main.files.open_path(path)
    main.window.show_page("Rounds")
    return main.window.rounds_page


def _select(page, names: list[str]) -> None:
    model = page.table.selectionModel()
    model.clearSelection()
    for row in range(page.proxy.rowCount()):
        index = page.proxy.index(row, 0)
        if index.data(ROW_ROLE).name in names:
            model.select(index, QItemSelectionModel.SelectionFlag.Select
                         | QItemSelectionModel.SelectionFlag.Rows)


def _statuses(page) -> dict[str, str]:
    return {r.name: r.status for r in page.roll_call.rows()}


def test_rounds_are_listed_with_status(main, qtbot, filled_file: Path) -> None:
    page = _open_rounds(main, filled_file)
    assert page.rounds.rowCount() == 4
    assert page.rounds_view.model().index(0, 1).data() == "Not seated yet"
    assert page.current_round() == 1
    assert page.title.text() == "Roll call — round 1"
    page.select_round(3)
    assert page.title.text() == "Roll call — round 3"


def test_roll_call_with_keys_buttons_and_counts(main, qtbot, filled_file: Path) -> None:
    page = _open_rounds(main, filled_file)
    assert page.count_label.text() == "0 present — 0 boards"
    page.table.selectAll()
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    assert set(_statuses(page).values()) == {"present"}
    assert page.count_label.text() == "9 present — 1 board + 2 over"
    assert len(page.selected_ids()) == 9, "the selection survives the refresh"

    _select(page, ["Ann Smith", "Bob Jones"])
    qtbot.keyClick(page.table, Qt.Key.Key_A)
    _select(page, ["Carla Rossi"])
    page.status_buttons["standby"].click()
    _select(page, ["Dieter Braun"])
    qtbot.keyClick(page.table, Qt.Key.Key_L)
    statuses = _statuses(page)
    assert (statuses["Ann Smith"], statuses["Carla Rossi"], statuses["Dieter Braun"]) == (
        "absent", "standby", "late")
    assert page.count_label.text() == "5 present — 0 boards + 5 over (1 standby, 1 late)"

    _select(page, ["Eve Novak", "Farid Aziz"])
    page.two_boards.click()
    assert page.two_boards.isChecked()
    assert "2 willing to play two boards" in page.count_label.text()

    # the status combo in the table edits one player
    row = next(r for r in range(page.proxy.rowCount())
               if page.proxy.index(r, 0).data() == "Ann Smith")
    page.proxy.setData(page.proxy.index(row, 2), "present", Qt.ItemDataRole.EditRole)
    assert _statuses(page)["Ann Smith"] == "present"
    assert page.count_label.text().startswith("6 present — 0 boards + 6 over")
    # the volunteer check box in the table
    page.proxy.setData(page.proxy.index(row, 4), Qt.CheckState.Checked.value,
                       Qt.ItemDataRole.CheckStateRole)
    assert next(r for r in page.roll_call.rows() if r.name == "Ann Smith").volunteer_sit_out

    # it is all in the file
    main.window.menus.close_action.trigger()
    db = open_tournament_file(filled_file)
    try:
        saved = {r.name: r for r in rollcall.roll_call(db, 1)}
    finally:
        db.close()
    assert saved["Ann Smith"].status == "present" and saved["Ann Smith"].volunteer_sit_out
    assert saved["Eve Novak"].two_boards and saved["Dieter Braun"].status == "late"


def test_roll_call_undo_restores_the_count(main, qtbot, filled_file: Path) -> None:
    page = _open_rounds(main, filled_file)
    page.table.selectAll()
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    assert page.count_label.text().startswith("9 present")
    assert main.window.menus.undo_action.text().startswith("&Undo Roll call round 1")
    main.window.menus.undo_action.trigger()
    assert page.count_label.text() == "0 present — 0 boards"


def test_withdrawn_players_leave_the_roll_call(main, qtbot, filled_file: Path) -> None:
    page = _open_rounds(main, filled_file)
    players = main.window.players_page
    ann = next(r for r in players.model.rows() if r.name == "Ann Smith")
    players.withdraw_requested.emit(ann)
    assert "Ann Smith" not in _statuses(page)
    assert len(_statuses(page)) == 8


def test_status_combo_in_the_table(main, qtbot, filled_file: Path) -> None:
    from PySide6.QtWidgets import QComboBox

    page = _open_rounds(main, filled_file)
    row = next(r for r in range(page.proxy.rowCount())
               if page.proxy.index(r, 0).data() == "Bob Jones")
    page.table.edit(page.proxy.index(row, 2))
    combo = page.table.findChild(QComboBox)
    assert combo is not None
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "Present", "Absent", "Standby", "Late arrival"]
    combo.setCurrentIndex(2)
    combo.activated.emit(2)
    assert _statuses(page)["Bob Jones"] == "standby"
    assert "1 standby" in page.count_label.text()


def _answered(page) -> dict[str, str]:
    return {page.roll_call.index(r, 5).data(ROW_ROLE).name: page.roll_call.index(r, 5).data()
            for r in range(page.roll_call.rowCount())}


def test_answered_column_says_not_yet_in_round_1_and_carried_over_after(
        main, qtbot, filled_file: Path) -> None:
    """QA: in round 1 every player read "carried over" though there is no earlier round."""
    page = _open_rounds(main, filled_file)
    assert page.roll_call.headerData(5, Qt.Orientation.Horizontal) == "Answered"
    assert set(_answered(page).values()) == {"not yet"}
    page.table.selectAll()
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    assert set(_answered(page).values()) == {"yes"}
    page.select_round(2)
    assert set(_answered(page).values()) == {"carried over"}
    assert set(_statuses(page).values()) == {"present"}


def test_down_then_a_key_marks_the_next_player_after_a_refresh(
        main, qtbot, filled_file: Path) -> None:
    """QA: after P on one player the table refreshed and lost its cursor, so Down then S
    marked the first player again instead of the next one."""
    page = _open_rounds(main, filled_file)
    page.table.setFocus()
    first = page.proxy.index(0, 0)
    page.table.setCurrentIndex(first)
    names = [page.proxy.index(r, 0).data(ROW_ROLE).name for r in range(3)]
    qtbot.keyClick(page.table, Qt.Key.Key_A)
    qtbot.keyClick(page.table, Qt.Key.Key_Down)
    qtbot.keyClick(page.table, Qt.Key.Key_S)
    qtbot.keyClick(page.table, Qt.Key.Key_Down)
    qtbot.keyClick(page.table, Qt.Key.Key_L)
    statuses = _statuses(page)
    assert [statuses[n] for n in names] == ["absent", "standby", "late"]
    assert page.table.currentIndex().data(ROW_ROLE).name == names[2]
    assert page.selected_ids() == [page.table.currentIndex().data(ROW_ROLE).player_id]
