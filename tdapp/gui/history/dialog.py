"""The History view: every action a person made (when, who, what), its details, Undo / Redo."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui.common.table_model import ROW_ROLE, Column, RowTableModel
from tdapp.gui.common.tables import ROW_HEIGHT, tune_table
from tdapp.services.history import ActionSummary

KIND_TEXT = {"do": "", "undo": "undo", "redo": "redo"}

ACTION_COLUMNS: list[Column[ActionSummary]] = [
    Column("When", lambda a: a.at.strftime("%a %d %b %H:%M:%S") if a.at else "",
           sort_key=lambda a: a.at.isoformat() if a.at else ""),
    Column("Who", lambda a: a.who),
    Column("What", lambda a: a.what),
    Column("Kind", lambda a: KIND_TEXT.get(a.kind, a.kind)),
    Column("Rows", lambda a: a.rows, align_right=True),
]


def _value_text(values: dict[str, Any] | None) -> str:
    if values is None:
        return "—"
    return ", ".join(f"{k}={json.dumps(v, ensure_ascii=False, default=str)}"
                     for k, v in values.items() if k != "version")


def changed_only(before: dict | None, after: dict | None) -> tuple[dict | None, dict | None]:
    """Keep the fields that differ, so an edit shows what the TD actually changed."""
    if before is None or after is None:
        return before, after
    keys = [k for k in after if before.get(k) != after.get(k)]
    return {k: before.get(k) for k in keys}, {k: after[k] for k in keys}


class HistoryDialog(QDialog):
    undo_requested = Signal()
    redo_requested = Signal()
    action_selected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("History")
        self.resize(980, 600)
        self.actions_model = RowTableModel(ACTION_COLUMNS, parent=self)
        self.actions_view = QTableView()
        self.actions_view.setObjectName("historyTable")
        self.actions_view.setModel(self.actions_model)
        tune_table(self.actions_view, (160, 90, 0, 60, 50))
        self.actions_view.horizontalHeader().setStretchLastSection(False)
        self.actions_view.horizontalHeader().setSectionResizeMode(
            2, QHeaderView.ResizeMode.Stretch)
        self.details = QTableWidget(0, 4)
        self.details.setObjectName("historyDetails")
        self.details.setHorizontalHeaderLabels(["Table", "Row", "Before", "After"])
        self.details.verticalHeader().hide()
        self.details.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
        self.details.horizontalHeader().setStretchLastSection(True)
        self.details.setColumnWidth(2, 360)
        self.details.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.undo_button = QPushButton("Undo")
        self.redo_button = QPushButton("Redo")
        close = QPushButton("Close")
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.actions_view)
        details_box = QWidget()
        details_layout = QVBoxLayout(details_box)
        details_layout.setContentsMargins(0, 0, 0, 0)
        details_layout.addWidget(QLabel("What the selected action changed (before → after):"))
        details_layout.addWidget(self.details)
        splitter.addWidget(details_box)
        splitter.setSizes([360, 200])
        buttons = QHBoxLayout()
        buttons.addWidget(self.undo_button)
        buttons.addWidget(self.redo_button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Every change made to this tournament, newest first. Undo "
                                "takes back the newest change not yet undone."))
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)
        self.undo_button.clicked.connect(self.undo_requested)
        self.redo_button.clicked.connect(self.redo_requested)
        close.clicked.connect(self.close)
        self.actions_view.selectionModel().selectionChanged.connect(self._selected)

    def set_actions(self, actions: list[ActionSummary], undo_text: str | None,
                    redo_text: str | None) -> None:
        self.actions_model.set_rows(actions)
        self.undo_button.setText(f"Undo {undo_text}" if undo_text else "Undo")
        self.redo_button.setText(f"Redo {redo_text}" if redo_text else "Redo")
        self.undo_button.setEnabled(undo_text is not None)
        self.redo_button.setEnabled(redo_text is not None)
        self.details.setRowCount(0)
        if actions:
            self.actions_view.selectRow(0)

    def set_details(self, rows: list[dict]) -> None:
        self.details.setRowCount(len(rows))
        for line, entry in enumerate(rows):
            before, after = changed_only(entry.get("before"), entry.get("after"))
            cells = (entry.get("table", ""), str(entry.get("row", "")),
                     _value_text(before), _value_text(after))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.details.setItem(line, column, item)

    def _selected(self, *_: object) -> None:
        rows = self.actions_view.selectionModel().selectedRows()
        if rows:
            self.action_selected.emit(rows[0].data(ROW_ROLE).action_id)
