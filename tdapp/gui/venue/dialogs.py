"""File › Share on the venue network… and File › Join a shared tournament…: the two dialogs.

Layout only; what the buttons do is wired in tdapp.gui.venue.controller.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)


def qr_pixmap(text: str, scale: int = 5) -> QPixmap:
    """A QR code of ``text`` (segno), for a phone or an assistant's laptop camera."""
    import io

    import segno

    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=scale, border=2)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


class ShareDialog(QDialog):
    """Start or stop the venue server; once running, what the assistants need to join."""

    def __init__(self, parent: QWidget | None, folder: str, port: int = 5432) -> None:
        super().__init__(parent)
        self.setWindowTitle("Share on the venue network")
        self.setObjectName("shareDialog")
        self.folder = QLineEdit(folder)
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(port)
        self.state = QLabel("The venue server is not running.")
        self.state.setWordWrap(True)
        self.state.setObjectName("shareState")
        self.address = QLabel("")
        self.address.setObjectName("shareAddress")
        self.password = QLabel("")
        self.password.setObjectName("sharePassword")
        for label in (self.address, self.password):
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            font = label.font()
            font.setPointSize(font.pointSize() + 4)
            font.setBold(True)
            label.setFont(font)
        self.qr = QLabel()
        self.qr.setObjectName("shareQr")
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.start_button = QPushButton("Start sharing")
        self.start_button.setObjectName("shareStart")
        self.stop_button = QPushButton("Stop the server")
        self.stop_button.setObjectName("shareStop")
        self.stop_button.setEnabled(False)

        form = QFormLayout()
        form.addRow("Server folder:", self.folder)
        form.addRow("Port:", self.port)
        form.addRow("Address:", self.address)
        form.addRow("Shared password:", self.password)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.stop_button)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        intro = QLabel("Give each assistant a login of their own that may enter only their "
                       "boards: File › Assistants and their boards…. The shared password below "
                       "(or the code) joins with File › Join a shared tournament…; it enters "
                       "every board only while no assistant has been given boards, and none "
                       "once one has: it never gives more than an assistant's own login.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.qr)
        layout.addWidget(self.state)
        layout.addLayout(buttons)
        layout.addWidget(close)

    def show_running(self, host: str, port: int, password: str, assistant_url: str) -> None:
        from tdapp.services.venue import certificate_line

        # The certificate's fingerprint: a station typing the address pins the server by it
        # (the QR code carries it already).
        line = certificate_line(assistant_url)
        self.address.setText(f"{host}   port {port}" + (f"\n{line}" if line else ""))
        self.password.setText(password)
        self.qr.setPixmap(qr_pixmap(assistant_url))
        self.state.setText("The venue server is running: this window now works on the shared "
                           "tournament, and a .tdt copy is kept on this laptop at every round's "
                           "end.")
        self.start_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.folder.setEnabled(False)
        self.port.setEnabled(False)

    def show_stopped(self, text: str = "The venue server is not running.") -> None:
        self.address.clear()
        self.password.clear()
        self.qr.clear()
        self.state.setText(text)
        self.start_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.folder.setEnabled(True)
        self.port.setEnabled(True)

    def show_busy(self, text: str) -> None:
        self.state.setText(text)
        self.start_button.setEnabled(False)
        self.stop_button.setEnabled(False)


class JoinDialog(QDialog):
    """Host, port, role and password of a tournament shared on the venue network."""

    ROLES = (("Assistant", "tdapp_assistant"), ("Tournament director", "tdapp_td"))

    def __init__(self, parent: QWidget | None, host: str = "", port: int = 5432) -> None:
        super().__init__(parent)
        self.setWindowTitle("Join a shared tournament")
        self.setObjectName("joinDialog")
        self.host = QLineEdit(host)
        self.host.setPlaceholderText("the address the TD's screen shows, e.g. 192.168.1.20")
        self.port = QSpinBox()
        self.port.setRange(1, 65535)
        self.port.setValue(port)
        self.role = QComboBox()
        for text, role in self.ROLES:
            self.role.addItem(text, role)
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.database = QLineEdit("tournament")
        self.fingerprint = QLineEdit()
        self.fingerprint.setPlaceholderText("the 'certificate' line the TD's screen shows")
        self.problem = QLabel("")
        self.problem.setObjectName("joinProblem")
        self.problem.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Address:", self.host)
        form.addRow("Port:", self.port)
        form.addRow("Role:", self.role)
        form.addRow("Password:", self.password)
        form.addRow("Tournament database:", self.database)
        form.addRow("Certificate:", self.fingerprint)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Join")
        self.buttons.accepted.connect(self._accept_if_complete)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)

    def url(self) -> str:
        """The database URL; a whole postgresql:// address pasted (or read from the TD's QR
        code) into the address field is taken as it is."""
        from tdapp.services.venue import join_url

        # A damaged fingerprint is kept as typed: opening the address says so in words.
        return join_url(str(self.role.currentData()), self.password.text(), self.host.text(),
                        self.port.value(), self.database.text().strip(),
                        fingerprint="".join(self.fingerprint.text().split()))

    def _accept_if_complete(self) -> None:
        if not self.host.text().strip():
            self.problem.setText("Type the address the TD's screen shows.")
            return
        if not self.password.text() and "://" not in self.host.text():
            self.problem.setText("Type the password the TD's screen shows.")
            return
        self.accept()
