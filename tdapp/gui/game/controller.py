"""Opening boards' game views: Round > Play board lists the boards; each opens in its own
window (one per board, raised when opened again)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu

from tdapp.gui.controller import AppController
from tdapp.gui.game.view import GameView
from tdapp.services.rounds import all_boards

WINDOW_SIZE = (1280, 800)


def _round_menu(window: QMainWindow) -> QMenu:
    for action in window.menuBar().actions():
        if action.menu() is not None and action.text().replace("&", "") == "Round":
            return action.menu()
    return window.menuBar().addMenu("&Round")


class GameController(QObject):
    def __init__(self, window: QMainWindow, app: AppController) -> None:
        super().__init__(window)
        self.window = window
        self.app = app
        self.views: dict[int, GameView] = {}
        self.menu = QMenu("&Play board", window)
        self.menu.setObjectName("playBoardMenu")
        self.menu.aboutToShow.connect(self.fill_menu)
        _round_menu(window).addMenu(self.menu)
        app.file_closed.connect(self.close_all)

    def fill_menu(self) -> None:
        self.menu.clear()
        boards = self.app.read(all_boards, default=[]) or []
        if not boards:
            empty = self.menu.addAction("No boards seated yet")
            empty.setEnabled(False)
            return
        for board in boards:
            state = {"seated": "not started", "playing": "playing"}.get(board.status,
                                                                         board.status)
            action = QAction(f"Round {board.round_number} · Board {board.number} ({state})",
                             self.menu)
            action.triggered.connect(lambda _=False, b=board.board_id: self.open_board(b))
            self.menu.addAction(action)

    def open_board(self, board_id: int) -> GameView:
        view = self.views.get(board_id)
        if view is None:
            view = GameView(self.app, board_id)
            view.setWindowFlag(Qt.WindowType.Window, True)
            view.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
            view.destroyed.connect(lambda _=None, b=board_id: self.views.pop(b, None))
            view.resize(*WINDOW_SIZE)
            self.views[board_id] = view
        view.show()
        view.raise_()
        view.activateWindow()
        return view

    def close_all(self) -> None:
        for view in list(self.views.values()):
            view.close()
        self.views.clear()
