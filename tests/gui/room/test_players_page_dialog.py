"""File › Players' page on the venue network…: the page served from inside the program.

Issue 25: "File › Players' page on the venue network…: start and stop, the address as text and
a QR code to project, and who is connected; [...] Announcements typed by the TD."
Every request here is real HTTP to the page's own server, on a port of the test's own.
"""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tdapp.gui.room.controller import PORT_KEY
from tdapp.gui.room.dialog import QR_SCALE
from tdapp.gui.venue.dialogs import qr_pixmap
from tests.gui import screens
from tests.gui.room.helpers import Stream, free_port, get, port_is_free, state


def _open_dialog(main, path: Path, port: int):  # noqa: ANN001, ANN202 - the GUI's fixtures
    assert main.app.open_file(path)
    main.window.menus.players_page_action.trigger()
    dialog = main.room.dialog
    assert dialog is not None and dialog.isVisible()
    dialog.port.setValue(port)
    return dialog


def _started(main, qtbot, path: Path):  # noqa: ANN001, ANN202
    port = free_port()
    dialog = _open_dialog(main, path, port)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert main.room.server is not None, dialog.state.text()
    return dialog, port


def test_start_shows_the_address_and_its_qr_code_and_the_page_answers(
        main, qtbot, filled_file: Path) -> None:
    dialog, port = _started(main, qtbot, filled_file)
    url = dialog.address.text()
    assert url == f"http://{dialog.chosen_address()}:{port}/"
    assert url in dialog.state.text()
    pixmap = dialog.qr.pixmap()
    assert not pixmap.isNull() and pixmap.width() >= 250, "big enough to project"
    assert pixmap.toImage() == qr_pixmap(url, scale=QR_SCALE).toImage(), "the address's code"
    assert not dialog.start_button.isEnabled() and dialog.stop_button.isEnabled()
    status, html = get(port, "/")
    assert status == 200 and "Test Open" in html
    assert state(port)["tournament"]["name"] == "Test Open"
    assert int(str(main.room.settings.value(PORT_KEY))) == port, "the last port is remembered"
    # For the room: the address and its code filling a screen of their own.
    qtbot.mouseClick(dialog.projector_button, Qt.MouseButton.LeftButton)
    card = dialog.projector
    assert card is not None and card.isVisible() and card.address.text() == url
    assert card.qr.pixmap().height() >= 0.5 * card.screen().geometry().height()
    screens.save(card, "room/projector.png")
    qtbot.keyClick(card, Qt.Key.Key_Escape)
    assert not card.isVisible()
    # The TD may show another address of this laptop: the text and the QR code follow.
    if dialog.address_choice.count() > 1:
        dialog.address_choice.setCurrentIndex(dialog.address_choice.count() - 1)
        assert dialog.address.text() == f"http://{dialog.chosen_address()}:{port}/"


def test_connected_phones_are_counted_while_their_stream_is_open(
        main, qtbot, filled_file: Path) -> None:
    dialog, port = _started(main, qtbot, filled_file)
    main.room._show_presence()
    assert dialog.connected.text().startswith("0 phones have the page open now")
    stream = Stream(port)
    try:
        assert stream.first.wait(5), "the stream's first event"
        qtbot.waitUntil(lambda: dialog.connected.text().startswith(
            "1 phone has the page open now"), timeout=5000)
        assert "1 phone in the last 5 minutes" in dialog.connected.text()
    finally:
        stream.close()
    qtbot.waitUntil(lambda: dialog.connected.text().startswith(
        "0 phones have the page open now"), timeout=8000)
    assert "1 phone in the last 5 minutes (0 page loads)" in dialog.connected.text(), \
        "it looked, recently (its stream, no page)"
    get(port, "/")
    get(port, "/")
    qtbot.waitUntil(lambda: "(2 page loads)" in dialog.connected.text(), timeout=5000)


