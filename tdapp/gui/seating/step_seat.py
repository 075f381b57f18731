"""Step 2: seating. The method the format gives this round (changeable), run in a worker with a
progress bar and Cancel; the outcome against the provable lower bound on repeats."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWizardPage,
)

from tdapp.core.tournament.board_call import DEFAULT_TIME_LIMIT, METHOD_TITLES, SeatingProposal
from tdapp.gui import theme
from tdapp.gui.seating.common import big_label, hint_label, plural, stats_text
from tdapp.gui.seating.runner import ProgressPanel

if TYPE_CHECKING:
    from tdapp.gui.seating.wizard import SeatingWizard


# What each method does, in the words of the issue and the formats that use it.
METHOD_NOTES: dict[str, str] = {
    "balanced": "Balanced: fewest repeated opponents over the tournament (a pair that met twice "
                "counts more than two pairs that met once), nobody repeats a power, keep-apart "
                "pairs apart, pinned players at their board.",
    "random": "Random: players drawn onto boards at random; earlier meetings are deliberately "
              "ignored; only keep-apart pairs and a player's two seats are moved apart, and "
              "powers are not repeated.",
    "ranked": "Ranked: boards of seven in standings order, the best seven on board 1; earlier "
              "meetings are not avoided.",
    "weighted": "Weighted random by rank: the best unseated player opens a board, the others "
                "are drawn with chances that fall with their distance in the standings; "
                "earlier meetings are not avoided, keep-apart pairs are.",
    "seed_order": "Seed order across boards: the top seeds go to separate boards, then the "
                  "next seeds, and so on; earlier meetings are not avoided.",
    "team": "Team round: team-mates never share a board and each plays the power the team "
            "chose; repeated opponents as few as the teams allow.",
}
def _sentence(note: str) -> str:
    """The engine's notes are clauses ("started from a planned rotation ..."); the page lists
    sentences."""
    note = note.strip()
    if not note:
        return note
    note = note[0].upper() + note[1:]
    return note if note.endswith((".", "!", "?", ")")) else note + "."


# The methods that search, and so stop at the time limit.
SEARCHING_METHODS = frozenset({"balanced", "random", "team"})


class SeatingPage(QWizardPage):
    def __init__(self, wizard: SeatingWizard) -> None:
        super().__init__()
        self.owner = wizard
        self.setTitle("Step 2 of 5 — Seating")
        self.setSubTitle("Who sits at which board. The search runs in the background: keep "
                         "working, or cancel to keep the best seating found so far.")
        self.method_box = QComboBox()
        self.method_box.setObjectName("methodChoice")
        for name, title in METHOD_TITLES.items():
            self.method_box.addItem(title, name)
        self.time_box = QDoubleSpinBox()
        self.time_box.setRange(0.5, 120.0)
        self.time_box.setSuffix(" s")
        self.time_box.setValue(DEFAULT_TIME_LIMIT)
        self.time_box.setToolTip("The longest the search may take (balanced, random and team "
                                 "rounds; the other methods need no search)")
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, 1_000_000)
        self.seed_box.setToolTip("Another number gives another seating of the same quality")
        self.run_button = QPushButton("&Seat the round")
        self.run_button.setObjectName("seatButton")
        self.run_button.setDefault(False)
        self.run_button.clicked.connect(self.run)
        self.format_note = QLabel()
        for box in (self.method_box, self.time_box, self.seed_box):
            box.setMaximumWidth(420)
        form = QFormLayout()
        form.addRow("&Method:", self.method_box)
        form.addRow("", self.format_note)
        form.addRow("&Time limit:", self.time_box)
        form.addRow("See&d:", self.seed_box)
        self.progress = ProgressPanel()
        self.progress.started.connect(self._busy_changed)
        self.progress.stopped.connect(self._busy_changed)
        self.outcome = big_label(points=3)
        self.outcome.setObjectName("seatOutcome")
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.stale_note = QLabel("The method or seed changed: press “Seat the round” to seat "
                                 "by it. The seating below was made by the earlier choice.")
        self.stale_note.setObjectName("staleSeating")
        self.stale_note.setWordWrap(True)
        theme.set_text_colour(self.stale_note, theme.WARNING, bold=True)
        self.stale_note.hide()
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addSpacing(8)
        layout.addWidget(self.stale_note)
        layout.addWidget(self.outcome)
        layout.addWidget(self.details)
        layout.addStretch(1)
        self.method_hint = hint_label("")
        self.method_hint.setObjectName("methodHint")
        layout.addWidget(self.method_hint)
        self.method_box.currentIndexChanged.connect(self._method_changed)
        self._seated_for: tuple | None = None
        self._method_changed()
        self.seed_box.valueChanged.connect(self._choice_changed)

    def initializePage(self) -> None:  # noqa: N802 - Qt override
        context_method = self.owner.format_method()
        index = self.method_box.findData(context_method)
        if self._seated_for is None:
            self.method_box.setCurrentIndex(max(index, 0))
            self.seed_box.setValue(self.owner.round_number)
        self.format_note.setText(f"The format seats round {self.owner.round_number} by "
                                 f"“{METHOD_TITLES.get(context_method, context_method)}”.")
        if self._seated_for != self._key():
            self.run()

    def _method_changed(self) -> None:
        """The note under the page says what the chosen method does (it always described the
        balanced one, beside a weighted seating with 40 repeated pairs); the time limit is
        the search's, so it is offered only where a search runs."""
        method = str(self.method_box.currentData())
        self.method_hint.setText(METHOD_NOTES.get(method, ""))
        self.time_box.setEnabled(method in SEARCHING_METHODS)
        self._choice_changed()

    def _choice_changed(self) -> None:
        """Another method or seed than the seating shown was made with: Next waits for "Seat
        the round" (it went on with the old seating while the box named the new method)."""
        stale = self._seated_for is not None and self._seated_for != self._key()
        self.stale_note.setVisible(stale)
        self.completeChanged.emit()

    def _key(self) -> tuple:
        return (self.owner.plan, self.method_box.currentData(), self.seed_box.value())

    def run(self) -> None:
        if self.progress.running or self.owner.plan is None:
            return
        method = str(self.method_box.currentData())
        self.outcome.setText("Seating…")
        self.details.setText("")
        key = self._key()
        self.owner.start_seating(self.progress, method, self.seed_box.value(),
                                 self.time_box.value(), lambda p: self._done(p, key))

    def _done(self, proposal: SeatingProposal | None, key: tuple) -> None:
        if proposal is None:
            self.outcome.setText("The round could not be seated.")
            self._seated_for = None
            self.completeChanged.emit()
            return
        self._seated_for = key
        self.show_outcome(proposal)
        self._choice_changed()

    def show_outcome(self, proposal: SeatingProposal) -> None:
        bound = self.owner.lower_bound
        self.outcome.setText(stats_text(proposal))
        lines = [f"Method: {METHOD_TITLES.get(proposal.method, proposal.method)}."]
        if bound is not None:
            lines.append(f"Provable lower bound on repeated pairs this round: {bound}.")
        if proposal.cancelled:
            lines.append("The search was cancelled: this is the best seating it had found.")
        lines += [_sentence(note) for note in proposal.notes]
        if proposal.issues:
            lines.append(f"{plural(len(proposal.issues), 'issue')} to look at in the review.")
        self.details.setText("\n".join(lines))

    def _busy_changed(self) -> None:
        running = self.progress.running
        self.run_button.setEnabled(not running)
        self.method_box.setEnabled(not running)
        self.completeChanged.emit()

    def isComplete(self) -> bool:  # noqa: N802 - Qt override
        return (not self.progress.running and self.owner.proposal is not None
                and self._seated_for is not None and self._seated_for == self._key())
