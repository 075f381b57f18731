"""The issue's "done means", through the window: create a tournament, import 60 players from a
CSV, take a roll call, quit, start again, reopen from Open Recent and find everything."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFileDialog

from tdapp.gui.players.import_dialog import ImportPlayersDialog


def _csv(path: Path) -> Path:
    rows = ["Name,Home town,Country,E-mail"]
    rows += [f"Player {n:02d},Town {n % 7},Country {n % 3},p{n}@example.org" for n in range(60)]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_newcomer_round_trip(qtbot, settings_dir: Path, tmp_path: Path, monkeypatch,
                             dialog_answers) -> None:
    from tdapp.gui.app import build_main, make_application

    make_application()
    target = tmp_path / "club-open.tdt"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(target), "")))
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(_csv(tmp_path / "sixty.csv")), "")))
    first = build_main()
    qtbot.addWidget(first.window)
    first.window.show()
    first.window.menus.new_action.trigger()
    dialog = next(w for w in QApplication.topLevelWidgets()
                  if type(w).__name__ == "NewTournamentDialog" and w.isVisible())
    dialog.form.name.setText("Club Open")
    [b for b in dialog.findChildren(type(dialog.buttons.buttons()[0]))
     if b.text() == "&Choose…"][0].click()
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert first.app.path == target

    first.window.show_page("Players")
    first.window.players_page.import_button.click()
    qtbot.waitUntil(lambda: any(isinstance(w, ImportPlayersDialog) and w.isVisible()
                                for w in QApplication.topLevelWidgets()), timeout=10000)
    wizard = next(w for w in QApplication.topLevelWidgets()
                  if isinstance(w, ImportPlayersDialog) and w.isVisible())
    wizard.next_button.click()
    wizard.import_button.click()
    qtbot.waitUntil(lambda: not first.app.busy, timeout=10000)
    assert first.window.players_page.model.rowCount() == 60
    # "Town 0" ... are no real towns: the import says which home towns it could not place.
    assert [title for kind, title, _text in dialog_answers.shown
            if kind == "information"] == ["Home towns not found"]

    first.window.show_page("Rounds")
    rounds = first.window.rounds_page
    rounds.table.selectAll()
    qtbot.keyClick(rounds.table, Qt.Key.Key_P)
    rounds.table.clearSelection()
    rounds.table.selectRow(0)
    qtbot.keyClick(rounds.table, Qt.Key.Key_A)
    assert rounds.count_label.text() == "59 present — 8 boards + 3 over"
    first.window.menus.quit_action.trigger()
    first.shutdown()
    assert first.app.db is None

    second = build_main()
    qtbot.addWidget(second.window)
    second.window.show()
    assert second.window.welcome.recent.count() == 1
    second.window.menus.recent_menu.actions()[0].trigger()
    assert second.app.path == target.resolve()
    assert second.window.players_page.model.rowCount() == 60
    second.window.show_page("Rounds")
    assert second.window.rounds_page.count_label.text() == "59 present — 8 boards + 3 over"
    assert second.window.tournament_page.form.name.text() == "Club Open"
