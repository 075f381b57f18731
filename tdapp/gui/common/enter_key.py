"""Enter in a field that adds something (a keep-apart pair, a team member) does that, and only
that: a QDialog would otherwise also press its default button and close with OK."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit, QWidget

ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class _EnterFilter(QObject):
    def __init__(self, owner: QWidget, action: Callable[[], object]) -> None:
        super().__init__(owner)
        self._action = action

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) \
                and event.key() in ENTER_KEYS and not event.modifiers():
            if _completion_open(watched):
                return False  # Enter picks the suggestion first; the next Enter adds it
            self._action()
            return True  # consumed: the dialog's default button never sees it
        return False


def _completion_open(widget: QObject) -> bool:
    completer = widget.completer() if isinstance(widget, QLineEdit) else None
    popup = completer.popup() if completer is not None else None
    return popup is not None and popup.isVisible()


def on_enter(widgets: list[QWidget], action: Callable[[], object]) -> None:
    """Run ``action`` when Enter is pressed in any of ``widgets``, and nothing else."""
    for widget in widgets:
        widget.installEventFilter(_EnterFilter(widget, action))
