"""The boards of a round waiting for (or holding) their results, each opened in the result grid;
with each board's players' answers from the players' page (confirmed, disputed) beside it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui import theme
from tdapp.gui.common.table_model import ROW_ROLE, AnyIndex, Column, RowTableModel, make_proxy
from tdapp.gui.common.tables import tune_table
from tdapp.services.result_responses import BoardResponses, DisputeRow
from tdapp.services.rounds import BoardRow

FINISHED = ("finished", "scored")


def _seats_text(board: BoardRow) -> str:
    return ", ".join(
        f"{s.power[0]} {s.player_name}" + (f" {s.centers}" if s.centers is not None else "")
        for s in board.seats)


BOARD_COLUMNS = (
    Column[BoardRow]("Board", lambda b: b.number, align_right=True),
    Column[BoardRow]("Top", lambda b: "top board" if b.top_board else ""),
    Column[BoardRow]("Result", lambda b: "entered" if b.status in FINISHED else "to enter",
                     sort_key=lambda b: b.status in FINISHED),
    Column[BoardRow]("Last year", lambda b: b.end_year or ""),
    Column[BoardRow]("Seats (power, player, centres)", _seats_text),
)


ANSWERS_COLUMN = len(BOARD_COLUMNS) - 1  # before the seats, which take the room left


def _clock(at: dt.datetime) -> str:
    """A time kept in UTC as the TD's wall clock shows it."""
    return at.replace(tzinfo=dt.UTC).astimezone().strftime("%H:%M")


def answers_words(answers: BoardResponses | None) -> str:
    """A board's answers in a few words: "5 of 7 confirmed", "DISPUTED by Ann Smith"."""
    if answers is None or not answers.result_entered:
        return ""
    if answers.disputed:
        who = ", ".join(d.player for d in answers.disputes if d.settled_at is None)
        return f"⚠ DISPUTED by {who}"
    words = f"{len(answers.confirmed)} of {answers.seats} confirmed"
    if any(d.settled_at is not None for d in answers.disputes) or answers.settled_note:
        words += "; dispute settled"
    return words


def dispute_words(dispute: DisputeRow) -> str:
    note = f": “{dispute.note}”" if dispute.note else " (no note)"
    return f"{dispute.player} at {_clock(dispute.at)}{note}"


class BoardsModel(RowTableModel[BoardRow]):
    """The round's boards, each with its players' answers; a disputed board is marked."""

    def __init__(self, parent: Any = None) -> None:
        self.answers: dict[int, BoardResponses] = {}
        columns = list(BOARD_COLUMNS)
        columns.insert(ANSWERS_COLUMN, Column[BoardRow](
            "Players' answers", lambda b: answers_words(self.answers.get(b.board_id)),
            sort_key=self._answers_order,
            tooltip="What the board's players said of its result on the players' page"))
        super().__init__(columns, greyed=self._greyed, parent=parent)

    def _answers_order(self, board: BoardRow) -> tuple[int, int]:
        answers = self.answers.get(board.board_id)
        if answers is None or not answers.result_entered:
            return (2, 0)
        return (0, 0) if answers.disputed else (1, len(answers.confirmed))

    def disputed(self, board: BoardRow) -> bool:
        answers = self.answers.get(board.board_id)
        return answers is not None and answers.disputed

    def _greyed(self, board: BoardRow) -> bool:
        return board.status in FINISHED and not self.disputed(board)

    def set_answers(self, answers: Sequence[BoardResponses]) -> None:
        self.answers = {a.board_id: a for a in answers}
        if self.rowCount():
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(self.rowCount() - 1, self.columnCount() - 1))

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (role in (Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ForegroundRole)
                and index.isValid() and index.row() < self.rowCount()
                and self.disputed(self.row_at(index.row()))):
            colour = theme.ERROR_BACKGROUND if role == Qt.ItemDataRole.BackgroundRole \
                else theme.ERROR
            return QBrush(QColor(colour))
        return super().data(index, role)


