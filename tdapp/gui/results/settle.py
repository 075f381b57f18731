"""Settle dispute…: the board's open disputes (who, when, their note) and the TD's note.
View only: ``settle_requested(note)`` goes to the results controller, which answers with
``refused(words)`` (the note stays as typed) or closes the dialog."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui import theme
from tdapp.gui.results.boards_panel import dispute_words
from tdapp.services.result_responses import BoardResponses


class SettleDisputeDialog(QDialog):
    settle_requested = Signal(str)  # the TD's note

    def __init__(self, round_number: int, answers: BoardResponses,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board_id = answers.board_id
        self.setWindowTitle(f"Settle the dispute of board {answers.board_number}, "
                            f"round {round_number}")
        heading = QLabel(f"Board {answers.board_number}'s result is disputed by:")
        theme.enlarge(heading, 1, bold=True)
        disputes = QLabel("\n".join("• " + dispute_words(d) for d in answers.disputes
                                    if d.settled_at is None))
        disputes.setObjectName("settleDisputes")
        disputes.setTextFormat(Qt.TextFormat.PlainText)  # a player's note is text, never markup
        disputes.setWordWrap(True)
        confirmed = QLabel(f"Confirmed by {len(answers.confirmed)} of {answers.seats}"
                           + (f": {', '.join(answers.confirmed)}." if answers.confirmed
                              else "."))
        confirmed.setTextFormat(Qt.TextFormat.PlainText)
        confirmed.setWordWrap(True)
        theme.set_text_colour(confirmed, theme.MUTED)
        how = QLabel("Correct the result first if it was wrong (Enter result…); settling marks "
                     "the dispute as looked into. Your note (optional) is kept with it:")
        how.setWordWrap(True)
        self.note = QPlainTextEdit()
        self.note.setObjectName("settleNote")
        self.note.setPlaceholderText("e.g. Checked the board with both players: Italy had 5.")
        self.problem = QLabel()
        self.problem.setObjectName("settleProblem")
        self.problem.setWordWrap(True)
        theme.set_text_colour(self.problem, theme.ERROR)
        self.problem.hide()
        self.note.textChanged.connect(self.problem.hide)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.settle_button = buttons.addButton("Settle dispute",
                                               QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(lambda: self.settle_requested.emit(self.note.toPlainText()))
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (heading, disputes, confirmed, how):
            layout.addWidget(widget)
        layout.addWidget(self.note, 1)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.resize(560, 380)

    def refused(self, words: str) -> None:
        """The note was refused (too long, say): why, with the note kept as typed."""
        self.problem.setText(words)
        self.problem.show()
        self.note.setFocus()
