"""The editor of one power's order sheet: keyboard only.

Tab goes to the next power; Enter starts a new line (one order per line, as an assistant reads a
paper sheet) and Shift+Enter accepts the sheet, as its panel's button says; province
names complete from what is typed, but a completion is taken only when the TD picks it (Tab, or
the arrow keys then Enter, or a click): Enter alone always ends the line (issue 24: "F Nwg-Nor"
Enter became North Africa, though "Nor" is ambiguous); faults are underlined where the parser
says they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtGui import QColor, QFocusEvent, QKeyEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QCompleter, QPlainTextEdit, QTextEdit, QWidget

from tdapp.core.orders.names import completions, key_of
from tdapp.core.orders.result import ParseResult
from tdapp.gui import theme

ERROR_COLOUR = QColor(theme.SHEET_ERROR)
WARNING_COLOUR = QColor(theme.SHEET_WARNING)
_LAST_WORD = re.compile(r"[A-Za-z]+$")


def fault_ranges(results: Sequence[ParseResult]) -> list[tuple[int, int, bool]]:
    """(start, end, is_error) of what to underline: errors at their span (or the whole order),
    warnings at what was corrected."""
    out: list[tuple[int, int, bool]] = []
    for r in results:
        if r.error:
            start, end = r.span or (r.start, r.start + len(r.text))
            out.append((start, max(end, start + 1), True))
        elif r.warnings and r.span:
            out.append((r.span[0], r.span[1], False))
    return out


class SheetEdit(QPlainTextEdit):
    """A power's sheet. ``accepted`` on Shift+Enter; ``left`` when focus goes elsewhere."""

    accepted = Signal()
    left = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTabChangesFocus(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setPlaceholderText("Type the orders as written: A Par-Bur, F Bre-Mao …")
        self.model = QStringListModel(self)
        self.completer = QCompleter(self.model, self)
        self.completer.setWidget(self)
        self.completer.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        # activated(QString), the first of its two signatures (the other gives an index)
        self.completer.activated.connect(self._insert_completion)
        popup = self.completer.popup()  # made when asked for: there is always one
        if popup is None:
            raise RuntimeError("a completer without its list")
        self.popup = popup
        self._choices: dict[str, str] = {}
        # Who decides where Tab goes (the game view: the next power that has something to
        # order, round again after Turkey); returns False to let Qt's focus chain decide.
        self.tab_handler: Callable[[bool], bool] | None = None

    # -- underlines ------------------------------------------------------------------------
    def show_faults(self, results: Sequence[ParseResult]) -> None:
        selections = []
        for start, end, is_error in fault_ranges(results):
            selection = QTextEdit.ExtraSelection()
            fmt = QTextCharFormat()
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            fmt.setUnderlineColor(ERROR_COLOUR if is_error else WARNING_COLOUR)
            if is_error:
                fmt.setBackground(QColor(theme.ERROR_BACKGROUND))
            selection.format = fmt
            cursor = QTextCursor(self.document())
            cursor.setPosition(min(start, len(self.toPlainText())))
            cursor.setPosition(min(end, len(self.toPlainText())),
                               QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor
            selections.append(selection)
        self.setExtraSelections(selections)

    # -- keys --------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        popup = self.popup
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if popup.isVisible() and (enter or event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Escape)):
            picked = self.picked()
            popup.hide()
            if event.key() == Qt.Key.Key_Escape:
                return
            if event.key() == Qt.Key.Key_Tab or (picked and not event.modifiers()):
                self._insert_completion(picked or self._first())
                return
            # Enter with nothing picked: the list closes and the key does what it always does
        if enter and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            event.ignore()  # Ctrl+Enter: the view's Adjudicate shortcut
            return
        if enter and event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.accepted.emit()  # the named key of the panel's "Accept" button
            return
        if enter:  # one order per line: Enter never leaves the sheet
            self.textCursor().insertText("\n")
            return
        super().keyPressEvent(event)
        if event.text() and (event.text().isalpha() or event.key() == Qt.Key.Key_Backspace):
            self._update_completions()
        else:
            popup.hide()

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002 - Qt's name
        """Tab takes the highlighted completion while the list is open, else the next power."""
        popup = self.popup
        if popup.isVisible():
            text = self.picked() or self._first()
            popup.hide()
            if text:
                self._insert_completion(text)
            return True
        if self.tab_handler is not None and self.tab_handler(next):
            return True
        return super().focusNextPrevChild(next)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        if not self.popup.isVisible():
            self.left.emit()

    # -- completion -----------------------------------------------------------------------
    def picked(self) -> str:
        """The completion the TD chose in the open list with the arrow keys, else ""."""
        model = self.popup.selectionModel()
        chosen = model.selectedIndexes() if model is not None else []
        return str(chosen[0].data()) if chosen else ""

    def _first(self) -> str:
        """The list's first completion (what Tab takes when none is chosen)."""
        index = self.completer.completionModel().index(0, 0)
        return str(index.data()) if index.isValid() else ""

    def word_before_cursor(self) -> str:
        cursor = self.textCursor()
        block = cursor.block().text()[: cursor.positionInBlock()]
        match = _LAST_WORD.search(block)
        return match.group(0) if match else ""

    def _update_completions(self) -> None:
        word = self.word_before_cursor()
        popup = self.popup
        found = completions(word, 8) if len(word) >= 3 else []
        key = key_of(word)
        exact = any(abbr.lower() == key or key_of(name) == key for abbr, name in found)
        if not found or exact:
            popup.hide()
            return
        self._choices = {f"{name} ({abbr})": name for abbr, name in found}
        self.model.setStringList(list(self._choices))
        self.completer.setCompletionPrefix("")
        rect = self.cursorRect()
        rect.setWidth(240)
        self.completer.complete(rect)
        popup.clearSelection()  # nothing is chosen until the TD chooses it

    def _insert_completion(self, choice: str) -> None:
        name = self._choices.get(choice, choice)
        word = self.word_before_cursor()
        cursor = self.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.Left, QTextCursor.MoveMode.KeepAnchor,
                            len(word))
        cursor.insertText(name)
        self.setTextCursor(cursor)
