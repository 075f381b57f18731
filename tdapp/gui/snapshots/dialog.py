"""File > Snapshots and restore: the snapshots kept beside the tournament file (time, round,
reason), taking one now, and restoring one."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui import theme
from tdapp.gui.common.table_model import ROW_ROLE, Column, RowTableModel
from tdapp.gui.common.tables import tune_table
from tdapp.services.snapshots import Snapshot

SNAPSHOT_COLUMNS: list[Column[Snapshot]] = [
    Column("Taken", lambda s: f"{s.taken_at:%a %d %b %Y %H:%M:%S}",
           sort_key=lambda s: s.taken_at.isoformat()),
    Column("Round", lambda s: "" if s.round_number is None else s.round_number,
           align_right=True),
    Column("Why", lambda s: s.reason),
]


class SnapshotsDialog(QDialog):
    take_requested = Signal(str)  # the reason typed
    restore_requested = Signal(object)  # a Snapshot

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Snapshots and restore")
        self.resize(720, 460)
        self.model = RowTableModel(SNAPSHOT_COLUMNS, parent=self)
        self.view = QTableView()
        self.view.setObjectName("snapshotsTable")
        self.view.setModel(self.model)
        tune_table(self.view, (220, 60))
        self.folder_label = QLabel()
        self.folder_label.setWordWrap(True)
        theme.set_text_colour(self.folder_label, theme.MUTED)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("why (e.g. before changing the seating by hand)")
        self.take_button = QPushButton("&Take a snapshot now")
        self.restore_button = QPushButton("&Restore the selected snapshot…")
        close = QPushButton("Close")
        take_row = QHBoxLayout()
        take_row.addWidget(self.reason, 1)
        take_row.addWidget(self.take_button)
        buttons = QHBoxLayout()
        buttons.addWidget(self.restore_button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("A snapshot is taken at every round boundary and whenever you "
                                "ask. Restoring one first keeps the present state as a snapshot "
                                "named \"before restore\", so a restore can be taken back."))
        layout.addWidget(self.view, 1)
        layout.addWidget(self.folder_label)
        layout.addLayout(take_row)
        layout.addLayout(buttons)
        self.take_button.clicked.connect(lambda: self.take_requested.emit(self.reason.text()))
        self.restore_button.clicked.connect(self._restore)
        close.clicked.connect(self.close)
        self.view.selectionModel().selectionChanged.connect(self._selection_changed)
        self._selection_changed()

    def set_snapshots(self, snapshots: list[Snapshot], folder: str) -> None:
        self.model.set_rows(snapshots)
        self.folder_label.setText(f"Kept in {folder}" if snapshots else
                                  "No snapshots yet.")
        self._selection_changed()

    def selected(self) -> Snapshot | None:
        rows = self.view.selectionModel().selectedRows()
        return rows[0].data(ROW_ROLE) if rows else None

    def _selection_changed(self, *_: object) -> None:
        self.restore_button.setEnabled(self.selected() is not None)

    def _restore(self) -> None:
        snapshot = self.selected()
        if snapshot is not None:
            self.restore_requested.emit(snapshot)
