"""The Tournament page: the description of the open tournament, editable."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui.common.fields import problems_label, show_problems
from tdapp.gui.common.page import page_title
from tdapp.gui.formats.page_box import FormatBox
from tdapp.gui.tournament.form import TournamentForm
from tdapp.services.tournaments import TournamentInfo


class TournamentPage(QWidget):
    save_requested = Signal(object)  # a TournamentInfo

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._shown: TournamentInfo | None = None
        self.form = TournamentForm()
        self.save_button = QPushButton("&Apply changes")
        self.revert_button = QPushButton("Re&vert")
        self.problems = problems_label()
        self.file_label = QLabel()
        self.file_label.setWordWrap(True)
        self.file_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.players_label = QLabel()
        self.rounds_label = QLabel()
        details = QGroupBox("Details")
        details_layout = QVBoxLayout(details)
        details_layout.addWidget(self.form)
        details_layout.addWidget(self.problems)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.revert_button)
        buttons.addWidget(self.save_button)
        details_layout.addLayout(buttons)
        summary = QGroupBox("At a glance")
        summary_layout = QFormLayout(summary)
        self.file_caption = QLabel("File:")
        summary_layout.addRow(self.file_caption, self.file_label)
        summary_layout.addRow("Players:", self.players_label)
        summary_layout.addRow("Rounds:", self.rounds_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 16, 24, 16)
        layout.addWidget(page_title("Tournament"))
        row = QHBoxLayout()
        row.addWidget(details, 3)
        row.addWidget(summary, 2)
        layout.addLayout(row)
        self.format_box = FormatBox()  # the format and the ways to change it (formats' part)
        layout.addWidget(self.format_box)
        layout.addStretch(1)
        self.save_button.clicked.connect(self._save)
        self.revert_button.clicked.connect(self._revert)
        self.form.edited.connect(self._edited)
        self._edited()

    def is_edited(self) -> bool:
        """The TD has typed something not applied yet."""
        return self._shown is not None and (
            self.form.info() != self._shown or bool(self.form.location_problems()))

    def show_info(self, info: TournamentInfo) -> None:
        self._shown = info
        self.form.set_info(info)
        show_problems(self.problems, [])
        self._edited()

    def show_summary(self, file_text: str, players_text: str, rounds_text: str, *,
                     on_server: bool = False) -> None:
        self.file_caption.setText("Server:" if on_server else "File:")
        self.file_label.setText(file_text)
        self.players_label.setText(players_text)
        self.rounds_label.setText(rounds_text)

    def _edited(self) -> None:
        dirty = self.is_edited()
        self.save_button.setEnabled(dirty)
        self.revert_button.setEnabled(dirty)

    def _revert(self) -> None:
        if self._shown is not None:
            self.show_info(self._shown)

    def _save(self) -> None:
        info = self.form.info()
        problems = self.form.location_problems() + info.problems()
        show_problems(self.problems, problems)
        if not problems:
            self.save_requested.emit(info)
