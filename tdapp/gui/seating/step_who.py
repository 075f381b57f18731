"""Step 1: who plays. The roll call's count, the fix the format prefers with its reasons, and a
table where the TD changes who plays, who plays two boards and who sits out."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWizardPage,
)

from tdapp.core.tournament.board_call import PlayersPlan
from tdapp.gui import theme
from tdapp.gui.common.table_model import ROW_ROLE, Column, RowTableModel, make_proxy
from tdapp.gui.common.tables import tune_table
from tdapp.gui.seating.common import big_label, hint_label, plural
from tdapp.services.rollcall import STATUSES
from tdapp.services.seating import FIX_TITLES, Candidate, WhoPlaysProposal

if TYPE_CHECKING:
    from tdapp.gui.seating.wizard import SeatingWizard

PLAYS, DOUBLE, SITS_OUT = 2, 3, 4
LOCAL = {"board_member": "local board member", "club_member": "local club member",
         "local": "local", "traveller": ""}


@dataclass(frozen=True)
class WhoLine:
    """One roll-call line with the TD's choice for it."""

    candidate: Candidate
    plays: bool = False
    two_boards: bool = False
    sits_out: bool = False


def note(person: Candidate) -> str:
    notes = []
    if person.two_boards:
        notes.append("willing to play two boards")
    if person.volunteer_sit_out:
        notes.append("volunteers to sit out")
    if person.sat_out_before:
        notes.append("sat out before")
    if LOCAL.get(person.local_status):
        notes.append(LOCAL[person.local_status])
    return "; ".join(notes)


COLUMNS: list[Column[WhoLine]] = [
    Column("Player", lambda r: r.candidate.name),
    Column("Roll call", lambda r: STATUSES.get(r.candidate.status, r.candidate.status),
           sort_key=lambda r: list(STATUSES).index(r.candidate.status)
           if r.candidate.status in STATUSES else 99),
    Column("Plays", lambda r: r.plays, checkable=True, editable=True),
    Column("Two boards", lambda r: r.two_boards, checkable=True, editable=True,
           tooltip="Plays on two boards (never both on one board; the better score counts)"),
    Column("Sits out", lambda r: r.sits_out, checkable=True, editable=True,
           tooltip="Recorded as a sit-out of this round"),
    Column("Note", lambda r: note(r.candidate)),
]


def choose(line: WhoLine, column: int, on: bool) -> WhoLine:
    """The line after ticking or unticking one box, kept sensible: two boards implies plays;
    sitting out excludes playing."""
    if column == PLAYS:
        return replace(line, plays=on, sits_out=line.sits_out and not on,
                       two_boards=line.two_boards and on)
    if column == DOUBLE:
        return replace(line, two_boards=on, plays=line.plays or on,
                       sits_out=line.sits_out and not on)
    if column == SITS_OUT:
        return replace(line, sits_out=on, plays=line.plays and not on,
                       two_boards=line.two_boards and not on)
    return line


