"""The main window: sidebar of pages, menus with shortcuts, status bar. Layout only; the
feature controllers (``tdapp.gui.<feature>.controller``) connect what it shows to the services.

A page is built, and its module imported, when it is first shown or asked for
(:meth:`MainWindow.page`): the window starts with an empty stand-in for each, so opening the
program does not import every page's code. :data:`PAGES` is the one list of pages.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

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
from tdapp.gui.common.page import InfoPage
from tdapp.gui.files.welcome import WelcomePage
from tdapp.gui.window.menus import MainMenus

if TYPE_CHECKING:
    from tdapp.gui.awards.page import AwardsPage
    from tdapp.gui.clock.page import ClockPage
    from tdapp.gui.players.page import PlayersPage
    from tdapp.gui.rounds.page import RoundsPage
    from tdapp.gui.seating.page import BoardsPage
    from tdapp.gui.standings.page import StandingsPage
    from tdapp.gui.tournament.page import TournamentPage


@dataclass(frozen=True)
class PageSpec:
    """A sidebar page: its name (sidebar, View menu, Ctrl+N) and where its class lives."""

    name: str
    module: str
    class_name: str


# The pages in sidebar order; View > 1..7 and Ctrl+1..7 follow it.
PAGES: tuple[PageSpec, ...] = (
    PageSpec("Tournament", "tdapp.gui.tournament.page", "TournamentPage"),
    PageSpec("Players", "tdapp.gui.players.page", "PlayersPage"),
    PageSpec("Rounds", "tdapp.gui.rounds.page", "RoundsPage"),
    PageSpec("Boards", "tdapp.gui.seating.page", "BoardsPage"),
    PageSpec("Clock", "tdapp.gui.clock.page", "ClockPage"),
    PageSpec("Standings", "tdapp.gui.standings.page", "StandingsPage"),
    PageSpec("Awards", "tdapp.gui.awards.page", "AwardsPage"),
)
PAGE_NAMES = tuple(spec.name for spec in PAGES)
NO_SAVE_NEEDED = "Every change is written to the file as you make it; there is no Save button."


class PageMap(Mapping[str, QWidget]):
    """``window.pages[name]``: the page, built on first use."""

    def __init__(self, window: MainWindow) -> None:
        self._window = window

    def __getitem__(self, name: str) -> QWidget:
        if name not in PAGE_NAMES:
            raise KeyError(name)
        return self._window.page(name)

    def __iter__(self) -> Iterator[str]:
        return iter(PAGE_NAMES)

    def __len__(self) -> int:
        return len(PAGE_NAMES)


class MainWindow(QMainWindow):
    closing = Signal()  # the window is closing: the controllers close the tournament file
    # A page was just built (its name): the main controller connects its controller, before
    # page() returns.
    page_built = Signal(str)

    def __init__(self, settings: QSettings, icon: QIcon | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.setWindowTitle("tdapp")
        if icon is not None:
            self.setWindowIcon(icon)
        self.setMinimumSize(QSize(760, 520))
        self.resize(1280, 800)
        self.welcome = WelcomePage(icon)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.welcome)
        self.built: dict[str, QWidget] = {}  # the pages built so far, by name
        self._stand_ins: dict[str, QWidget] = {}
        for name in PAGE_NAMES:  # an empty widget holds each page's place until it is built
            stand_in = QWidget()
            stand_in.setObjectName(f"standIn{name}")
            self._stand_ins[name] = stand_in
            self.stack.addWidget(stand_in)
        self.pages = PageMap(self)
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
        if name not in PAGE_NAMES or not self.sidebar.isEnabled():
            return
        self.sidebar.setCurrentRow(PAGE_NAMES.index(name))
        self.stack.setCurrentWidget(self.page(name))

    def current_page_name(self) -> str | None:
        for name, page in self.built.items():
            if page is self.stack.currentWidget():
                return name
        return None

    def _sidebar_row_changed(self, row: int) -> None:
        if 0 <= row < len(PAGE_NAMES) and self.sidebar.isEnabled():
            self.stack.setCurrentWidget(self.page(PAGE_NAMES[row]))

    # -- the pages, built when first wanted -----------------------------------------------------
    def page(self, name: str) -> QWidget:
        """The page called ``name``, built (and its module imported) the first time."""
        page = self.built.get(name)
        if page is not None:
            return page
        spec = PAGES[PAGE_NAMES.index(name)]
        page_class = getattr(importlib.import_module(spec.module), spec.class_name)
        page = cast(QWidget, page_class())
        stand_in = self._stand_ins.pop(name)
        showing = self.stack.currentWidget() is stand_in
        self.stack.insertWidget(self.stack.indexOf(stand_in), page)
        if showing:
            self.stack.setCurrentWidget(page)
        self.stack.removeWidget(stand_in)
        stand_in.deleteLater()
        self.built[name] = page
        if isinstance(page, InfoPage):
            page.go_to.connect(self.show_page)
        self.page_built.emit(name)
        return page

    def is_built(self, name: str) -> bool:
        return name in self.built

    @property
    def tournament_page(self) -> TournamentPage:
        return cast("TournamentPage", self.page("Tournament"))

    @property
    def players_page(self) -> PlayersPage:
        return cast("PlayersPage", self.page("Players"))

    @property
    def rounds_page(self) -> RoundsPage:
        return cast("RoundsPage", self.page("Rounds"))

    @property
    def boards_page(self) -> BoardsPage:
        return cast("BoardsPage", self.page("Boards"))

    @property
    def clock_page(self) -> ClockPage:
        return cast("ClockPage", self.page("Clock"))

    @property
    def standings_page(self) -> StandingsPage:
        return cast("StandingsPage", self.page("Standings"))

    @property
    def awards_page(self) -> AwardsPage:
        return cast("AwardsPage", self.page("Awards"))

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
