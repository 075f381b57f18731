"""The Awards page: computed awards with their rules, best country per power, ties left to the
TD, the TD's special awards and the certificates. Layout only; see controller.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QShowEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.powers import POWERS
from tdapp.gui import theme
from tdapp.gui.common.table_model import ROW_ROLE, Column, RowTableModel, make_proxy
from tdapp.gui.common.tables import ROW_HEIGHT, tune_table
from tdapp.services.awards import AwardRow, AwardsView, OpenTie, SpecialAwardRow, TieDecisionRow

AnyIndex = QModelIndex | QPersistentModelIndex
TIE_WORDS = {"td": "tie for the TD", "shared": "shared"}


def _value(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}".rstrip("0").rstrip(".")


AWARD_COLUMNS = (
    Column[AwardRow]("Award", lambda a: a.name),
    Column[AwardRow]("Winner", lambda a: f"{a.team} ({a.winners_text})" if a.team
                     else a.winners_text),
    Column[AwardRow]("Score", lambda a: _value(a.value), sort_key=lambda a: a.value or 0,
                     align_right=True),
    Column[AwardRow]("Tie", lambda a: TIE_WORDS.get(a.tie, "")),
    Column[AwardRow]("Rule that gave it", lambda a: a.rule),
)
BEST_COLUMNS = (
    Column[AwardRow]("Power", lambda a: (a.power or "").title()),
    Column[AwardRow]("Best result", lambda a: a.winners_text),
    Column[AwardRow]("Score", lambda a: _value(a.value), sort_key=lambda a: a.value or 0,
                     align_right=True),
    Column[AwardRow]("Tie", lambda a: TIE_WORDS.get(a.tie, "")),
    Column[AwardRow]("Rule", lambda a: a.rule),
)
TIE_COLUMNS = (
    Column[OpenTie]("Tie", lambda t: t.what),
    Column[OpenTie]("Players", lambda t: ", ".join(t.names)),
    Column[OpenTie]("Why it is open", lambda t: t.note),
)
DECISION_COLUMNS = (
    Column[TieDecisionRow]("For", lambda d: d.about),
    Column[TieDecisionRow]("How", lambda d: "random draw" if d.method == "random-draw"
                           else "TD's decision"),
    Column[TieDecisionRow]("Order (best first)", lambda d: ", ".join(d.names)),
    Column[TieDecisionRow]("Note", lambda d: d.note),
)
SPECIAL_COLUMNS = (
    Column[SpecialAwardRow]("Award", lambda s: s.title),
    Column[SpecialAwardRow]("Given to", lambda s: s.player_name or "(nobody yet)"),
    Column[SpecialAwardRow]("Note", lambda s: s.note),
)


class _TieAwareModel(RowTableModel[AwardRow]):
    """Awards whose tie is the TD's to settle are shaded; every cell's full text is its tooltip
    (rules are long sentences)."""

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (role == Qt.ItemDataRole.BackgroundRole and index.isValid()
                and self.row_at(index.row()).tie == "td"):
            return QBrush(QColor(theme.TD_TIE))
        if role == Qt.ItemDataRole.ToolTipRole and index.isValid():
            return super().data(index, Qt.ItemDataRole.DisplayRole) or None
        return super().data(index, role)


def _table(model: RowTableModel, widths: tuple[int, ...]) -> QTableView:
    view = QTableView()
    view.setModel(make_proxy(model, view))
    view.setSortingEnabled(False)
    tune_table(view, widths)
    return view


class AwardsPage(QWidget):
    settle_requested = Signal(object)  # an OpenTie
    add_special_requested = Signal()
    edit_special_requested = Signal(object)  # a SpecialAwardRow
    remove_special_requested = Signal(object)
    remove_decision_requested = Signal(object)  # a TieDecisionRow
    certificates_requested = Signal(bool)  # text only?
    shown = Signal()  # the page came into view: a stale page reads its data now

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.awards_model = _TieAwareModel(AWARD_COLUMNS, parent=self)
        self.best_model = _TieAwareModel(BEST_COLUMNS, parent=self)
        self.ties_model: RowTableModel[OpenTie] = RowTableModel(TIE_COLUMNS, parent=self)
        self.decisions_model: RowTableModel[TieDecisionRow] = RowTableModel(
            DECISION_COLUMNS, parent=self)
        self.special_model: RowTableModel[SpecialAwardRow] = RowTableModel(
            SPECIAL_COLUMNS, parent=self)
        self.awards_table = _table(self.awards_model, (100, 180, 56, 90))
        self.best_table = _table(self.best_model, (72, 180, 56, 90))
        self.best_table.setFixedHeight(len(POWERS) * ROW_HEIGHT
                                       + self.best_table.horizontalHeader().sizeHint().height() + 6)
        self.ties_table = _table(self.ties_model, (130, 160))
        self.decisions_table = _table(self.decisions_model, (100, 90, 150))
        self.special_table = _table(self.special_model, (140, 150))
        self.ties_table.doubleClicked.connect(lambda _i: self._settle())
        self.special_table.doubleClicked.connect(lambda _i: self._edit())
        self.summary = QLabel()
        self.summary.setObjectName("awardsSummary")
        self.summary.setWordWrap(True)

        self.settle_button = QPushButton("Settle tie…")
        self.settle_button.clicked.connect(self._settle)
        self.undo_decision_button = QPushButton("Remove decision")
        self.undo_decision_button.clicked.connect(self._remove_decision)
        self.add_button = QPushButton("Add award…")
        self.add_button.clicked.connect(self.add_special_requested)
        self.edit_button = QPushButton("Edit…")
        self.edit_button.clicked.connect(self._edit)
        self.remove_button = QPushButton("Remove")
        self.remove_button.clicked.connect(self._remove)
        self.framed_button = QPushButton("Print certificates…")
        self.framed_button.setToolTip("One framed certificate per award, as a PDF")
        self.framed_button.clicked.connect(lambda: self.certificates_requested.emit(False))
        self.text_button = QPushButton("Text-only certificates…")
        self.text_button.setToolTip("Only the words, for pre-printed certificate stock")
        self.text_button.clicked.connect(lambda: self.certificates_requested.emit(True))

        grid = QGridLayout()
        grid.addWidget(self._box("Awards", self.awards_table), 0, 0)
        grid.addWidget(self._box("Best country", self.best_table), 1, 0)
        ties_box = self._box("Ties left to the TD", self.ties_table, self.settle_button,
                             below=(QLabel("Recorded decisions"), self.decisions_table,
                                    self.undo_decision_button))
        grid.addWidget(ties_box, 0, 1)
        grid.addWidget(self._box("Special awards", self.special_table, self.add_button,
                                 self.edit_button, self.remove_button), 1, 1)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 2)
        grid.setRowStretch(0, 1)
        certificates = QHBoxLayout()
        certificates.addWidget(QLabel("Certificates:"))
        certificates.addWidget(self.framed_button)
        certificates.addWidget(self.text_button)
        certificates.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<h2>Awards</h2>"))
        layout.addWidget(self.summary)
        layout.addLayout(grid, 1)
        layout.addLayout(certificates)

    @staticmethod
    def _box(title: str, table: QTableView, *buttons: QPushButton,
             below: Sequence[QWidget] = ()) -> QGroupBox:
        """The table, a row of its buttons, then ``below`` one under the other."""
        box = QGroupBox(title)
        layout = QVBoxLayout(box)
        layout.addWidget(table, 1)
        if buttons:
            row = QHBoxLayout()
            for button in buttons:
                row.addWidget(button)
            row.addStretch(1)
            layout.addLayout(row)
        for widget in below:
            layout.addWidget(widget)
        return box

    def set_view(self, view: AwardsView | None, specials: list[SpecialAwardRow]) -> None:
        self.special_model.set_rows(specials)
        for button in (self.edit_button, self.remove_button):  # nothing to edit or remove yet
            button.setEnabled(bool(specials))
        if view is None:
            for model in (self.awards_model, self.best_model, self.ties_model,
                          self.decisions_model):
                model.set_rows([])
            self.summary.setText("")
            return
        self.awards_model.set_rows(list(view.others()))
        self.best_model.set_rows(list(view.best_countries()))
        self.ties_model.set_rows(list(view.open_ties))
        self.decisions_model.set_rows(list(view.decisions))
        parts = [f"Worked out from the standings after round {view.through}."
                 if view.through else "No round has been played yet."]
        if view.open_ties:
            parts.append(f"{len(view.open_ties)} tie(s) wait for the TD: select one and press "
                         "\"Settle tie…\".")
        parts.extend(f"Note: {issue}" for issue in view.issues)
        self.summary.setText(" ".join(parts))
        self.settle_button.setEnabled(bool(view.open_ties))
        self.undo_decision_button.setEnabled(bool(view.decisions))

    @staticmethod
    def _selected(table: QTableView) -> Any:
        index = table.currentIndex()
        if not index.isValid():
            rows = table.model().rowCount()
            return table.model().index(0, 0).data(ROW_ROLE) if rows == 1 else None
        return index.data(ROW_ROLE)

    def _settle(self) -> None:
        tie = self._selected(self.ties_table)
        if tie is not None:
            self.settle_requested.emit(tie)

    def _edit(self) -> None:
        award = self._selected(self.special_table)
        if award is not None:
            self.edit_special_requested.emit(award)

    def _remove(self) -> None:
        award = self._selected(self.special_table)
        if award is not None:
            self.remove_special_requested.emit(award)

    def _remove_decision(self) -> None:
        decision = self._selected(self.decisions_table)
        if decision is not None:
            self.remove_decision_requested.emit(decision)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.shown.emit()
