"""File › Players' page on the venue network…: the dialog's widgets, nothing else.

Start and stop the page, the address phones open (as text and as a big QR code to project),
which address of this laptop to show, how many phones have the page, and the TD's
announcements. What the buttons do is wired in ``controller.py``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui import theme
from tdapp.gui.venue.dialogs import qr_pixmap

INTRO = (
    "Players open this page on their phones over the venue's Wi-Fi (no internet needed): "
    "where they sit, the round clock, the standings the format lets them see, your "
    "announcements, and with their own code, check-in and result confirmation.")
QR_SCALE = 9  # pixels per module: big enough to scan from the back of a room when projected


class PageDialog(QDialog):
    def __init__(self, parent: QWidget | None, port: int) -> None:
        super().__init__(parent)
        self.setWindowTitle("Players' page on the venue network")
        intro = QLabel(INTRO)
        intro.setWordWrap(True)

        self.address_choice = QComboBox()
        self.address_choice.setToolTip(
            "The address of this laptop that phones reach: the Wi-Fi's, usually")
        self.port = QSpinBox()
        self.port.setRange(1, 65535)
        self.port.setValue(port)
        form = QFormLayout()
        form.addRow("Phones reach this laptop at:", self.address_choice)
        form.addRow("Port:", self.port)

        self.start_button = QPushButton("Start the page")
        self.stop_button = QPushButton("Stop the page")
        self.projector_button = QPushButton("Show on the projector")
        self.projector_button.setToolTip(
            "The address and its QR code filling a screen of their own (Esc closes it)")
        self.projector_button.clicked.connect(self.show_projector)
        self.projector: ProjectorCard | None = None
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.stop_button)
        buttons.addWidget(self.projector_button)
        buttons.addStretch(1)

        self.state = QLabel()
        self.state.setWordWrap(True)
        self.address = QLabel()
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.address.setAlignment(Qt.AlignmentFlag.AlignCenter)
        theme.enlarge(self.address, 10, bold=True)
        self.qr = QLabel()
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr.setAccessibleName("QR code of the page's address")
        self.connected = QLabel()
        self.connected.setAlignment(Qt.AlignmentFlag.AlignCenter)

        self.announcement = QLineEdit()
        self.announcement.setPlaceholderText("e.g. Round 3 starts at 14:30 in the main hall")
        self.announcement.setMaxLength(500)
        self.post_button = QPushButton("Post")
        self.announcements = QListWidget()
        self.announcements.setMaximumHeight(120)
        self.withdraw_button = QPushButton("Withdraw the chosen one")
        self.announcement_problem = QLabel()
        self.announcement_problem.setWordWrap(True)
        typed = QHBoxLayout()
        typed.addWidget(self.announcement, 1)
        typed.addWidget(self.post_button)
        box = QGroupBox("Announcements on every phone")
        box_layout = QVBoxLayout(box)
        box_layout.addLayout(typed)
        box_layout.addWidget(self.announcement_problem)
        box_layout.addWidget(self.announcements)
        box_layout.addWidget(self.withdraw_button, 0, Qt.AlignmentFlag.AlignLeft)

        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.state)
        layout.addWidget(self.address)
        layout.addWidget(self.qr, 1)
        layout.addWidget(self.connected)
        layout.addWidget(box)
        layout.addWidget(close)
        self.show_stopped()

    # -- what the controller shows -------------------------------------------------------------
    def set_addresses(self, choices: list[tuple[str, str]], picked: str | None = None) -> None:
        """``choices``: (words, address) of this laptop's addresses, the likely one first."""
        self.address_choice.clear()
        for words, address in choices:
            self.address_choice.addItem(words, address)
        index = self.address_choice.findData(picked) if picked else 0
        self.address_choice.setCurrentIndex(max(index, 0))

    def chosen_address(self) -> str:
        return str(self.address_choice.currentData() or "127.0.0.1")

    def show_running(self, url: str) -> None:
        theme.clear_style(self.state)
        self.state.setText(f"The page is served. Phones on this network open {url}, or scan:")
        self.address.setText(url)
        pixmap = qr_pixmap(url, scale=QR_SCALE)
        self.qr.setPixmap(pixmap)
        self.qr.setMinimumSize(pixmap.size())  # never squeezed: a cropped QR code fails
        self.qr.setVisible(True)
        self.address.setVisible(True)
        self.connected.setVisible(True)
        self.start_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.projector_button.setEnabled(True)
        self.port.setEnabled(False)
        if self.projector is not None and self.projector.isVisible():
            self.projector.show_address(url)
        self._fit()

    def show_stopped(self, text: str = "The players' page is not served.") -> None:
        theme.clear_style(self.state)
        self.state.setText(text)
        self.address.clear()
        self.qr.clear()
        self.qr.setMinimumSize(0, 0)
        self.qr.setVisible(False)
        self.address.setVisible(False)
        self.connected.setVisible(False)
        self.start_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.projector_button.setEnabled(False)
        self.port.setEnabled(True)
        if self.projector is not None:
            self.projector.close()
        self._fit()

    def _fit(self) -> None:
        """Grow to what is shown now (the QR code came): the layout first, then the size."""
        layout = self.layout()
        if layout is not None:
            layout.activate()
        self.resize(max(self.width(), self.sizeHint().width()),
                    max(self.height(), self.sizeHint().height()))

    def show_projector(self) -> None:
        """The address and a QR code as big as the screen allows, for the room to scan."""
        if not self.address.text():
            return
        if self.projector is None:
            self.projector = ProjectorCard()
        self.projector.show_address(self.address.text())
        screen = self.screen()
        if screen is not None:
            self.projector.setGeometry(screen.geometry())
        self.projector.showFullScreen()

    def say_problem(self, text: str) -> None:
        theme.set_alarm(self.state)
        self.state.setText(text)

    def set_connected(self, live: int, recent: int, views: int = 0) -> None:
        phones = "1 phone has" if live == 1 else f"{live} phones have"
        looked = "1 phone" if recent == 1 else f"{recent} phones"
        loads = "1 page load" if views == 1 else f"{views} page loads"
        self.connected.setText(f"{phones} the page open now; {looked} in the last 5 minutes "
                               f"({loads}).")

    def set_announcements(self, rows: list[tuple[int, str]]) -> None:
        """(id, words) of the announcements phones show, newest first."""
        self.announcements.clear()
        for announcement_id, words in rows:
            item = QListWidgetItem(words)
            item.setData(Qt.ItemDataRole.UserRole, announcement_id)
            self.announcements.addItem(item)
        self.withdraw_button.setEnabled(bool(rows))

    def chosen_announcement(self) -> int | None:
        item = self.announcements.currentItem()
        return None if item is None else int(item.data(Qt.ItemDataRole.UserRole))

    def say_announcement_problem(self, text: str) -> None:
        if text:
            theme.set_alarm(self.announcement_problem)
        else:
            theme.clear_style(self.announcement_problem)
        self.announcement_problem.setText(text)
        self.announcement_problem.setVisible(bool(text))


