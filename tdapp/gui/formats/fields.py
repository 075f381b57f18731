"""Small pieces of the format dialog: choice boxes, spin boxes with a "none" value, and the
register that finds the widget a :class:`FormatError` field names."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TypeVar

from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QTableWidget,
    QWidget,
)

from tdapp.core.formats.options import Choice
from tdapp.gui import theme

W = TypeVar("W", bound=QWidget)
C = TypeVar("C", bound=Choice)

ERROR_COLOUR = theme.ERROR
ERROR_NAME = "formatFieldAtFault"
FIELD_WORDS = {"round_rules": "Round", "counting": "Counting group", "tie_breakers": "Tie-breaker",
               "champion_tie_breakers": "Champion tie-breaker", "cut_tie_breakers": "Cut tie-breaker",
               "knockout": "Knock-out", "min_players": "players needed"}


def choice_box(choices: Iterable[tuple[str, str]]) -> QComboBox:
    """A combo box of (value, words) pairs; the value is the item data."""
    box = QComboBox()
    for value, words in choices:
        box.addItem(words, value)
    return box


def set_choice(box: QComboBox, value: str | None) -> None:
    value = None if value is None else str(value)  # a typed choice is kept as its string
    index = box.findData(value)
    if index < 0 and value is not None:  # a value the list lacks (an older file): keep it
        box.addItem(str(value), value)
        index = box.count() - 1
    box.setCurrentIndex(max(index, 0))


def chosen(box: QComboBox, choice: type[C], field: str) -> C:
    """The box's value as a member of ``choice`` (:class:`FormatError` at ``field`` if not)."""
    return choice.parse(box.currentData(), field)


def int_box(low: int, high: int, none_text: str | None = None) -> QSpinBox:
    """A whole-number box; with ``none_text`` its lowest value means "none" and shows the text."""
    box = QSpinBox()
    box.setRange(low - (1 if none_text else 0), high)
    if none_text:
        box.setSpecialValueText(none_text)
    box.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.UpDownArrows)
    return box


def optional_value(box: QSpinBox) -> int | None:
    return None if box.specialValueText() and box.value() == box.minimum() else box.value()


def set_optional(box: QSpinBox, value: int | None) -> None:
    box.setValue(box.minimum() if value is None else value)


def float_box(low: float, high: float, step: float = 0.5) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(low, high)
    box.setDecimals(2)
    box.setSingleStep(step)
    return box


def field_words(field: str | None) -> str:
    """``counting[0].best`` -> "Counting group 1, best": a FormatError field for people."""
    if not field:
        return ""
    parts = []
    for part in field.split("."):
        match = re.fullmatch(r"(\w+)\[(\d+)\]", part)
        if match:
            name = FIELD_WORDS.get(match.group(1), match.group(1).replace("_", " "))
            parts.append(f"{name} {int(match.group(2)) + 1}")
        else:
            parts.append(FIELD_WORDS.get(part, part.replace("_", " ")))
    text = ", ".join(parts)
    return text[:1].upper() + text[1:]


def refusal_words(field: str | None, message: str) -> str:
    """A FormatError's text with its field said in words."""
    bare = message.removeprefix(f"{field}: ") if field else message
    return f"{field_words(field)}: {bare}" if field else bare


def error_label() -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    theme.set_text_colour(label, theme.ERROR, bold=True)
    label.hide()
    return label


def watch(widget: QWidget, slot: Callable[[], None]) -> None:
    """Call ``slot`` whenever the widget's value changes, whatever kind of widget it is."""
    if isinstance(widget, QComboBox):
        widget.currentIndexChanged.connect(lambda *_: slot())
    elif isinstance(widget, (QSpinBox, QDoubleSpinBox)):
        widget.valueChanged.connect(lambda *_: slot())
    elif isinstance(widget, QLineEdit):
        widget.textChanged.connect(lambda *_: slot())
    elif isinstance(widget, QPlainTextEdit):
        widget.textChanged.connect(slot)
    elif isinstance(widget, (QCheckBox, QGroupBox)):
        widget.toggled.connect(lambda *_: slot())
    elif isinstance(widget, QTableWidget):
        widget.itemChanged.connect(lambda *_: slot())


class FieldMarks:
    """Which widget (on which tab) shows which format field, to mark the one at fault."""

    def __init__(self) -> None:
        self._widgets: dict[str, tuple[QWidget, int]] = {}
        self._marked: list[QWidget] = []

    def add(self, field: str, widget: QWidget, tab: int) -> QWidget:
        self._widgets[field] = (widget, tab)
        return widget

    def find(self, field: str | None) -> tuple[QWidget, int] | None:
        """The widget of ``field`` or of the nearest enclosing part (``counting[1].best`` falls
        back to ``counting[1]`` and then ``counting``)."""
        while field:
            if field in self._widgets:
                return self._widgets[field]
            cut = max(field.rfind("."), field.rfind("["))
            field = field[:cut] if cut > 0 else ""
        return None

    def mark(self, field: str | None, message: str) -> int | None:
        """Outline the field's widget in red with the message as its tip; return its tab."""
        found = self.find(field)
        if found is None:
            self.clear()
            return None
        self.mark_widget(found[0], message)
        return found[1]

    def mark_widget(self, widget: QWidget, message: str) -> None:
        self.clear()
        widget.setProperty("formatError", True)
        widget.setProperty("plainName", widget.objectName())
        widget.setObjectName(ERROR_NAME)
        theme.set_error_border(widget, True)
        widget.setToolTip(message)
        self._marked.append(widget)

    def marked(self) -> list[QWidget]:
        return list(self._marked)

    def clear(self) -> None:
        for widget in self._marked:
            widget.setProperty("formatError", False)
            widget.setObjectName(str(widget.property("plainName") or ""))
            theme.set_error_border(widget, False)
            widget.setToolTip("")
        self._marked.clear()


class Binder:
    """Where the widgets of one tab register: each under the format field it shows (so a
    refusal outlines it) and watched for changes. ``add`` hands the widget back with its own
    type, so ``binder.add("pool.size", int_box(1, 999))`` is a ``QSpinBox`` to the checker."""

    def __init__(self, marks: FieldMarks, tab: int, changed: Callable[[], None]) -> None:
        self.marks = marks
        self.tab = tab
        self.changed = changed

    def add(self, field: str, widget: W) -> W:
        self.marks.add(field, widget, self.tab)
        watch(widget, self.changed)
        return widget

    def mark(self, field: str, widget: W) -> W:
        """Registered for refusals only (a widget that reports its own edits)."""
        self.marks.add(field, widget, self.tab)
        return widget
