"""The Share dialog without a server (offscreen): "Each assistant gets a personal login by
default; the shared password, if kept at all, gives nothing more than one personal login
would." The shared password is never on screen until the TD asks, with what it gives."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QLineEdit
from sqlalchemy.engine import make_url

from tdapp.gui.venue.dialogs import SHARED_WORDS, ShareDialog
from tdapp.services.venue import Sharing, personal_address, suggest_password

FINGERPRINT = "ab" * 32
SHARED_URL = f"postgresql://tdapp_assistant:shar-edpw-zzzz@192.0.2.7:5433/tournament" \
             f"?fingerprint={FINGERPRINT}"


def _texts(dialog: ShareDialog) -> str:
    return " ".join([w.text() for w in dialog.findChildren(QLabel)]
                    + [w.text() for w in dialog.findChildren(QLineEdit)])


def test_the_shared_password_is_shown_only_when_asked(qtbot) -> None:
    dialog = ShareDialog(None, "/tmp/server")
    qtbot.addWidget(dialog)
    assert not dialog.add_box.isEnabled() and not dialog.show_shared.isEnabled()
    dialog.show_running("192.0.2.7", 5433, "shar-edpw-zzzz", SHARED_URL)
    dialog.show()
    assert dialog.add_box.isEnabled()
    assert "shar-edpw-zzzz" not in _texts(dialog)
    assert dialog.shared_qr.pixmap().isNull() and not dialog.shared_box.isVisible()
    assert dialog.show_shared.text() == (
        "Show the shared password (every assistant, no boards of their own)")
    dialog.show_shared.setChecked(True)
    assert dialog.shared_box.isVisible() and dialog.password.text() == "shar-edpw-zzzz"
    assert "never gives more than one assistant's own login" in SHARED_WORDS
    assert not dialog.shared_qr.pixmap().isNull()
    dialog.show_shared.setChecked(False)
    assert "shar-edpw-zzzz" not in _texts(dialog)
    dialog.show_stopped()
    assert not dialog.show_shared.isChecked() and not dialog.add_box.isEnabled()


def test_an_assistants_own_address_carries_the_login_and_the_certificate() -> None:
    sharing = Sharing("td-url", SHARED_URL, "192.0.2.7", 5433, "shar-edpw-zzzz",
                      "tournament", FINGERPRINT)
    password = suggest_password()
    assert len(password) >= 10
    address = personal_address(sharing, "desk3", password)
    url = make_url(address)
    assert (url.username, url.password, url.host, url.port, url.database) == (
        "desk3", password, "192.0.2.7", 5433, "tournament")
    assert address.endswith(f"?fingerprint={FINGERPRINT}")
    assert "shar-edpw-zzzz" not in address
    v6 = Sharing("td-url", SHARED_URL, "fe80::1", 5433, "x", "tournament", FINGERPRINT)
    assert "@[fe80::1]:5433/" in personal_address(v6, "desk3", password)
