"""Names sorted as people do in the window's tables and in the "where do I play?" PDF (issue 14)."""

from __future__ import annotations

from functools import cmp_to_key

from PySide6.QtCore import Qt

from tdapp.gui.common.collation import name_collator
from tdapp.gui.common.table_model import Column, RowTableModel, make_proxy

NAMES = ["Zoe Young", "Łukasz Nowak", "Ólafur Jónsson", "Émilie Roux", "Åsa Berg", "Adam Ames"]
PEOPLE_ORDER = ["Adam Ames", "Åsa Berg", "Émilie Roux", "Łukasz Nowak", "Ólafur Jónsson",
                "Zoe Young"]


def test_qt_collator_sorts_names_as_people_do(qapp) -> None:
    assert sorted(NAMES, key=cmp_to_key(name_collator().compare)) == PEOPLE_ORDER


def test_a_table_sorted_by_name_uses_the_collator(qapp) -> None:
    model: RowTableModel[str] = RowTableModel([Column("Name", lambda r: r)])
    model.set_rows(NAMES)
    proxy = make_proxy(model)
    proxy.sort(0, Qt.SortOrder.AscendingOrder)
    assert [proxy.index(i, 0).data() for i in range(proxy.rowCount())] == PEOPLE_ORDER
