"""File > Snapshots and restore: take one, list them with time, round and reason, restore."""

from __future__ import annotations

from pathlib import Path

from tdapp.services import players as player_service


def test_take_and_restore_a_snapshot(main, qtbot, dialog_answers, filled_file: Path) -> None:
    main.files.open_path(filled_file)
    main.window.menus.snapshots_action.trigger()
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
    kind, _title, text = dialog_answers.shown[-1]
    assert kind == "question"
    # QA: it read "...snapshot of Sun 22 Nov 07:56:21  round 1  after round 1?" and never said
    # that later work leaves the tournament
    assert text.startswith("Go back to the snapshot \u201cbefore lunch\u201d (taken ")
    assert "Everything entered after it" in text and "before restore" in text
    assert main.app.db is not None and not main.app.db.closed
    assert main.window.players_page.model.rowCount() == 9, "the views show the restored file"
    reasons = [s.reason for s in dialog.model.rows()]
    assert "before restore" in reasons and "before lunch" in reasons
    dialog.close()


def test_restore_asks_with_no_as_the_default_and_no_changes_nothing(
        main, monkeypatch, filled_file: Path) -> None:
    from PySide6.QtWidgets import QMessageBox

    main.files.open_path(filled_file)
    main.window.menus.snapshots_action.trigger()
    dialog = main.snapshots.dialog
    dialog.reason.setText("before lunch")
    dialog.take_button.click()
    main.app.call(player_service.add_player, player_service.PlayerData("Late Comer"))
    asked: list[tuple] = []

    def question(_parent, _title, _text, *args):  # noqa: ANN001, ANN202
        asked.append(args)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    dialog.view.selectRow(0)
    dialog.restore_button.click()
    assert asked and asked[0][1] == QMessageBox.StandardButton.No  # Enter does not restore
    assert main.window.players_page.model.rowCount() == 10, "nothing was restored"
    dialog.close()
