"""Two people changed the same thing: the second sees who, when, and both versions side by side.

The service's :class:`~tdapp.services.changes.StaleEdit` carries the words (who changed what
and when), ``rows`` (what, theirs as saved, yours as typed) and ``retry`` (your edit again, over
theirs). Nothing typed is lost: the TD keeps theirs, saves theirs over with yours, or copies
yours to the clipboard to enter it elsewhere.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tdapp.services.changes import StaleEdit

COLUMNS = ("", "Theirs (saved)", "Yours (not saved)")


class Choice(Enum):
    KEEP_THEIRS = "keep theirs"
    SAVE_MINE = "save mine"


def yours_as_text(rows: tuple[tuple[str, str, str], ...]) -> str:
    """What the TD typed, one "what: value" a line (for the clipboard)."""
    return "\n".join(f"{what}: {mine}" for what, _theirs, mine in rows)


class ConflictDialog(QDialog):
    """The conflict message with both versions; its buttons say what happens to each."""

    def __init__(self, stale: StaleEdit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Someone else changed this first")
        self.choice = Choice.KEEP_THEIRS
        self.rows = stale.rows
        layout = QVBoxLayout(self)
        self.words = QLabel(str(stale))
        self.words.setWordWrap(True)
        layout.addWidget(self.words)
        self.table = QTableWidget(len(stale.rows), len(COLUMNS), self)
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        for row, values in enumerate(stale.rows):
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                if column and values[1] != values[2]:  # the lines where the two differ stand out
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.table.setItem(row, column, item)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.table)
        layout.addWidget(QLabel("Yours was not saved. Keep theirs, or save yours over theirs "
                                "if theirs is wrong."))
        buttons = QDialogButtonBox(self)
        self.keep_button = buttons.addButton("Keep theirs",
                                             QDialogButtonBox.ButtonRole.RejectRole)
        self.save_button = buttons.addButton("Save mine over theirs",
                                             QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button.setEnabled(stale.retry is not None)
        self.copy_button = QPushButton("Copy mine")
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.keep_button.clicked.connect(self.reject)
        self.save_button.clicked.connect(self._save_mine)
        self.copy_button.clicked.connect(self.copy_mine)
        layout.addWidget(buttons)
        self.resize(600, 190 + 31 * len(stale.rows))

    def _save_mine(self) -> None:
        self.choice = Choice.SAVE_MINE
        self.accept()

    def copy_mine(self) -> None:
        """Put what the TD typed on the clipboard: nothing typed is lost, whatever is chosen."""
        QGuiApplication.clipboard().setText(yours_as_text(self.rows))


def ask(stale: StaleEdit, parent: QWidget | None) -> Choice:
    """Show the conflict and return the TD's choice (keep theirs when the dialog is closed)."""
    dialog = ConflictDialog(stale, parent)
    dialog.exec()
    choice = dialog.choice if dialog.result() == QDialog.DialogCode.Accepted else \
        Choice.KEEP_THEIRS
    dialog.deleteLater()
    return choice
