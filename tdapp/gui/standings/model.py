"""The standings table: columns for the rounds played, dropped rounds greyed and bracketed,
withdrawn and non-competing players greyed, a tie left to the TD flagged."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from tdapp.gui import theme
from tdapp.gui.common.collation import CollatingProxy
from tdapp.gui.common.table_model import ROW_ROLE, SORT_ROLE, Column, RowTableModel
from tdapp.services.standings_views import StandingsLine

GREY = QColor(theme.GREYED)
TD_TIE = QColor(theme.TD_TIE)
PROVISIONAL = QColor(theme.PROVISIONAL)
AnyIndex = QModelIndex | QPersistentModelIndex


def _score(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


NOT_RANKED = 1_000_000  # non-competing players sort after every rank


def _rank_key(line: StandingsLine) -> int:
    return NOT_RANKED if line.rank is None else line.rank  # a plain number: Qt compares it


def _round_column(index: int, number: int) -> Column[StandingsLine]:
    """Round ``number``'s score, the ``index``-th of a line's rounds."""
    def text(line: StandingsLine) -> str:
        return line.rounds[index].text if index < len(line.rounds) else ""

    def key(line: StandingsLine) -> float:
        score = line.rounds[index].score if index < len(line.rounds) else None
        return -1.0 if score is None else score
    return Column(f"R{number}", text, sort_key=key, align_right=True,
                  tooltip="(bracketed) = dropped round, * = not final (if all games ended now)")


def standings_columns(rounds: tuple[int, ...]) -> list[Column[StandingsLine]]:
    columns: list[Column[StandingsLine]] = [
        Column("Rank", lambda r: r.rank_text, sort_key=_rank_key, align_right=True),
        Column("Player", lambda r: r.name + (" (withdrawn)" if r.withdrawn else "")),
        Column("Score", lambda r: _score(r.score), sort_key=lambda r: r.score, align_right=True),
    ]
    columns.extend(_round_column(index, number) for index, number in enumerate(rounds))
    columns.append(Column("Pool / top board", lambda r: r.marks))
    columns.append(Column("Why above the next / tie", lambda r: r.tie_text))
    return columns


class StandingsModel(RowTableModel[StandingsLine]):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(standings_columns(()), greyed=lambda r: r.withdrawn or not r.competing,
                         parent=parent)
        self.round_count = 0

    def set_view(self, rounds: tuple[int, ...], lines: list[StandingsLine]) -> None:
        self.beginResetModel()
        self.columns = standings_columns(rounds)
        self.round_count = len(rounds)
        self._rows = list(lines)
        self.endResetModel()

    def _round_index(self, column: int) -> int | None:
        index = column - 3
        return index if 0 <= index < self.round_count else None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._rows):
            return None
        line = self._rows[index.row()]
        which = self._round_index(index.column())
        if which is not None and which < len(line.rounds):
            cell = line.rounds[which]
            if role == Qt.ItemDataRole.ForegroundRole and cell.dropped:
                return QBrush(GREY)
            if role == Qt.ItemDataRole.ForegroundRole and cell.provisional:
                return QBrush(PROVISIONAL)
            if role == Qt.ItemDataRole.FontRole and cell.provisional:
                font = QFont()
                font.setItalic(True)
                return font
        if role == Qt.ItemDataRole.BackgroundRole and line.tie == "td":
            return QBrush(TD_TIE)
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == len(self.columns) - 1:
            return line.tie_text or None
        return super().data(index, role)


class StandingsFilter(CollatingProxy):
    """Search on every column; ``show`` narrows to ranked players, the pool or open ties."""

    SHOWS = {"all": "Everyone", "ranked": "Ranked players only", "pool": "Championship pool",
             "ties": "Ties for the TD", "withdrawn": "Withdrawn players"}

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.show = "all"
        self.setSortRole(SORT_ROLE)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(-1)

    def set_show(self, show: str) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt 6.9+: invalidateFilter() is deprecated
            self.beginFilterChange()
            self.show = show
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self.show = show
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        model = self.sourceModel()
        line: StandingsLine = model.index(source_row, 0, source_parent).data(ROW_ROLE)
        if line is None:
            return False
        if self.show == "ranked" and line.rank is None:
            return False
        if self.show == "pool" and not line.in_pool:
            return False
        if self.show == "ties" and line.tie != "td":
            return False
        if self.show == "withdrawn" and not line.withdrawn:
            return False
        return super().filterAcceptsRow(source_row, source_parent)