def test_an_announcement_posted_reaches_the_page_and_is_withdrawn(
        main, qtbot, filled_file: Path) -> None:
    dialog, port = _started(main, qtbot, filled_file)
    stream = Stream(port)
    try:
        assert stream.first.wait(5)
        seen = len([line for line in stream.lines if line.startswith("data:")])
        qtbot.keyClicks(dialog.announcement, "Round 2 starts at 14:30 in the main hall")
        qtbot.mouseClick(dialog.post_button, Qt.MouseButton.LeftButton)
        assert dialog.announcement.text() == ""
        assert dialog.announcements.count() == 1
        assert dialog.announcements.item(0).text().endswith(
            "Round 2 starts at 14:30 in the main hall")
        texts = [a["text"] for a in state(port)["announcements"]]
        assert texts == ["Round 2 starts at 14:30 in the main hall"]
        # The open page hears of it (the page's own watcher sees the program's commit).
        qtbot.waitUntil(lambda: len([line for line in stream.lines
                                     if line.startswith("data:")]) > seen, timeout=3000)
    finally:
        stream.close()
    dialog.announcements.setCurrentRow(0)
    qtbot.mouseClick(dialog.withdraw_button, Qt.MouseButton.LeftButton)
    assert dialog.announcements.count() == 0
    assert state(port)["announcements"] == []


def test_an_empty_announcement_is_refused_in_words(main, qtbot, filled_file: Path) -> None:
    dialog, _port = _started(main, qtbot, filled_file)
    qtbot.mouseClick(dialog.post_button, Qt.MouseButton.LeftButton)
    assert dialog.announcement_problem.text() == "Type the announcement first."
    assert dialog.announcements.count() == 0


def test_stop_frees_the_port(main, qtbot, filled_file: Path) -> None:
    dialog, port = _started(main, qtbot, filled_file)
    assert not port_is_free(port)
    qtbot.mouseClick(dialog.stop_button, Qt.MouseButton.LeftButton)
    assert main.room.server is None
    assert port_is_free(port)
    assert dialog.state.text() == "The players' page is stopped."
    assert dialog.qr.pixmap().isNull() and dialog.start_button.isEnabled()
    with pytest.raises(OSError):
        get(port, "/")


def test_a_port_in_use_is_refused_in_words(main, qtbot, filled_file: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen(1)
        port = int(taken.getsockname()[1])
        dialog = _open_dialog(main, filled_file, port)
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
        assert main.room.server is None
        words = dialog.state.text()
        assert f"port {port} on every address cannot be used" in words
        assert "Pick another port" in words
        assert dialog.start_button.isEnabled()


def test_closing_the_tournament_stops_the_page(main, qtbot, filled_file: Path) -> None:
    dialog, port = _started(main, qtbot, filled_file)
    main.app.close_file()
    assert main.room.server is None and port_is_free(port)
    assert "the tournament was closed" in dialog.state.text()
    assert not dialog.start_button.isEnabled(), "nothing to serve without a tournament"


def test_quitting_stops_the_page(main, qtbot, filled_file: Path) -> None:
    _dialog, port = _started(main, qtbot, filled_file)
    started = time.monotonic()
    main.shutdown()
    assert main.room.server is None and port_is_free(port)
    assert time.monotonic() - started < 5, "an open stream does not hold the quit"


def test_the_codes_sheet_offers_the_address_the_page_is_served_at(
        main, qtbot, filled_file: Path, dialog_answers) -> None:
    """The codes sheet's QR codes must open the page where it is served: File › Export ›
    Player codes sheet… offers the running page's address (and, once stopped, the one it was
    last served at), not a guess."""
    dialog, port = _started(main, qtbot, filled_file)
    served = f"{dialog.chosen_address()}:{port}"
    main.exports.actions.codes.trigger()
    sheet = main.exports.codes_dialog
    assert sheet is not None and sheet.address.text() == served
    sheet.reject()
    qtbot.mouseClick(dialog.stop_button, Qt.MouseButton.LeftButton)
    assert main.room.page_address() == served  # remembered for the next time
