"""A station that loses the venue server says so at once, keeps the order sheet and the board
result typed meanwhile (in memory and in a journal file on this laptop), and sends them when
the server is back — on a real PostgreSQL server that the test stops and starts, offscreen.

Issue 16: "A station that loses the network says so at once, keeps what was typed, and sends it
when the server is back; a server that stops is reported on every station; nothing freezes the
window."
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from tdapp.gui.game.controller import game_view
from tdapp.gui.window.controller import MainController
from tdapp.services import games, players, rollcall
from tdapp.services.changes import ServiceError, StaleEdit
from tdapp.services.outbox import Outbox
from tdapp.services.results import BoardResult, record_result
from tdapp.store import venue_server
from tdapp.store.models import Board
from tdapp.store.pg import ServerRefused
from tests.gui import screens
from tests.venue_helpers import server_folder
from tests.venue_stations import board_in_play, finished_board, own_server_with_demo

pytestmark = pytest.mark.postgres

RESULT = BoardResult({"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 4, "ITALY": 3,
                      "RUSSIA": 2, "TURKEY": 1}, end_year=1908)
THEIRS_ELSEWHERE = BoardResult({"AUSTRIA": 3, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 4,
                                "ITALY": 10, "RUSSIA": 2, "TURKEY": 1}, end_year=1907)


def _shot(widget, tmp_path: Path, name: str) -> None:
    QApplication.processEvents()
    screens.save(widget, f"venue/{name}.png")


def test_typed_while_the_server_is_gone_is_kept_and_sent_when_it_is_back(
        qtbot, tmp_path: Path, demo_file: Path, monkeypatch: pytest.MonkeyPatch,
        dialog_answers) -> None:
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path / "copies"))
    with server_folder(tmp_path) as folder:
        port, url = own_server_with_demo(folder, demo_file, "outbox")
        main = MainController(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
        main.window.resize(1100, 700)
        main.window.show()
        try:
            assert main.app.open_file(url)
            db = main.app.db
            qtbot.waitUntil(lambda: main.venue.watcher is not None
                            and main.venue.watcher.connected, timeout=10000)
            board_id = board_in_play(db)
            phase = games.game_state(db, board_id).current.phase
            finished, version = finished_board(db)
            marked = players.list_players(db)[0].id
            view = game_view(main.app, board_id)  # open on the board before the server goes
            qtbot.addWidget(view)  # closed with the test, not collected in a later one

            venue_server.stop(folder)
            qtbot.waitUntil(lambda: main.window.file_label.text() == "Venue server gone",
                            timeout=10000)
            started = time.monotonic()
            assert main.app.call(games.save_orders, board_id, "AUSTRIA",
                                 "A VIE-TRI\nF TRI-ALB\nA BUD-SER", phase) is None
            assert main.app.call(record_result, finished, RESULT,
                                 expected_version=version) is None
            assert main.app.call(rollcall.set_answers, 3, [marked], status="standby") is None
            assert time.monotonic() - started < 8  # kept at once, no long wait for the server
            message = main.window.statusBar().currentMessage()
            assert "kept on this laptop" in message and "3 waiting" in message
            outbox = main.app.outbox
            assert len(outbox) == 3 and outbox.journal.exists()
            assert len(Outbox(url, outbox.journal)) == 3  # a crash now loses nothing
            # Adjudication works from the server's sheets: refused, saying what happens.
            assert main.app.call(games.adjudicate, board_id, None, phase) is None
            kind, _title, words = dialog_answers.shown[-1]
            assert kind == "warning" and "Adjudication works from the order sheets on the " \
                "server, so it waits for the server" in words
            assert "3 entries typed meanwhile are kept on this laptop" in words
            # A correction from the game's history re-adjudicates on the server: it waits too.
            view.correction_requested.emit(0, "AUSTRIA", "A VIE-GAL", False)
            kind, _title, words = dialog_answers.shown[-1]
            assert kind == "warning" and "A correction adjudicates the phases after it " \
                "again, on the server" in words
            assert len(outbox) == 3
            _shot(main.window, tmp_path, "venue-kept-while-gone")

            venue_server.start(folder, port, "127.0.0.1")
            qtbot.waitUntil(lambda: main.window.file_label.text().startswith("Shared:"),
                            timeout=20000)
            qtbot.waitUntil(lambda: len(main.app.outbox) == 0, timeout=10000)
            assert not outbox.journal.exists()
            report = main.venue.last_report
            assert len(report.sent) == 3 and not report.refused
            assert {r.player_id: r.status for r in rollcall.roll_call(main.app.db, 3)}[
                marked] == "standby"
            assert "Sent what was typed while the server was gone" in report.words()
            sheets = games.game_state(main.app.db, board_id).current.sheets
            assert sheets["AUSTRIA"].text == "A VIE-TRI\nF TRI-ALB\nA BUD-SER"
            with main.app.db.read() as session:
                seats = {s.power: s.centers for s in session.get(Board, finished).seats}
            assert seats["AUSTRIA"] == 10 and seats["ENGLAND"] == 8
            _shot(main.window, tmp_path, "venue-kept-sent")
        finally:
            main.shutdown()
            main.window.close()
            venue_server.stop(folder)


def test_a_kept_result_that_meets_a_conflict_is_refused_with_both_versions(
        stations, tmp_path: Path) -> None:
    """Replayed after the server came back, a kept result someone else changed meanwhile is
    not written over theirs: it is shown as a conflict (both versions), then dropped."""
    first, second = stations
    board_id, seen = finished_board(first)
    outbox = Outbox(first.url, tmp_path / "kept.outbox.json")
    gone = ServerRefused("The venue server at x cannot be reached: is it started?")
    assert outbox.keep(record_result, (board_id, RESULT), {"expected_version": seen}, gone)
    record_result(second, board_id, THEIRS_ELSEWHERE, expected_version=seen)
    refused: list[ServiceError] = []
    report = outbox.send_all(first, on_change=lambda change: None, on_refused=refused.append)
    assert isinstance(refused[0], StaleEdit) and refused[0].rows
    assert report.refused and not report.sent and len(outbox) == 0
    assert "Not saved: a board's result" in report.words()
    with first.read() as session:
        assert {s.power: s.centers for s in session.get(Board, board_id).seats}["AUSTRIA"] == 3


def test_only_a_lost_server_keeps_a_call_and_a_damaged_journal_is_set_aside(
        tmp_path: Path) -> None:
    url = "postgresql://tdapp_td:x@127.0.0.1:5999/tournament"
    journal = tmp_path / "kept.outbox.json"
    outbox = Outbox(url, journal)
    refusal = ServiceError("A centre count cannot be negative.")
    assert outbox.keep(record_result, (1, RESULT), {}, refusal) is None  # a refusal is shown
    assert outbox.keep(games.adjudicate, (1,), {}, ServerRefused(
        "The venue server at x cannot be reached")) is None  # not an entry a station keeps
    journal.write_text("{not json", encoding="utf-8")
    found = Outbox(url, journal)
    assert len(found) == 0 and journal.with_suffix(".damaged").exists()
    assert found.damaged == journal.with_suffix(".damaged")  # the station says where
