"""Step 5: the board call. Confirm and publish (asking first when it replaces an earlier call),
then the call by board and alphabetically by player, printable and on the projector."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWizardPage,
)

from tdapp.core.collation import fold
from tdapp.core.powers import POWERS
from tdapp.gui.common.table_model import ROW_ROLE, Column, RowTableModel, make_proxy
from tdapp.gui.common.tables import tune_table
from tdapp.gui.seating.common import big_label, plural
from tdapp.services.rounds import BoardRow

if TYPE_CHECKING:
    from tdapp.gui.seating.wizard import SeatingWizard


@dataclass(frozen=True)
class CallLine:
    """One seat of the call, for the by-board and by-player tables."""

    board: int
    power: str
    player: str


BY_BOARD: list[Column[CallLine]] = [
    Column("Board", lambda r: r.board, align_right=True),
    Column("Power", lambda r: r.power.title(), sort_key=lambda r: POWERS.index(r.power)),
    Column("Player", lambda r: r.player),
]
BY_PLAYER: list[Column[CallLine]] = [
    # a text key (Qt cannot compare tuples): name, then board for a player on two boards
    Column("Player", lambda r: r.player, sort_key=lambda r: f"{fold(r.player)}\t{r.board:04d}"),
    Column("Board", lambda r: r.board, align_right=True),
    Column("Power", lambda r: r.power.title(), sort_key=lambda r: POWERS.index(r.power)),
]


class CallTable(QTableView):
    """A read-only, sortable table of the call's seats."""

    def __init__(self, columns: list[Column[CallLine]], widths: tuple[int, ...]) -> None:
        super().__init__()
        self.model_ = RowTableModel(columns, parent=self)
        self.proxy = make_proxy(self.model_, self)
        self.setModel(self.proxy)
        self.setSortingEnabled(True)
        self.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        tune_table(self, widths)

    def set_lines(self, lines: list[CallLine]) -> None:
        self.model_.set_rows(lines)

    def lines(self) -> list[CallLine]:
        """The lines in the order shown."""
        return [self.proxy.index(r, 0).data(ROW_ROLE) for r in range(self.proxy.rowCount())]


class BoardCallPage(QWizardPage):
    def __init__(self, wizard: SeatingWizard) -> None:
        super().__init__()
        self.owner = wizard
        self.setTitle("Step 5 of 5 — Board call")
        self.setSubTitle("Publish the call: it is saved as the round's boards, and can then be "
                         "printed and shown on the projector.")
        self.summary = big_label(points=3)
        self.summary.setObjectName("callSummary")
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.publish_button = QPushButton("&Publish the board call")
        self.publish_button.setObjectName("publishButton")
        self.publish_button.clicked.connect(self.publish)
        self.print_button = QPushButton("P&rint board call…")
        self.print_button.clicked.connect(self.owner.print_call)
        self.project_button = QPushButton("Show on pro&jector")
        self.project_button.clicked.connect(self.owner.show_on_projector)
        self.by_board = CallTable(BY_BOARD, (70, 110))
        self.by_board.setObjectName("callByBoard")
        self.by_player = CallTable(BY_PLAYER, (260, 70))
        self.by_player.setObjectName("callByPlayer")
        self.tabs = QTabWidget()
        self.tabs.addTab(self.by_board, "By &board")
        self.tabs.addTab(self.by_player, "By p&layer (alphabetical)")
        buttons = QHBoxLayout()
        buttons.addWidget(self.publish_button)
        buttons.addWidget(self.print_button)
        buttons.addWidget(self.project_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.details)
        layout.addLayout(buttons)
        layout.addWidget(self.tabs, 1)
        self.published = False

    def initializePage(self) -> None:  # noqa: N802 - Qt override
        proposal = self.owner.proposal
        if proposal is None:
            return
        self.published = False
        seats = len(proposal.plan.playing)
        self.summary.setText(f"Round {self.owner.round_number}: "
                             f"{plural(len(proposal.boards), 'board')}, "
                             f"{plural(seats, 'seat')}")
        lines = []
        names = proposal.context.labels
        if proposal.plan.sitting_out:
            lines.append("Sitting out: " + ", ".join(names[p] for p in proposal.plan.sitting_out))
        doubles = sorted({names[p] for p in proposal.plan.playing
                          if proposal.plan.playing.count(p) > 1})
        if doubles:
            lines.append("On two boards: " + ", ".join(doubles))
        if proposal.issues:
            lines.append(f"\u26a0 {plural(len(proposal.issues), 'issue')} remain "
                         "(go Back to review them).")
        existing = self.owner.existing_boards()
        if existing:
            lines.append(f"Round {self.owner.round_number} already has a board call "
                         f"({plural(existing, 'board')}): publishing replaces it.")
            started = self.owner.started_boards()
            if started:  # said before the TD presses Publish, not only in the refusal
                which = ", ".join(str(n) for n in started)
                many = len(started) > 1
                lines.append(f"\u26a0 Board{'s' if many else ''} {which} "
                             f"{'have' if many else 'has'} started or finished: a call that "
                             f"seats {'them' if many else 'it'} differently is refused. For "
                             "late arrivals use “Re-seed boards not started” on the Boards "
                             "page.")
        self.details.setText("\n".join(lines))
        self._show_proposed()
        self._set_published(False)

    def _show_proposed(self) -> None:
        proposal = self.owner.proposal
        if proposal is None:
            return
        self._show([CallLine(b.number, power, player) for b in proposal.boards
                    for power, player in b.by_power()])

    def show_call(self, boards: list[BoardRow]) -> None:
        """The call as saved in the file."""
        self._show([CallLine(b.number, s.power, s.player_name) for b in boards
                    for s in b.seats])

    def _show(self, lines: list[CallLine]) -> None:
        self.by_board.set_lines(lines)
        self.by_player.set_lines(lines)

    def publish(self) -> None:
        boards = self.owner.publish()
        if boards is None:
            return
        self.show_call(boards)
        self.summary.setText(f"Round {self.owner.round_number}: board call published "
                             f"({plural(len(boards), 'board')})")
        self.details.setText("Saved in the tournament file, with a snapshot. Print it or put "
                             "it on the projector; Edit > Undo in the main window takes it "
                             "back.")
        self._set_published(True)

    def _set_published(self, published: bool) -> None:
        self.published = published
        self.publish_button.setEnabled(not published)
        self.print_button.setEnabled(published)
        self.project_button.setEnabled(published)
        self.completeChanged.emit()

    def isComplete(self) -> bool:  # noqa: N802 - Qt override
        return self.published