class WhoPlaysPage(QWizardPage):
    def __init__(self, wizard: SeatingWizard) -> None:
        super().__init__()
        self.owner = wizard
        self.setTitle("Step 1 of 5 — Who plays")
        self.setSubTitle("From the roll call. When the count is not a multiple of 7, the fix "
                         "the format prefers is ticked; change any box.")
        self.proposal: WhoPlaysProposal | None = None
        self.lines: dict[int, WhoLine] = {}  # player id -> line, in roll-call order
        self.count_label = big_label(points=5)
        self.count_label.setObjectName("whoCount")
        self.fix_box = QComboBox()
        self.fix_box.setObjectName("fixChoice")
        self.fix_box.activated.connect(self._choose_fix)
        fix_label = QLabel("&Fix:")
        fix_label.setBuddy(self.fix_box)
        self.explain = QLabel()
        self.explain.setWordWrap(True)
        self.explain.setTextFormat(Qt.TextFormat.RichText)
        self.model = RowTableModel(COLUMNS, greyed=lambda r: not r.plays, parent=self)
        self.model.on_edit = self._edited
        self.proxy = make_proxy(self.model, self)
        self.table = QTableView()
        self.table.setObjectName("whoTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        tune_table(self.table, (210, 100, 60, 90, 75))
        self.search = QLineEdit()
        self.search.setPlaceholderText("Find a player")
        self.search.setClearButtonEnabled(True)
        self.search.setMaximumWidth(260)
        self.search.textChanged.connect(self.proxy.setFilterFixedString)
        self.result_label = big_label(points=2)
        self.result_label.setObjectName("whoResult")
        top = QHBoxLayout()
        top.addWidget(self.count_label, 1)
        top.addWidget(fix_label)
        top.addWidget(self.fix_box)
        find = QHBoxLayout()
        find.addWidget(self.explain, 1)
        find.addWidget(self.search, 0, Qt.AlignmentFlag.AlignBottom)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(find)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.result_label)
        layout.addWidget(hint_label("Space ticks the box under the cursor. Absent players are "
                                    "not listed: mark late arrivals on the Rounds page."))

    @property
    def candidates(self) -> list[Candidate]:
        return [line.candidate for line in self.lines.values()]

    # -- filling ---------------------------------------------------------------------------
    def initializePage(self) -> None:  # noqa: N802 - Qt override
        proposal = self.owner.load_who_plays()
        if proposal is None:
            return
        self.proposal = proposal
        self.lines = {c.player_id: WhoLine(c) for c in proposal.candidates
                      if c.status != "absent"}
        self.count_label.setText(proposal.count_text)
        self.fix_box.clear()
        for index, option in enumerate([proposal, *proposal.alternatives]):
            title = FIX_TITLES.get(option.fix, option.fix)
            self.fix_box.addItem(f"Proposed: {title}" if index == 0 else title)
        # always open to look at; with one entry it says it is the only fix the format has
        self.fix_box.setEnabled(self.fix_box.count() > 0)
        self.fix_box.setToolTip("" if self.fix_box.count() > 1 else
                                "The only fix the format allows for this count; change any box "
                                "below by hand.")
        self._choose_fix(0)

    def _choose_fix(self, index: int) -> None:
        if self.proposal is None:
            return
        options = [self.proposal, *self.proposal.alternatives]
        option = options[max(0, min(index, len(options) - 1))]
        self.fix_box.setCurrentIndex(options.index(option))
        items = "".join(f"<li>{text}</li>" for text in option.explanations)
        self.explain.setText(f"<ul style='margin: 0'>{items}</ul>")
        playing = set(option.playing)
        self.lines = {pid: WhoLine(line.candidate, pid in playing, pid in option.two_boards,
                                   pid in option.sitting_out)
                      for pid, line in self.lines.items()}
        self._show()

    def set_choice(self, player_id: int, column: int, on: bool) -> None:
        """Tick or untick one box (what a click or Space on the table does)."""
        self.lines[player_id] = choose(self.lines[player_id], column, on)
        self._show()

    def _edited(self, line: WhoLine, column: int, value: Any) -> None:
        self.set_choice(line.candidate.player_id, column, bool(value))

    def _show(self) -> None:
        """Refresh the table, keeping the cell under the cursor where it was."""
        current = self.table.currentIndex()
        kept = None
        if current.isValid():
            kept = (current.data(ROW_ROLE).candidate.player_id, current.column())
        self.model.set_rows(list(self.lines.values()))
        if kept is not None:
            for row in range(self.proxy.rowCount()):
                index = self.proxy.index(row, kept[1])
                if index.data(ROW_ROLE).candidate.player_id == kept[0]:
                    self.table.setCurrentIndex(index)
                    break
        self._update_result()

    def select_cell(self, player_id: int, column: int) -> None:
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, column)
            if index.data(ROW_ROLE).candidate.player_id == player_id:
                self.table.setCurrentIndex(index)
                return

    # -- the plan --------------------------------------------------------------------------
    def plan(self) -> PlayersPlan:
        lines = list(self.lines.values())
        playing = [line.candidate.player_id for line in lines if line.plays]
        doubles = [line.candidate.player_id for line in lines if line.two_boards]
        reasons = {line.candidate.player_id: ("volunteered to sit out"
                                              if line.candidate.volunteer_sit_out
                                              else "asked to sit out")
                   for line in lines if line.sits_out}
        return PlayersPlan(tuple(playing + doubles), tuple(reasons), reasons)

    def _update_result(self) -> None:
        plan = self.plan()
        problems = plan.problems()
        seats = len(plan.playing)
        doubles = len(plan.playing) - len(set(plan.playing))
        extra = []
        if doubles:
            extra.append(f"{plural(doubles, 'player')} on two boards")
        if plan.sitting_out:
            extra.append(f"{len(plan.sitting_out)} sitting out")
        tail = f" ({', '.join(extra)})" if extra else ""
        if problems:
            self.result_label.setText(f"{plural(seats, 'seat')}{tail} — {' '.join(problems)}")
            theme.set_text_colour(self.result_label, theme.ERROR)
        else:
            self.result_label.setText(f"{plural(seats, 'seat')} = "
                                      f"{plural(plan.boards, 'board')}{tail} \u2714")
            theme.set_text_colour(self.result_label, theme.OK)
        self.completeChanged.emit()

    def isComplete(self) -> bool:  # noqa: N802 - Qt override
        return self.proposal is not None and not self.plan().problems()

    def validatePage(self) -> bool:  # noqa: N802 - Qt override
        self.owner.set_plan(self.plan())
        return True
