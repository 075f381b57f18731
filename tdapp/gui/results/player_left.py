"""Player left…: a player leaves a board mid-game; the TD names the replacement (or civil
disorder), the phase the seat changes hands and how each of them is scored (WDC 2025 III.3)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.game.replacement import FINISHER_DEFAULT, LEAVER_DEFAULT, SCORINGS
from tdapp.gui import theme
from tdapp.services.changes import Change, ServiceError
from tdapp.services.replacements import Departure, ScoreWhenLeft
from tdapp.services.rounds import BoardRow

#: Saves a departure: the Change, None when it was not saved (shown already), or raises a
#: ServiceError for the dialog to show next to what the TD chose.
Submit = Callable[[Departure], Change | None]
#: The leaver's score computed from the game then (power, phase as typed); None: not read.
ScoreAt = Callable[[str, str], ScoreWhenLeft | None]

CIVIL_DISORDER = "Civil disorder (nobody; its units hold)"


class ScoringField(QWidget):
    """How one player's part of the seat is scored: a choice, and a value when the TD types it."""

    def __init__(self, default: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.choice = QComboBox()
        for key, words in SCORINGS.items():
            self.choice.addItem(words, key)
        self.choice.setCurrentIndex(list(SCORINGS).index(default))
        self.value = QDoubleSpinBox()
        self.value.setRange(-1000.0, 1000.0)
        self.value.setDecimals(2)
        self.choice.currentIndexChanged.connect(self._sync)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.choice, 1)
        row.addWidget(self.value)
        self._sync()

    def _sync(self) -> None:
        self.value.setEnabled(self.scoring == "value")

    @property
    def scoring(self) -> str:
        return str(self.choice.currentData())

    @property
    def score(self) -> float | None:
        return self.value.value() if self.scoring == "value" else None


class PlayerLeftDialog(QDialog):
    """One departure from one board; ``players`` (id, name) may take over, ``open_phase`` is
    the phase offered, ``submit`` saves (the controller's call to services.replacements)."""

    def __init__(self, board: BoardRow, players: Sequence[tuple[int, str]], open_phase: str,
                 submit: Submit, parent: QWidget | None = None,
                 score_at: ScoreAt | None = None) -> None:
        super().__init__(parent)
        self.board = board
        self._submit = submit
        self._score_at = score_at
        self._typed = False  # the TD changed the computed value: keep theirs
        self.setWindowTitle(f"Player left · Round {board.round_number} board {board.number}")
        self.seat = QComboBox()
        for seat in board.seats:
            self.seat.addItem(f"{seat.power.title()} — {seat.player_name}", seat.power)
        self.replacement = QComboBox()
        self.replacement.addItem(CIVIL_DISORDER, None)
        on_board = {s.player_id for s in board.seats}
        for player_id, name in players:
            if player_id not in on_board:
                self.replacement.addItem(name, player_id)
        self.phase = QLineEdit(open_phase)
        self.phase.setPlaceholderText("S1905M")
        self.phase.setToolTip("The phase the replacement starts (or the seat falls into civil "
                              "disorder), written like S1905M, F1905R or W1905A")
        self.leaver = ScoringField(LEAVER_DEFAULT)
        # The score when they left, computed from the game then: prefilled, the TD decides.
        self.computed = QLabel()
        self.computed.setObjectName("playerLeftComputed")
        self.computed.setWordWrap(True)
        self._filling = False
        self.leaver.value.valueChanged.connect(self._value_typed)
        self.leaver.choice.currentIndexChanged.connect(lambda _i: self.compute())
        self.finisher = ScoringField(FINISHER_DEFAULT)
        self.note = QLineEdit()
        self.problem = QLabel()
        self.problem.setObjectName("playerLeftProblem")
        self.problem.setWordWrap(True)
        theme.set_text_colour(self.problem, theme.ERROR)
        form = QFormLayout()
        form.addRow("Player who left", self.seat)
        form.addRow("Taken over by", self.replacement)
        form.addRow("From phase", self.phase)
        form.addRow("Leaving player scored", self.leaver)
        form.addRow("", self.computed)
        form.addRow("Replacement scored", self.finisher)
        form.addRow("Note", self.note)
        rule = QLabel("WDC 2025 III.3: the position may be filled or left in civil disorder, "
                      "scored at the TD's discretion; a player eliminated from this game may "
                      "not replace another power in it.")
        rule.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(rule)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.replacement.currentIndexChanged.connect(self._sync)
        self._sync()
        self.seat.currentIndexChanged.connect(lambda _i: self.compute())
        self.phase.editingFinished.connect(self.compute)
        self.compute()

    def _value_typed(self) -> None:
        if not self._filling:
            self._typed = True

    def compute(self) -> None:
        """The score when they left for the seat and phase shown, in the value box (unless the
        TD typed one) with the words of how it was computed."""
        if self._score_at is None:
            self.computed.hide()
            return
        found = self._score_at(str(self.seat.currentData()), self.phase.text())
        if found is None:
            self.computed.setText("")
            return
        words = found.words
        if found.score is not None:
            words = f"Score when they left: {words}"
            if self.leaver.scoring != "value":
                words += " Choose “a value the TD enters” to give it (or change it)."
        self.computed.setText(words)
        if found.score is not None and not self._typed:
            self._filling = True
            self.leaver.value.setValue(found.score)
            self._filling = False

    def _sync(self) -> None:
        self.finisher.setEnabled(self.replacement.currentData() is not None)

    def departure(self) -> Departure:
        return Departure(
            power=str(self.seat.currentData()), phase=self.phase.text(),
            replaced_by=self.replacement.currentData(),
            leaver_scoring=self.leaver.scoring, leaver_score=self.leaver.score,
            finisher_scoring=self.finisher.scoring, finisher_score=self.finisher.score,
            note=self.note.text())

    def save(self) -> None:
        """Refusals stay in the dialog next to what the TD chose; nothing is lost."""
        try:
            change = self._submit(self.departure())
        except ServiceError as exc:
            self.problem.setText(str(exc))
            return
        if change is not None:
            self.accept()

