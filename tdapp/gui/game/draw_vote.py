"""The draw-vote dialog: each eligible power's vote, or abandoned (which votes yes); where the
format allows a draw among named powers (non-DIAS), the proposer also ticks the powers in it."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui import theme

YES, NO, ABANDONED = "Yes", "No", "Abandoned (votes yes)"
NOT_GIVEN = "— vote not given —"


class DrawVoteDialog(QDialog):
    """Ask each power with a centre; opened with ``open()``, read after ``accepted``. With
    ``named`` the proposal names the powers in the draw (all ticked to start with). A proposal
    vetoed openly at the table before any vote (DBN 2025 5.7.1) is recorded by ticking who
    vetoed it and pressing "Vetoed openly": ``vetoed`` carries those powers; no vote is held."""

    vetoed = Signal(list)

    def __init__(self, eligible: Sequence[str], secret: bool, phase_title: str,
                 parent: QWidget | None = None, named: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle("Draw vote")
        self.eligible = tuple(eligible)
        how = ("Secret vote: only whether it passed is kept and announced."
               if secret else "Open vote: every vote is recorded and shown.")
        who = ("The proposal names the powers in the draw; every power with a supply centre "
               "votes on it" if named else "The draw includes every power with a supply centre; "
               "each of them votes")
        intro = QLabel(f"Draw vote in {phase_title}. {who}, and the draw passes only if all "
                       f"vote yes.\n{how}")
        intro.setWordWrap(True)
        form = QFormLayout()
        self.choices: dict[str, QComboBox] = {}
        for power in self.eligible:
            box = QComboBox()
            box.setObjectName(f"vote{power.title()}")
            box.addItems([YES, NO, ABANDONED])
            # No vote is taken for given: with every box at Yes, one click on OK passed a draw
            # and ended the game.
            box.setPlaceholderText(NOT_GIVEN)
            box.setCurrentIndex(-1)
            box.currentIndexChanged.connect(self._check_ready)
            self.choices[power] = box
            form.addRow(f"{power.title()}:", box)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.veto_button = self.buttons.addButton("Vetoed openly",
                                                  QDialogButtonBox.ButtonRole.ActionRole)
        self.veto_button.setToolTip("The proposal was vetoed openly at the table: the ticked "
                                    "powers are recorded as vetoing it and no vote is held")
        self.veto_button.clicked.connect(self.veto)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self._veto_box())
        self.in_draw: dict[str, QCheckBox] = {}
        if named:
            layout.addWidget(self._draw_box())
            layout.addWidget(QLabel("The votes (every power with a centre, in the draw or not):"))
        layout.addLayout(form)
        self.missing = QLabel()
        self.missing.setObjectName("votesMissing")
        self.missing.setWordWrap(True)
        theme.set_text_colour(self.missing, theme.WARNING)
        layout.addWidget(self.missing)
        layout.addWidget(self.buttons)
        self._check_ready()
        self._check_veto()

    def _draw_box(self) -> QGroupBox:
        """A tick per power with a centre: the powers the proposal puts in the draw."""
        box = QGroupBox("In the proposed draw")
        row = QHBoxLayout(box)
        for power in self.eligible:
            tick = QCheckBox(power.title())
            tick.setObjectName(f"inDraw{power.title()}")
            tick.setChecked(True)
            tick.toggled.connect(self._check_ready)
            self.in_draw[power] = tick
            row.addWidget(tick)
        row.addStretch(1)
        return box

    def _veto_box(self) -> QGroupBox:
        box = QGroupBox("Vetoed openly by (before any vote)")
        row = QHBoxLayout(box)
        self.veto_ticks: dict[str, QCheckBox] = {}
        for power in self.eligible:
            tick = QCheckBox(power.title())
            tick.setObjectName(f"veto{power.title()}")
            tick.toggled.connect(self._check_veto)
            self.veto_ticks[power] = tick
            row.addWidget(tick)
        row.addStretch(1)
        return box

    def _check_veto(self) -> None:
        self.veto_button.setEnabled(bool(self.vetoers()))

    def vetoers(self) -> list[str]:
        return [p for p, tick in self.veto_ticks.items() if tick.isChecked()]

    def veto(self) -> None:
        """Close with the proposal vetoed openly by the ticked powers."""
        if self.vetoers():
            self.vetoed.emit(self.vetoers())
            self.done(QDialog.DialogCode.Rejected)

    def waiting_for(self) -> list[str]:
        """The powers whose vote is not given yet."""
        return [p for p, box in self.choices.items() if box.currentIndex() < 0]

    def is_ready(self) -> bool:
        """Every vote given, and a draw of two powers at least (one alone would be a conceded
        solo)."""
        return not self.waiting_for() and len(self.draw_powers()) >= 2

    def _check_ready(self) -> None:
        waiting = self.waiting_for()
        self.missing.setText("Votes still to give: " + ", ".join(p.title() for p in waiting)
                             if waiting else "")
        self.missing.setVisible(bool(waiting))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(self.is_ready())

    def accept(self) -> None:
        if self.is_ready():  # also when OK is reached by a shortcut or from code
            super().accept()

    def set_in_draw(self, power: str, included: bool) -> None:
        self.in_draw[power].setChecked(included)

    def draw_powers(self) -> list[str]:
        """The powers in the proposed draw: the ticked ones, or every eligible power (DIAS)."""
        if not self.in_draw:
            return list(self.eligible)
        return [p for p, tick in self.in_draw.items() if tick.isChecked()]

    def set_vote(self, power: str, choice: str) -> None:
        self.choices[power].setCurrentText(choice)

    def votes(self) -> dict[str, bool]:
        return {p: box.currentText() == YES for p, box in self.choices.items()
                if box.currentText() in (YES, NO)}

    def abandoned(self) -> list[str]:
        return [p for p, box in self.choices.items() if box.currentText() == ABANDONED]
