"""Import players from a CSV or Excel file: map the columns, preview with problems and likely
duplicates, then import (as one action, so one Undo removes the whole import)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui import theme
from tdapp.services.players import LOCAL_STATUSES, PlayerData

FIELD_LABELS: dict[str, str] = {
    "name": "Name",
    "home_town": "Home town",
    "country": "Country",
    "club": "Club",
    "local_status": "Local status",
    "email": "E-mail",
    "notes": "Notes",
    "competing": "Competing",
    "power_preferences": "Power preferences",
    "latitude": "Home latitude",
    "longitude": "Home longitude",
    "seed": "Seed (1 is the top seed)",
    "pinned_board": "Pinned board (accessibility)",
}
NOT_IN_FILE = "(not in the file)"
PREVIEW_HEADERS = ("Line", "Name", "Home town", "Country", "Club", "Seed", "Board",
                   "Top board", "Problems and warnings")
PROBLEMS_COLUMN = len(PREVIEW_HEADERS) - 1
# Preview columns shown only when the file has that field, so a plain list stays narrow.
_OPTIONAL_COLUMNS = {"seed": 5, "pinned_board": 6, "declined_top_board": 7}
Mapping = dict[str, int | None]  # field -> column index in the file


@dataclass(frozen=True)
class ImportLine:
    """One line of the file as it would be imported: the player, or why it cannot be."""

    line: int  # as the TD sees it in a spreadsheet (the header is line 1)
    player: PlayerData | None
    problems: tuple[str, ...] = ()
    name: str = ""  # the name read from a refused line, so the TD sees whose line it is
    seed: int | None = None  # and its seed, when two lines give the same one
    pinned_board: int | None = None  # and the rest of what it gives, shown as read
    declined_top_board: bool | None = None  # None: blank, or not yes or no


def _file_line_numbers(reason: str, file_lines: list[int]) -> str:
    """find_duplicates counts lines among the players read; the TD counts spreadsheet lines."""

    def to_file_line(match: re.Match[str]) -> str:
        index = int(match.group(1)) - 1
        line = file_lines[index] if 0 <= index < len(file_lines) else match.group(1)
        return f"also on line {line} of the file"

    return re.sub(r"also on line (\d+) of this import", to_file_line, reason)


def _number(value: int | None) -> str:
    return "" if value is None else str(value)


def _declined(value: bool | None) -> str:
    return "" if value is None else ("Declined" if value else "Will play")


class ImportPlayersDialog(QDialog):
    def __init__(
        self,
        file_name: str,
        headers: list[str],
        sample: list[list[str]],
        mapping: Mapping,
        preview: Callable[[Mapping], list[ImportLine]],
        duplicates: Callable[[list[PlayerData]], dict[int, str]],
        parent: QWidget | None = None,
        fields: dict[str, str] | None = None,
        notes: list[str] | None = None,
        total_lines: int | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Import players from {file_name}")
        self.resize(900, 620)
        self._headers = headers
        self._sample = sample
        self._preview = preview
        self._duplicates = duplicates
        self._fields = fields or FIELD_LABELS
        self._notes = notes or []
        self._total_lines = len(sample) if total_lines is None else total_lines
        self.lines: list[ImportLine] = []
        self.duplicate_reasons: dict[int, str] = {}  # index into self.lines
        self.steps = QStackedWidget()
        self.steps.addWidget(self._mapping_step(file_name, mapping))
        self.steps.addWidget(self._preview_step())
        self.back_button = QPushButton("< &Back")
        self.next_button = QPushButton("&Next >")
        self.import_button = QPushButton("&Import")
        self.cancel_button = QPushButton("Cancel")
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for button in (self.back_button, self.next_button, self.import_button,
                       self.cancel_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.steps, 1)
        layout.addLayout(buttons)
        self.back_button.clicked.connect(lambda: self.go_to_step(0))
        self.next_button.clicked.connect(lambda: self.go_to_step(1))
        self.import_button.clicked.connect(self.accept)
        self.cancel_button.clicked.connect(self.reject)
        self.go_to_step(0)

    # -- step 1: which column holds which field ------------------------------------------
    def _lines_read(self, file_name: str) -> str:
        """How many lines the file holds: the examples are only the first few of them."""
        total = self._total_lines
        text = f"{total} line{'' if total == 1 else 's'} read from {file_name}"
        if len(self._sample) < total:
            text += f" (examples from the first {len(self._sample)})"
        return text + "."

    def _mapping_step(self, file_name: str, mapping: Mapping) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(QLabel(f"<b>Step 1 of 2 — columns.</b> {self._lines_read(file_name)} "
                                "Check which column holds each field; the guesses come from "
                                "the column titles."))
        form = QFormLayout()
        self.combos: dict[str, QComboBox] = {}
        self._samples: dict[str, QLabel] = {}
        for field, label in self._fields.items():
            combo = QComboBox()
            combo.setObjectName(f"map_{field}")
            combo.addItem(NOT_IN_FILE, None)
            for index, header in enumerate(self._headers):
                combo.addItem(header or f"column {index + 1}", index)
            chosen = mapping.get(field)
            combo.setCurrentIndex(0 if chosen is None else chosen + 1)
            sample = QLabel()
            theme.set_text_colour(sample, theme.MUTED)
            combo.currentIndexChanged.connect(lambda _=0, f=field: self._show_sample(f))
            row = QHBoxLayout()
            row.addWidget(combo, 1)
            row.addWidget(sample, 1)
            form.addRow(f"{label}:", row)
            self.combos[field] = combo
            self._samples[field] = sample
            self._show_sample(field)
        layout.addLayout(form)
        for text in self._notes:  # e.g. "read as Windows/Latin-1 text", which sheet was read
            warning = QLabel(text)
            warning.setWordWrap(True)
            theme.set_text_colour(warning, theme.WARNING)
            layout.addWidget(warning)
        statuses = ", ".join(LOCAL_STATUSES.values())
        note = QLabel(f"Local status values understood: {statuses} (others are refused "
                      "line by line).")
        note.setWordWrap(True)
        theme.set_text_colour(note, theme.MUTED)
        layout.addWidget(note)
        layout.addStretch(1)
        return page

    def _show_sample(self, field: str) -> None:
        column = self.combos[field].currentData()
        first = self._sample[0] if self._sample else []
        value = first[column] if column is not None and column < len(first) else ""
        self._samples[field].setText(f"e.g. {value}" if value else "")

    def has_names(self) -> bool:
        """A name column, or first and/or last name columns, is chosen."""
        chosen = self.mapping()
        return any(chosen.get(f) is not None for f in ("name", "first_name", "last_name"))

    def mapping(self) -> Mapping:
        return {field: combo.currentData() for field, combo in self.combos.items()}

    # -- step 2: what would be imported ----------------------------------------------------
    def _preview_step(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(QLabel("<b>Step 2 of 2 — preview.</b> Lines with problems are not "
                                "imported; fix them in the file or add those players by hand."))
        self.preview_table = QTableWidget(0, len(PREVIEW_HEADERS))
        self.preview_table.setObjectName("importPreview")
        self.preview_table.setHorizontalHeaderLabels(list(PREVIEW_HEADERS))
        self.preview_table.verticalHeader().hide()
        self.preview_table.horizontalHeader().setStretchLastSection(True)
        self.preview_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # Narrow enough that the problems keep the width they had before 'Top board' came.
        for column, width in enumerate((45, 150, 100, 80, 90, 45, 50, 75)):
            self.preview_table.setColumnWidth(column, width)
        self.skip_duplicates = QCheckBox()
        self.skip_duplicates.setObjectName("skipDuplicates")
        self.skip_duplicates.setChecked(True)
        self.skip_duplicates.toggled.connect(self._update_summary)
        self.summary = QLabel()
        self.summary.setObjectName("importSummary")
        layout.addWidget(self.preview_table, 1)
        layout.addWidget(self.skip_duplicates)
        layout.addWidget(self.summary)
        return page

    def go_to_step(self, step: int) -> None:
        if step == 1:
            if not self.has_names():
                self.summary.setText("")
                self.steps.setCurrentIndex(0)
                self._samples["name"].setText("Choose the column with the players' names.")
                theme.set_text_colour(self._samples["name"], theme.ERROR)
                return
            self._fill_preview()
        self.steps.setCurrentIndex(step)
        self.back_button.setEnabled(step > 0)
        self.next_button.setEnabled(step == 0)
        self.import_button.setEnabled(step == 1 and bool(self.players_to_import()))
        self.import_button.setDefault(step == 1)
        self.next_button.setDefault(step == 0)

    def _fill_preview(self) -> None:
        self.lines = self._preview(self.mapping())
        good = [line.player for line in self.lines if line.player is not None]
        good_indexes = [i for i, line in enumerate(self.lines) if line.player is not None]
        self.duplicate_reasons = {
            good_indexes[i]: _file_line_numbers(why, [self.lines[g].line for g in good_indexes])
            for i, why in self._duplicates(good).items()}
        table = self.preview_table
        chosen = self.mapping()
        for field, column in _OPTIONAL_COLUMNS.items():
            table.setColumnHidden(column, chosen.get(field) is None)
        table.setRowCount(len(self.lines))
        red, amber = QBrush(QColor(theme.ERROR)), QBrush(QColor(theme.WARNING))
        for row, line in enumerate(self.lines):
            player = line.player
            notes = list(line.problems)
            if row in self.duplicate_reasons:
                notes.append(f"Looks like a duplicate: {self.duplicate_reasons[row]}")
            cells = [str(line.line)]
            cells += ([player.name, player.home_town, player.country, player.club,
                       _number(player.seed), _number(player.pinned_board)]
                      if player else
                      [line.name, "", "", "", _number(line.seed), _number(line.pinned_board)])
            cells.append(_declined(line.declined_top_board))
            cells.append("; ".join(notes))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)  # the whole text, should a column be too narrow
                if notes:
                    item.setForeground(red if line.problems else amber)
                table.setItem(row, column, item)
        count = len(self.duplicate_reasons)
        self.skip_duplicates.setText(f"Skip the {count} line(s) that look like duplicates")
        self.skip_duplicates.setVisible(bool(count))
        self._update_summary()

    def players_to_import(self) -> list[PlayerData]:
        skip = self.skip_duplicates.isChecked()
        return [line.player for i, line in enumerate(self.lines)
                if line.player is not None and not (skip and i in self.duplicate_reasons)]

    def _update_summary(self) -> None:
        refused = sum(1 for line in self.lines if line.player is None)
        text = f"{len(self.players_to_import())} player(s) will be imported."
        if refused:
            text += f" {refused} line(s) with problems are left out."
        if self.duplicate_reasons and self.skip_duplicates.isChecked():
            text += f" {len(self.duplicate_reasons)} likely duplicate(s) skipped."
        self.summary.setText(text)
        if self.steps.currentIndex() == 1:
            self.import_button.setEnabled(bool(self.players_to_import()))
