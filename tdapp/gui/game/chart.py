"""The supply-centre chart of a board: centres per power at the end of each year."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
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

from tdapp.core.powers import POWERS, SOLO_CENTERS
from tdapp.gui import theme
from tdapp.gui.game.entry import POWER_COLOURS


class CentreChart(QWidget):
    """Years down, powers across; an eliminated power is greyed from its year on."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.caption = QLabel("Supply centres at the end of each year")
        theme.enlarge(self.caption, 2, bold=True)
        self.table = QTableWidget(0, len(POWERS))
        self.table.setObjectName("centreChart")
        self.table.setHorizontalHeaderLabels([p.title() for p in POWERS])
        for column, power in enumerate(POWERS):
            header = self.table.horizontalHeaderItem(column)  # made by the labels above
            if header is not None:
                header.setForeground(QColor(POWER_COLOURS[power]))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.export_button = QPushButton("Export as &CSV…")
        self.export_button.setObjectName("exportChart")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.caption)
        layout.addWidget(self.table, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.note, 1)
        bottom.addWidget(self.export_button)
        layout.addLayout(bottom)

    def set_rows(self, rows: Sequence[tuple[str, Sequence[int]]]) -> None:
        self.table.setRowCount(len(rows))
        self.table.setVerticalHeaderLabels([label for label, _ in rows])
        for r, (_, counts) in enumerate(rows):
            for c, count in enumerate(counts):
                item = QTableWidgetItem(str(count) if count else "–")
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if count >= SOLO_CENTERS:
                    item.setBackground(QColor(theme.SOLO_CENTRES))
                elif count == 0:
                    item.setForeground(QColor(theme.FAINT))
                self.table.setItem(r, c, item)
        self.note.setText("– : no centre (eliminated). Centres are counted after each Fall.")

    def values(self) -> list[list[str]]:
        return [[item.text() if (item := self.table.item(r, c)) is not None else ""
                 for c in range(self.table.columnCount())]
                for r in range(self.table.rowCount())]
