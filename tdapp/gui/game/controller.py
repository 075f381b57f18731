"""Opening boards' game views: Round > Play board lists the boards; each opens in its own
window (one per board, raised when opened again)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMessageBox

from tdapp.gui.controller import AppController
from tdapp.gui.game.view import GameView
from tdapp.gui.window.main_window import MainWindow
from tdapp.gui.window.menus import Menu
from tdapp.services import games
from tdapp.services.changes import Change
from tdapp.services.rounds import all_boards

WINDOW_SIZE = (1280, 800)


class GameController(QObject):
    def __init__(self, window: MainWindow, app: AppController) -> None:
        super().__init__(window)
        self.window = window
        self.app = app
        self.views: dict[int, GameView] = {}
        self.menu = QMenu("&Play board", window)
        self.menu.setObjectName("playBoardMenu")
        self.menu.aboutToShow.connect(self.fill_menu)
        window.menus.add_submenu(Menu.ROUND, self.menu)
        self.time_up_action = QAction("Round &time is up: end the boards in play…", window)
        self.time_up_action.setObjectName("roundTimeUp")
        self.time_up_action.triggered.connect(self.round_time_up)
        window.menus.add(Menu.ROUND, self.time_up_action)
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

    def round_time_up(self) -> games.TimeUp | None:
        """End every board in play of the latest round with boards in play, on the TD's word."""
        playing = [b for b in self.app.read(all_boards, default=[]) or []
                   if b.status == "playing"]
        if not playing:
            self.app.inform("Round time", "No board is being played through order entry.")
            return None
        number = max(b.round_number for b in playing)
        count = sum(1 for b in playing if b.round_number == number)
        answer = QMessageBox.question(
            self.window, "Round time is up",
            f"End the {count} board(s) of round {number} still in play? Each is scored on its "
            "last completed Fall; a board whose Fall is being adjudicated is left to finish it.")
        if answer != QMessageBox.StandardButton.Yes:
            return None
        outcomes: list[games.TimeUp] = []

        def run(db: object) -> Change:
            outcomes.append(games.end_round_by_time(db, number))  # type: ignore[arg-type]
            return Change(f"Round {number}: time is up", games=True, results=True, boards=True)

        self.app.call(run)
        if outcomes and outcomes[0].fall_in_hand:
            self.app.inform("Round time", f"{len(outcomes[0].fall_in_hand)} board(s) are "
                            "adjudicating a Fall: finish it, then end the game from the board.")
        return outcomes[0] if outcomes else None

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