class ResultsPanel(QWidget):
    """View only: ``round_chosen(number)`` and ``open_board(board_id)`` go to the controller."""

    round_chosen = Signal(int)
    open_board = Signal(int)
    player_left = Signal(int)  # a board id: a player left it mid-game
    settle_requested = Signal(int)  # a board id: the TD settles its players' dispute

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.round_box = QComboBox()
        self.round_box.setMinimumWidth(140)
        self.round_box.currentIndexChanged.connect(self._round_changed)
        self.summary = QLabel()
        self.summary.setObjectName("resultsSummary")
        self.enter_button = QPushButton("Enter result…")
        self.enter_button.setToolTip("Type the selected board's result (Enter or double-click)")
        self.enter_button.clicked.connect(self._open_current)
        self.left_button = QPushButton("Player left…")
        self.left_button.setToolTip("A player of the selected board left mid-game: a replacement "
                                    "takes the seat or it is left in civil disorder")
        self.left_button.clicked.connect(self._player_left)
        self.departures = QLabel()
        self.departures.setObjectName("resultsDepartures")
        self.departures.setWordWrap(True)
        self.departures.hide()
        self.settle_button = QPushButton("Settle dispute…")
        self.settle_button.setObjectName("settleDispute")
        self.settle_button.setToolTip("The selected board's result is disputed by a player: "
                                      "look into it (correct the result if needed), then "
                                      "settle it with a note")
        self.settle_button.clicked.connect(self._settle)
        self.disputes = QLabel()
        self.disputes.setObjectName("resultsDisputes")
        self.disputes.setWordWrap(True)
        self.disputes.setTextFormat(Qt.TextFormat.PlainText)  # players' notes are text
        theme.set_text_colour(self.disputes, theme.ERROR)
        self.disputes.hide()
        self.model = BoardsModel(self)
        self.proxy = make_proxy(self.model, self)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        tune_table(self.table, (60, 80, 80, 80, 240))
        self.table.doubleClicked.connect(lambda _index: self._open_current())
        self.table.activated.connect(lambda _index: self._open_current())
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Round"))
        bar.addWidget(self.round_box)
        bar.addSpacing(16)
        bar.addWidget(self.summary, 1)
        bar.addWidget(self.settle_button)
        bar.addWidget(self.left_button)
        bar.addWidget(self.enter_button)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.disputes)
        layout.addWidget(self.departures)
        self.table.selectionModel().currentChanged.connect(lambda *_: self._show_settle())
        self._show_settle()

    def set_rounds(self, numbers: list[int], current: int | None) -> None:
        self.round_box.blockSignals(True)
        self.round_box.clear()
        for number in numbers:
            self.round_box.addItem(f"Round {number}", number)
        if current is not None and current in numbers:
            self.round_box.setCurrentIndex(numbers.index(current))
        self.round_box.blockSignals(False)

    def current_round(self) -> int | None:
        data = self.round_box.currentData()
        return int(data) if data is not None else None

    def set_boards(self, boards: list[BoardRow]) -> None:
        self.model.set_rows(boards)
        waiting = sum(1 for b in boards if b.status not in FINISHED)
        if not boards:
            self.summary.setText("No board is seated in this round yet.")
        elif waiting:
            self.summary.setText(f"{waiting} of {len(boards)} boards still need their result.")
        else:
            self.summary.setText(f"All {len(boards)} boards have their result.")
        self.enter_button.setEnabled(bool(boards))
        self.left_button.setEnabled(bool(boards))
        first = next((r for r in range(self.proxy.rowCount())
                      if self.proxy.index(r, 0).data(ROW_ROLE).status not in FINISHED), 0)
        if boards:
            self.table.selectRow(first)
        self._show_settle()

    def set_answers(self, answers: Sequence[BoardResponses]) -> None:
        """Each board's answers from its players; the round's open disputes spelt out."""
        self.model.set_answers(answers)
        lines = [f"Board {a.board_number} disputed by " + "; ".join(
                    dispute_words(d) for d in a.disputes if d.settled_at is None)
                 for a in sorted(answers, key=lambda a: a.board_number) if a.disputed]
        self.disputes.setText("\n".join(lines))
        self.disputes.setVisible(bool(lines))
        self._show_settle()

    def _show_settle(self) -> None:
        board = self.selected_board()
        self.settle_button.setEnabled(board is not None and self.model.disputed(board))

    def answers_of(self, board_id: int) -> BoardResponses | None:
        return self.model.answers.get(board_id)

    def _settle(self) -> None:
        board = self.selected_board()
        if board is not None and self.model.disputed(board):
            self.settle_requested.emit(board.board_id)

    def set_departures(self, texts: list[str]) -> None:
        """Who left a board of this round mid-game, and who took over (or civil disorder)."""
        self.departures.setText("Left mid-game: " + "; ".join(texts) if texts else "")
        self.departures.setVisible(bool(texts))

    def selected_board(self) -> BoardRow | None:
        index = self.table.currentIndex()
        if not index.isValid():
            return None
        return index.data(ROW_ROLE)

    def _round_changed(self) -> None:
        number = self.current_round()
        if number is not None:
            self.round_chosen.emit(number)

    def _open_current(self) -> None:
        board = self.selected_board()
        if board is not None:
            self.open_board.emit(board.board_id)

    def _player_left(self) -> None:
        board = self.selected_board()
        if board is not None:
            self.player_left.emit(board.board_id)
