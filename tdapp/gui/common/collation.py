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


@lru_cache(maxsize=1)
def name_collator() -> QCollator:
    locale = QLocale()
    if locale.language() in (QLocale.Language.C, QLocale.Language.AnyLanguage):
        locale = QLocale(QLocale.Language.English)
    collator = QCollator(locale)
    collator.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    return collator


class CollatingProxy(QSortFilterProxyModel):
    """Text columns compared by the collator; numbers and dates as they are."""

    def lessThan(self, left: QModelIndex | QPersistentModelIndex,
                 right: QModelIndex | QPersistentModelIndex) -> bool:
        a: Any = left.data(self.sortRole())
        b: Any = right.data(self.sortRole())
        if isinstance(a, str) and isinstance(b, str):
            return name_collator().compare(a, b) < 0
        return super().lessThan(left, right)
