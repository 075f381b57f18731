"""Opening boards' game views: Round > Play board lists the boards; each opens in its own
window (one per board, raised when opened again). Each view has a :class:`BoardController`
that makes its service calls through the operation API and pushes the game back into it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMessageBox

from tdapp.gui.controller import AppController
from tdapp.gui.window.main_window import MainWindow
from tdapp.gui.window.menus import Menu
from tdapp.services.changes import Change, ServiceError
from tdapp.services.files import TournamentFileError
from tdapp.services.replacements import board_civil_disorder, replacements
from tdapp.services.rounds import all_boards
from tdapp.store.database import TournamentDb

if TYPE_CHECKING:
    from tdapp.gui.game.view import GameView
    from tdapp.gui.results.dialog import ResultEntryDialog
    from tdapp.services import games

WINDOW_SIZE = (1280, 800)


def _write_centre_chart(db: TournamentDb, board_id: int, path: Path) -> None:
    """The board's supply-centre chart as a CSV file (read and written on a worker)."""
    from tdapp.services import games  # loaded with a board's game, not at start-up
    path.write_text(games.centre_chart_csv(db, board_id), encoding="utf-8")


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
        from tdapp.services import games
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

        def run(db: TournamentDb) -> Change:
            outcomes.append(games.end_round_by_time(db, number))
            return Change(f"Round {number}: time is up", games=True, results=True, boards=True)

        self.app.call(run)
        if outcomes and outcomes[0].fall_in_hand:
            self.app.inform("Round time", f"{len(outcomes[0].fall_in_hand)} board(s) are "
                            "adjudicating a Fall: finish it, then end the game from the board.")
        return outcomes[0] if outcomes else None

    def open_board(self, board_id: int) -> GameView:
        view = self.views.get(board_id)
        if view is None:
            view = game_view(self.app, board_id)
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


def game_view(app: AppController, board_id: int) -> GameView:
    """The game view of one board, with its controller (kept alive as the view's child)."""
    from tdapp.gui.game.view import GameView  # the map and order entry: when a board opens

    view = GameView(board_id)
    BoardController(view, app)
    view.reload()
    return view


