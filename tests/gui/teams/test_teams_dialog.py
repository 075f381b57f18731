"""Tournament > Teams…: create, fill, pick powers, refusals in the dialog, delete, Undo."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tdapp.gui.teams.dialog import NOT_PICKED
from tdapp.gui.window.menus import Menu
from tdapp.services import teams
from tests.gui.teams.screens import save_screen


@pytest.fixture(scope="module")
def three_rounds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """WDC 2025 demo with rounds 1-3 played, so the championship pool is known."""
    from tdapp.commands.demo import write_demo

    path = tmp_path_factory.mktemp("teams-gui") / "three.tdt"
    return write_demo(path, players=49, format_name="wdc-2025", rounds_played=3)


@pytest.fixture
def opened(main, three_rounds: Path, tmp_path: Path):
    path = tmp_path / "teams.tdt"
    shutil.copy(three_rounds, path)
    assert main.files.open_path(path)
    return main


def _open_dialog(main):
    action = main.teams.action
    assert action.text() == "&Teams…" and action.isEnabled()
    assert action in main.window.menus.menu(Menu.TOURNAMENT).actions()
    action.trigger()
    dialog = main.teams.dialog
    assert dialog is not None and dialog.isVisible() and not dialog.isModal()
    return dialog


def _pick(dialog, name: str, power: str | None = None) -> None:
    dialog.player_picker.setEditText(name)
    dialog.new_power.setCurrentIndex(dialog.new_power.findData(power))
    dialog.add_button.click()


def test_a_team_is_made_in_the_dialog(opened, qtbot) -> None:
    dialog = _open_dialog(opened)
    assert "teams of 7 players outside the championship pool" in dialog.rule_label.text()
    assert "21 players are in the championship pool" in dialog.pool_label.text()
    assert dialog.teams_list.count() == 0 and not dialog.add_button.isEnabled()
    dialog.name_edit.setText("Les Bleus")
    dialog.create_button.click()
    assert dialog.teams_list.count() == 1
    assert dialog.teams_list.currentItem().text() == "Les Bleus   (0/7)"
    joinable = [c.name for c in dialog.joinable()]
    assert len(joinable) == 28  # everyone outside the pool
    for name, power in zip(joinable[:7], ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY",
                                          "RUSSIA", "TURKEY"], strict=True):
        _pick(dialog, name, power)
    assert dialog.teams_list.currentItem().text() == "Les Bleus   (7/7)"
    assert dialog.members.rowCount() == 7
    assert dialog.members.cellWidget(2, 1).currentData() == "FRANCE"
    assert not dialog.add_button.isEnabled()  # full: the format's size
    assert "has its 7 players" in dialog.player_picker.lineEdit().placeholderText()
    assert "Les Bleus" in [t.name for t in teams.list_teams(opened.app.db)]
    assert opened.window.menus.undo_action.text().startswith("&Undo Add ")


def test_refusals_are_shown_in_the_dialog(opened, qtbot) -> None:
    dialog = _open_dialog(opened)
    dialog.name_edit.setText("Tsars")
    dialog.create_button.click()
    dialog.name_edit.setText("tsars")
    dialog.create_button.click()
    assert "There is already a team called 'Tsars'" in dialog.message.text()
    dialog.teams_list.setCurrentRow(0)
    view = teams.teams_view(opened.app.db)
    pool_player = next(c for c in view.candidates if "championship pool" in c.why_not)
    _pick(dialog, pool_player.name)
    assert "cannot join a team now" in dialog.message.text()  # not offered in the picker
    first, second = dialog.joinable()[:2]
    _pick(dialog, first.name, "FRANCE")
    _pick(dialog, second.name)
    box = dialog.members.cellWidget(1, 1)
    assert box.findData("FRANCE") == -1  # a power picked once is not offered again
    # A power typed past the picker (another laptop picked it first) is refused in words.
    opened.teams._run(teams.set_member_power, dialog.current_team_id(), second.player_id,
                      "FRANCE")
    assert f"already picked France for {first.name}" in dialog.message.text()
    assert dialog.members.cellWidget(1, 1).currentText() == NOT_PICKED


def test_rename_delete_and_undo(opened, qtbot, dialog_answers) -> None:
    dialog = _open_dialog(opened)
    dialog.name_edit.setText("Kaisers")
    dialog.create_button.click()
    _pick(dialog, dialog.joinable()[0].name)
    dialog.name_edit.setText("Sultans")
    dialog.rename_button.click()
    assert dialog.teams_list.currentItem().text() == "Sultans   (1/7)"
    dialog.members.selectRow(0)
    dialog.remove_button.click()
    assert dialog.members.rowCount() == 0
    opened.window.menus.undo_action.trigger()  # the member comes back, and the dialog shows it
    assert dialog.members.rowCount() == 1
    dialog_answers.next_answer = dialog_answers.next_answer.No
    dialog.delete_button.click()
    assert dialog.teams_list.count() == 1
    dialog_answers.next_answer = dialog_answers.next_answer.Yes
    dialog.delete_button.click()
    assert dialog.teams_list.count() == 0
    assert "Delete team Sultans" in dialog_answers.shown[-1][2]
    assert "Team Sultans deleted" in dialog.message.text()
    opened.window.menus.undo_action.trigger()
    assert dialog.teams_list.count() == 1 and dialog.members.rowCount() == 1


def test_closing_the_file_closes_the_dialog_and_disables_the_item(opened, qtbot) -> None:
    dialog = _open_dialog(opened)
    opened.window.menus.close_action.trigger()
    assert not dialog.isVisible() and not opened.teams.action.isEnabled()


def test_screenshot_of_the_teams_dialog(opened, qtbot) -> None:
    db = opened.app.db
    outside = [c for c in teams.teams_view(db).candidates if not c.why_not]
    full = teams.create_team(db, "Les Bleus").ids[0]
    for candidate, power in zip(outside[:7], "AEFGIRT", strict=True):
        teams.add_member(db, full, candidate.player_id, power)
    short = teams.create_team(db, "The Sultans").ids[0]
    for candidate, power in zip(outside[7:10], "TR", strict=False):
        teams.add_member(db, short, candidate.player_id, power)
    teams.add_member(db, short, outside[9].player_id)
    dialog = _open_dialog(opened)
    dialog.teams_list.setCurrentRow(0)
    assert "Team 'The Sultans' has 3 players, not 7." in dialog.problems.text()
    assert "Only 28 players are outside the pool" in dialog.problems.text()
    save_screen(opened.window, "teams-dialog", dialog)
    dialog.teams_list.setCurrentRow(1)
    dialog.show_message("The Sultans: 3 of 7 players; pick the others from the list.")
    save_screen(opened.window, "teams-dialog-short-team", dialog)


def test_before_the_pool_is_known_the_dialog_says_so(main, qtbot, filled_file: Path) -> None:
    assert main.files.open_path(filled_file)
    dialog = _open_dialog(main)
    assert "championship pool is not known yet" in dialog.pool_label.text()
    assert len(dialog.joinable()) == 9
    assert not dialog.problems.isVisible()  # no teams, nothing to check yet


def test_enter_creates_a_team_and_adds_a_player(opened, qtbot) -> None:
    dialog = _open_dialog(opened)
    dialog.name_edit.setText("Keyboard Kings")
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.teams_list.count() == 1
    dialog.player_picker.setEditText(dialog.joinable()[0].name)
    qtbot.keyClick(dialog.player_picker.lineEdit(), Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.members.rowCount() == 1
