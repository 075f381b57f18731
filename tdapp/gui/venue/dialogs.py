"""File › Share on the venue network… and File › Join a shared tournament…: the two dialogs.

Layout only; what the buttons do is wired in tdapp.gui.venue.controller.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
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


SHARED_WORDS = (
    "The shared password joins any laptop as the assistants' shared login. It enters every "
    "board only while no assistant has been given boards of their own, and no board once one "
    "has: it never gives more than one assistant's own login. Anyone who reads it off this "
    "screen can join with it; prefer a login of their own for each assistant.")


def _set_qr(label: QLabel, pixmap: QPixmap) -> None:
    """Never squeezed: a cropped QR code cannot be scanned."""
    label.setPixmap(pixmap)
    label.setMinimumSize(pixmap.size())


def _big(label: QLabel) -> None:
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    font = label.font()
    font.setPointSize(font.pointSize() + 3)
    font.setBold(True)
    label.setFont(font)


class ShareDialog(QDialog):
    """Start or stop the venue server; once running, a login of their own for each assistant
    (its own join address and QR code); the shared password only when the TD asks for it."""

    def __init__(self, parent: QWidget | None, folder: str, port: int = 5432) -> None:
        super().__init__(parent)
        self.setWindowTitle("Share on the venue network")
        self.setObjectName("shareDialog")
        self._shared_password = self._shared_url = ""  # the shared login's, while running
        self.folder = QLineEdit(folder)
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(port)
        self.state = QLabel("The venue server is not running.")
        self.state.setWordWrap(True)
        self.state.setObjectName("shareState")
        self.address = QLabel("")
        self.address.setObjectName("shareAddress")
        _big(self.address)
        self.start_button = QPushButton("Start sharing")
        self.start_button.setObjectName("shareStart")
        self.stop_button = QPushButton("Stop the server")
        self.stop_button.setObjectName("shareStop")
        self.stop_button.setEnabled(False)

        # The main path: one personal login per assistant.
        self.add_box = QGroupBox("Add an assistant")
        self.add_box.setObjectName("shareAddBox")
        self.login = QLineEdit()
        self.login.setObjectName("shareLogin")
        self.login.setPlaceholderText("one word, e.g. desk3 or anna")
        self.personal_password = QLineEdit()
        self.personal_password.setObjectName("sharePersonalPassword")
        self.new_password_button = QPushButton("New password")
        self.add_button = QPushButton("&Add this assistant")
        self.add_button.setObjectName("shareAdd")
        self.add_button.setDefault(True)
        password_row = QHBoxLayout()
        password_row.addWidget(self.personal_password, 1)
        password_row.addWidget(self.new_password_button)
        add_form = QFormLayout()
        add_form.addRow("Login:", self.login)
        add_form.addRow("Password:", password_row)
        self.joined = QLabel("")  # the assistant just added: login, password, address
        self.joined.setObjectName("shareJoined")
        self.joined.setWordWrap(True)
        self.joined.setMinimumWidth(360)
        self.joined.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.qr = QLabel()  # that assistant's own QR code
        self.qr.setObjectName("shareQr")
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.problem = QLabel("")
        self.problem.setObjectName("shareProblem")
        self.problem.setWordWrap(True)
        later = QLabel("Each assistant's laptop joins with a login of its own (File › Join a "
                       "shared tournament…, or its QR code). Give each login its boards in "
                       "File › Assistants and their boards… once a round is seated.")
        later.setWordWrap(True)
        add_layout = QVBoxLayout(self.add_box)
        add_layout.addWidget(later)
        add_layout.addLayout(add_form)
        add_layout.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignRight)
        add_layout.addWidget(self.problem)
        joined_row = QHBoxLayout()  # side by side: the dialog stays short enough for a laptop
        joined_row.addWidget(self.joined, 1)
        joined_row.addWidget(self.qr)
        add_layout.addLayout(joined_row)
        self.add_box.setEnabled(False)

        # The shared password: hidden until the TD asks, with what it gives.
        self.show_shared = QCheckBox(
            "Show the shared password (every assistant, no boards of their own)")
        self.show_shared.setObjectName("shareShowShared")
        self.show_shared.setEnabled(False)
        self.shared_box = QWidget()
        self.shared_box.setObjectName("shareSharedBox")
        shared_words = QLabel(SHARED_WORDS)
        shared_words.setWordWrap(True)
        self.password = QLabel("")
        self.password.setObjectName("sharePassword")
        _big(self.password)
        self.shared_qr = QLabel()
        self.shared_qr.setObjectName("shareSharedQr")
        self.shared_qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        shared_layout = QHBoxLayout(self.shared_box)
        shared_layout.setContentsMargins(0, 0, 0, 0)
        shared_text = QVBoxLayout()
        shared_text.addWidget(shared_words)
        shared_form = QFormLayout()
        shared_form.addRow("Shared password:", self.password)
        shared_text.addLayout(shared_form)
        shared_layout.addLayout(shared_text, 1)
        shared_layout.addWidget(self.shared_qr)
        self.shared_box.setVisible(False)
        self.show_shared.toggled.connect(self._show_shared)

        form = QFormLayout()
        form.addRow("Server folder:", self.folder)
        form.addRow("Port:", self.port)
        form.addRow("Address:", self.address)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.stop_button)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.state)
        layout.addLayout(buttons)
        layout.addWidget(self.add_box)
        layout.addWidget(self.show_shared)
        layout.addWidget(self.shared_box)
        layout.addWidget(close)

    def _fit(self) -> None:
        """Grow to what is now shown (a QR code appeared): the layout first, then the size."""
        layout = self.layout()
        if layout is not None:
            layout.activate()
        self.resize(self.width(), max(self.height(), self.sizeHint().height()))

    def _show_shared(self, shown: bool) -> None:
        """The shared password and its QR code exist on screen only while ticked."""
        self.shared_box.setVisible(shown)
        if shown and self._shared_url:
            self.password.setText(self._shared_password)
            _set_qr(self.shared_qr, qr_pixmap(self._shared_url, scale=2))
        else:
            self.password.clear()
            self.shared_qr.clear()
            self.shared_qr.setMinimumSize(0, 0)
        self._fit()

    def show_running(self, host: str, port: int, password: str, assistant_url: str) -> None:
        from tdapp.services.venue import certificate_line

        # The certificate's fingerprint: a station typing the address pins the server by it
        # (the QR codes carry it already).
        line = certificate_line(assistant_url)
        self.address.setText(f"{host}   port {port}" + (f"\n{line}" if line else ""))
        self._shared_password, self._shared_url = password, assistant_url
        self.show_shared.setEnabled(True)
        self._show_shared(self.show_shared.isChecked())
        self.add_box.setEnabled(True)
        self.state.setText("The venue server is running: this window now works on the shared "
                           "tournament, and a .tdt copy is kept on this laptop at every round's "
                           "end.")
        self.start_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.folder.setEnabled(False)
        self.port.setEnabled(False)
        self.login.setFocus()

    def show_added(self, login: str, password: str, address: str, said: str) -> None:
        """The assistant just added: what their laptop needs, and their own QR code."""
        from tdapp.services.venue import certificate_line

        self.problem.clear()
        self.joined.setText(f"{said}. On {login}'s laptop: File › Join a shared tournament…, "
                            f"or scan the code below.\nLogin {login}   password {password}\n"
                            f"{certificate_line(address)}")
        _set_qr(self.qr, qr_pixmap(address, scale=3))
        self.login.clear()
        self._fit()

    def say_problem(self, text: str) -> None:
        self.problem.setText(text)

    def show_stopped(self, text: str = "The venue server is not running.") -> None:
        self.address.clear()
        self._shared_password = self._shared_url = ""
        self.show_shared.setChecked(False)
        self.show_shared.setEnabled(False)
        self._show_shared(False)
        self.add_box.setEnabled(False)
        self.joined.clear()
        self.qr.clear()
        self.qr.setMinimumSize(0, 0)
        self.problem.clear()
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
        self.login = QLineEdit()
        self.login.setObjectName("joinLogin")
        self.login.setPlaceholderText("your own login, as the TD's screen shows it")
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
        form.addRow("Login:", self.login)
        form.addRow("Or a role:", self.role)
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
        login = self.login.text().strip() or str(self.role.currentData())
        return join_url(login, self.password.text(), self.host.text(),
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
