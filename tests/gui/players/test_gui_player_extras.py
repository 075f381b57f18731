"""The player dialog's new fields: pinned board, seed, declined top board, home location from
the towns table, and the Keep apart from… editor saved with the player (one Undo)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tdapp.gui.players.dialog import PlayerDialog
from tdapp.gui.players.keep_apart import KeepApartEditor
from tdapp.services import players as player_service
from tdapp.services.players import PlayerData
from tests.gui.teams.screens import save_screen


def _open_players(main, path: Path):
    assert main.files.open_path(path)
    main.window.show_page("Players")
    return main.window.players_page


def _dialog() -> PlayerDialog:
    [dialog] = [w for w in QApplication.topLevelWidgets()
                if isinstance(w, PlayerDialog) and w.isVisible()]
    return dialog


def _row(page, name: str):
    return next(r for r in page.model.rows() if r.name == name)


def test_new_fields_are_saved_and_shown_again(main, qtbot, filled_file: Path) -> None:
    page = _open_players(main, filled_file)
    page.select_player(_row(page, "Carla Rossi").id)
    page.edit_button.click()
    dialog = _dialog()
    assert dialog.pinned_board.text() == "none" and dialog.seed.text() == "none"
    assert not dialog.declined_top_board.isChecked()
    dialog.pinned_board.setValue(2)
    dialog.seed.setValue(7)
    dialog.declined_top_board.setChecked(True)
    dialog.accept()
    carla = player_service.get_player(main.app.db, _row(page, "Carla Rossi").id)
    assert (carla.pinned_board, carla.seed, carla.declined_top_board) == (2, 7, True)
    page.select_player(carla.id)
    page.edit_button.click()
    dialog = _dialog()
    assert (dialog.pinned_board.value(), dialog.seed.value()) == (2, 7)
    dialog.pinned_board.setValue(0)  # back to "none"
    dialog.accept()
    assert player_service.get_player(main.app.db, carla.id).pinned_board is None


def test_a_seed_given_twice_is_refused_in_words(main, qtbot, dialog_answers,
                                               filled_file: Path) -> None:
    page = _open_players(main, filled_file)
    ann = _row(page, "Ann Smith")
    player_service.update_player(main.app.db, ann.id, PlayerData("Ann Smith", seed=1),
                                 ann.version)
    page.add_button.click()
    dialog = _dialog()
    dialog.name.setText("Seedy Sam")
    dialog.seed.setValue(1)
    dialog.accept()
    kind, _title, text = dialog_answers.shown[-1]
    assert kind == "warning" and "Seed 1 is already Ann Smith's" in text


def test_home_location_from_the_towns_table(main, qtbot, filled_file: Path) -> None:
    page = _open_players(main, filled_file)
    page.add_button.click()
    dialog = _dialog()
    dialog.name.setText("Lena Berg")
    dialog.home_town.setText("Gothenburg")
    dialog.home_town.editingFinished.emit()  # leaving the field looks the town up
    assert (dialog.latitude.text(), dialog.longitude.text()) == ("57.709", "11.975")
    assert "Gothenburg, Sweden" in dialog.home_location.where.text()
    dialog.home_location.choose("Liege")  # the picker accepts it without the accent
    assert dialog.latitude.text() == "50.633"
    dialog.latitude.setText("north")
    dialog.latitude.textEdited.emit("north")
    assert "Home latitude must be a number" in dialog.home_location.where.text()
    dialog.accept()
    assert dialog.isVisible() and "Home latitude must be a number" in dialog.problems.text()
    dialog.home_location.clear()
    dialog.accept()
    lena = _row(page, "Lena Berg")
    assert (lena.latitude, lena.longitude) == (None, None)


def test_keep_apart_editor_saves_with_the_player_and_undoes_in_one(main, qtbot,
                                                                   filled_file: Path) -> None:
    page = _open_players(main, filled_file)
    ann = _row(page, "Ann Smith")
    page.select_player(ann.id)
    page.edit_button.click()
    dialog = _dialog()
    editor: KeepApartEditor = dialog.keep_apart
    names = [editor.picker.itemText(i) for i in range(editor.picker.count())]
    assert "Ann Smith" not in names and len(names) == 8
    editor.picker.setEditText("bob jones")  # typed, any case
    editor.reason.setText("married")
    editor.add_button.click()
    editor.picker.setEditText("Hugo Martin")
    editor.add_button.click()
    editor.picker.setEditText("Nobody Known")
    editor.add_button.click()
    assert "'Nobody Known' is not a player" in editor.message.text()
    assert editor.table.rowCount() == 2
    assert editor.table.item(0, 0).text() == "Bob Jones" and editor.table.item(0, 1).text() \
        == "married"
    assert editor.picker.findText("Bob Jones") == -1  # not offered twice
    dialog.accept()
    pairs = player_service.keep_apart_list(main.app.db, ann.id)
    assert [(p.other_name, p.reason) for p in pairs] == [("Bob Jones", "married"),
                                                         ("Hugo Martin", "")]
    page.select_player(ann.id)
    page.edit_button.click()
    dialog = _dialog()
    assert dialog.keep_apart.table.rowCount() == 2
    dialog.keep_apart.table.selectRow(1)
    dialog.keep_apart.remove_button.click()
    dialog.club.setText("Leeds Diplomacy")
    dialog.accept()
    assert [p.other_name for p in player_service.keep_apart_list(main.app.db, ann.id)] == [
        "Bob Jones"]
    main.window.menus.undo_action.trigger()  # one Undo: the club and the pair together
    assert player_service.get_player(main.app.db, ann.id).club == ""
    assert len(player_service.keep_apart_list(main.app.db, ann.id)) == 2


def test_a_new_player_comes_with_keep_apart_pairs(main, qtbot, filled_file: Path) -> None:
    page = _open_players(main, filled_file)
    page.add_button.click()
    dialog = _dialog()
    dialog.name.setText("Zoe Quinn")
    dialog.keep_apart.picker.setEditText("Eve Novak")
    dialog.keep_apart.reason.setText("sisters")
    dialog.keep_apart.add_button.click()
    dialog.accept()
    zoe = _row(page, "Zoe Quinn")
    assert [(p.other_name, p.reason) for p in
            player_service.keep_apart_list(main.app.db, zoe.id)] == [("Eve Novak", "sisters")]


def test_screenshot_of_the_player_dialog(main, qtbot) -> None:
    assert main.files.open_demo()
    page = main.window.players_page
    main.window.show_page("Players")
    rows = page.model.rows()
    first = rows[0]
    data = PlayerData(first.name, home_town=first.home_town, country=first.country,
                      latitude=first.latitude, longitude=first.longitude, pinned_board=1,
                      seed=4, declined_top_board=True, notes="Wheelchair: table by the door")
    main.app.call(player_service.update_player, first.id, data, first.version,
                  keep_apart={rows[3].id: "married", rows[8].id: "brother"})
    page.select_player(first.id)
    page.edit_button.click()
    dialog = _dialog()
    dialog.keep_apart.picker.setEditText(rows[12].name)
    dialog.keep_apart.reason.setText("same club car")
    save_screen(main.window, "player-dialog", dialog)
    dialog.reject()


def test_enter_in_the_keep_apart_fields_adds_and_keeps_the_dialog_open(main, qtbot,
                                                                      filled_file: Path) -> None:
    page = _open_players(main, filled_file)
    page.add_button.click()
    dialog = _dialog()
    dialog.name.setText("Zed")
    editor = dialog.keep_apart
    editor.picker.setEditText("Eve Novak")
    editor.reason.setText("sisters")
    qtbot.keyClick(editor.reason, Qt.Key.Key_Return)
    editor.picker.setEditText("Bob Jones")
    qtbot.keyClick(editor.picker.lineEdit(), Qt.Key.Key_Return)
    assert dialog.isVisible() and editor.table.rowCount() == 2
    assert "Zed" not in [r.name for r in page.model.rows()]  # not saved behind the TD's back
    dialog.accept()
    zed = _row(page, "Zed")
    assert len(player_service.keep_apart_list(main.app.db, zed.id)) == 2
