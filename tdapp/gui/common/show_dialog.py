"""Showing dialogs without blocking: ``open()`` (window-modal) and a callback on OK.

Nothing here calls ``exec()``, so the event loop keeps running (the clock keeps ticking) and
tests can fill a dialog in and press its buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QWidget

D = TypeVar("D", bound=QDialog)


def show_dialog(owner: QWidget, dialog: D, on_accept: Callable[[D], object]) -> D:
    """Open ``dialog`` window-modal; OK calls ``on_accept(dialog)`` (its answer is dropped)."""
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.accepted.connect(lambda: on_accept(dialog))
    dialog.open()
    return dialog