class ProjectorCard(QWidget):
    """A window of its own for the projector: the page's address, and its QR code filling
    most of the screen's height. Esc or a click closes it."""

    def __init__(self) -> None:
        super().__init__(None)
        self.setWindowTitle("Players' page: scan to open")
        self.heading = QLabel("Scan with your phone, or open:")
        self.heading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.address = QLabel()
        self.address.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr = QLabel()
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr.setAccessibleName("QR code of the page's address")
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.qr, 1)
        layout.addWidget(self.address)

    def show_address(self, url: str, height: int | None = None) -> None:
        screen = self.screen()
        tall = height or (screen.geometry().height() if screen is not None else 800)
        self.heading.setFont(theme.projector_font(tall * 0.045))
        self.address.setFont(theme.projector_font(tall * 0.07))
        self.address.setText(url)
        modules = _modules(url)
        self.qr.setPixmap(qr_pixmap(url, scale=max(4, int(tall * 0.62) // modules)))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() == Qt.Key.Key_Escape:
            self.close()
            return
        super().keyPressEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        self.close()


def _modules(url: str) -> int:
    """The QR code's side in modules with its quiet border (qr_pixmap draws a border of 2)."""
    import segno  # loaded with the QR code it measures

    return int(segno.make(url, error="m").symbol_size(border=2)[1])
