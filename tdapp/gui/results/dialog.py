"""A board's result, typed from the table's score sheet: the grid, what is still wrong in words,
and the board's scores the moment the numbers are valid. Save asks the controller to record it
(``gui/results/controller.py``: ``result_dialog`` builds the dialog from the file)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.formats import TournamentFormat
from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import ScoringSystem
from tdapp.gui import theme
from tdapp.gui.common.table_model import Column, RowTableModel
from tdapp.gui.common.tables import ROW_HEIGHT, tune_table
from tdapp.gui.results.form import FIRST_YEAR, LAST_YEAR, Check, ResultForm
from tdapp.gui.results.grid import ResultGridModel, ResultGridView
from tdapp.gui.results.needs import result_needs
from tdapp.services.changes import ServiceError
from tdapp.services.results import END_REASONS, score_result
from tdapp.services.standings_views import BoardEntry


@dataclass(frozen=True)
class ScoreLine:
    power: str
    player: str
    centres: int
    score: float


SCORE_COLUMNS = (
    Column[ScoreLine]("Power", lambda r: r.power.title()),
    Column[ScoreLine]("Player", lambda r: r.player),
    Column[ScoreLine]("SC", lambda r: r.centres, align_right=True),
    Column[ScoreLine]("Score", lambda r: f"{r.score:.2f}".rstrip("0").rstrip("."),
                      sort_key=lambda r: r.score, align_right=True),
)


class ResultEntryDialog(QDialog):
    """``ResultEntryDialog(entry, fmt, custom_systems)``: the board as the file has it, the
    tournament's format and the TD's own formula systems. Show with ``open()`` or ``show()``;
    Save emits ``save_requested(board_id, result, version)``, and once the controller has
    recorded it (:meth:`recorded`) ``saved`` is emitted with the board id."""

    saved = Signal(int)
    save_requested = Signal(int, object, object)  # board id, BoardResult, the board's version

    def __init__(self, entry: BoardEntry, fmt: TournamentFormat,
                 custom_systems: Sequence[ScoringSystem],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board_id = entry.board_id
        self.entry = entry
        self.custom_systems = custom_systems
        self.needs = result_needs(fmt, self.entry.round_number, self.custom_systems)
        default_year = fmt.end_year or 1909
        self.form = ResultForm.from_result(self.needs, self.entry.result, default_year,
                                           self.entry.selection_order)
        names = {s.power: s.player_name for s in self.entry.seats}
        self.model = ResultGridModel(self.form, names, self)
        self.check: Check = Check()
        self.setWindowTitle(f"Result — {self.entry.title}")
        self.resize(1240, 600)
        self._build(names)
        self.model.edited.connect(self.recheck)
        self.recheck()

    # -- layout ---------------------------------------------------------------------------
    def _build(self, names: dict[str, str]) -> None:
        title = QLabel(f"<h2>{self.entry.title}</h2>")
        needs = QLabel(" ".join(self.needs.sentences()))
        needs.setObjectName("needs")
        needs.setWordWrap(True)
        self.end_year = QSpinBox()
        self.end_year.setRange(FIRST_YEAR, LAST_YEAR)
        self.end_year.setValue(self.form.end_year)
        self.end_year.valueChanged.connect(self._end_year_changed)
        self.end_reason = QComboBox()
        for key, words in END_REASONS.items():
            self.end_reason.addItem(words, key)
        self.end_reason.setCurrentIndex(max(0, self.end_reason.findData(self.form.end_reason)))
        self.end_reason.currentIndexChanged.connect(self._reason_changed)
        top = QHBoxLayout()
        for label, widget in (("Last year played", self.end_year),
                              ("How it ended", self.end_reason)):
            caption = QLabel(label)
            caption.setBuddy(widget)
            top.addWidget(caption)
            top.addWidget(widget)
            top.addSpacing(18)
        top.addStretch(1)
        self.grid = ResultGridView()
        self.grid.setModel(self.model)
        self.grid.size_columns(self.model)
        self.problems = QLabel()
        self.problems.setObjectName("problems")
        self.problems.setWordWrap(True)
        self.problems.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.problems.setMinimumWidth(300)
        self.scores_model: RowTableModel[ScoreLine] = RowTableModel(SCORE_COLUMNS, parent=self)
        self.scores = QTableView()
        self.scores.setModel(self.scores_model)
        tune_table(self.scores, (70, 150, 40, 60))
        self.scores.setFixedHeight(len(POWERS) * ROW_HEIGHT
                                   + self.scores.horizontalHeader().sizeHint().height() + 4)
        self.scores.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        side_panel = QWidget()
        side_panel.setFixedWidth(360)
        side = QVBoxLayout(side_panel)
        side.setContentsMargins(0, 0, 0, 0)
        side.addWidget(QLabel("<b>Check</b>"))
        side.addWidget(self.problems, 1)
        side.addWidget(QLabel("<b>Scores of this board</b>"))
        side.addWidget(self.scores)
        middle = QHBoxLayout()
        self.grid.setFixedHeight(len(POWERS) * 30 + self.grid.horizontalHeader().sizeHint().height()
                                 + self.grid.horizontalScrollBar().sizeHint().height() + 4)
        left = QVBoxLayout()
        left.addWidget(self.grid, 0, Qt.AlignmentFlag.AlignLeft)
        left.addStretch(1)
        middle.addLayout(left, 1)
        middle.addWidget(side_panel, 0)
        self.buttons = QDialogButtonBox()
        self.save_button = self.buttons.addButton("Save result  [Ctrl+S]",  # shown, as on the clock
                                                  QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button.setToolTip("Record this result (Ctrl+S); Edit > Undo takes it back")
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.save_button.clicked.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        QShortcut(QKeySequence.StandardKey.Save, self, self.save)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(needs)
        layout.addLayout(top)
        layout.addLayout(middle, 1)
        layout.addWidget(self.buttons)
        self._update_draw_column()
        start = self.model.index(0, self.model.final_column())
        self.grid.setCurrentIndex(start)
        self.grid.setFocus()

    # -- behaviour -------------------------------------------------------------------------
    def _end_year_changed(self, year: int) -> None:
        self.model.set_end_year(year)
        self.grid.size_columns(self.model)
        self._update_draw_column()
        self.recheck()

    def _reason_changed(self) -> None:
        self.form.end_reason = str(self.end_reason.currentData())
        if self.form.wants_draw_members() and not self.form.draw:
            # Everyone still on the board is in the draw unless the TD unticks them.
            self.form.draw = {p for p in POWERS if self.form.final.get(p, "").strip()
                              not in ("", "0")}
        self._update_draw_column()
        self.recheck()

    def _update_draw_column(self) -> None:
        # A model reset renumbers the columns but the header keeps hidden flags by position.
        hide = self.model.draw_column() if not self.form.wants_draw_members() else None
        for column in range(self.model.columnCount()):
            self.grid.setColumnHidden(column, column == hide)
        self.grid.size_columns(self.model)

    def recheck(self) -> None:
        """Check what is typed; colour the wrong cells, say why, and score a valid board."""
        self.check = self.form.check()
        self.model.set_bad(self.check.bad_cells())
        lines: list[str] = []
        lines.extend(f"<p style='color:{theme.ERROR}'>✗ {message}</p>"
                     for message, _ in self.check.errors)
        lines.extend(f"<p style='color:{theme.MUTED}'>… {message}</p>" for message in
                     self.check.missing)
        scores: list[ScoreLine] = []
        if self.check.result is not None:
            try:
                by_power = score_result(self.needs.system, self.check.result,
                                        self.custom_systems)
            except ServiceError as exc:
                lines.append(f"<p style='color:{theme.ERROR}'>✗ {exc}</p>")
                self.check.result = None
            else:
                names = {s.power: s.player_name for s in self.entry.seats}
                scores = [ScoreLine(p, names.get(p, ""), self.check.result.centers.get(p, 0),
                                    by_power[p]) for p in POWERS]
                lines.append(f"<p style='color:{theme.OK}'>✓ The numbers are valid: Save records "
                             "this result.</p>")
        self.problems.setText("".join(lines))
        self.scores_model.set_rows(scores)
        self.save_button.setEnabled(self.check.result is not None)

    def problem_texts(self) -> list[str]:
        return [m for m, _ in self.check.errors] + list(self.check.missing)

    def score_of(self, power: str) -> float | None:
        for line in self.scores_model.rows():
            if line.power == power:
                return line.score
        return None

    def save(self) -> None:
        if self.check.result is None:
            return
        self.save_requested.emit(self.board_id, self.check.result, self.entry.version)

    def recorded(self, description: str) -> None:
        """The result is in the file: say so, and close."""
        self._confirm(description)
        self.saved.emit(self.board_id)
        self.accept()

    def _confirm(self, what: str) -> None:
        """Say in the window's status bar that it was saved (the grid closes at once)."""
        parent = self.parentWidget()
        window = parent.window() if parent is not None else None
        if isinstance(window, QMainWindow):
            window.statusBar().showMessage(f"Saved: {what} (Edit > Undo takes it back).", 10000)
