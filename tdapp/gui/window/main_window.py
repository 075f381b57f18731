"""The main window: sidebar of pages, menus with shortcuts, status bar. Layout only; the
feature controllers (``tdapp.gui.<feature>.controller``) connect what it shows to the services."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QSize, Signal
from PySide6.QtGui import QCloseEvent, QIcon
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QStackedWidget,
    QWidget,
)

from tdapp.gui import theme
from tdapp.gui.awards.page import AwardsPage
from tdapp.gui.clock.page import ClockPage
from tdapp.gui.common.page import InfoPage
from tdapp.gui.files.welcome import WelcomePage
from tdapp.gui.players.page import PlayersPage
from tdapp.gui.rounds.page import RoundsPage
from tdapp.gui.seating.page import BoardsPage
from tdapp.gui.standings.page import StandingsPage
from tdapp.gui.tournament.page import TournamentPage
from tdapp.gui.window.menus import MainMenus

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
        theme.enlarge(self.sidebar, 2)
        theme.set_sidebar_style(self.sidebar)
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
        self.menus = MainMenus(self, PAGE_NAMES)  # every menu, built in one place
        self._connect_menus()
        self.show_no_file()
        self.restore_window_state()

    # -- the window's own commands ---------------------------------------------------------------
    def _connect_menus(self) -> None:
        menus = self.menus
        menus.sidebar_action.toggled.connect(self.sidebar.setVisible)
        menus.fullscreen_action.toggled.connect(
            lambda on: self.showFullScreen() if on else self.showNormal())
        for name, action in zip(PAGE_NAMES, menus.page_actions, strict=True):
            action.triggered.connect(lambda _=False, n=name: self.show_page(n))
        menus.quit_action.triggered.connect(self.close)
        menus.shortcuts_action.triggered.connect(self.show_shortcuts)

    def set_recent_files(self, paths: list[Path], open_path: Callable[[Path], object]) -> None:
        """File > Open Recent and the welcome page's list; ``open_path(path)`` opens one."""
        self.menus.set_recent_files(paths, open_path)
        self.welcome.set_recent(paths)

    # -- what is shown -------------------------------------------------------------------------
    def show_no_file(self) -> None:
        self.setWindowTitle("tdapp")
        self.file_label.setText("No tournament open")
        self.statusBar().showMessage("Create a tournament or open one.")
        self.stack.setCurrentWidget(self.welcome)
        self.sidebar.setEnabled(False)
        self.sidebar.clearSelection()
        self.menus.set_file_open(False)

    def show_file(self, path: Path, title: str) -> None:
        self.setWindowTitle(f"{title} — tdapp")
        self.file_label.setText(f"File: {path}")
        self.statusBar().showMessage(NO_SAVE_NEEDED)
        self.sidebar.setEnabled(True)
        self.menus.set_file_open(True)
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
