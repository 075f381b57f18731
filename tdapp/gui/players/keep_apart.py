"""The "Keep apart from…" editor of the player dialog: players never seated on this player's
board (family, partners), each with a reason. It edits a list; the dialog's OK saves it with
the player in one action (one Undo)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.collation import fold, name_key
from tdapp.gui import theme
from tdapp.gui.common.enter_key import on_enter
from tdapp.gui.common.fields import searchable


class KeepApartEditor(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._names: dict[int, str] = {}
        self._pairs: dict[int, str] = {}
        self.table = QTableWidget(0, 2)
        self.table.setObjectName("keepApartTable")
        self.table.setHorizontalHeaderLabels(["Kept apart from", "Reason"])
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.picker = QComboBox()
        self.picker.setObjectName("keepApartPicker")
        picker_edit = searchable(self.picker, "Type a player's name…")
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("reason: family, partners…")
        self.add_button = QPushButton("Keep &apart")
        self.remove_button = QPushButton("Let them &meet")
        self.remove_button.setToolTip("Take the chosen pair off the keep-apart list")
        self.message = QLabel()
        self.message.setWordWrap(True)
        theme.set_text_colour(self.message, theme.ERROR)
        self.message.hide()
        pick_row = QHBoxLayout()
        pick_row.addWidget(self.picker, 3)
        pick_row.addWidget(self.reason, 2)
        pick_row.addWidget(self.add_button)
        remove_row = QHBoxLayout()
        remove_row.addWidget(self.message, 1)
        remove_row.addStretch(0)
        remove_row.addWidget(self.remove_button)
        self.remove_button.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table, 1)
        layout.addLayout(remove_row)
        layout.addLayout(pick_row)
        self.add_button.clicked.connect(self.add_picked)
        on_enter([self.reason, picker_edit], self.add_picked)
        self.remove_button.clicked.connect(self.remove_selected)
        self.table.itemSelectionChanged.connect(self._enable)
        self._enable()

    def set_players(self, others: list[tuple[int, str]]) -> None:
        """The players this one may be kept apart from (everyone else)."""
        self._names = dict(others)
        self._fill()

    def set_pairs(self, pairs: dict[int, str]) -> None:
        self._pairs = dict(pairs)
        self._fill()

    def pairs(self) -> dict[int, str]:
        """Other player id -> reason, as the TD left the list."""
        return dict(self._pairs)

    def add_picked(self) -> bool:
        typed = self.picker.currentText().strip()
        other = next((pid for pid, name in self._names.items()
                      if fold(name) == fold(typed)), None)
        if other is None:
            self._say(f"{typed!r} is not a player of this tournament." if typed
                      else "Choose the player to keep apart from.")
            return False
        self._pairs[other] = self.reason.text().strip()
        self.reason.clear()
        self._fill()
        return True

    def remove_selected(self) -> None:
        for index in sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True):
            item = self.table.item(index, 0)
            if item is not None:
                self._pairs.pop(int(item.data(Qt.ItemDataRole.UserRole)), None)
        self._fill()

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def _fill(self) -> None:
        self._say("")
        self.table.setRowCount(0)
        listed = sorted(self._pairs, key=lambda pid: name_key(self._names.get(pid, "?")))
        for row, other in enumerate(listed):
            self.table.insertRow(row)
            item = QTableWidgetItem(self._names.get(other, f"player #{other}"))
            item.setData(Qt.ItemDataRole.UserRole, other)
            self.table.setItem(row, 0, item)
            self.table.setItem(row, 1, QTableWidgetItem(self._pairs[other]))
        self.picker.clear()
        for pid, name in sorted(self._names.items(), key=lambda kv: name_key(kv[1])):
            if pid not in self._pairs:
                self.picker.addItem(name, pid)
        self.picker.setCurrentIndex(-1)
        self.picker.setEditText("")
        self._enable()

    def _enable(self) -> None:
        self.remove_button.setEnabled(bool(self.table.selectedItems()))
