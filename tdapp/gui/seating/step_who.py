"""Step 1: who plays. The roll call's count, the fix the format prefers with its reasons, and a
table where the TD changes who plays, who plays two boards and who sits out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWizardPage,
)

from tdapp.gui.pages.common import ROW_HEIGHT
from tdapp.gui.seating.common import big_label, hint_label, plural
from tdapp.services.rollcall import STATUSES
from tdapp.services.seating import FIX_TITLES, Candidate, PlayersPlan, WhoPlaysProposal

if TYPE_CHECKING:
    from tdapp.gui.seating.wizard import SeatingWizard

PLAYS, DOUBLE, SITS_OUT = 2, 3, 4
HEADERS = ("Player", "Roll call", "Plays", "Two boards", "Sits out", "Note")
LOCAL = {"board_member": "local board member", "club_member": "local club member",
         "local": "local", "traveller": ""}


class WhoPlaysPage(QWizardPage):
    def __init__(self, wizard: SeatingWizard) -> None:
        super().__init__()
        self.owner = wizard
        self.setTitle("Step 1 of 5 — Who plays")
        self.setSubTitle("From the roll call. When the count is not a multiple of 7, the fix "
                         "the format prefers is ticked; change any box.")
        self.proposal: WhoPlaysProposal | None = None
        self.candidates: list[Candidate] = []
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
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setObjectName("whoTable")
        self.table.setHorizontalHeaderLabels(HEADERS)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in enumerate((210, 100, 60, 90, 75)):
            self.table.setColumnWidth(column, width)
        self.table.itemChanged.connect(self._item_changed)
        self.result_label = big_label(points=2)
        self.result_label.setObjectName("whoResult")
        top = QHBoxLayout()
        top.addWidget(self.count_label, 1)
        top.addWidget(fix_label)
        top.addWidget(self.fix_box)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.explain)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.result_label)
        layout.addWidget(hint_label("Space ticks the box under the cursor. Absent players are "
                                    "not listed: mark late arrivals on the Rounds page."))

    # -- filling ---------------------------------------------------------------------------
    def initializePage(self) -> None:  # noqa: N802 - Qt override
        proposal = self.owner.load_who_plays()
        if proposal is None:
            return
        self.proposal = proposal
        self.candidates = [c for c in proposal.candidates if c.status != "absent"]
        self.count_label.setText(proposal.count_text)
        self.fix_box.clear()
        for index, option in enumerate([proposal, *proposal.alternatives]):
            title = FIX_TITLES.get(option.fix, option.fix)
            self.fix_box.addItem(f"Proposed: {title}" if index == 0 else title)
        self.fix_box.setEnabled(self.fix_box.count() > 1)
        self._fill_rows()
        self._choose_fix(0)

    def _fill_rows(self) -> None:
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.candidates))
        for row, person in enumerate(self.candidates):
            name = QTableWidgetItem(person.name)
            name.setData(Qt.ItemDataRole.UserRole, person.player_id)
            self.table.setItem(row, 0, name)
            self.table.setItem(row, 1, QTableWidgetItem(STATUSES.get(person.status,
                                                                      person.status)))
            for column in (PLAYS, DOUBLE, SITS_OUT):
                item = QTableWidgetItem()
                item.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled
                              | Qt.ItemFlag.ItemIsSelectable)
                item.setCheckState(Qt.CheckState.Unchecked)
                self.table.setItem(row, column, item)
            self.table.setItem(row, 5, QTableWidgetItem(self._note(person)))
        self.table.blockSignals(False)

    @staticmethod
    def _note(person: Candidate) -> str:
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

    def _choose_fix(self, index: int) -> None:
        if self.proposal is None:
            return
        options = [self.proposal, *self.proposal.alternatives]
        option = options[max(0, min(index, len(options) - 1))]
        self.fix_box.setCurrentIndex(options.index(option))
        lines = "".join(f"<li>{text}</li>" for text in option.explanations)
        self.explain.setText(f"<ul style='margin: 0'>{lines}</ul>")
        playing = set(option.playing)
        self.table.blockSignals(True)
        for row, person in enumerate(self.candidates):
            pid = person.player_id
            self._set(row, PLAYS, pid in playing)
            self._set(row, DOUBLE, pid in option.two_boards)
            self._set(row, SITS_OUT, pid in option.sitting_out)
        self.table.blockSignals(False)
        self._update_result()

    def _set(self, row: int, column: int, on: bool) -> None:
        item = self.table.item(row, column)
        item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def _on(self, row: int, column: int) -> bool:
        return self.table.item(row, column).checkState() == Qt.CheckState.Checked

    def _item_changed(self, item: QTableWidgetItem) -> None:
        """Keep each row sensible: two boards implies plays; sitting out excludes playing."""
        row, column = item.row(), item.column()
        if column not in (PLAYS, DOUBLE, SITS_OUT):
            return
        on = self._on(row, column)
        self.table.blockSignals(True)
        if column == DOUBLE and on:
            self._set(row, PLAYS, True)
            self._set(row, SITS_OUT, False)
        elif column == PLAYS and on:
            self._set(row, SITS_OUT, False)
        elif column == PLAYS and not on:
            self._set(row, DOUBLE, False)
        elif column == SITS_OUT and on:
            self._set(row, PLAYS, False)
            self._set(row, DOUBLE, False)
        self.table.blockSignals(False)
        self._update_result()

    # -- the plan --------------------------------------------------------------------------
    def plan(self) -> PlayersPlan:
        playing: list[int] = []
        doubles: list[int] = []
        sitting: list[int] = []
        for row, person in enumerate(self.candidates):
            if self._on(row, PLAYS):
                playing.append(person.player_id)
            if self._on(row, DOUBLE):
                doubles.append(person.player_id)
            if self._on(row, SITS_OUT):
                sitting.append(person.player_id)
        reasons = {}
        for pid in sitting:
            person = next(c for c in self.candidates if c.player_id == pid)
            reasons[pid] = ("volunteered to sit out" if person.volunteer_sit_out
                            else "asked to sit out")
        return PlayersPlan(tuple(playing + doubles), tuple(sitting), reasons)

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
            self.result_label.setStyleSheet("color: #a02010;")
        else:
            self.result_label.setText(f"{plural(seats, 'seat')} = "
                                      f"{plural(plan.boards, 'board')}{tail} \u2714")
            self.result_label.setStyleSheet("color: #1d6b2a;")
        self.completeChanged.emit()

    def isComplete(self) -> bool:  # noqa: N802 - Qt override
        return self.proposal is not None and not self.plan().problems()

    def validatePage(self) -> bool:  # noqa: N802 - Qt override
        self.owner.set_plan(self.plan())
        return True
