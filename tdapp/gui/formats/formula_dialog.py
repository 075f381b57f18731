"""The scoring-systems dialog: write a formula, see it checked and scored on sample boards as you
type, compare it with a built-in system, and save it into the tournament."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult, ScoringError
from tdapp.core.scoring.formula import (
    FUNCTIONS,
    VARIABLES,
    FormulaError,
    FormulaSystem,
    sample_boards,
)
from tdapp.core.scoring.registry import list_systems
from tdapp.gui import theme
from tdapp.gui.formats.fields import ERROR_COLOUR, error_label
from tdapp.services.formats import SystemRow

NAME_ROLE = Qt.ItemDataRole.UserRole
EXAMPLE = "if(solo_game, 100 * solo, 100 * centres^2 / sum_squares)"
DEFAULT_COMPARE = "sum-of-squares"
FIRST_ROW = 1  # row 0 names the sample boards
TOTAL_ROW = FIRST_ROW + len(POWERS)
EXAMPLES = (
    ("Sum of Squares", "if(solo_game, 100 * solo, 100 * centres^2 / sum_squares)"),
    ("Draw size", "if(solo_game, 100 * solo, if(in_draw, 100 / draw_size, 0))"),
    ("Centres and survival", "centres + if(alive, 10, 0)"),
    ("Board-top bonus", "centres + if(topper, 20 / toppers, 0)"),
)


class FormulaEdit(QPlainTextEdit):
    """The formula box: monospace, and a red wavy underline where the formula goes wrong."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFont(theme.code_font(2))
        self.setTabChangesFocus(True)
        self.setPlaceholderText(EXAMPLE)
        self.setFixedHeight(self.fontMetrics().lineSpacing() * 4 + 12)
        self.error_column: int | None = None

    def formula(self) -> str:
        """The text as typed (not stripped), so error columns match what is on screen."""
        return self.toPlainText()

    def underline(self, column: int | None) -> None:
        """Underline from ``column`` (1-based) to the end of the token there; None clears."""
        self.error_column = column
        if column is None:
            self.setExtraSelections([])
            return
        text = self.toPlainText()
        start = min(max(column - 1, 0), max(len(text) - 1, 0))
        end = start + 1
        while end < len(text) and (text[end].isalnum() or text[end] == "_") and \
                (text[start].isalnum() or text[start] == "_"):
            end += 1
        selection = QTextEdit.ExtraSelection()
        look = QTextCharFormat()
        look.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        look.setUnderlineColor(QColor(ERROR_COLOUR))
        look.setBackground(QColor(theme.FORMULA_FAULT))
        selection.format = look
        cursor = QTextCursor(self.document())
        cursor.setPosition(start)
        cursor.setPosition(min(end, len(text)) if text else 0, QTextCursor.MoveMode.KeepAnchor)
        selection.cursor = cursor
        self.setExtraSelections([selection])

    def insert_name(self, name: str) -> None:
        self.insertPlainText(name)
        self.setFocus()


def _number(value: float) -> str:
    return f"{round(value, 2):g}"


def help_tree() -> QTreeWidget:
    """The names a formula may use, in two groups; double-click one to type it."""
    tree = QTreeWidget()
    tree.setHeaderLabels(["Name", "Meaning"])
    tree.setRootIsDecorated(True)
    for title, entries in (
            ("Variables", [(n, d) for n, d in VARIABLES.items()]),
            ("Functions", [(f"{n}()", spec[2]) for n, spec in FUNCTIONS.items()]),
            ("Operators", [("+ - * / ^", "arithmetic; ^ is power"),
                           ("< <= > >= == !=", "comparisons give 1 or 0"),
                           ("and or not", "conditions")])):
        group = QTreeWidgetItem([title])
        tree.addTopLevelItem(group)
        for name, words in entries:
            item = QTreeWidgetItem([name, words])
            item.setToolTip(1, words)
            item.setData(0, NAME_ROLE, name.removesuffix(")") if name.endswith("()") else name)
            group.addChild(item)
        group.setExpanded(True)
    tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
    return tree


def preview_scores(system: FormulaSystem | None, boards: dict[str, GameResult]
                   ) -> tuple[dict[str, dict[str, float]], str | None]:
    """Scores per board of ``system``, and what stopped it scoring one (None when all scored)."""
    out: dict[str, dict[str, float]] = {}
    if system is None:
        return out, None
    for name, game in boards.items():
        try:
            out[name] = system.score(game)
        except ScoringError as exc:
            return out, f"On the {name} board: {exc}"
    return out, None


