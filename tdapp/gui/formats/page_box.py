"""The Tournament page's box about the format in force, with the ways to change it."""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from tdapp.core.formats import get_format
from tdapp.services.formats import FormatState, SystemRow


class FormatBox(QGroupBox):
    """The Tournament page's word on the format in force, with the ways to change it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Format and scoring", parent)
        self.title = QLabel("—")
        self.title.setWordWrap(True)
        self.systems = QLabel()
        self.systems.setWordWrap(True)
        self.format_button = QPushButton("Change &format…")
        self.scoring_button = QPushButton("Scoring s&ystems…")
        buttons = QHBoxLayout()
        buttons.addWidget(self.format_button)
        buttons.addWidget(self.scoring_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.systems)
        layout.addLayout(buttons)

    def show_state(self, state: FormatState, systems: list[SystemRow]) -> None:
        changed = f" — changed from {get_format(state.base).title}" if state.custom else ""
        self.title.setText(f"<b>{state.fmt.title}</b>{changed}")
        names = ", ".join(s.title for s in systems)
        self.systems.setText(f"Own scoring systems: {names}" if names else
                             "No scoring systems of its own (formulas you write go here).")
