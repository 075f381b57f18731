"""The result grid: one row per power, columns for the optional years, the final centres, the
elimination year and (for a passed draw, when the system needs it) the draw members.

A thin model over a :class:`ResultForm`; the view moves on with Tab (right) and Enter (down),
and starts editing on any key, so a TD types a board's numbers without the mouse.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QHeaderView,
    QLineEdit,
    QStyledItemDelegate,
    QTableView,
    QWidget,
)

from tdapp.core.powers import POWERS
from tdapp.gui import theme
from tdapp.gui.results.form import Cell, ResultForm

AnyIndex = QModelIndex | QPersistentModelIndex
BAD = QColor(theme.BAD_CELL)
OPTIONAL = QColor(theme.OPTIONAL_CELL)
REQUIRED = QColor(theme.REQUIRED_CELL)
SOLO_SHADE = QColor(theme.SOLO)


class ResultGridModel(QAbstractTableModel):
    edited = Signal()  # any cell changed: the dialog re-checks

    def __init__(self, form: ResultForm, names: dict[str, str], parent: Any = None) -> None:
        super().__init__(parent)
        self.form = form
        self.names = names
        self.bad: dict[Cell, str] = {}
        self._years = form.history_years()

    # -- columns -------------------------------------------------------------------------
    def years(self) -> list[int]:
        return list(self._years)

    def final_column(self) -> int:
        return 2 + len(self._years)

    def out_column(self) -> int:
        return self.final_column() + 1

    def draw_column(self) -> int:
        return self.final_column() + 2

    def cell_at(self, row: int, column: int) -> Cell | None:
        power = POWERS[row]
        if 2 <= column < self.final_column():
            return ("year", power, self._years[column - 2])
        if column == self.final_column():
            return ("final", power)
        if column == self.out_column():
            return ("out", power)
        if column == self.draw_column():
            return ("draw", power)
        return None

    def set_end_year(self, year: int) -> None:
        self.beginResetModel()
        self.form.end_year = year
        self._years = self.form.history_years()
        self.endResetModel()

    def set_bad(self, bad: dict[Cell, str]) -> None:
        self.bad = bad
        if self.rowCount() and self.columnCount():
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(self.rowCount() - 1, self.columnCount() - 1))

    # -- Qt model ------------------------------------------------------------------------
    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(POWERS)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self.draw_column() + 1

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if section == 0:
                return "Power"
            if section == 1:
                return "Player"
            if section < self.final_column():
                return str(self._years[section - 2])
            return {self.final_column(): f"Final {self.form.end_year}",
                    self.out_column(): "Out in", self.draw_column(): "In draw"}.get(section)
        if role == Qt.ItemDataRole.ToolTipRole:
            if 2 <= section < self.final_column():
                return ("Centres at the end of the year"
                        + (" (needed)" if self.form.needs.history else " (optional)"))
            if section == self.out_column():
                return "The year a power with no centres was eliminated"
        return None

    def _text(self, cell: Cell) -> str:
        kind, power = cell[0], cell[1]
        if kind == "final":
            return self.form.final.get(power, "")
        if kind == "out":
            return self.form.out.get(power, "")
        if kind == "year":
            return self.form.years.get(cell[2], {}).get(power, "")
        return ""

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        power = POWERS[index.row()]
        column = index.column()
        cell = self.cell_at(index.row(), column)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if column == 0:
                return power.title()
            if column == 1:
                return self.names.get(power, "")
            return None if cell is None or cell[0] == "draw" else self._text(cell)
        if role == Qt.ItemDataRole.CheckStateRole and cell is not None and cell[0] == "draw":
            return Qt.CheckState.Checked if power in self.form.draw else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.BackgroundRole:
            if cell is not None and cell in self.bad:
                return QBrush(BAD)
            if cell is not None and cell[0] == "year":
                return QBrush(REQUIRED if self.form.needs.history else OPTIONAL)
            return None
        if role == Qt.ItemDataRole.ToolTipRole and cell is not None and cell in self.bad:
            return self.bad[cell]
        if role == Qt.ItemDataRole.TextAlignmentRole and column >= 2:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        if not index.isValid() or index.column() < 2:
            return base
        if index.column() == self.draw_column():
            return base | Qt.ItemFlag.ItemIsUserCheckable
        return base | Qt.ItemFlag.ItemIsEditable

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        cell = self.cell_at(index.row(), index.column()) if index.isValid() else None
        if cell is None:
            return False
        power = cell[1]
        if cell[0] == "draw":
            if role != Qt.ItemDataRole.CheckStateRole:
                return False
            if Qt.CheckState(value) == Qt.CheckState.Checked:
                self.form.draw.add(power)
            else:
                self.form.draw.discard(power)
        elif role == Qt.ItemDataRole.EditRole:
            text = str(value).strip()
            if cell[0] == "final":
                self.form.final[power] = text
            elif cell[0] == "out":
                self.form.out[power] = text
            else:
                self.form.years.setdefault(cell[2], {})[power] = text
        else:
            return False
        self.dataChanged.emit(index, index)
        self.edited.emit()
        return True


class _NumberDelegate(QStyledItemDelegate):
    """A plain line editor: every key lands in the cell, the checks speak afterwards."""

    def createEditor(self, parent: QWidget, option: Any, index: AnyIndex) -> QWidget:
        editor = QLineEdit(parent)
        editor.setAlignment(Qt.AlignmentFlag.AlignCenter)
        editor.setMaxLength(5)
        return editor


class ResultGridView(QTableView):
    """Any key starts editing; Enter moves down (then to the next column), Tab moves right."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setItemDelegate(_NumberDelegate(self))
        self.setEditTriggers(QAbstractItemView.EditTrigger.AnyKeyPressed
                             | QAbstractItemView.EditTrigger.DoubleClicked
                             | QAbstractItemView.EditTrigger.EditKeyPressed)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.verticalHeader().hide()
        self.verticalHeader().setDefaultSectionSize(30)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.horizontalHeader().setStretchLastSection(False)
        self.setTabKeyNavigation(True)

    def closeEditor(self, editor: QWidget, hint: QAbstractItemDelegate.EndEditHint) -> None:
        down = hint == QAbstractItemDelegate.EndEditHint.SubmitModelCache
        super().closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint if down else hint)
        if down:
            self.move_down()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) \
                and self.state() != QAbstractItemView.State.EditingState:
            self.move_down()
            return
        super().keyPressEvent(event)

    def move_down(self) -> None:
        current = self.currentIndex()
        model = self.model()
        if not current.isValid() or model is None:
            return
        row, column = current.row() + 1, current.column()
        if row >= model.rowCount():
            row, column = 0, self._next_visible(column)
        self.setCurrentIndex(model.index(row, column))

    def _next_visible(self, column: int) -> int:
        model = self.model()
        for candidate in range(column + 1, model.columnCount()):
            if not self.isColumnHidden(candidate):
                return candidate
        return column

    def size_columns(self, model: ResultGridModel) -> None:
        self.setColumnWidth(0, 72)
        self.setColumnWidth(1, 170)
        for column in range(2, model.final_column()):
            self.setColumnWidth(column, 46)
        self.setColumnWidth(model.final_column(), 84)
        self.setColumnWidth(model.out_column(), 64)
        self.setColumnWidth(model.draw_column(), 64)
        shown = sum(self.columnWidth(c) for c in range(model.columnCount())
                    if not self.isColumnHidden(c))
        self.setMinimumWidth(min(shown + 4, 900))  # later years scroll
        self.setMaximumWidth(shown + 4)
