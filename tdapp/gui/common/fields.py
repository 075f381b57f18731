"""Small pieces several dialogs share."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QComboBox, QCompleter, QDateEdit, QLabel, QLineEdit, QWidget

from tdapp.gui import theme
from tdapp.gui.common.collation import CollatingProxy

NO_DATE = QDate(2000, 1, 1)  # the minimum of a date field, shown as "not set"


def date_edit(parent: QWidget | None = None) -> QDateEdit:
    edit = QDateEdit(parent)
    edit.setCalendarPopup(True)
    edit.setDisplayFormat("d MMM yyyy")
    edit.setMinimumDate(NO_DATE)
    edit.setSpecialValueText("not set")
    edit.setDate(NO_DATE)
    return edit


def set_date(edit: QDateEdit, value: dt.date | None) -> None:
    edit.setDate(QDate(value.year, value.month, value.day) if value else NO_DATE)


def get_date(edit: QDateEdit) -> dt.date | None:
    value = edit.date()
    if value == NO_DATE:
        return None
    return dt.date(value.year(), value.month(), value.day())


def searchable(combo: QComboBox, placeholder: str) -> QLineEdit:
    """Make ``combo`` a box the TD types into to find an entry (any part of a name, any case,
    never a new entry); its line edit comes back, for Enter and the placeholder."""
    combo.setEditable(True)
    combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    line = combo.lineEdit()
    if line is None:  # an editable combo box always has one
        raise RuntimeError("an editable combo box without its line edit")
    # Qt's own completer matches accents exactly ("Zoe" would not find Zoë): the popup lists
    # the rows of a proxy that folds case and accents, narrowed as the TD types.
    matches = CollatingProxy(combo)
    matches.setSourceModel(combo.model())
    matches.setFilterKeyColumn(combo.modelColumn())
    completer = QCompleter(matches, combo)
    completer.setCompletionColumn(combo.modelColumn())
    completer.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    combo.setCompleter(completer)
    line.textEdited.connect(matches.setFilterFixedString)
    line.setPlaceholderText(placeholder)
    return line


def problems_label(parent: QWidget | None = None) -> QLabel:
    """Where a dialog says in words what is wrong with what was typed."""
    label = QLabel(parent)
    label.setObjectName("problems")
    label.setWordWrap(True)
    theme.set_text_colour(label, theme.ERROR)
    label.hide()
    return label


def show_problems(label: QLabel, problems: list[str]) -> None:
    label.setText("\n".join(problems))
    label.setVisible(bool(problems))
