"""Connects the results panel to the services and opens a board's result grid."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from tdapp.core.formats import TournamentFormat
from tdapp.core.scoring.formula import FormulaSystem
from tdapp.gui.common import picked_round
from tdapp.gui.common.table_model import ROW_ROLE
from tdapp.gui.controller import AppController
from tdapp.gui.results.boards_panel import FINISHED, ResultsPanel
from tdapp.gui.results.dialog import ResultEntryDialog
from tdapp.gui.results.player_left import PlayerLeftDialog
from tdapp.gui.results.settle import SettleDisputeDialog
from tdapp.services.changes import Change, ServiceError
from tdapp.services.formats import effective_format, scoring_systems
from tdapp.services.games import game_state
from tdapp.services.kept import unreachable
from tdapp.services.players import list_players
from tdapp.services.replacements import (
    Departure,
    ScoreWhenLeft,
    record_departure,
    replacements,
    score_when_left,
)
from tdapp.services.result_responses import responses_for_round, settle_dispute
from tdapp.services.results import BoardResult, record_result
from tdapp.services.rounds import BoardRow, all_boards, list_rounds
from tdapp.services.standings_views import BoardEntry, EntrySeat, board_entry
from tdapp.store.database import TournamentDb


def player_left_dialog(app: AppController, board: BoardRow, parent: QWidget) -> PlayerLeftDialog:
    """Player left… for ``board``: the tournament's players who may take over, the open phase
    of a game played through order entry, and the save through services.replacements."""
    players = [(p.id, p.name) for p in app.read(list_players, default=[]) if not p.withdrawn]
    state = app.read(game_state, board.board_id)
    current = state.current if state is not None else None
    phase = str(current.phase) if current is not None else ""

    def submit(departure: Departure) -> Change | None:
        return app.attempt(record_departure, board.board_id, departure)

    def score_at(power: str, phase: str) -> ScoreWhenLeft | None:
        return app.read(score_when_left, board.board_id, power, phase)
    return PlayerLeftDialog(board, players, phase, submit, parent, score_at)


# The format a board is scored by and the TD's own systems.
Scoring = tuple[TournamentFormat, tuple[FormulaSystem, ...]]


def _grid_and_rules(db: TournamentDb, board_id: int
                    ) -> tuple[BoardEntry, TournamentFormat, tuple[FormulaSystem, ...]]:
    """What the result grid shows: the board, the format it is scored by, the TD's systems."""
    return board_entry(db, board_id), effective_format(db), scoring_systems(db)


def read_for_entry(app: AppController, board_id: int) -> tuple[BoardEntry, Scoring]:
    """What the grid shows, read off the GUI thread. Raises ServiceError when no tournament
    is open or the board cannot be read."""
    # The TD's own format and formula systems when there are some.
    entry, fmt, custom = app.run(_grid_and_rules, board_id)
    return entry, (fmt, custom)


def entry_dialog(app: AppController, entry: BoardEntry, scoring: Scoring,
                 parent: QWidget | None = None) -> ResultEntryDialog:
    """The grid for ``entry``, its Save recorded through services.results.record_result
    (undoable). While the venue server is gone the result is kept on this laptop (the
    outbox) and sent when it is back: the grid then closes, the status bar says so."""
    dialog = ResultEntryDialog(entry, scoring[0], scoring[1], parent)

    def save(board: int, result: BoardResult, version: int | None) -> None:
        outbox = app.outbox
        kept = len(outbox) if outbox is not None else 0
        change = app.call(record_result, board, result, expected_version=version)
        if change is not None:
            dialog.recorded(change.description)
        elif outbox is not None and len(outbox) > kept:  # kept: nothing typed is lost
            dialog.accept()
    dialog.save_requested.connect(save)
    return dialog


def result_dialog(app: AppController, board_id: int, parent: QWidget | None = None
                  ) -> ResultEntryDialog:
    """The board's result grid, read from the file (see read_for_entry and entry_dialog)."""
    entry, scoring = read_for_entry(app, board_id)
    return entry_dialog(app, entry, scoring, parent)


def entry_from_row(board: BoardRow, format_name: str) -> BoardEntry:
    """A board without a result, as the grid needs it, from the row the panel last read."""
    seats = tuple(EntrySeat(s.power, s.player_id, s.player_name) for s in board.seats)
    return BoardEntry(board.board_id, board.round_number, board.number, board.top_board,
                      board.status, format_name, seats, None, None, board.version)


