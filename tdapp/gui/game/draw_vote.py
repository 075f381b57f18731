"""The draw-vote dialog: each eligible power's vote, or abandoned (which votes yes)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

YES, NO, ABANDONED = "Yes", "No", "Abandoned (votes yes)"


class DrawVoteDialog(QDialog):
    """Ask each power with a centre; opened with ``open()``, read after ``accepted``."""

    def __init__(self, eligible: Sequence[str], secret: bool, phase_title: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Draw vote")
        self.eligible = tuple(eligible)
        how = ("Secret vote: only whether it passed is kept and announced."
               if secret else "Open vote: every vote is recorded and shown.")
        intro = QLabel(f"Draw vote in {phase_title}. Every power with a supply centre votes; "
                       f"the draw passes only if all vote yes.\n{how}")
        intro.setWordWrap(True)
        form = QFormLayout()
        self.choices: dict[str, QComboBox] = {}
        for power in self.eligible:
            box = QComboBox()
            box.setObjectName(f"vote{power.title()}")
            box.addItems([YES, NO, ABANDONED])
            self.choices[power] = box
            form.addRow(f"{power.title()}:", box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def set_vote(self, power: str, choice: str) -> None:
        self.choices[power].setCurrentText(choice)

    def votes(self) -> dict[str, bool]:
        return {p: box.currentText() != NO for p, box in self.choices.items()
                if box.currentText() != ABANDONED}

    def abandoned(self) -> list[str]:
        return [p for p, box in self.choices.items() if box.currentText() == ABANDONED]
