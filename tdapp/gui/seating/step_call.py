"""Step 5: the board call. Confirm and publish (asking first when it replaces an earlier call),
then the call by board and alphabetically by player, printable and on the projector."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWizardPage,
)

from tdapp.gui.pages.common import ROW_HEIGHT
from tdapp.gui.seating.common import big_label, plural
from tdapp.services.rounds import BoardRow

if TYPE_CHECKING:
    from tdapp.gui.seating.wizard import SeatingWizard


def _table(headers: tuple[str, ...], widths: tuple[int, ...]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().hide()
    table.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.horizontalHeader().setStretchLastSection(True)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    for column, width in enumerate(widths):
        table.setColumnWidth(column, width)
    return table


def _fill(table: QTableWidget, rows: list[tuple[str, ...]]) -> None:
    table.setRowCount(len(rows))
    for row, values in enumerate(rows):
        for column, value in enumerate(values):
            table.setItem(row, column, QTableWidgetItem(value))


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
        self.by_board = _table(("Board", "Power", "Player"), (70, 110))
        self.by_board.setObjectName("callByBoard")
        self.by_player = _table(("Player", "Board", "Power"), (260, 70))
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
        self.details.setText("\n".join(lines))
        self._show_proposed()
        self._set_published(False)

    def _show_proposed(self) -> None:
        proposal = self.owner.proposal
        if proposal is None:
            return
        rows = [(str(b.number), power.title(), player) for b in proposal.boards
                for power, player in b.by_power()]
        _fill(self.by_board, rows)
        by_name = sorted(((player, str(b.number), power.title()) for b in proposal.boards
                          for power, player in b.by_power()),
                         key=lambda r: (r[0].casefold(), int(r[1])))
        _fill(self.by_player, by_name)

    def show_call(self, boards: list[BoardRow]) -> None:
        """The call as saved in the file."""
        _fill(self.by_board, [(str(b.number), s.power.title(), s.player_name)
                              for b in boards for s in b.seats])
        rows = sorted(((s.player_name, str(b.number), s.power.title())
                       for b in boards for s in b.seats),
                      key=lambda r: (r[0].casefold(), int(r[1])))
        _fill(self.by_player, rows)

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
