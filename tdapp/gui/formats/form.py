"""Every part of a tournament format as widgets on tabs: load a format, read one back.

Each tab is its own widget with ``load(fmt)`` and ``changes(start)`` (the format fields it
sets): the rounds and counting tabs here, the structure tab (``structure_tab.py``, one box per
structural rule from the settings-editor registry), the tie-breakers and awards
(``ties_tab.py``) and the game rules (``rules_tab.py``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.formats import TournamentFormat, copy_format
from tdapp.core.formats.model import seating_methods
from tdapp.core.formats.options import DoubleBoard
from tdapp.gui.formats.editors import CountingTable, RoundsTable
from tdapp.gui.formats.fields import (
    Binder,
    FieldMarks,
    choice_box,
    chosen,
    error_label,
    int_box,
    set_choice,
)
from tdapp.gui.formats.rules_tab import RulesTab
from tdapp.gui.formats.settings_box import SettingsBox
from tdapp.gui.formats.structure_tab import StructureTab
from tdapp.gui.formats.ties_tab import AwardsTab, TiesTab

TABS = ("Rounds", "Counting", "Pool and top board", "Tie-breakers", "Awards",
        "Rules, clock and draws")
_ROUND_FIELD = re.compile(r"round_rules\[(\d+)\]\.(\w+)")
_ROUND_COLUMNS = {"label": 0, "scoring": 1, "seating": 2, "powers": 3, "multiplier": 4}


class FormatPart(Protocol):
    """A tab of the form: shows a format, and says the fields it sets."""

    def load(self, fmt: TournamentFormat) -> None: ...

    def changes(self, start: TournamentFormat) -> dict[str, Any]: ...


class RoundsTab(QWidget):
    """How many rounds, and each round's label, system, seating, powers and multiplier."""

    def __init__(self, bind: Binder, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rounds = bind.add("rounds", int_box(1, 20))
        self.table = RoundsTable(seating_methods())
        bind.mark("round_rules", self.table)
        self.table.edited.connect(bind.changed)
        top = QHBoxLayout()
        top.addWidget(QLabel("Number of rounds:"))
        top.addWidget(self.rounds)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)

    def load(self, fmt: TournamentFormat) -> None:
        self.rounds.setValue(fmt.rounds)
        self.table.set_rules([fmt.round_rule(n) for n in range(1, fmt.rounds + 1)])

    def changes(self, start: TournamentFormat) -> dict[str, Any]:
        rules = self.table.rules()
        return dict(rounds=self.rounds.value(), round_rules=rules,
                    scoring=rules[0].scoring if rules else start.scoring)


class CountingTab(QWidget):
    """Which rounds count together, and what a player on two boards scores."""

    def __init__(self, bind: Binder, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.counting = CountingTable()
        bind.mark("counting", self.counting.table)
        self.counting.edited.connect(bind.changed)
        self.two_boards = bind.add("two_boards_allowed",
                                   QCheckBox("A player may play two boards in a round"))
        self.double_board = bind.add("double_board", choice_box(DoubleBoard.choices()))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("The tournament score adds up these groups of rounds; in each, "
                                "only the best N count (e.g. rounds 1-3, best 2):"))
        layout.addWidget(self.counting)
        layout.addWidget(self.two_boards)
        row = QHBoxLayout()
        row.addWidget(QLabel("On two boards:"))
        row.addWidget(self.double_board)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(1)

    def load(self, fmt: TournamentFormat) -> None:
        self.counting.set_groups(fmt.count_groups())
        self.two_boards.setChecked(fmt.two_boards_allowed)
        set_choice(self.double_board, fmt.double_board)

    def changes(self, start: TournamentFormat) -> dict[str, Any]:
        return dict(counting=self.counting.groups(),
                    two_boards_allowed=self.two_boards.isChecked(),
                    double_board=chosen(self.double_board, DoubleBoard, "double_board"))


