"""A page whose work arrives in a later step: it says what will be there and what comes first."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from tdapp.gui import theme


def page_title(text: str) -> QLabel:
    label = QLabel(text)
    label.setObjectName("pageTitle")
    theme.enlarge(label, theme.TITLE_POINTS, bold=True)
    return label


class InfoPage(QWidget):
    """Title, what the page will hold, and a button to the step that comes first."""

    go_to = Signal(str)  # the name of the page the button leads to

    def __init__(
        self,
        title: str,
        what: str,
        first_step: str,
        first_page: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.what = QLabel(what)
        self.what.setWordWrap(True)
        self.first_step = QLabel(f"<b>First:</b> {first_step}")
        self.first_step.setObjectName("firstStep")
        self.first_step.setWordWrap(True)
        layout = self.outer = QVBoxLayout(self)  # a page may rearrange it (the clock's)
        layout.setContentsMargins(24, 16, 24, 16)
        layout.addWidget(page_title(title))
        layout.addSpacing(12)
        layout.addWidget(self.what)
        layout.addSpacing(12)
        layout.addWidget(self.first_step)
        self.state = QLabel()
        self.state.setObjectName("pageState")
        self.state.setWordWrap(True)
        theme.set_text_colour(self.state, theme.INFO)
        self.state.hide()
        layout.addWidget(self.state)
        if first_page:
            button = QPushButton(f"Go to {first_page}")
            button.clicked.connect(lambda: self.go_to.emit(first_page))
            layout.addWidget(button, 0, Qt.AlignmentFlag.AlignLeft)
        self.body = QVBoxLayout()  # where the real content goes when its step lands
        layout.addLayout(self.body, 1)
        layout.addStretch(1)


    def set_state(self, text: str) -> None:
        """Where the tournament is now, as far as this page is concerned."""
        self.state.setText(text)
        self.state.setVisible(bool(text))

