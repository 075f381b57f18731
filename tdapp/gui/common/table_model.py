"""A generic table model over a list of plain rows (frozen dataclasses), with a sort role.

Each view describes its columns as :class:`Column` objects; the model never touches the database.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from tdapp.gui import theme
from tdapp.gui.common.collation import CollatingProxy

SORT_ROLE = Qt.ItemDataRole.UserRole + 1  # native values (numbers sort as numbers)
ROW_ROLE = Qt.ItemDataRole.UserRole + 2  # the plain row object behind a line

Row = TypeVar("Row")
AnyIndex = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class Column(Generic[Row]):
    title: str
    value: Callable[[Row], Any]  # what is shown (and sorted on unless ``sort_key``)
    sort_key: Callable[[Row], Any] | None = None
    checkable: bool = False  # value is a bool shown as a check box
    editable: bool = False
    tooltip: str = ""
    align_right: bool = False


class RowTableModel(QAbstractTableModel, Generic[Row]):
    """Rows in, display/sort/check roles out. ``greyed(row)`` dims a line (e.g. withdrawn)."""

    def __init__(
        self,
        columns: Sequence[Column[Row]],
        greyed: Callable[[Row], bool] | None = None,
        parent: Any = None,
    ) -> None:
        super().__init__(parent)
        self.columns = list(columns)
        self._rows: list[Row] = []
        self._greyed = greyed
        # Called with (row, column index, new value) when the user edits a cell; the view's
        # controller turns it into a service call, and the refresh brings the new value back.
        self.on_edit: Callable[[Row, int, Any], None] | None = None

    def set_rows(self, rows: Sequence[Row]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def replace_rows(self, rows: Sequence[Row]) -> None:
        """As :meth:`set_rows`, but as many rows as before are changed in place: an editor
        whose edit caused the refresh is not pulled from under Qt (issue 24: "commitData
        called with an editor that does not belong to this view"), and the selection stays."""
        if len(rows) != len(self._rows) or not self._rows:
            self.set_rows(rows)
            return
        self._rows = list(rows)
        self.dataChanged.emit(self.index(0, 0),
                              self.index(len(self._rows) - 1, len(self.columns) - 1))

    def rows(self) -> list[Row]:
        return list(self._rows)

    def row_at(self, row: int) -> Row:
        return self._rows[row]

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        column = self.columns[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.title
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip:
            return column.tooltip
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._rows):
            return None
        row = self._rows[index.row()]
        column = self.columns[index.column()]
        if role == ROW_ROLE:
            return row
        value = column.value(row)
        if role == SORT_ROLE:
            key = column.sort_key(row) if column.sort_key else value
            return key.lower() if isinstance(key, str) else key
        if column.checkable:
            if role == Qt.ItemDataRole.CheckStateRole:
                return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return "" if value is None else str(value)
        if role == Qt.ItemDataRole.ForegroundRole and self._greyed and self._greyed(row):
            return QBrush(QColor(theme.GREYED))
        if role == Qt.ItemDataRole.TextAlignmentRole and column.align_right:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip:
            return column.tooltip
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        if not index.isValid():
            return base
        column = self.columns[index.column()]
        if column.checkable and column.editable:
            return base | Qt.ItemFlag.ItemIsUserCheckable
        if column.editable:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or self.on_edit is None:
            return False
        column = self.columns[index.column()]
        if column.checkable and role == Qt.ItemDataRole.CheckStateRole:
            new_value: Any = Qt.CheckState(value) == Qt.CheckState.Checked
        elif role == Qt.ItemDataRole.EditRole and column.editable:
            new_value = value
        else:
            return False
        self.on_edit(self._rows[index.row()], index.column(), new_value)
        return True


def make_proxy(model: RowTableModel[Any], parent: Any = None) -> QSortFilterProxyModel:
    """Sort on native values; filter on every column, ignoring case."""
    proxy = CollatingProxy(parent)
    proxy.setSourceModel(model)
    proxy.setSortRole(SORT_ROLE)
    proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    proxy.setFilterKeyColumn(-1)
    return proxy