class BoardController(QObject):
    """One board's game: every service call the game view asks for, through the operation
    API; what comes back is pushed into the view."""

    def __init__(self, view: GameView, app: AppController) -> None:
        from tdapp.services import games
        super().__init__(view)
        self.view = view
        self.app = app
        self.board_id = view.board_id
        self._quiet = False
        self.result: ResultEntryDialog | None = None  # the result grid, while it is open
        self._missed = False  # a change of this board heard while quiet (a conflict's "save mine")
        # The version of each sheet as this station last saw it, by (phase, power): a save, or
        # one kept while the venue server is gone, says so, so that a sheet someone else saved
        # since is a conflict with both texts, never overwritten (services.games.save_orders).
        self._seen: dict[tuple[str, str], int] = {}
        app.changed.connect(self._changed)
        view.reload_requested.connect(self.reload)
        view.save_requested.connect(self.save)
        view.start_requested.connect(
            lambda: self.app.call(games.start_game, self.board_id))
        view.status_requested.connect(
            lambda power, status, phase: self.app.call(games.set_sheet_status, self.board_id,
                                                       power, status, None, phase))
        view.adjudicate_requested.connect(self.adjudicate)
        view.correction_requested.connect(self.correct)
        view.player_left_requested.connect(self.player_left)
        view.draw_vote_requested.connect(self.open_draw_vote)
        view.vote_held.connect(self.hold_vote)
        view.vetoed_openly.connect(
            lambda powers, phase: self.app.call(games.veto_draw_openly, self.board_id,
                                                list(powers), phase))
        view.chart_export_requested.connect(self.export_chart)
        view.end_requested.connect(self.end)
        view.result_requested.connect(self.open_result)
        view.told.connect(self.app.inform)

    def _changed(self, change: Change) -> None:
        mine = not change.ids or self.board_id in change.ids
        if self._quiet:  # a sheet saved from this view: shown already, no reload needed
            self._missed = self._missed or mine
            return
        if mine and (change.games or change.results):
            self.reload()

    def reload(self) -> None:
        from tdapp.services import games
        state = self.app.read(games.game_state, self.board_id)
        if state is None:
            return
        rules = self.app.read(games.format_rules, default=None)
        left = self.app.read(replacements, self.board_id, default=[])
        current = state.current
        self._seen = {(current.phase, p): s.version for p, s in current.sheets.items()} \
            if current is not None else {}
        self.view.show_game(state, rules, left)

    def save(self, power: str, text: str, phase: str | None) -> None:
        from tdapp.services import games
        seen = self._seen.get((phase, power), 0) if phase is not None else None
        self._quiet, self._missed = True, False
        try:
            change = self.app.call(games.save_orders, self.board_id, power, text, phase,
                                   expected_version=seen)
        finally:
            self._quiet = False
        if change is not None:
            self.view.sheet_saved(power, text)
            if phase is not None:  # the version saved now (the same text again keeps it)
                self._seen[(phase, power)] = self._version_now(power, seen)
        elif self._missed:  # saved over theirs from the conflict dialog: show what is saved
            self.reload()

    def _version_now(self, power: str, seen: int | None) -> int:
        from tdapp.services import games
        try:
            return int(self.app.read(games.sheet_version, self.board_id, power,
                                     default=(seen or 0) + 1))
        except TournamentFileError:  # the server went just after the save, which was over
            return (seen or 0) + 1  # the version seen, so one up (a same text: a conflict)

    def _over(self) -> bool:
        return self.view.state is not None and self.view.state.finished

    def _offer_result(self, was_over: bool) -> None:
        """At game over (a solo, the last year, a passed vote, the TD's call), the result
        grid opens prefilled from the game, so the TD sees what was recorded; it is counted
        already (issue 24: the Boards page said "playing" until it was saved by hand)."""
        if not was_over and self._over():
            self.open_result()

    def open_result(self) -> ResultEntryDialog | None:
        if self.result is not None:
            self.result.reject()
        from tdapp.gui.results.controller import result_dialog  # when a game ends

        try:
            dialog = result_dialog(self.app, self.board_id, self.view)
        except ServiceError as exc:
            self.app.show_problem(exc)
            return None
        dialog.finished.connect(lambda _code: self._result_closed(dialog))
        self.result = dialog
        dialog.open()
        return dialog

    def _result_closed(self, dialog: ResultEntryDialog) -> None:
        if self.result is dialog:
            self.result = None
        dialog.deleteLater()

    def end(self, reason: str) -> None:
        from tdapp.services import games

        was_over = self._over()
        self.app.call(games.end_game, self.board_id, reason)
        self._offer_result(was_over)

    def adjudicate(self, phase: str | None) -> None:
        from tdapp.services import games
        was_over = self._over()
        if self.app.call(games.adjudicate, self.board_id, None, phase) is not None:
            self.view.show_adjudicated()
            self._offer_result(was_over)

    def correct(self, seq: int, power: str, text: str, override: bool) -> None:
        # Called by name (not through a closure) so that, with the venue server gone, the
        # station says a correction waits for the server (services/kept.py).
        from tdapp.services import games
        was_over = self._over()
        report = self.app.call_for_report(games.correct_orders, self.board_id, seq, power,
                                          text, override)
        if report is None:
            return
        self.view.show_correction(report)
        if report.carried:  # the game as played stands: say what comes next
            self.app.inform("Builds already played stand", "\n\n".join(report.carried))
        self._offer_result(was_over)

    def player_left(self) -> None:
        from tdapp.services import games
        state = self.app.read(games.game_state, self.board_id)
        if state is None:
            return
        board = next((b for b in self.app.read(all_boards, state.round_number, default=[])
                      if b.board_id == self.board_id), None)
        if board is not None:
            from tdapp.gui.results.controller import player_left_dialog

            self.view.show_player_left(player_left_dialog(self.app, board, self.view))

    def open_draw_vote(self) -> None:
        from tdapp.services import games
        preview = self.app.read(games.draw_vote_preview, self.board_id)
        if preview is None:
            return
        if preview.refusal:
            self.app.inform("No draw vote now", preview.refusal)
            return
        self.view.show_draw_vote(
            preview, self.app.read(board_civil_disorder, self.board_id, default=set()))

    def hold_vote(self, votes: dict[str, bool], abandoned: Sequence[str],
                  powers: Sequence[str] | None, phase: str | None) -> None:
        # The service itself, not a wrapper: a venue station keeps the vote (services/kept.py)
        # while the server is gone; the call broadcasts the outcome's change.
        from tdapp.services import games
        was_over = self._over()
        self.app.call(games.hold_draw_vote, self.board_id, votes, abandoned, powers, phase)
        self._offer_result(was_over)

    def export_chart(self, path: Path) -> None:
        """The chart read and written on a worker (a USB stick may be slow)."""
        if self.app.db is None:
            return
        try:
            self.app.run(_write_centre_chart, self.board_id, path)
        except OSError as exc:
            self.app.show_problem(exc, "Cannot write the chart")
            return
        except ServiceError as exc:
            self.app.show_problem(exc)
            return
        self.view.chart_exported(path)