class FormatForm(QTabWidget):
    """The format's parts on six tabs. ``edited`` fires on every change a person makes."""

    edited = Signal()

    def __init__(self, clock_schedules: Sequence[tuple[str, str]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.marks = FieldMarks()
        self._loading = False
        self._scoring = "haight"  # the loaded format's system: new rounds' default
        self.errors: list[QLabel] = []

        def bind(tab: int) -> Binder:
            return Binder(self.marks, tab, self._changed)

        self.rounds_tab = RoundsTab(bind(0))
        self.counting_tab = CountingTab(bind(1))
        self.structure = StructureTab(bind(2))
        self.ties = TiesTab(bind(3))
        self.awards = AwardsTab(bind(4))
        self.rules = RulesTab(bind(5), clock_schedules)
        self.parts: tuple[FormatPart, ...] = (self.rounds_tab, self.counting_tab,
                                              self.structure, self.ties, self.awards, self.rules)
        pages: tuple[QWidget, ...] = (self.rounds_tab, self.counting_tab, self.structure,
                                      self.ties, self.awards, self.rules)
        for title, body in zip(TABS, pages, strict=True):
            page = QWidget()
            outer = QVBoxLayout(page)
            error = error_label()
            self.errors.append(error)
            outer.addWidget(error)
            outer.addWidget(body, 1)
            self.addTab(page, title)
        self.rounds_tab.rounds.valueChanged.connect(self._resize_rounds)

    # -- the parts tests and the dialog reach ----------------------------------------------------
    @property
    def rounds(self) -> QSpinBox:
        return self.rounds_tab.rounds

    @property
    def rounds_table(self) -> RoundsTable:
        return self.rounds_tab.table

    @property
    def counting(self) -> CountingTable:
        return self.counting_tab.counting

    @property
    def final_ranking(self) -> QComboBox:
        return self.structure.final_ranking

    def box(self, rule: str) -> SettingsBox:
        """The settings box of the structural rule ``rule`` (``"team"``: the team box)."""
        return self.structure.team if rule == "team" else self.structure.box(rule)

    # -- loading and reading -------------------------------------------------------------------
    def set_systems(self, systems: Sequence[tuple[str, str]]) -> None:
        self.rounds_table.set_systems(systems)

    def load(self, fmt: TournamentFormat) -> None:
        """Show every part of ``fmt`` (no ``edited`` signals while loading)."""
        self._loading = True
        try:
            self._scoring = fmt.scoring
            for part in self.parts:
                part.load(fmt)
        finally:
            self._loading = False
        self.marks.clear()
        self.show_error(None, "")

    def build(self, start: TournamentFormat, name: str, title: str) -> TournamentFormat:
        """``start`` with everything the widgets say; :class:`FormatError` names what is wrong."""
        changes: dict[str, Any] = {"name": name, "title": title}
        for part in self.parts:
            changes.update(part.changes(start))
        return copy_format(start, **changes)

    # -- edits and errors ----------------------------------------------------------------------
    def _resize_rounds(self, rounds: int) -> None:
        if not self._loading:
            old = self.rounds_table.rowCount()
            self.counting.follow_rounds(old, rounds)
            self.rounds_table.resize_to(rounds, self._scoring)

    def _changed(self) -> None:
        if not self._loading:
            self.edited.emit()

    def show_error(self, field: str | None, message: str) -> None:
        """Say ``message`` on the tab of ``field`` and outline the field; nothing when empty."""
        for label in self.errors:
            label.hide()
        if not message:
            self.marks.clear()
            return
        tab = self._mark(field, message)
        if tab is None:
            return
        self.errors[tab].setText(message)
        self.errors[tab].show()

    def _mark(self, field: str | None, message: str) -> int | None:
        match = _ROUND_FIELD.fullmatch(field or "")
        if match and int(match.group(1)) < self.rounds_table.rowCount():
            row, column = int(match.group(1)), _ROUND_COLUMNS.get(match.group(2), 0)
            widget = self.rounds_table.cell(row, column) or self.rounds_table
            self.marks.mark_widget(widget, message)
            return 0
        return self.marks.mark(field, message)

    def error_tab(self) -> int | None:
        for index, label in enumerate(self.errors):
            if not label.isHidden():
                return index
        return None