OFFLINE_TITLE = ("as this station last read it: the venue server cannot be reached, the "
                 "result is kept on this laptop and sent when it is back")


def _wants(change: Change) -> bool:
    return change.rounds or change.boards or change.results or change.players or change.tournament


class ResultsController:
    def __init__(self, panel: ResultsPanel, app: AppController, parent: QWidget) -> None:
        self.panel = panel
        self.app = app
        self.parent = parent
        self.dialog: ResultEntryDialog | None = None
        self.left_dialog: PlayerLeftDialog | None = None  # Player left…, while it is open
        self.settle_dialog: SettleDisputeDialog | None = None  # Settle dispute…, while open
        self._numbers: list[int] = []  # the rounds with boards, as last shown
        # What this station last read for the grid: it opens from here while the venue
        # server is gone (the result typed is then kept on this laptop and sent later).
        self._scoring: Scoring | None = None
        self._entries: dict[int, BoardEntry] = {}
        self._default: int | None = None  # the round the page chose itself, last time
        panel.round_chosen.connect(self._round_chosen)
        panel.open_board.connect(self.open_board)
        panel.player_left.connect(self.player_left)
        panel.settle_requested.connect(self.settle)
        app.file_opened.connect(lambda _path: self.refresh())
        app.file_closed.connect(self._clear)
        app.changed.connect(self._changed)

    def _changed(self, change: Change) -> None:
        if change.tournament:
            self._scoring = None  # the format or its systems may have changed
        if _wants(change):
            self.refresh()
        elif change.room:  # a player confirmed or disputed a result on the players' page
            self.show_answers()

    def refresh(self) -> None:
        rounds = [r for r in self.app.read(list_rounds, default=[]) if r.boards]
        numbers = [r.number for r in rounds]
        current = self.panel.current_round()
        # A newly seated round moves the tab to it (QA: it stayed on a finished round 2 with
        # "All 7 boards have their result" after round 3 was called); otherwise the round the
        # TD is looking at stays.
        opening = not self._numbers
        newly_seated = bool(self._numbers) and numbers != self._numbers
        self._numbers = numbers
        # The first round still waiting for results, else the latest seated one.
        waiting = [r.number for r in rounds if r.boards_finished < r.boards]
        self._default = waiting[0] if waiting else (rounds[-1].number if rounds else None)
        if opening:  # a round the TD picked by hand before closing the file shows again
            current = picked_round.recall("boards", self.app.path, self._default, numbers)
        elif current is None or current not in numbers or newly_seated:
            current = self._default
        self.panel.set_rounds(numbers, current)
        self.show_boards()

    def _round_chosen(self, number: int) -> None:
        picked_round.remember("boards", self.app.path, number, self._default)
        self.show_boards()

    def show_boards(self) -> None:
        number = self.panel.current_round()
        boards = self.app.read(all_boards, number, default=[]) if number is not None else []
        self.panel.set_boards(boards)
        left = self.app.read(replacements, default=[]) if number is not None else []
        self.panel.set_departures([f"board {r.board_number}, {r.text}" for r in left
                                   if r.round_number == number])
        self.show_answers()

    def show_answers(self) -> None:
        """Each board's confirmations and disputes from the players' page."""
        number = self.panel.current_round()
        answers = (self.app.read(responses_for_round, number, default=[])
                   if number is not None else [])
        self.panel.set_answers(answers)

    def settle(self, board_id: int) -> SettleDisputeDialog | None:
        """Settle dispute… for the board: its disputes shown, the TD's note asked."""
        answers = self.panel.answers_of(board_id)
        number = self.panel.current_round()
        if answers is None or not answers.disputed or number is None:
            return None
        if self.settle_dialog is not None:
            self.settle_dialog.reject()
        dialog = SettleDisputeDialog(number, answers, self.parent)
        dialog.settle_requested.connect(lambda note: self._settle(dialog, note))
        dialog.finished.connect(lambda _code: self._settle_closed(dialog))
        self.settle_dialog = dialog
        dialog.open()
        return dialog

    def _settle(self, dialog: SettleDisputeDialog, note: str) -> None:
        try:
            change = self.app.attempt(settle_dispute, dialog.board_id, note)
        except ServiceError as exc:  # the note refused, or settled meanwhile elsewhere
            dialog.refused(str(exc))
            return
        if change is not None:
            dialog.accept()

    def _settle_closed(self, dialog: SettleDisputeDialog) -> None:
        if self.settle_dialog is dialog:
            self.settle_dialog = None
        dialog.deleteLater()

    def player_left(self, board_id: int) -> PlayerLeftDialog | None:
        """Open Player left… for the board (the seat's change is saved by the dialog)."""
        board = next((b for b in self.panel.model.rows() if b.board_id == board_id), None)
        if board is None or self.app.db is None:
            return None
        dialog = player_left_dialog(self.app, board, self.parent)
        dialog.finished.connect(lambda _code: self._left_closed(dialog))
        self.left_dialog = dialog
        dialog.open()
        return dialog

    def _clear(self) -> None:
        self._numbers = []
        self._scoring, self._entries = None, {}
        self.panel.set_rounds([], None)
        self.panel.set_boards([])
        self.panel.set_departures([])
        self.panel.set_answers([])
        if self.dialog is not None:
            self.dialog.reject()
        if self.settle_dialog is not None:
            self.settle_dialog.reject()

    def open_board(self, board_id: int) -> ResultEntryDialog | None:
        """Open the board's result grid (one at a time, not blocking the window)."""
        if self.app.db is None:
            return None
        if self.dialog is not None:
            self.dialog.reject()
        offline = False
        try:
            entry, scoring = read_for_entry(self.app, board_id)
            self._scoring, self._entries[board_id] = scoring, entry
        except ServiceError as exc:
            self.app.show_problem(exc)
            return None
        except Exception as exc:
            outbox = self.app.outbox
            if outbox is None or not unreachable(outbox.url, exc):
                raise  # a bug stays loud
            found = self._last_read(board_id)
            if isinstance(found, str):
                self.app.show_problem(ServiceError(found), "The result cannot be typed now")
                return None
            (entry, scoring), offline = found, True
        dialog = entry_dialog(self.app, entry, scoring, self.parent)
        if offline:
            dialog.setWindowTitle(f"{dialog.windowTitle()} — {OFFLINE_TITLE}")
        dialog.finished.connect(lambda _code: self._closed(dialog))
        dialog.saved.connect(lambda _board: self._next_board(board_id))
        self.dialog = dialog
        dialog.open()
        return dialog

    def _last_read(self, board_id: int) -> tuple[BoardEntry, Scoring] | str:
        """The board as this station last read it, for typing its result while the server is
        gone; else why it cannot be typed now, in words."""
        gone = "The venue server cannot be reached"
        if self._scoring is None:
            return (f"{gone}, and this station has not read the tournament's scoring yet, so "
                    f"the result grid cannot open. Keep the result sheet and type it when "
                    f"the server is back.")
        entry = self._entries.get(board_id)
        if entry is None:
            row = next((b for b in self.panel.model.rows() if b.board_id == board_id), None)
            if row is None:
                return (f"{gone}, and this station has not read that board yet. Keep the "
                        f"result sheet and type it when the server is back.")
            if row.end_year is not None:
                # Its year-by-year centres and eliminations are on the server only: a grid
                # from the row would save over them.
                return (f"{gone}. Board {row.number} already has a result, which this "
                        f"station has not read in full (year by year): correct it when the "
                        f"server is back.")
            entry = entry_from_row(row, self._scoring[0].name)
        return entry, self._scoring

    def _left_closed(self, dialog: PlayerLeftDialog) -> None:
        if self.left_dialog is dialog:
            self.left_dialog = None
        dialog.deleteLater()

    def _closed(self, dialog: ResultEntryDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    def _next_board(self, board_id: int) -> None:
        """After a save, select the next board still waiting, ready for Enter."""
        rows = self.panel.model.rows()
        waiting = [b for b in rows if b.status not in FINISHED and b.board_id != board_id]
        if waiting:
            for row in range(self.panel.proxy.rowCount()):
                board = self.panel.proxy.index(row, 0).data(ROW_ROLE)
                if board is not None and board.board_id == waiting[0].board_id:
                    self.panel.table.selectRow(row)
                    break
