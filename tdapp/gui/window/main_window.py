"""The main window: sidebar of pages, menus with shortcuts, status bar. Layout only; the
feature controllers (``tdapp.gui.<feature>.controller``) connect what it shows to the services."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QSize, Signal
from PySide6.QtGui import QAction, QCloseEvent, QFont, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QStackedWidget,
    QWidget,
)

from tdapp.gui.awards.page import AwardsPage
from tdapp.gui.clock.page import ClockPage
from tdapp.gui.common.page import InfoPage
from tdapp.gui.files.welcome import WelcomePage
from tdapp.gui.formats.page_box import FormatBox
from tdapp.gui.players.page import PlayersPage
from tdapp.gui.rounds.page import RoundsPage
from tdapp.gui.seating.page import BoardsPage
from tdapp.gui.standings.page import StandingsPage
from tdapp.gui.tournament.page import TournamentPage

PAGE_NAMES = ("Tournament", "Players", "Rounds", "Boards", "Clock", "Standings", "Awards")
NO_SAVE_NEEDED = "Every change is written to the file as you make it; there is no Save button."


class MainWindow(QMainWindow):
    closing = Signal()  # the window is closing: the controllers close the tournament file

    def __init__(self, settings: QSettings, icon: QIcon | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.setWindowTitle("tdapp")
        if icon is not None:
            self.setWindowIcon(icon)
        self.setMinimumSize(QSize(760, 520))
        self.resize(1280, 800)
        self.welcome = WelcomePage(icon)
        self.tournament_page = TournamentPage()
        self.tournament_page.format_box = FormatBox()  # the format and the ways to change it
        self.tournament_page.layout().insertWidget(2, self.tournament_page.format_box)
        self.players_page = PlayersPage()
        self.rounds_page = RoundsPage()
        self.boards_page = BoardsPage()
        self.clock_page = ClockPage()
        self.pages: dict[str, QWidget] = {
            "Tournament": self.tournament_page,
            "Players": self.players_page,
            "Rounds": self.rounds_page,
            "Boards": self.boards_page,
            "Clock": self.clock_page,
            "Standings": StandingsPage(),
            "Awards": AwardsPage(),
        }
        self.stack = QStackedWidget()
        self.stack.addWidget(self.welcome)
        for page in self.pages.values():
            self.stack.addWidget(page)
            if isinstance(page, InfoPage):
                page.go_to.connect(self.show_page)
        self.sidebar = QListWidget()
        self.sidebar.setObjectName("sidebar")
        self.sidebar.setFixedWidth(170)
        font = QFont(self.sidebar.font())
        font.setPointSize(font.pointSize() + 2)
        self.sidebar.setFont(font)
        self.sidebar.setStyleSheet(
            "QListWidget#sidebar { background: #2f3b4c; color: #e8edf3; border: none; }"
            "QListWidget#sidebar::item { padding: 10px 14px; }"
            "QListWidget#sidebar::item:selected { background: #4a78c2; color: white; }"
            "QListWidget#sidebar::item:disabled { color: #7d8896; }")
        for name in PAGE_NAMES:
            self.sidebar.addItem(QListWidgetItem(name))
        self.sidebar.currentRowChanged.connect(self._sidebar_row_changed)
        central = QWidget()
        row = QHBoxLayout(central)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self.sidebar)
        row.addWidget(self.stack, 1)
        self.setCentralWidget(central)
        self.file_label = QLabel()
        self.file_label.setObjectName("openFile")
        self.statusBar().addPermanentWidget(self.file_label)
        self._build_actions()
        self._build_menus()
        self.show_no_file()
        self.restore_window_state()

    # -- actions and menus -----------------------------------------------------------------------
    def _action(self, text: str, shortcut: QKeySequence | str | None = None,
                tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        return action

    def _build_actions(self) -> None:
        key = QKeySequence.StandardKey
        self.new_action = self._action("&New tournament…", key.New, "Create a tournament file")
        self.open_action = self._action("&Open…", key.Open, "Open a tournament file")
        self.save_copy_action = self._action(
            "Save a &copy as…", "Ctrl+Shift+S", "Write a copy of the tournament to another file")
        self.snapshots_action = self._action(
            "&Snapshots and restore…", None, "Snapshots taken at round boundaries and on demand")
        self.share_action = self._action(  # wired by tdapp.gui.venue.controller
            "Share on the &venue network…", None,
            "Start the venue server so assistants' laptops can join")
        self.join_action = self._action(
            "&Join a shared tournament…", None, "Work on a tournament another laptop shares")
        self.close_action = self._action("&Close", "Ctrl+W", "Close the tournament file")
        self.quit_action = self._action("&Quit", "Ctrl+Q")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.undo_action = self._action("&Undo", "Ctrl+Z")
        self.redo_action = self._action("&Redo", "Ctrl+Shift+Z")
        self.history_action = self._action("&History…", "Ctrl+H", "Every change made, by whom")
        self.sidebar_action = self._action("&Sidebar", "Ctrl+B")
        self.sidebar_action.setCheckable(True)
        self.sidebar_action.setChecked(True)
        self.sidebar_action.toggled.connect(self.sidebar.setVisible)
        self.fullscreen_action = self._action("&Full screen", "F11")
        self.fullscreen_action.setCheckable(True)
        self.fullscreen_action.toggled.connect(
            lambda on: self.showFullScreen() if on else self.showNormal())
        self.page_actions: list[QAction] = []
        for number, name in enumerate(PAGE_NAMES, start=1):
            action = self._action(f"&{number} {name}", f"Ctrl+{number}")
            action.triggered.connect(lambda _=False, n=name: self.show_page(n))
            self.page_actions.append(action)
        self.seat_round_action = self._action(
            "&Seat round…", "Ctrl+Shift+B", "Call the boards: who plays, seating, powers, review")
        self.format_action = self._action(  # wired by tdapp.gui.formats.controller
            "&Format…", None, "Change any part of the tournament's format")
        self.scoring_action = self._action(
            "Scoring &systems…", None, "Write a scoring system as a formula")
        self.about_action = self._action("&About tdapp")
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.quit_action.triggered.connect(self.close)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.new_action)
        file_menu.addAction(self.open_action)
        self.recent_menu = QMenu("Open &Recent", self)
        file_menu.addMenu(self.recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.save_copy_action)
        file_menu.addAction(self.snapshots_action)
        self.export_menu = file_menu.addMenu("E&xport")  # filled by tdapp.gui.export.controller
        file_menu.addSeparator()
        file_menu.addAction(self.share_action)
        file_menu.addAction(self.join_action)
        file_menu.addSeparator()
        file_menu.addAction(self.close_action)
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.history_action)
        self.tournament_menu = bar.addMenu("&Tournament")
        self.tournament_menu.addAction(self.format_action)
        self.tournament_menu.addAction(self.scoring_action)
        # Round > Seat round N… (Round > Play board joins it: tdapp.gui.game.controller)
        self.round_menu = bar.addMenu("&Round")
        self.round_menu.addAction(self.seat_round_action)
        view_menu = bar.addMenu("&View")
        view_menu.addActions(self.page_actions)
        view_menu.addSeparator()
        view_menu.addAction(self.sidebar_action)
        view_menu.addAction(self.fullscreen_action)
        help_menu = bar.addMenu("&Help")
        self.shortcuts_action = QAction("&Keyboard shortcuts", self)
        self.shortcuts_action.setShortcut(QKeySequence("F1"))
        self.shortcuts_action.triggered.connect(self.show_shortcuts)
        help_menu.addAction(self.shortcuts_action)
        help_menu.addAction(self.about_action)
        self.file_menu, self.edit_menu, self.view_menu, self.help_menu = (
            file_menu, edit_menu, view_menu, help_menu)

    def set_recent_files(self, paths: list[Path], open_path: object) -> None:
        """Fill File > Open Recent; ``open_path(path)`` is called when one is chosen."""
        self.recent_menu.clear()
        for number, path in enumerate(paths, start=1):
            action = self.recent_menu.addAction(f"&{number % 10} {path.name}   ({path.parent})")
            action.setData(str(path))
            action.triggered.connect(lambda _=False, p=path: open_path(p))  # type: ignore[operator]
        self.recent_menu.setEnabled(bool(paths))
        self.welcome.set_recent(paths)

    def set_undo_texts(self, undo: str | None, redo: str | None) -> None:
        self.undo_action.setText(f"&Undo {undo}" if undo else "&Undo")
        self.redo_action.setText(f"&Redo {redo}" if redo else "&Redo")
        self.undo_action.setEnabled(undo is not None)
        self.redo_action.setEnabled(redo is not None)

    # -- what is shown -------------------------------------------------------------------------
    def show_no_file(self) -> None:
        self.setWindowTitle("tdapp")
        self.file_label.setText("No tournament open")
        self.statusBar().showMessage("Create a tournament or open one.")
        self.stack.setCurrentWidget(self.welcome)
        self.sidebar.setEnabled(False)
        self.sidebar.clearSelection()
        for action in (self.save_copy_action, self.snapshots_action, self.close_action,
                       self.history_action, self.seat_round_action, *self.page_actions):
            action.setEnabled(False)
        self.set_undo_texts(None, None)

    def show_file(self, path: Path, title: str) -> None:
        self.setWindowTitle(f"{title} — tdapp")
        self.file_label.setText(f"File: {path}")
        self.statusBar().showMessage(NO_SAVE_NEEDED)
        self.sidebar.setEnabled(True)
        for action in (self.save_copy_action, self.snapshots_action, self.close_action,
                       self.history_action, *self.page_actions):
            action.setEnabled(True)
        if self.stack.currentWidget() is self.welcome:
            self.show_page("Tournament")

    def show_shortcuts(self) -> None:
        from tdapp.gui.window.shortcuts import ShortcutsDialog

        self.shortcuts_dialog = ShortcutsDialog(self.menuBar(), self)
        self.shortcuts_dialog.show()

    def show_page(self, name: str) -> None:
        if name not in self.pages or not self.sidebar.isEnabled():
            return
        self.sidebar.setCurrentRow(PAGE_NAMES.index(name))
        self.stack.setCurrentWidget(self.pages[name])

    def current_page_name(self) -> str | None:
        for name, page in self.pages.items():
            if page is self.stack.currentWidget():
                return name
        return None

    def _sidebar_row_changed(self, row: int) -> None:
        if 0 <= row < len(PAGE_NAMES) and self.sidebar.isEnabled():
            self.stack.setCurrentWidget(self.pages[PAGE_NAMES[row]])

    # -- remembered geometry ---------------------------------------------------------------
    def restore_window_state(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray | bytes) and geometry:
            self.restoreGeometry(QByteArray(geometry))
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray | bytes) and state:
            self.restoreState(QByteArray(state))

    def save_window_state(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_window_state()
        super().closeEvent(event)
        if event.isAccepted():
            self.closing.emit()
