"""Every menu of the main window, built in one place.

The window's own commands (File, Edit, View, Help) are made here; a feature that brings its own
command (Tournament > Teams…, Round > Play board) registers it with :meth:`MainMenus.add` or
:meth:`MainMenus.add_submenu`, naming the menu by :class:`Menu`, so a misspelt menu is an error
at once rather than a command that silently never appears.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu


class Menu(enum.Enum):
    """The menus of the menu bar, in their order there."""

    FILE = "&File"
    EDIT = "&Edit"
    TOURNAMENT = "&Tournament"
    ROUND = "&Round"
    VIEW = "&View"
    HELP = "&Help"


def make_action(parent: QObject, text: str,
                shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                tip: str = "") -> QAction:
    """A menu command with its keys and the status-bar line that explains it."""
    action = QAction(text, parent)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    if tip:
        action.setStatusTip(tip)
    return action


class MainMenus:
    """The menu bar and the window's own commands; the controllers connect them."""

    def __init__(self, window: QMainWindow, page_names: Iterable[str]) -> None:
        self.window = window
        self._build_actions(list(page_names))
        self._build_menus()

    # -- the commands ----------------------------------------------------------------------------
    def _build_actions(self, page_names: list[str]) -> None:
        window, key = self.window, QKeySequence.StandardKey
        self.new_action = make_action(window, "&New tournament…", key.New,
                                      "Create a tournament file")
        self.open_action = make_action(window, "&Open…", key.Open, "Open a tournament file")
        self.save_copy_action = make_action(
            window, "Save a &copy as…", "Ctrl+Shift+S",
            "Write a copy of the tournament to another file")
        self.snapshots_action = make_action(
            window, "&Snapshots and restore…", None,
            "Snapshots taken at round boundaries and on demand")
        self.share_action = make_action(  # connected by tdapp.gui.venue.controller
            window, "Share on the &venue network…", None,
            "Start the venue server so assistants' laptops can join")
        self.join_action = make_action(
            window, "&Join a shared tournament…", None,
            "Work on a tournament another laptop shares")
        self.players_page_action = make_action(  # connected by tdapp.gui.room.controller
            window, "&Players' page on the venue network…", None,
            "Serve a page for the players' phones: where they sit, the clock, announcements")
        self.season_action = make_action(  # connected by the main controller
            window, "DBN Invitational &season…", None,
            "A season of qualifying events: standings, invitations, semi-final stage")
        self.close_action = make_action(window, "&Close", "Ctrl+W", "Close the tournament file")
        self.quit_action = make_action(window, "&Quit", "Ctrl+Q")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.undo_action = make_action(window, "&Undo", "Ctrl+Z")
        self.redo_action = make_action(window, "&Redo", "Ctrl+Shift+Z")
        self.history_action = make_action(window, "&History…", "Ctrl+H",
                                          "Every change made, by whom")
        self.sidebar_action = make_action(window, "&Sidebar", "Ctrl+B")
        self.sidebar_action.setCheckable(True)
        self.sidebar_action.setChecked(True)
        self.fullscreen_action = make_action(window, "&Full screen", "F11")
        self.fullscreen_action.setCheckable(True)
        self.page_actions: list[QAction] = [
            make_action(window, f"&{number} {name}", f"Ctrl+{number}")
            for number, name in enumerate(page_names, start=1)]
        self.seat_round_action = make_action(
            window, "&Seat round…", "Ctrl+Shift+B",
            "Call the boards: who plays, seating, powers, review")
        self.format_action = make_action(  # connected by tdapp.gui.formats.controller
            window, "&Format…", None, "Change any part of the tournament's format")
        self.scoring_action = make_action(
            window, "Scoring &systems…", None, "Write a scoring system as a formula")
        self.shortcuts_action = make_action(window, "&Keyboard shortcuts", "F1")
        self.about_action = make_action(window, "&About tdapp")
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)

    def _build_menus(self) -> None:
        bar = self.window.menuBar()
        self.menus: dict[Menu, QMenu] = {menu: bar.addMenu(menu.value) for menu in Menu}
        file_menu = self.menus[Menu.FILE]
        file_menu.addAction(self.new_action)
        file_menu.addAction(self.open_action)
        self.recent_menu = QMenu("Open &Recent", self.window)
        file_menu.addMenu(self.recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.save_copy_action)
        file_menu.addAction(self.snapshots_action)
        self.export_menu = file_menu.addMenu("E&xport")  # filled by tdapp.gui.export
        file_menu.addSeparator()
        file_menu.addActions([self.share_action, self.join_action, self.players_page_action])
        file_menu.addSeparator()
        file_menu.addAction(self.season_action)  # a season's own file, beside the tournament's
        file_menu.addAction(self.close_action)
        file_menu.addAction(self.quit_action)
        edit_menu = self.menus[Menu.EDIT]
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addAction(self.history_action)
        self.menus[Menu.TOURNAMENT].addActions([self.format_action, self.scoring_action])
        # Round > Seat round…; Round > Play board joins it from tdapp.gui.game.controller.
        self.menus[Menu.ROUND].addAction(self.seat_round_action)
        view_menu = self.menus[Menu.VIEW]
        view_menu.addActions(self.page_actions)
        view_menu.addSeparator()
        view_menu.addActions([self.sidebar_action, self.fullscreen_action])
        self.menus[Menu.HELP].addActions([self.shortcuts_action, self.about_action])

    # -- what features add -----------------------------------------------------------------------
    def menu(self, menu: Menu) -> QMenu:
        return self.menus[menu]

    def add(self, menu: Menu, action: QAction, *, before: QAction | None = None) -> QAction:
        """A feature's command, at the end of ``menu`` (or just above ``before``)."""
        if before is not None:
            self.menus[menu].insertAction(before, action)
        else:
            self.menus[menu].addAction(action)
        return action

    def add_exports(self, groups: Iterable[Iterable[QAction]]) -> None:
        """File > Export's commands (from tdapp.gui.export), a separator between groups."""
        for index, group in enumerate(groups):
            if index:
                self.export_menu.addSeparator()
            self.export_menu.addActions(list(group))

    def add_submenu(self, menu: Menu, submenu: QMenu) -> QMenu:
        """A feature's submenu (Round > Play board), at the end of ``menu``."""
        self.menus[menu].addMenu(submenu)
        return submenu

    # -- state -------------------------------------------------------------------------------------
    def file_actions(self) -> tuple[QAction, ...]:
        """The commands that need an open tournament (Seat round has its own rule)."""
        return (self.save_copy_action, self.snapshots_action, self.close_action,
                self.history_action, *self.page_actions)

    def set_file_open(self, is_open: bool) -> None:
        for action in self.file_actions():
            action.setEnabled(is_open)
        if not is_open:
            self.seat_round_action.setEnabled(False)
            self.set_undo_texts(None, None)

    def set_recent_files(self, paths: list[Path], open_path: Callable[[Path], object]) -> None:
        """Fill File > Open Recent; ``open_path(path)`` is called when one is chosen."""
        self.recent_menu.clear()
        for number, path in enumerate(paths, start=1):
            action = self.recent_menu.addAction(f"&{number % 10} {path.name}   ({path.parent})")
            action.setData(str(path))
            action.triggered.connect(lambda _=False, p=path: open_path(p))
        self.recent_menu.setEnabled(bool(paths))

    def set_undo_texts(self, undo: str | None, redo: str | None) -> None:
        self.undo_action.setText(f"&Undo {undo}" if undo else "&Undo")
        self.redo_action.setText(f"&Redo {redo}" if redo else "&Redo")
        self.undo_action.setEnabled(undo is not None)
        self.redo_action.setEnabled(redo is not None)
