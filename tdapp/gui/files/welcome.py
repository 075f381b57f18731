"""What the window shows with no tournament open: New, Open and the recent files."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui import theme
from tdapp.gui.common.page import page_title


class WelcomePage(QWidget):
    new_requested = Signal()
    open_requested = Signal()
    demo_requested = Signal()
    recent_chosen = Signal(object)  # a Path

    def __init__(self, icon: QIcon | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(48, 36, 48, 36)
        header = QHBoxLayout()
        if icon is not None:
            logo = QLabel()
            logo.setPixmap(icon.pixmap(QSize(72, 72)))
            header.addWidget(logo)
        titles = QVBoxLayout()
        titles.addWidget(page_title("Tournament director"))
        titles.addWidget(QLabel("Face-to-face Diplomacy tournaments: players, roll call, "
                                "boards, clock, results and standings."))
        header.addLayout(titles, 1)
        layout.addLayout(header)
        layout.addSpacing(24)
        buttons = QHBoxLayout()
        self.new_button = QPushButton("New tournament…")
        self.open_button = QPushButton("Open…")
        self.demo_button = QPushButton("Try the demo tournament")
        for button in (self.new_button, self.open_button, self.demo_button):
            button.setMinimumHeight(36)
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        hint = QLabel("There is no Save button: every change is written to the tournament file "
                      "the moment you make it.")
        theme.set_text_colour(hint, theme.MUTED)
        layout.addWidget(hint)
        layout.addSpacing(28)
        layout.addWidget(QLabel("<b>Open recent</b> (double-click or Enter)"))
        self.recent = QListWidget()
        self.recent.setObjectName("recentFiles")
        self.recent.setMaximumWidth(760)
        self.recent.setMinimumHeight(260)
        layout.addWidget(self.recent)
        self.no_recent = QLabel("No tournament opened yet. Create one, or try the demo.")
        theme.set_text_colour(self.no_recent, theme.MUTED)
        layout.addWidget(self.no_recent)
        layout.addStretch(1)
        self.new_button.clicked.connect(self.new_requested)
        self.open_button.clicked.connect(self.open_requested)
        self.demo_button.clicked.connect(self.demo_requested)
        self.recent.itemActivated.connect(self._activated)

    def set_recent(self, paths: list[Path]) -> None:
        self.recent.clear()
        for path in paths:
            item = QListWidgetItem(f"{path.stem}    —    {path.parent}")
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            item.setToolTip(str(path))
            self.recent.addItem(item)
        self.recent.setVisible(bool(paths))
        self.no_recent.setVisible(not paths)

    def _activated(self, item: QListWidgetItem) -> None:
        self.recent_chosen.emit(Path(item.data(Qt.ItemDataRole.UserRole)))
