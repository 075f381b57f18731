"""Players page › New code (issue 25: a player's code is "never guessable" and "one player's
code gives nothing of another's", so a lost or leaked code is replaced): the TD confirms, the
old code stops working, the new one is shown to hand over."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QMessageBox

from tdapp.services import player_codes
from tests.gui import screens


def _open_players(main, path: Path):
    assert main.files.open_path(path)
    main.window.show_page("Players")
    return main.window.players_page


def _codes(main) -> dict[str, str]:
    return {row.name: row.code for row in main.app.read(player_codes.list_codes, default=[])}


def test_a_new_code_after_the_td_confirms_and_the_old_one_stops_working(
        main, qtbot, filled_file: Path, dialog_answers) -> None:
    page = _open_players(main, filled_file)
    assert not page.new_code_button.isEnabled()  # nobody selected
    main.app.call(player_codes.ensure_codes)
    old = _codes(main)["Carla Rossi"]
    carla = next(r for r in page.model.rows() if r.name == "Carla Rossi")
    assert page.select_player(carla.id)
    assert page.new_code_button.isEnabled()

    dialog_answers.next_answer = QMessageBox.StandardButton.No
    page.new_code_button.click()
    kind, title, text = dialog_answers.shown[-1]
    assert (kind, title) == ("question", "New code for the players' page")
    assert "Carla Rossi" in text and "old code stops working" in text
    assert _codes(main)["Carla Rossi"] == old  # No: nothing changed

    dialog_answers.next_answer = QMessageBox.StandardButton.Yes
    others = {n: c for n, c in _codes(main).items() if n != "Carla Rossi"}
    page.new_code_button.click()
    new = _codes(main)["Carla Rossi"]
    assert new != old
    assert {n: c for n, c in _codes(main).items() if n != "Carla Rossi"} == others
    kind, _title, text = dialog_answers.shown[-1]
    assert kind == "information"
    shown = next(r.shown for r in main.app.read(player_codes.list_codes, default=[])
                 if r.name == "Carla Rossi")
    assert f"Carla Rossi's new code is {shown}." in text
    assert main.app.read(player_codes.player_for_code, old) is None
    card = main.app.read(player_codes.player_for_code, shown)
    assert card is not None and card.name == "Carla Rossi"


def test_the_right_click_menu_offers_it_for_the_player_clicked(
        main, qtbot, filled_file: Path, dialog_answers) -> None:
    page = _open_players(main, filled_file)
    menu = page.context_menu()
    words = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert words == ["Edit…", "Withdraw", "Delete…", "New code for this player…"]
    assert not any(a.isEnabled() for a in menu.actions() if not a.isSeparator())

    row = next(r for r in range(page.proxy.rowCount())
               if page.proxy.index(r, 0).data() == "Eve Novak")
    at = page.table.visualRect(page.proxy.index(row, 0)).center()
    page.table.customContextMenuRequested.emit(QPoint(at))
    assert page.selected().name == "Eve Novak"
    assert page.menu is not None and page.menu.isVisible()
    screens.save(page.menu, "players/new-code-menu.png")  # a window of its own
    action = next(a for a in page.menu.actions() if a.text() == "New code for this player…")
    page.menu.hide()
    dialog_answers.next_answer = QMessageBox.StandardButton.Yes
    action.trigger()  # Eve had no code yet: she gets her first
    assert "Eve Novak" in _codes(main)
    assert dialog_answers.shown[-1][0] == "information"
