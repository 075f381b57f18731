"""Settings every table view of the pages shares."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLineEdit, QTableView, QWidget

ROW_HEIGHT = 26


def tune_table(view: QTableView, widths: tuple[int, ...], *, multi: bool = False) -> None:
    """Whole-row selection, compact rows, the given column widths, the last column filling."""
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection if multi
                          else QAbstractItemView.SelectionMode.SingleSelection)
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(True)
    for column, width in enumerate(widths):
        view.setColumnWidth(column, width)


def add_find_shortcut(page: QWidget, search: QLineEdit,
                      before: Callable[[], None] | None = None) -> QShortcut:
    """Ctrl+F puts the cursor in the page's search box from anywhere in the window (the sidebar
    included); only the page on screen answers, as the other pages are hidden."""

    def find() -> None:
        if before is not None:
            before()
        search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        search.selectAll()

    return QShortcut(QKeySequence.StandardKey.Find, page, find, Qt.ShortcutContext.WindowShortcut)
