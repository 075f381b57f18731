"""Standings › Enter result… while the venue server is gone: the grid opens from what the
station last read, the result typed is kept on this laptop and sent when the server is back;
where the station cannot open it (a result it never read in full) it says why in words.

The issue: "While the server is gone, Standings › Enter result… does nothing (an unhandled
psycopg.OperationalError), though the README says results typed meanwhile are kept."
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tdapp.gui.results.controller import OFFLINE_TITLE
from tdapp.gui.window.controller import MainController
from tdapp.services.results import BoardResult
from tdapp.store import venue_server
from tdapp.store.models import Board
from tests.venue_helpers import server_folder
from tests.venue_stations import board_in_play, own_server_with_demo

pytestmark = pytest.mark.postgres

RESULT = BoardResult({"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 4, "ITALY": 3,
                      "RUSSIA": 2, "TURKEY": 1}, end_year=1908)


def test_a_result_typed_while_the_server_is_gone_opens_is_kept_and_sent(
        qtbot, tmp_path: Path, demo_file: Path, monkeypatch: pytest.MonkeyPatch,
        dialog_answers) -> None:
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path / "copies"))
    with server_folder(tmp_path) as folder:
        port, url = own_server_with_demo(folder, demo_file, "gone")
        main = MainController(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
        main.window.resize(1100, 700)
        main.window.show()
        try:
            assert main.app.open_file(url)
            qtbot.waitUntil(lambda: main.venue.watcher is not None
                            and main.venue.watcher.connected, timeout=10000)
            board_id = board_in_play(main.app.db)  # the last board, waiting for its result
            results = main.standings.results
            results.refresh()
            rows = {b.board_id: b for b in results.panel.model.rows()}
            assert board_id in rows and rows[board_id].end_year is None
            finished = next(b.board_id for b in rows.values() if b.end_year is not None)
            opened = results.open_board(finished)  # read in full once, before the server goes
            assert opened is not None
            opened.reject()

            venue_server.stop(folder)
            qtbot.waitUntil(lambda: main.window.file_label.text() == "Venue server gone",
                            timeout=10000)
            dialog = results.open_board(board_id)
            assert dialog is not None and OFFLINE_TITLE in dialog.windowTitle()
            names = {s.power: s.player_name for s in dialog.entry.seats}
            assert names == {s.power: s.player_name for s in rows[board_id].seats}
            dialog.save_requested.emit(board_id, RESULT, dialog.entry.version)
            assert len(main.app.outbox) == 1 and not dialog.isVisible()
            assert "kept on this laptop" in main.window.statusBar().currentMessage()
            # A board read in full before: its result can be corrected from that reading.
            again = results.open_board(finished)
            assert again is not None and again.entry.result is not None
            again.reject()
            # A board this station never read: said in words, nothing silently dropped.
            assert results.open_board(999_999) is None
            kind, title, words = dialog_answers.shown[-1]
            assert kind == "warning" and "cannot be reached" in words \
                and "type it when the server is back" in words

            venue_server.start(folder, port, "127.0.0.1")
            qtbot.waitUntil(lambda: main.window.file_label.text().startswith("Shared:"),
                            timeout=20000)
            qtbot.waitUntil(lambda: len(main.app.outbox) == 0, timeout=10000)
            assert main.venue.last_report is not None and not main.venue.last_report.refused
            with main.app.db.read() as session:
                board = session.get(Board, board_id)
                assert board is not None and board.end_year == 1908
                assert {s.power: s.centers for s in board.seats}["AUSTRIA"] == 10
        finally:
            main.shutdown()
            main.window.close()
            venue_server.stop(folder)