class ScoringSystemsDialog(QDialog):
    """Emits ``save_requested(name, title, formula)`` and ``delete_requested(name)``."""

    save_requested = Signal(str, str, str)
    delete_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Scoring systems of this tournament")
        self.resize(1240, 760)
        self.boards = sample_boards()
        self._rows: dict[str, SystemRow] = {}
        self.system: FormulaSystem | None = None  # what the boxes say now, when it reads
        self.systems = QListWidget()
        self.new_button = QPushButton("&New system")
        self.delete_button = QPushButton("&Delete")
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("lower-case-with-hyphens")
        self.title_edit = QLineEdit()
        self.formula = FormulaEdit()
        self.problem = error_label()
        self.problem.setObjectName("formulaProblem")
        self.compare = QComboBox()
        for system in list_systems():
            self.compare.addItem(system.title, system.name)
        self.compare.setCurrentIndex(max(self.compare.findData(DEFAULT_COMPARE), 0))
        self.table = QTableWidget(TOTAL_ROW + 1, 1 + 3 * len(self.boards))
        self.examples = QListWidget()
        for title, text in EXAMPLES:
            item = QListWidgetItem(f"{title}:   {text}")
            item.setData(NAME_ROLE, text)
            self.examples.addItem(item)
        self.help = help_tree()
        self.help_text = QLabel("Click a name to read what it means.")
        self.help_text.setWordWrap(True)
        self.help_text.setMinimumHeight(60)
        self.help_text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.status = QLabel()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.save_button = self.buttons.addButton("&Save to tournament",
                                                  QDialogButtonBox.ButtonRole.ApplyRole)
        self._lay_out()
        self._prepare_table()
        self.systems.currentItemChanged.connect(lambda *_: self._selected())
        self.new_button.clicked.connect(self.start_new)
        self.delete_button.clicked.connect(self._delete)
        self.formula.textChanged.connect(self.refresh)
        self.name_edit.textChanged.connect(lambda *_: self.refresh())
        self.title_edit.textChanged.connect(lambda *_: self.refresh())
        self.compare.currentIndexChanged.connect(lambda *_: self.refresh())
        self.help.itemDoubleClicked.connect(self._insert_help)
        self.help.currentItemChanged.connect(lambda item, _old: self._explain(item))
        self.examples.itemDoubleClicked.connect(
            lambda item: self.formula.setPlainText(str(item.data(NAME_ROLE))))
        self.save_button.clicked.connect(self._save)
        self.buttons.rejected.connect(self.reject)
        self.start_new()

    def _lay_out(self) -> None:
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(QLabel("This tournament's systems:"))
        column.addWidget(self.systems, 1)
        row = QHBoxLayout()
        row.addWidget(self.new_button)
        row.addWidget(self.delete_button)
        column.addLayout(row)
        editor = QGroupBox("Formula")
        form = QFormLayout(editor)
        form.addRow("&Name:", self.name_edit)
        form.addRow("&Title:", self.title_edit)
        form.addRow("&Formula:", self.formula)
        form.addRow("", self.problem)
        preview = QGroupBox("Scores on sample boards (live)")
        box = QVBoxLayout(preview)
        compare = QHBoxLayout()
        compare.addWidget(QLabel("Compare with:"))
        compare.addWidget(self.compare, 1)
        box.addLayout(compare)
        box.addWidget(self.table)
        box.addWidget(QLabel("Examples (double-click to start from one):"))
        box.addWidget(self.examples, 1)
        middle = QWidget()
        stack = QVBoxLayout(middle)
        stack.setContentsMargins(0, 0, 0, 0)
        stack.addWidget(editor)
        stack.addWidget(preview, 1)
        helper = QGroupBox("What a formula may use (double-click to insert)")
        helper_layout = QVBoxLayout(helper)
        helper_layout.addWidget(self.help, 1)
        helper_layout.addWidget(self.help_text)
        splitter = QSplitter()
        for widget in (left, middle, helper):
            splitter.addWidget(widget)
        splitter.setSizes([170, 660, 410])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.buttons)
        layout.addLayout(bottom)

    def _prepare_table(self) -> None:
        """Row 0 names the boards (each over three columns); then the powers and a total."""
        self.table.setHorizontalHeaderLabels(["Power", *(["SC", "Formula", "Compare"]
                                                          * len(self.boards))])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setDefaultSectionSize(26)
        for index, name in enumerate(self.boards):
            self.table.setSpan(0, 1 + 3 * index, 1, 3)
            item = QTableWidgetItem(f"{name} board")
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            item.setBackground(QColor(theme.TABLE_BAND))
            bold = item.font()
            bold.setBold(True)
            item.setFont(bold)
            self.table.setItem(0, 1 + 3 * index, item)
        for row, power in enumerate([*POWERS, "Total"], start=FIRST_ROW):
            item = QTableWidgetItem(power.title())
            if power == "Total":
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            self.table.setItem(row, 0, item)
        for index, game in enumerate(self.boards.values()):
            for row, power in enumerate(POWERS, start=FIRST_ROW):
                count = game.centers.get(power, 0)
                mark = " ★" if game.solo == power else ""
                self._cell(row, 1 + 3 * index, f"{count}{mark}")
            self._cell(TOTAL_ROW, 1 + 3 * index, str(sum(game.centers.values())))
        height = self.table.horizontalHeader().height() + 26 * self.table.rowCount() + 6
        self.table.setFixedHeight(max(height, 26 * 10))

    def board_column(self, board: int, kind: str) -> list[str]:
        """The texts of one column of the score table, powers then total (for tests)."""
        column = 1 + 3 * board + ("centres", "formula", "compare").index(kind)
        items = (self.table.item(r, column) for r in range(FIRST_ROW, TOTAL_ROW + 1))
        return [item.text() if item is not None else "" for item in items]

    def _cell(self, row: int, column: int, text: str, colour: str | None = None) -> None:
        item = QTableWidgetItem(text)
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if colour:
            item.setForeground(QColor(colour))
        self.table.setItem(row, column, item)

    # -- the list of systems ----------------------------------------------------------------
    def set_systems(self, rows: Sequence[SystemRow], select: str | None = None) -> None:
        self._rows = {r.name: r for r in rows}
        self.systems.blockSignals(True)
        self.systems.clear()
        for row in rows:
            item = QListWidgetItem(f"{row.title}\n  {row.name}")
            item.setData(NAME_ROLE, row.name)
            item.setToolTip(row.formula)
            self.systems.addItem(item)
        self.systems.blockSignals(False)
        if select is not None:
            for i in range(self.systems.count()):
                if self.systems.item(i).data(NAME_ROLE) == select:
                    self.systems.setCurrentRow(i)
        self.delete_button.setEnabled(self.systems.currentItem() is not None)

    def start_new(self) -> None:
        self.systems.clearSelection()
        self.systems.setCurrentRow(-1)
        self.name_edit.setReadOnly(False)
        for edit in (self.name_edit, self.title_edit):
            edit.clear()
        self.formula.setPlainText("")
        self.delete_button.setEnabled(False)
        self.status.setText("A new system: give it a name, a title and a formula.")
        self.name_edit.setFocus()

    def _selected(self) -> None:
        item = self.systems.currentItem()
        if item is None:
            return
        row = self._rows[item.data(NAME_ROLE)]
        self.name_edit.setText(row.name)
        self.name_edit.setReadOnly(True)  # rounds refer to it by name
        self.title_edit.setText(row.title)
        self.formula.setPlainText(row.formula)
        self.delete_button.setEnabled(True)
        self.status.setText(f"Editing {row.name}: saving rescores the boards that use it.")

    def _explain(self, item: QTreeWidgetItem | None) -> None:
        """The whole meaning of a name (the tree's column may cut it short)."""
        if item is not None and item.text(1):
            self.help_text.setText(f"<b>{item.text(0)}</b>: {item.text(1)}")

    def _insert_help(self, item: QTreeWidgetItem, _column: int) -> None:
        name = item.data(0, NAME_ROLE)
        if name:
            self.formula.insert_name(str(name))

    # -- live checking ----------------------------------------------------------------------
    def refresh(self) -> None:
        text = self.formula.formula()
        self.system = None
        problem, column = None, None
        if not text.strip():
            problem = "Type a formula, e.g. " + EXAMPLE
        else:
            try:
                self.system = FormulaSystem(self.name_edit.text().strip() or "preview",
                                            self.title_edit.text().strip() or "Preview", text)
            except FormulaError as exc:
                problem, column = str(exc), exc.column
        scores, stopped = preview_scores(self.system, self.boards)
        if stopped:
            problem = stopped
        self.formula.underline(column)
        self.show_problem(problem)
        self._fill_scores(scores)
        self.save_button.setEnabled(self.system is not None and not stopped)

    def show_problem(self, problem: str | None, column: int | None = None) -> None:
        if column is not None:
            self.formula.underline(column)
        self.problem.setText(problem or "")
        self.problem.setVisible(bool(problem))

    def _fill_scores(self, scores: dict[str, dict[str, float]]) -> None:
        compare_system = next((s for s in list_systems()
                               if s.name == self.compare.currentData()), None)
        for index, (name, game) in enumerate(self.boards.items()):
            mine = scores.get(name)
            try:
                theirs = compare_system.score(game) if compare_system else None
            except ScoringError:
                theirs = None
            for column, values, colour in ((2 + 3 * index, mine, None),
                                           (3 + 3 * index, theirs, theme.COMPARED)):
                for row, power in enumerate(POWERS, start=FIRST_ROW):
                    text = "—" if values is None else _number(values.get(power, 0))
                    self._cell(row, column, text, colour)
                total = "—" if values is None else _number(sum(values.values()))
                self._cell(TOTAL_ROW, column, total, colour)

    # -- saving -------------------------------------------------------------------------------
    def _save(self) -> None:
        self.save_requested.emit(self.name_edit.text().strip(), self.title_edit.text().strip(),
                                 self.formula.formula())

    def _delete(self) -> None:
        item = self.systems.currentItem()
        if item is not None:
            self.delete_requested.emit(str(item.data(NAME_ROLE)))

    def show_refusal(self, field: str, message: str, column: int | None = None) -> None:
        """What the service refused, next to the box at fault."""
        theme.set_error_border(self.name_edit, field == "name")
        theme.set_error_border(self.title_edit, field == "title")
        self.show_problem(message, column)

    def saved(self, name: str, description: str, rows: Sequence[SystemRow]) -> None:
        for edit in (self.name_edit, self.title_edit):
            theme.set_error_border(edit, False)
        self.set_systems(rows, select=name)
        self.status.setText(description)
