"""The list-like parts of a format: round rules, counting groups and the tie-breaker order."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.formats.describe import criterion_words
from tdapp.core.formats.model import CountGroup, FormatError, RoundRule
from tdapp.core.formats.options import PowerMethod
from tdapp.gui.formats.fields import Binder, choice_box, float_box, set_choice

SEATING_WORDS = {
    "balanced": "balanced", "random": "random", "ranked": "by rank",
    "weighted": "weighted by score", "seed_order": "by seed", "team": "teams apart",
}
NAME_ROLE = Qt.ItemDataRole.UserRole


class RoundsTable(QTableWidget):
    """One row per round: label, scoring system, seating, powers, multiplier."""

    COLUMNS = ("Label", "Scoring system", "Seating", "Powers", "Multiplier")
    edited = Signal()

    def __init__(self, seating: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(0, len(self.COLUMNS), parent)
        self._seating = tuple(seating)
        self._systems: list[tuple[str, str]] = []
        self.setHorizontalHeaderLabels(self.COLUMNS)
        self.verticalHeader().setDefaultSectionSize(30)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column, width in ((1, 240), (2, 150), (3, 140), (4, 80)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            self.setColumnWidth(column, width)
        self.itemChanged.connect(lambda *_: self.edited.emit())

    def set_systems(self, systems: Sequence[tuple[str, str]]) -> None:
        """(name, words) of every scoring system a round may use; rows keep their choice."""
        self._systems = list(systems)
        for row in range(self.rowCount()):
            box = self._combo(row, 1)
            chosen = box.currentData()
            box.blockSignals(True)
            box.clear()
            for name, words in self._systems:
                box.addItem(words, name)
            set_choice(box, chosen)
            box.blockSignals(False)

    def set_rules(self, rules: Sequence[RoundRule]) -> None:
        self.blockSignals(True)
        self.setRowCount(0)
        for rule in rules:
            self._append(rule)
        self.blockSignals(False)

    def resize_to(self, rounds: int, default_scoring: str) -> None:
        """Add rounds (copying the last one) or drop them from the end."""
        current = self.rules()
        if rounds < len(current):
            self.setRowCount(rounds)
        for number in range(len(current) + 1, rounds + 1):
            last = current[-1] if current else RoundRule(number, default_scoring)
            self._append(RoundRule(number, last.scoring, last.seating, last.powers,
                                   last.multiplier, f"Round {number}"))
        self.edited.emit()

    def _append(self, rule: RoundRule) -> None:
        blocked = self.blockSignals(True)  # a half-built row must not be read
        try:
            self._build_row(rule)
        finally:
            self.blockSignals(blocked)

    def _build_row(self, rule: RoundRule) -> None:
        row = self.rowCount()
        self.insertRow(row)
        self.setVerticalHeaderItem(row, QTableWidgetItem(str(rule.number)))
        self.setItem(row, 0, QTableWidgetItem(rule.label))
        scoring = choice_box(self._systems)
        set_choice(scoring, rule.scoring)
        seating = choice_box((m, SEATING_WORDS.get(m, m)) for m in self._seating)
        set_choice(seating, rule.seating)
        powers = choice_box(PowerMethod.choices())
        set_choice(powers, rule.powers)
        multiplier = float_box(0.0, 10.0, 0.25)
        multiplier.setValue(rule.multiplier)
        for column, widget in ((1, scoring), (2, seating), (3, powers), (4, multiplier)):
            self.setCellWidget(row, column, widget)
        for box in (scoring, seating, powers):
            box.currentIndexChanged.connect(lambda *_: self.edited.emit())
        multiplier.valueChanged.connect(lambda *_: self.edited.emit())

    def cell(self, row: int, column: int) -> QWidget:
        return self.cellWidget(row, column)

    def _combo(self, row: int, column: int) -> QComboBox:
        box = self.cellWidget(row, column)
        assert isinstance(box, QComboBox)  # columns 1-3 are built as choice boxes
        return box

    def rules(self) -> tuple[RoundRule, ...]:
        out = []
        for row in range(self.rowCount()):
            item = self.item(row, 0)
            multiplier = self.cellWidget(row, 4)
            assert isinstance(multiplier, QDoubleSpinBox)
            out.append(RoundRule(
                number=row + 1, scoring=str(self._combo(row, 1).currentData()),
                seating=str(self._combo(row, 2).currentData()),
                powers=PowerMethod.parse(self._combo(row, 3).currentData(),
                                         f"round_rules[{row}].powers"),
                multiplier=multiplier.value(), label=item.text() if item else ""))
        return tuple(out)


def parse_rounds(text: str, where: str) -> tuple[int, ...]:
    """ "1, 2, 3" or "1-3" -> (1, 2, 3); :class:`FormatError` at ``where`` otherwise."""
    numbers: list[int] = []
    for part in filter(None, (p.strip() for p in re.split(r"[,\s]+", text))):
        match = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if match is None:
            raise FormatError(f"{part!r} is not a round number or range like 1-3", where)
        first, last = int(match.group(1)), int(match.group(2) or match.group(1))
        if last < first:
            raise FormatError(f"the range {part} runs backwards", where)
        numbers.extend(range(first, last + 1))
    if not numbers:
        raise FormatError("name at least one round", where)
    return tuple(numbers)


def _rounds_text(rounds: Sequence[int]) -> str:
    return ", ".join(str(r) for r in rounds)


class CountingTable(QWidget):
    """Groups of rounds that count together: 'best N of rounds ...' rows, added and removed."""

    COLUMNS = ("Rounds", "Best (0 = all)", "At most played (0 = any)")
    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels(self.COLUMNS)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(28)
        self.table.setMaximumHeight(150)
        self.add_button = QPushButton("Add group")
        self.remove_button = QPushButton("Remove group")
        buttons = QVBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self.add_button.clicked.connect(self._add)
        self.remove_button.clicked.connect(self._remove)
        self.table.itemChanged.connect(lambda *_: self.edited.emit())

    def set_groups(self, groups: Sequence[CountGroup]) -> None:
        self.table.blockSignals(True)
        self.table.setRowCount(0)
        for group in groups:
            self._append(_rounds_text(group.rounds), group.best or 0, group.max_played or 0)
        self.table.blockSignals(False)

    def _append(self, rounds: str, best: int, most: int) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for column, text in enumerate((rounds, str(best), str(most))):
            self.table.setItem(row, column, QTableWidgetItem(text))

    def _add(self) -> None:
        self._append("", 0, 0)
        self.table.setCurrentCell(self.table.rowCount() - 1, 0)
        self.edited.emit()

    def _remove(self) -> None:
        row = self.table.currentRow()
        if row >= 0:
            self.table.removeRow(row)
            self.edited.emit()

    def groups(self) -> tuple[CountGroup, ...]:
        out = []
        for row in range(self.table.rowCount()):
            where = f"counting[{row}]"
            rounds = parse_rounds(self._text(row, 0), f"{where}.rounds")
            best = self._whole(row, 1, f"{where}.best")
            most = self._whole(row, 2, f"{where}.max_played")
            out.append(CountGroup(rounds, best or None, most or None))
        return tuple(out)

    def follow_rounds(self, old: int, new: int) -> None:
        """New rounds count on their own; rounds no longer in the format leave their groups."""
        self.table.blockSignals(True)
        for row in reversed(range(self.table.rowCount())):
            numbers = [n for n in re.findall(r"\d+(?:-\d+)?", self._text(row, 0))]
            kept: list[str] = []
            for part in numbers:
                first, _, last = part.partition("-")
                span = range(int(first), int(last or first) + 1)
                kept.extend(str(n) for n in span if n <= new)
            if numbers and not kept:
                self.table.removeRow(row)
            elif numbers:
                item = self.table.item(row, 0)
                if item is not None:
                    item.setText(", ".join(kept))
        for number in range(old + 1, new + 1):
            self._append(str(number), 0, 0)
        self.table.blockSignals(False)

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text().strip() if item else ""

    def _whole(self, row: int, column: int, where: str) -> int:
        text = self._text(row, column) or "0"
        if not text.isdigit():
            raise FormatError(f"{text!r} is not a whole number", where)
        return int(text)


class TieBreakerList(QWidget):
    """The tie-breakers in order: drag, or Up/Down, to reorder; add from the known criteria.

    ``words`` says a criterion name for people (any ordered list of named criteria fits, e.g.
    the knock-out final's seeding)."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None,
                 words: Callable[[str], str] = criterion_words) -> None:
        super().__init__(parent)
        self._words = words
        self.list = QListWidget()
        self.list.setSpacing(2)
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.list.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.list.model().rowsMoved.connect(lambda *_: self._dropped())
        self.choices = QComboBox()
        self.add_button = QPushButton("Add")
        self.up_button = QPushButton("Move up")
        self.down_button = QPushButton("Move down")
        self.remove_button = QPushButton("Remove")
        self.list.setWordWrap(True)  # long criteria wrap instead of scrolling sideways
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        adding = QHBoxLayout()
        adding.addWidget(self.choices, 1)
        adding.addWidget(self.add_button)
        moving = QHBoxLayout()
        for button in (self.up_button, self.down_button, self.remove_button):
            moving.addWidget(button)
        moving.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list, 1)
        layout.addLayout(moving)
        layout.addLayout(adding)
        self.add_button.clicked.connect(self._add)
        self.up_button.clicked.connect(lambda: self._move(-1))
        self.down_button.clicked.connect(lambda: self._move(1))
        self.remove_button.clicked.connect(self._remove)

    def set_choices(self, names: Sequence[str]) -> None:
        self.choices.clear()
        for name in names:
            self.choices.addItem(self._words(name), name)

    def set_names(self, names: Sequence[str]) -> None:
        self.list.clear()
        for name in names:
            self._append(name)

    def _append(self, name: str) -> None:
        item = QListWidgetItem(f"{self.list.count() + 1}. {self._words(name)}")
        item.setData(NAME_ROLE, name)
        item.setToolTip(name)
        self.list.addItem(item)

    def names(self) -> tuple[str, ...]:
        return tuple(self.list.item(i).data(NAME_ROLE) for i in range(self.list.count()))

    def _renumber(self) -> None:
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setText(f"{i + 1}. {self._words(item.data(NAME_ROLE))}")

    def _dropped(self) -> None:
        self._renumber()
        self.edited.emit()

    def _add(self) -> None:
        name = self.choices.currentData()
        if name and name not in self.names():
            self._append(name)
            self.edited.emit()

    def _move(self, step: int) -> None:
        row = self.list.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.list.count():
            return
        item = self.list.takeItem(row)
        self.list.insertItem(target, item)
        self.list.setCurrentRow(target)
        self._renumber()
        self.edited.emit()

    def _remove(self) -> None:
        row = self.list.currentRow()
        if row >= 0:
            self.list.takeItem(row)
            self._renumber()
            self.edited.emit()


def ordered_list(bind: Binder, field: str, editor: TieBreakerList, height: int) -> TieBreakerList:
    """A reorderable list of named criteria inside a rule's box, marked as ``field``."""
    editor.list.setMinimumHeight(height)
    editor.list.setMaximumHeight(height)
    bind.mark(field, editor.list)
    editor.edited.connect(bind.changed)
    return editor
