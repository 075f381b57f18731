"""The boards of a round waiting for (or holding) their results, each opened in the result grid."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui.common.table_model import ROW_ROLE, Column, RowTableModel, make_proxy
from tdapp.gui.common.tables import tune_table
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


class ResultsPanel(QWidget):
    """View only: ``round_chosen(number)`` and ``open_board(board_id)`` go to the controller."""

    round_chosen = Signal(int)
    open_board = Signal(int)

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
        self.model: RowTableModel[BoardRow] = RowTableModel(
            BOARD_COLUMNS, greyed=lambda b: b.status in FINISHED, parent=self)
        self.proxy = make_proxy(self.model, self)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        tune_table(self.table, (60, 80, 80, 80))
        self.table.doubleClicked.connect(lambda _index: self._open_current())
        self.table.activated.connect(lambda _index: self._open_current())
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Round"))
        bar.addWidget(self.round_box)
        bar.addSpacing(16)
        bar.addWidget(self.summary, 1)
        bar.addWidget(self.enter_button)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.table, 1)

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
        first = next((r for r in range(self.proxy.rowCount())
                      if self.proxy.index(r, 0).data(ROW_ROLE).status not in FINISHED), 0)
        if boards:
            self.table.selectRow(first)

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
