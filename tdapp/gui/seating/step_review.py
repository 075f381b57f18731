"""Step 4: review. Boards side by side, every issue listed; drag a player onto another seat to
swap them (issues recomputed at once), lock boards, re-seed the unlocked boards or the round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from tdapp.core.formats.options import PowerMethod
from tdapp.core.tournament import board_call
from tdapp.gui import theme
from tdapp.gui.seating.cards import BoardGrid
from tdapp.gui.seating.common import (
    ISSUE_TITLES,
    big_label,
    card_views,
    hint_label,
    issue_text,
    plural,
    stats_text,
)
from tdapp.gui.seating.runner import ProgressPanel

if TYPE_CHECKING:
    from tdapp.gui.seating.wizard import SeatingWizard

WARNING_MARK, REPEAT_MARK = "\u26a0", "\u2022"
SEVERE_FIRST = ("power_repeat", "keep_apart", "double_board", "locked_seat", "repeat")


class ReviewPage(QWizardPage):
    def __init__(self, wizard: SeatingWizard) -> None:
        super().__init__()
        self.owner = wizard
        self.setTitle("Step 4 of 5 — Review")
        self.setSubTitle("Drag a player onto another seat to swap the two (or press Space on "
                         "one seat, then on the other). Lock the boards you like, then re-seed "
                         "the rest.")
        self.summary = big_label(points=2)
        self.summary.setObjectName("reviewSummary")
        self.reseed_open = QPushButton("Re-seed &unlocked boards")
        self.reseed_open.clicked.connect(lambda: self.reseed(True))
        self.reseed_all = QPushButton("Re-seed the &whole round")
        self.reseed_all.clicked.connect(lambda: self.reseed(False))
        self.progress = ProgressPanel()
        self.progress.started.connect(self._busy_changed)
        self.progress.stopped.connect(self._busy_changed)
        self.grid = BoardGrid(editable=True, columns=3)
        self.grid.setObjectName("reviewGrid")
        self.grid.swap_requested.connect(self.swap)
        self.grid.lock_toggled.connect(self.lock)
        self.grid.picked.connect(self._picked)
        self.issues = QListWidget()
        self.issues.setObjectName("reviewIssues")
        self.issues.setWordWrap(True)
        self.issues.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.issues.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.issues.setSpacing(2)
        self.issues.itemActivated.connect(self._issue_chosen)
        self.issues.itemClicked.connect(self._issue_chosen)
        self.issues_title = QLabel()
        # wraps: on one line "No issues: nobody meets ..." held the side panel wide and pushed
        # the boards' third column under a horizontal scroll bar
        self.issues_title.setWordWrap(True)
        self.message = QLabel()
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.issues_title)
        side_layout.addWidget(self.issues, 1)
        splitter = QSplitter()
        splitter.addWidget(self.grid)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([860, 330])
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.reseed_open)
        top.addWidget(self.reseed_all)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.progress)
        layout.addWidget(self.message)
        layout.addWidget(splitter, 1)
        layout.addWidget(hint_label("\u26a0 marks a repeated power, a keep-apart pair or a "
                                    "pinned player away from their board; \u2022 marks players "
                                    "who met before. Hover a seat for the details."))

    def initializePage(self) -> None:  # noqa: N802 - Qt override
        self.refresh()

    def refresh(self) -> None:
        proposal = self.owner.proposal
        if proposal is None:
            return
        self.grid.show_cards(card_views(proposal))
        # The bound is on repeated pairs: said beside them, not after the repeated powers.
        self.summary.setText(stats_text(proposal, self.owner.lower_bound))
        self.issues.clear()
        ordered = sorted(proposal.issues,
                         key=lambda i: (SEVERE_FIRST.index(i.kind) if i.kind in SEVERE_FIRST
                                        else 9, i.board))
        for issue in ordered:
            mark = WARNING_MARK if issue.kind != "repeat" else REPEAT_MARK
            item = QListWidgetItem(f"{mark} {issue_text(issue)}")
            item.setToolTip(ISSUE_TITLES.get(issue.kind, issue.kind))
            item.setData(Qt.ItemDataRole.UserRole, issue.board)
            self.issues.addItem(item)
        self.issues_title.setText(f"<b>Issues ({len(proposal.issues)})</b>" if proposal.issues
                                  else "<b>No issues</b>: nobody meets an earlier opponent, "
                                       "nobody repeats a power.")
        locked = len(proposal.locked_boards)
        self.reseed_open.setEnabled(not self.progress.running and 0 < locked < len(
            proposal.boards))
        self.reseed_open.setToolTip(f"{plural(locked, 'board')} locked" if locked
                                    else "Lock the boards to keep first")

    # -- edits ---------------------------------------------------------------------------
    def swap(self, from_board: int, player: str, to_board: int, other: str) -> None:
        proposal = self.owner.proposal
        if proposal is None or self.progress.running:
            return
        try:
            board_call.move_player(proposal, player, from_board, to_board, other)
        except ValueError as exc:  # a SeatingRefusal, or the core refusing the swap
            self.say(str(exc), error=True)
            return
        self.say(f"Swapped {player} (board {from_board}) and {other} (board {to_board}).")
        self.refresh()

    def _picked(self, board: int, player: str) -> None:
        self.say(f"{player} (board {board}) picked: Space on another seat swaps them, "
                 "Esc lets go." if player else "")

    def say(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        theme.set_text_colour(self.message, theme.ERROR if error else theme.INFO)

    def lock(self, number: int, locked: bool) -> None:
        proposal = self.owner.proposal
        if proposal is None:
            return
        if locked:
            proposal.locked_boards.add(number)
        else:
            proposal.locked_boards.discard(number)
        self.refresh()

    def reseed(self, only_unlocked: bool) -> None:
        if self.progress.running:
            return
        self.say("")
        self.owner.start_reseed(self.progress, only_unlocked, self._reseeded)

    def _reseeded(self, proposal: object) -> None:
        self.refresh()
        if proposal is None:
            return
        method = self.owner.powers_page.method
        if method in (PowerMethod.PARIS, PowerMethod.MANUAL):
            self.say("The boards seated again have automatic powers: go Back to Powers for "
                     + ("the Paris method." if method == PowerMethod.PARIS else "powers by hand."))
        else:
            self.say("Seated again.")

    def _issue_chosen(self, item: QListWidgetItem) -> None:
        number = item.data(Qt.ItemDataRole.UserRole)
        try:
            card = self.grid.card(int(number))
        except KeyError:
            return
        self.grid.ensureWidgetVisible(card)
        if card.seats:
            card.seats[0].setFocus()

    def _busy_changed(self) -> None:
        running = self.progress.running
        self.reseed_all.setEnabled(not running)
        self.reseed_open.setEnabled(not running)
        self.completeChanged.emit()

    def isComplete(self) -> bool:  # noqa: N802 - Qt override
        return self.owner.proposal is not None and not self.progress.running
