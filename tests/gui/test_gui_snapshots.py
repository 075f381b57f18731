"""File > Snapshots and restore: take one, list them with time, round and reason, restore."""

from __future__ import annotations

from pathlib import Path

from tdapp.services import players as player_service


def test_take_and_restore_a_snapshot(main, qtbot, dialog_answers, filled_file: Path) -> None:
    main.files.open_path(filled_file)
    main.window.snapshots_action.trigger()
    dialog = main.snapshots.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.model.rowCount() == 0 and not dialog.restore_button.isEnabled()
    dialog.reason.setText("before lunch")
    dialog.take_button.click()
    assert [s.reason for s in dialog.model.rows()] == ["before lunch"]
    assert "snapshots" in dialog.folder_label.text()

    main.app.call(player_service.add_player, player_service.PlayerData("Late Comer"))
    assert main.window.players_page.model.rowCount() == 10
    dialog.view.selectRow(0)
    dialog.restore_button.click()
    assert dialog_answers.shown[-1][0] == "question"
    assert main.app.db is not None and not main.app.db.closed
    assert main.window.players_page.model.rowCount() == 9, "the views show the restored file"
    reasons = [s.reason for s in dialog.model.rows()]
    assert "before restore" in reasons and "before lunch" in reasons
    dialog.close()
