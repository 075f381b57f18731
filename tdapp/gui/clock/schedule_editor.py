"""A TD's editor for a round schedule: change a segment's length, add or remove segments,
go back to the format's own schedule. Bad cells are named in a message, never a traceback."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.clock import Schedule, ScheduleError, Segment
from tdapp.gui import theme

COLUMNS = ("Year", "Season", "Segment", "Length (m:ss)", "Next starts at once")


def parse_length(text: str) -> int:
    """'15', '15:00' or '0:90' to seconds; a clear error otherwise."""
    text = text.strip()
    try:
        if ":" in text:
            minutes, seconds = text.split(":", 1)
            return int(minutes or 0) * 60 + int(seconds or 0)
        return int(text) * 60
    except ValueError:
        raise ScheduleError(f"length: {text!r} is not minutes or m:ss") from None


def format_length(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


class ScheduleEditor(QWidget):
    applied = Signal(object)  # the edited Schedule

    def __init__(self, schedule: Schedule, parent: QWidget | None = None, *,
                 reset_to: Callable[[], Schedule] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Round schedule \u2014 {schedule.name}")
        self._name = schedule.name
        self._reset_to = reset_to
        layout = QVBoxLayout(self)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table)
        buttons = QHBoxLayout()
        for text, keys, slot in (
            ("Add segment", "Ins", self.add_segment),
            ("Remove segment", "Del", self.remove_segment),
            ("Back to the format's schedule", "Ctrl+R", self.reset),
            ("Apply", "Ctrl+Return", self.apply),
        ):
            buttons.addWidget(self._button(text, keys, slot))
        layout.addLayout(buttons)
        self.message = QLabel("")
        theme.set_text_colour(self.message, theme.ERROR, bold=True)
        layout.addWidget(self.message)
        self.load(schedule)

    def _button(self, text: str, keys: str, slot: Callable[[], object]) -> QPushButton:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(keys))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        label = QKeySequence(keys).toString(QKeySequence.SequenceFormat.NativeText)
        button = QPushButton(f"{text}  [{label}]")
        button.clicked.connect(action.trigger)
        return button

    def load(self, schedule: Schedule) -> None:
        self.table.setRowCount(0)
        for segment in schedule.segments:
            self._append(segment, self.table.rowCount())

    def _append(self, segment: Segment, row: int) -> None:
        self.table.insertRow(row)
        values = (str(segment.year), segment.season, segment.kind, format_length(segment.seconds))
        for column, text in enumerate(values):
            self.table.setItem(row, column, QTableWidgetItem(text))
        rolls = QTableWidgetItem("")
        rolls.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled
                       | Qt.ItemFlag.ItemIsSelectable)
        rolls.setCheckState(Qt.CheckState.Checked if segment.rolls_on else Qt.CheckState.Unchecked)
        self.table.setItem(row, 4, rolls)

    def schedule(self) -> Schedule:
        """The table as a schedule; raises ScheduleError naming the row and field."""
        segments = []
        for row in range(self.table.rowCount()):
            cells = [self.table.item(row, c) for c in range(len(COLUMNS))]
            texts = [cell.text().strip() if cell else "" for cell in cells]
            try:
                if not texts[0].isdigit():
                    raise ScheduleError(f"year: {texts[0]!r} is not a year")
                segments.append(Segment(
                    year=int(texts[0]), season=texts[1].lower(), kind=texts[2].lower(),
                    seconds=parse_length(texts[3]),
                    rolls_on=bool(cells[4] and cells[4].checkState() == Qt.CheckState.Checked),
                ))
            except ScheduleError as exc:
                raise ScheduleError(f"row {row + 1}, {exc}") from None
        return Schedule(self._name, tuple(segments))

    def add_segment(self) -> None:
        """A copy of the selected segment just below it, to edit."""
        row = max(self.table.currentRow(), 0)
        if self.table.rowCount() == 0:
            self._append(Segment(1901, "spring", "negotiation", 900), 0)
            return
        try:
            segment = self.schedule()[row]
        except ScheduleError as exc:
            self.message.setText(str(exc))
            return
        self._append(segment, row + 1)
        self.table.selectRow(row + 1)

    def remove_segment(self) -> None:
        row = self.table.currentRow()
        if row >= 0 and self.table.rowCount() > 1:
            self.table.removeRow(row)

    def reset(self) -> None:
        if self._reset_to is not None:
            self.load(self._reset_to())
            self.message.setText("")

    def apply(self) -> Schedule | None:
        try:
            schedule = self.schedule()
        except ScheduleError as exc:
            self.message.setText(str(exc))
            return None
        self.message.setText("")
        self.applied.emit(schedule)
        return schedule
