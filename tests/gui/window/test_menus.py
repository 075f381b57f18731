"""The menu bar built in one place (window/menus.py), without the rest of the window."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu

from tdapp.gui.window.menus import MainMenus, Menu, make_action


def titles(menu: QMenu) -> list[str]:
    return [a.text().replace("&", "") for a in menu.actions() if not a.isSeparator()]


def test_the_menu_bar_in_order_with_the_window_commands(qtbot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    menus = MainMenus(window, ("Tournament", "Players"))
    bar = [a.text() for a in window.menuBar().actions()]
    assert bar == [menu.value for menu in Menu]
    assert titles(menus.menu(Menu.FILE))[:2] == ["New tournament…", "Open…"]
    assert titles(menus.menu(Menu.VIEW))[:2] == ["1 Tournament", "2 Players"]
    assert menus.page_actions[1].shortcut().toString() == "Ctrl+2"
    assert menus.export_menu.title() == "E&xport"


def test_a_feature_adds_its_command_and_its_submenu_at_the_end(qtbot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    menus = MainMenus(window, ())
    teams = menus.add(Menu.TOURNAMENT, make_action(window, "&Teams…", None, "The teams"))
    play = menus.add_submenu(Menu.ROUND, QMenu("&Play board", window))
    assert isinstance(teams, QAction) and teams.statusTip() == "The teams"
    assert titles(menus.menu(Menu.TOURNAMENT)) == ["Format…", "Scoring systems…", "Teams…"]
    assert menus.menu(Menu.ROUND).actions()[-1].menu() is play


def test_commands_follow_the_open_file_and_the_undo_texts(qtbot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    menus = MainMenus(window, ("Tournament",))
    menus.set_file_open(False)
    assert not any(a.isEnabled() for a in menus.file_actions())
    assert not menus.seat_round_action.isEnabled() and not menus.undo_action.isEnabled()
    menus.set_file_open(True)
    assert all(a.isEnabled() for a in menus.file_actions())
    menus.set_undo_texts("add Ann", None)
    assert menus.undo_action.text() == "&Undo add Ann" and menus.undo_action.isEnabled()
    assert menus.redo_action.text() == "&Redo" and not menus.redo_action.isEnabled()
    opened: list[Path] = []
    menus.set_recent_files([Path("/x/a.tdt"), Path("/y/b.tdt")], opened.append)
    menus.recent_menu.actions()[1].trigger()
    assert opened == [Path("/y/b.tdt")] and menus.recent_menu.isEnabled()
    menus.set_recent_files([], opened.append)
    assert not menus.recent_menu.isEnabled()
