"""A window of its own opened beside the TD's work: over the window it belongs to, and whole on
that screen (a tall schedule or a window near the edge no longer leaves part of it off-screen)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QWidget

MARGIN = 16  # room for the window manager's frame, beyond what Qt knows before it is drawn


def keep_on_screen(window: QWidget, over: QWidget | None = None) -> None:
    """Size ``window`` to fit the screen ``over`` is on and centre it over ``over``'s window,
    moved in as little as needed to be whole on the screen."""
    anchor = over.window() if over is not None else None
    screen = (anchor or window).screen()
    area = screen.availableGeometry()
    frame = window.frameGeometry()
    extra_w = max(0, frame.width() - window.width())
    extra_h = max(0, frame.height() - window.height())
    most_w = area.width() - extra_w - 2 * MARGIN
    most_h = area.height() - extra_h - 2 * MARGIN
    wanted = window.sizeHint().expandedTo(window.size())
    window.resize(max(window.minimumWidth(), min(wanted.width(), most_w)),
                  max(window.minimumHeight(), min(wanted.height(), most_h)))
    width, height = window.width() + extra_w, window.height() + extra_h
    centre = (anchor.frameGeometry().center() if anchor is not None and anchor is not window
              else area.center())
    left = min(max(centre.x() - width // 2, area.left() + MARGIN),
               area.right() + 1 - MARGIN - width)
    top = min(max(centre.y() - height // 2, area.top() + MARGIN),
              area.bottom() + 1 - MARGIN - height)
    window.move(QPoint(max(left, area.left()), max(top, area.top())))


def whole_on_screen(window: QWidget) -> bool:
    """Whether the window, frame and all, is inside its screen's available area."""
    area: QRect = window.screen().availableGeometry()
    return area.contains(window.frameGeometry())
