"""Screenshots of the extras (teams, player dialog, venue) at 1280x800 in the test's picture folder (tests.gui.screens), extras/:
a dialog is drawn over the main window, centred, as the TD sees it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QWidget

from tests.gui import screens


def save_screen(window: QWidget, name: str, dialog: QWidget | None = None) -> Path:
    window.resize(1280, 800)
    QApplication.processEvents()
    image = window.grab().toImage()
    if dialog is not None:
        over = dialog.grab().toImage()
        painter = QPainter(image)
        painter.fillRect(image.rect(), QColor(0, 0, 0, 90))  # the window dimmed behind the dialog
        corner = QPoint(max(0, (image.width() - over.width()) // 2),
                        max(0, (image.height() - over.height()) // 2))
        painter.drawImage(corner, over)
        painter.end()
    path = screens.path(f"extras/{name}.png")
    assert image.save(str(path))
    saved = QImage(str(path))
    assert (saved.width(), saved.height()) == (1280, 800)
    colours = {saved.pixel(x, y) for x in range(0, saved.width(), 37)
               for y in range(0, saved.height(), 23)}
    assert len(colours) > 3, f"{name} looks blank"
    return path
