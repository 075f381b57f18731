"""The EADiplomacy rating: everyone's rating after every finished board, and for the board
picked, each step of the calculation in words (seed 003)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QComboBox,
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
from tdapp.services.rating import CompressionReading, RatedBoard, RatingLine, RatingView

COLUMNS: list[Column[RatingLine]] = [
    Column("Rank", lambda r: r.rank, align_right=True),
    Column("Player", lambda r: r.player),
    Column("Rating", lambda r: f"{r.rating:.0f}", sort_key=lambda r: r.rating, align_right=True),
    Column("Change", lambda r: f"{r.change:+d}", sort_key=lambda r: r.change, align_right=True),
    Column("Games", lambda r: r.games, align_right=True),
]


class RatingDialog(QDialog):
    compression_chosen = Signal(str)  # the TD picked a reading of the compression

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
        # Seed 003's compression reads two ways: the TD picks one, sees which is used and the
        # worked example of each.
        self.compression_box = QComboBox()
        self.compression_box.setObjectName("compression")
        self.compression_box.activated.connect(self._compression_activated)
        compression_label = QLabel("&Compression:")
        compression_label.setBuddy(self.compression_box)
        self.reading = QLabel()
        self.reading.setObjectName("compressionUsed")
        self.reading.setWordWrap(True)
        self.examples = QPlainTextEdit()
        self.examples.setObjectName("compressionExamples")
        self.examples.setReadOnly(True)
        self.examples.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.examples.setMaximumHeight(150)
        self.readings: tuple[CompressionReading, ...] = ()

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
        choice = QHBoxLayout()
        choice.addWidget(compression_label)
        choice.addWidget(self.compression_box)
        choice.addWidget(self.reading, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addLayout(choice)
        layout.addWidget(self.examples)
        layout.addWidget(splitter, 1)
        layout.addWidget(buttons)

    def set_view(self, view: RatingView) -> None:
        self.model.set_rows(list(view.lines))
        self.boards = view.boards
        self.summary.setText(
            f"Everyone starts at {view.initial:.0f}. On each board a player gains 5 for every "
            "player placed below and loses 5 for every player placed above; shared places are "
            "averaged, and eliminated players' scores are compressed (y = 0.7 x + 0.3 S / n)."
            if view.lines else "No board has a result yet: the rating starts after round 1.")
        self._show_readings(view)
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

    def _show_readings(self, view: RatingView) -> None:
        self.readings = view.readings
        self.compression_box.clear()
        for reading in view.readings:
            self.compression_box.addItem(
                reading.title + (" (default)" if reading.default else ""), reading.mode)
        self.compression_box.setCurrentIndex(
            max(0, self.compression_box.findData(view.compression)))
        used = view.used
        self.reading.setText(f"Used: {used.title}. {used.words}")
        self.examples.setPlainText("\n\n".join(
            f"Worked example, {r.title}{' (used)' if r.mode == view.compression else ''}:\n"
            + "\n".join(f"  {line}" for line in r.example)
            for r in sorted(view.readings, key=lambda r: r.mode != view.compression)))

    def _compression_activated(self, index: int) -> None:
        mode = self.compression_box.itemData(index)
        if isinstance(mode, str):
            self.compression_chosen.emit(mode)
