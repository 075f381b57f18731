"""A station's window hears a malformed notice and a flood on the venue server's channel, keeps
listening, shows only the audit log's words, and shows the next real edit within a second
(offscreen, a real PostgreSQL server).

The issue: "the payload {"station":"x","tables":5} kills the "tdapp live" thread on every
station ... with nothing on screen; edits made afterwards never show until the tournament is
reopened ... A notice's free text is shown in every status bar as if the TD sent it."
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from sqlalchemy import text

from tdapp.gui.window.controller import MainController
from tdapp.services import players, rollcall
from tdapp.services.changes import Change
from tdapp.services.live import announced
from tdapp.store.copying import copy_tournament
from tdapp.store.live import CHANNEL
from tdapp.store.pg import open_server_tournament
from tests.venue_helpers import drop_database, fresh_database_url

pytestmark = pytest.mark.postgres

FORGED = "The TD says: the round is cancelled"


def test_a_malformed_notice_and_a_flood_leave_the_window_hearing_the_next_edit(
        qtbot, venue_server, demo_file: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path / "copies"))
    url = fresh_database_url(venue_server.url_td, "notices")
    copy_tournament(demo_file, url)
    monkeypatch.setenv("TDAPP_STATION", "td-laptop")
    main = MainController(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    main.window.show()
    heard: list[tuple[float, Change]] = []
    assert main.app.open_file(url)
    monkeypatch.setenv("TDAPP_STATION", "desk-laptop")
    desk = open_server_tournament(url)
    desk.who = "ann on desk-laptop"
    try:
        main.app.changed.connect(lambda change: heard.append((time.monotonic(), change)))
        qtbot.waitUntil(lambda: main.venue.watcher is not None
                        and main.venue.watcher.connected, timeout=10000)
        ids = [p.id for p in players.list_players(desk)]
        announced(desk, lambda: rollcall.set_answers(desk, 3, [ids[0]], status="present"))
        qtbot.waitUntil(lambda: any(c.roll_call for _t, c in heard), timeout=10000)

        with desk.engine.begin() as connection:  # what any login may send from psql
            for payload in ['{"station":"x","tables":5}', "not json", *(
                    json.dumps({"station": "x", "who": "the TD", "what": FORGED, "kind": "do",
                                "action_id": 9_000_000 + i, "tables": ["tournament"]})
                    for i in range(300))]:
                connection.execute(text("SELECT pg_notify(:c, :p)"),
                                   {"c": CHANNEL, "p": payload})
        before = len(heard)
        announced(desk, lambda: rollcall.set_answers(desk, 3, [ids[1]], status="absent"))
        committed = time.monotonic()
        qtbot.waitUntil(lambda: any(c.roll_call for _t, c in heard[before:]), timeout=5000)
        at = next(t for t, c in heard[before:] if c.roll_call)
        assert at - committed < 1.0
        assert len(heard) - before == 1  # the flood brought no reread at all
        words = main.window.statusBar().currentMessage()
        assert "Roll call" in words and "ann on desk-laptop" in words and FORGED not in words
        assert main.venue.watcher.listener.running
        assert main.venue.watcher.listener.feed.ignored >= 302
        assert main.window.file_label.text().startswith("Shared:")  # still hearing
    finally:
        desk.close()
        main.shutdown()
        main.window.close()
        drop_database(url)
