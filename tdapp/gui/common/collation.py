"""Names sorted in tables as people sort them (Åsa with the As, Łukasz with the Ls), by Qt's
collator: the desktop's language, or English when the desktop says only "C" (whose byte order
puts every accented letter after z)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PySide6.QtCore import (
    QCollator,
    QLocale,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from tdapp.core.collation import fold


@lru_cache(maxsize=1)
def name_collator() -> QCollator:
    locale = QLocale()
    if locale.language() in (QLocale.Language.C, QLocale.Language.AnyLanguage):
        locale = QLocale(QLocale.Language.English)
    collator = QCollator(locale)
    collator.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    return collator


class CollatingProxy(QSortFilterProxyModel):
    """Text columns compared by the collator; numbers and dates as they are. The search box's
    text matches without case or accents ("Zoe" finds Zoë, "Munchen" finds München)."""

    _needle = ""

    def setFilterFixedString(self, pattern: str) -> None:
        """Search every column (or the filter key column) for ``pattern``, accents folded."""
        needle = fold(pattern.strip())
        if needle == self._needle:
            return
        if hasattr(self, "beginFilterChange"):  # Qt 6.9+: invalidateFilter() is deprecated
            self.beginFilterChange()
            self._needle = needle
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self._needle = needle
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, source_row: int,
                         source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        if not self._needle:
            return True
        model = self.sourceModel()
        key = self.filterKeyColumn()
        columns = range(model.columnCount(source_parent)) if key < 0 else (key,)
        for column in columns:
            value = model.index(source_row, column, source_parent).data(self.filterRole())
            if value is not None and self._needle in fold(str(value)):
                return True
        return False

    def lessThan(self, left: QModelIndex | QPersistentModelIndex,
                 right: QModelIndex | QPersistentModelIndex) -> bool:
        a: Any = left.data(self.sortRole())
        b: Any = right.data(self.sortRole())
        if isinstance(a, str) and isinstance(b, str):
            return name_collator().compare(a, b) < 0
        return super().lessThan(left, right)
