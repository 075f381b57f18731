"""The History view: actions with when, who and what; their details; Undo and Redo."""

from __future__ import annotations

from pathlib import Path

from tdapp.services import players as player_service


def test_history_lists_actions_and_details(main, qtbot, filled_file: Path) -> None:
    main.files.open_path(filled_file)
    ann = next(r for r in main.window.players_page.model.rows() if r.name == "Ann Smith")
    main.app.call(player_service.update_player, ann.id,
                  player_service.PlayerData("Ann Smith", home_town="York"), ann.version)
    main.window.menus.history_action.trigger()
    dialog = main.history.dialog
    assert dialog is not None and dialog.isVisible()
    whats = [a.what for a in dialog.actions_model.rows()]
    assert whats[0] == "Edit player Ann Smith", "newest first"
    assert "Add player Ann Smith" in whats and "Create tournament Test Open" in whats
    assert dialog.actions_view.model().index(0, 0).data()  # when
    # the newest action is selected, and its details show what changed
    assert dialog.details.rowCount() == 1
    assert dialog.details.item(0, 0).text() == "player"
    assert 'home_town="Leeds"' in dialog.details.item(0, 2).text()
    assert 'home_town="York"' in dialog.details.item(0, 3).text()
    assert "name" not in dialog.details.item(0, 3).text(), "only changed fields are shown"
    assert dialog.undo_button.text() == "Undo Edit player Ann Smith"
    dialog.undo_button.click()
    town = next(r for r in main.window.players_page.model.rows() if r.name == "Ann Smith")
    assert town.home_town == "Leeds"
    assert dialog.actions_model.rows()[0].kind == "undo"
    assert dialog.redo_button.isEnabled()
    dialog.redo_button.click()
    assert next(r for r in main.window.players_page.model.rows()
                if r.name == "Ann Smith").home_town == "York"
    dialog.close()
    qtbot.waitUntil(lambda: main.history.dialog is None)


def test_tournament_page_edits_are_broadcast(main, qtbot, filled_file: Path) -> None:
    main.files.open_path(filled_file)
    page = main.window.tournament_page
    assert page.form.name.text() == "Test Open"
    assert not page.save_button.isEnabled()
    page.form.name.setText("Test Open 2026")
    page.form.name.textEdited.emit("Test Open 2026")
    assert page.save_button.isEnabled()
    page.save_button.click()
    assert "Test Open 2026" in main.window.windowTitle()
    assert main.window.menus.undo_action.text() == "&Undo Edit tournament details of Test Open 2026"
    page.form.rounds.setValue(6)
    page.save_button.click()
    assert main.window.rounds_page.rounds.rowCount() == 6
    assert "6 planned" in page.rounds_label.text()
    assert "9 taking part" in page.players_label.text()


def test_details_being_typed_survive_other_changes(main, qtbot, filled_file: Path) -> None:
    main.files.open_path(filled_file)
    page = main.window.tournament_page
    page.form.venue.setText("Town hall")
    page.form.venue.textEdited.emit("Town hall")
    main.app.call(player_service.add_player, player_service.PlayerData("Walk In"))
    assert page.form.venue.text() == "Town hall" and page.save_button.isEnabled()
    assert "10 taking part" in page.players_label.text()
    page.revert_button.click()
    assert page.form.venue.text() == ""
