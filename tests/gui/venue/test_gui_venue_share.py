"""File › Share on the venue network… and File › Join a shared tournament… on a real PostgreSQL
server, offscreen: the TD's window shares its tournament, a second window joins as an assistant
and sees the TD's change arrive by itself, and the "server gone" state is shown when the server
stops. Screenshots are saved for a person to look at (out/screens/venue/)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from tdapp.gui.window.controller import MainController
from tdapp.services import players
from tdapp.store import venue_server
from tests.gui import screens
from tests.venue_helpers import server_folder

pytestmark = pytest.mark.postgres

def _shot(widget, name: str) -> None:
    QApplication.processEvents()
    screens.save(widget, f"venue/{name}.png")


def _all_text(widget) -> str:
    """Every text a person could read in the dialog (labels and fields)."""
    from PySide6.QtWidgets import QLabel, QLineEdit

    return " ".join([label.text() for label in widget.findChildren(QLabel)]
                    + [field.text() for field in widget.findChildren(QLineEdit)])


def _about_players(change) -> bool:
    """The change names the players (typed flags, or the older topic strings)."""
    return bool(getattr(change, "players", False) or "players" in getattr(change, "topics", ()))


def _main(tmp_path: Path, name: str) -> MainController:
    settings = QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat)
    main = MainController(settings)
    main.window.resize(1100, 700)
    main.window.show()
    return main


def test_share_join_live_and_server_gone(qtbot, tmp_path: Path, demo_file: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        venue_server.find_binaries()
    except venue_server.VenueServerError as exc:
        pytest.skip(str(exc))
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path / "copies"))
    local = tmp_path / "cup.tdt"
    local.write_bytes(demo_file.read_bytes())
    with server_folder(tmp_path) as folder:
        td = _main(tmp_path, "td")
        assistant = None
        try:
            assert td.app.open_file(local)
            dialog = td.venue.share()
            dialog.folder.setText(str(folder))
            dialog.port.setValue(venue_server.free_port())
            dialog.start_button.click()
            qtbot.waitUntil(lambda: td.app.db is not None and td.app.db.on_server,
                            timeout=60000)
            shared = venue_server.read_settings(folder).assistant_password
            assert "port" in dialog.address.text() and "certificate" in dialog.address.text()
            # "Each assistant gets a personal login by default": the shared password is not
            # on screen until the TD asks for it, with words saying what it gives.
            assert not dialog.shared_box.isVisible() and dialog.password.text() == ""
            assert shared not in _all_text(dialog)
            assert dialog.add_box.isEnabled()

            # The main path: a personal login, its generated password, its own address + QR.
            generated = dialog.personal_password.text()
            assert len(generated) >= 10
            dialog.login.setText("desk3")
            dialog.add_button.click()
            assert "desk3" in dialog.joined.text() and generated in dialog.joined.text()
            assert "certificate" in dialog.joined.text()
            assert dialog.qr.pixmap() is not None and not dialog.qr.pixmap().isNull()
            assert dialog.personal_password.text() != generated  # a new one for the next
            assert shared not in _all_text(dialog)
            _shot(dialog, "share-dialog")

            # A too-short password is refused in words, nothing added.
            dialog.login.setText("desk4")
            dialog.personal_password.setText("short")
            dialog.add_button.click()
            assert "10" in dialog.problem.text() and "desk4" not in dialog.joined.text()

            dialog.show_shared.setChecked(True)
            assert dialog.password.text() == shared and dialog.shared_box.isVisibleTo(dialog)
            assert not dialog.shared_qr.pixmap().isNull()
            _shot(dialog, "share-dialog-shared-password")
            dialog.show_shared.setChecked(False)
            assert dialog.password.text() == "" and shared not in _all_text(dialog)
            assert td.window.file_label.text().startswith("Shared: tournament on ")

            # An assistant's laptop joins with the login of its own the TD's screen shows.
            assistant = _main(tmp_path, "assistant")
            monkeypatch.setenv("TDAPP_STATION", "assistant-laptop")
            join = assistant.venue.join()
            join.host.setText("127.0.0.1")
            join.port.setValue(dialog.port.value())
            join.login.setText("desk3")
            join.password.setText(generated)
            _shot(join, "join-dialog")
            join.buttons.accepted.emit()
            qtbot.waitUntil(lambda: assistant.app.db is not None, timeout=20000)
            assert assistant.app.db.url and "desk3" in assistant.app.db.url
            qtbot.waitUntil(lambda: assistant.venue.watcher is not None
                            and assistant.venue.watcher.connected, timeout=10000)

            heard: list = []
            assistant.app.changed.connect(heard.append)
            first = players.list_players(td.app.db)[0]
            td.app.call(players.set_withdrawn, first.id, True)
            # Delivery, not speed: the latency is measured by tests/benchmarks/bench_venue.py
            # (a busy machine once took over 3 s here).
            qtbot.waitUntil(lambda: any(_about_players(c) for c in heard), timeout=20000)
            assert players.get_player(assistant.app.db, first.id).withdrawn
            _shot(assistant.window, "assistant-after-td-edit")

            # The server stops: every station says so at once.
            td.app.close_file()
            venue_server.stop(folder)
            qtbot.waitUntil(lambda: assistant.window.file_label.text() == "Venue server gone",
                            timeout=10000)
            assert "cannot be reached" in assistant.window.statusBar().currentMessage()
            _shot(assistant.window, "assistant-server-gone")
        finally:
            for main in (td, assistant):
                if main is not None:
                    main.shutdown()
                    main.window.close()
            venue_server.stop(folder)
