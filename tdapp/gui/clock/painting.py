"""Drawing helpers for the projector: text that fills the space it is given."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from tdapp.gui.theme import projector_font

_REFERENCE_PX = 100.0


def fitted_font(text: str, rect: QRectF, *, bold: bool = True, fill: float = 0.82,
                max_px: float | None = None) -> QFont:
    """The largest font in which ``text`` fits ``rect`` (its height times ``fill``)."""
    font = projector_font(_REFERENCE_PX, bold=bold)
    metrics = QFontMetricsF(font)
    width = max(metrics.horizontalAdvance(text), 1.0)
    by_width = _REFERENCE_PX * rect.width() * 0.98 / width
    by_height = rect.height() * fill
    size = max(6.0, min(by_width, by_height, max_px or by_height))
    font.setPixelSize(int(size))
    return font


def widest(texts: Iterable[str], *, bold: bool = True) -> str:
    """The text that needs the most room on screen (by pixels, not by letters)."""
    metrics = QFontMetricsF(projector_font(_REFERENCE_PX, bold=bold))
    return max(texts, key=metrics.horizontalAdvance, default="") or " "


def draw_fitted(painter: QPainter, rect: QRectF, text: str, colour: QColor, *,
                bold: bool = True, align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
                sizing_text: str | None = None, fill: float = 0.82,
                max_px: float | None = None) -> QFont:
    """Draw ``text`` as large as fits; ``sizing_text`` (e.g. "88:88") keeps the size steady
    while the digits change."""
    font = fitted_font(sizing_text or text, rect, bold=bold, fill=fill, max_px=max_px)
    painter.setFont(font)
    painter.setPen(colour)
    painter.drawText(rect, int(align | Qt.AlignmentFlag.AlignVCenter), text)
    return font


def draw_pill(painter: QPainter, rect: QRectF, text: str, colour: QColor, text_colour: QColor,
              *, filled: bool, sizing_text: str | None = None) -> None:
    """A status label: filled when the blink is on, outlined when off, so it pulses slowly
    but the words stay readable all the time."""
    inner = rect.adjusted(rect.height() * 0.4, 0, -rect.height() * 0.4, 0)
    font = fitted_font(widest((text, sizing_text or "")), inner, fill=0.62)
    metrics = QFontMetricsF(font)
    width = min(rect.width(), metrics.horizontalAdvance(text) + rect.height() * 0.9)
    pill = QRectF(rect.center().x() - width / 2, rect.top(), width, rect.height())
    radius = rect.height() / 2
    painter.setPen(QPen(colour, max(2.0, rect.height() * 0.06)))
    painter.setBrush(colour if filled else Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(pill, radius, radius)
    painter.setFont(font)
    painter.setPen(text_colour if filled else colour)
    painter.drawText(pill, int(Qt.AlignmentFlag.AlignCenter), text)


def digits_template(text: str) -> str:
    """A same-shaped string of wide digits, so the clock face does not resize each second."""
    return "".join("8" if ch.isdigit() else ch for ch in text)
