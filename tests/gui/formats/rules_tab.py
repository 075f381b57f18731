"""Shared by the tests of the formats dialog's "Rules, clock and draws" tab: open it, and save a
picture of it to look at."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from tests.gui import screens

RULES_TAB = 5


def open_rules_tab(main):
    """Tournament > Format… opened on the Rules tab."""
    main.window.menus.format_action.trigger()
    dialog = main.formats.format_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.form.setCurrentIndex(RULES_TAB)
    return dialog


def save_picture(widget, name: str) -> Path:
    """``widget`` at 1280x800 as ``name``.png in the test's picture folder, checked to be a real picture."""
    widget.resize(1280, 800)
    for _ in range(3):
        QApplication.processEvents()
    path = screens.folder() / f"{name}.png"
    assert widget.grab().save(str(path))
    assert path.stat().st_size > 10_000
    return path
