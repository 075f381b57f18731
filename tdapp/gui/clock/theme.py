"""Projector colours. Every status also has a text label (views.STATUS_LABELS): colour is never
the only signal, for colour-blind players and washed-out projectors."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor


@dataclass(frozen=True)
class Theme:
    name: str
    background: QColor
    text: QColor
    dim: QColor
    tile: QColor
    running: QColor
    ready: QColor
    warning: QColor
    paused: QColor
    expired: QColor
    finished: QColor
    label_text: QColor  # text on a filled status pill

    def status_colour(self, status: str) -> QColor:
        return {
            "running": self.running, "ready": self.ready, "warning": self.warning,
            "paused": self.paused, "expired": self.expired, "finished": self.finished,
        }.get(status, self.text)


DARK = Theme(
    name="dark",
    background=QColor("#0b0d12"), text=QColor("#f2f4f8"), dim=QColor("#9aa3b2"),
    tile=QColor("#1a1f2a"), running=QColor("#f2f4f8"), ready=QColor("#9aa3b2"),
    warning=QColor("#ffb300"), paused=QColor("#4fc3f7"), expired=QColor("#ff4d4d"),
    finished=QColor("#7ddc7d"), label_text=QColor("#000000"),
)

HIGH_CONTRAST = Theme(
    name="high-contrast",
    background=QColor("#000000"), text=QColor("#ffffff"), dim=QColor("#ffffff"),
    tile=QColor("#000000"), running=QColor("#ffffff"), ready=QColor("#ffffff"),
    warning=QColor("#ffff00"), paused=QColor("#00ffff"), expired=QColor("#ff3030"),
    finished=QColor("#00ff00"), label_text=QColor("#000000"),
)

THEMES = {theme.name: theme for theme in (DARK, HIGH_CONTRAST)}
