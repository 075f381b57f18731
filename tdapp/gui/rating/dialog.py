"""The EADiplomacy rating: everyone's rating after every finished board, and for the board
picked, each step of the calculation in words (seed 003)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui.common.table_model import Column, RowTableModel
from tdapp.services.rating import RatedBoard, RatingLine, RatingView

COLUMNS: list[Column[RatingLine]] = [
    Column("Rank", lambda r: r.rank, align_right=True),
    Column("Player", lambda r: r.player),
    Column("Rating", lambda r: f"{r.rating:.0f}", sort_key=lambda r: r.rating, align_right=True),
    Column("Change", lambda r: f"{r.change:+d}", sort_key=lambda r: r.change, align_right=True),
    Column("Games", lambda r: r.games, align_right=True),
]


class RatingDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("EADiplomacy rating")
        self.resize(1100, 640)
        self.boards: tuple[RatedBoard, ...] = ()
        self.model = RowTableModel(COLUMNS, parent=self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.board_list = QListWidget()
        self.steps = QPlainTextEdit()
        self.steps.setReadOnly(True)
        self.steps.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.board_list.currentRowChanged.connect(self._show_board)
        self.summary = QLabel()
        self.summary.setWordWrap(True)

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(QLabel("How each board changed the ratings:"))
        boards = QHBoxLayout()
        boards.addWidget(self.board_list, 1)
        boards.addWidget(self.steps, 3)
        right_layout.addLayout(boards)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.table)
        splitter.addWidget(right)
        splitter.setSizes([460, 540])
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(splitter, 1)
        layout.addWidget(buttons)

    def set_view(self, view: RatingView) -> None:
        self.model.set_rows(list(view.lines))
        self.boards = view.boards
        self.summary.setText(
            f"Everyone starts at {view.initial:.0f}. On each board a player gains 5 for every "
            "player placed below and loses 5 for every player placed above; shared places are "
            "averaged, and eliminated players' scores are compressed (0.7 x + 0.3 x their mean)."
            if view.lines else "No board has a result yet: the rating starts after round 1.")
        self.board_list.clear()
        self.board_list.addItems([b.title for b in view.boards])
        if view.boards:
            self.board_list.setCurrentRow(0)
        else:
            self.steps.clear()

    def _show_board(self, row: int) -> None:
        if not 0 <= row < len(self.boards):
            self.steps.clear()
            return
        board = self.boards[row]
        changes = "\n".join(f"  {s.power.title():<8} {s.player:<28} {s.change:+d}"
                            for s in board.steps)
        self.steps.setPlainText("\n".join(board.explanation) + "\n\nChanges:\n" + changes)
