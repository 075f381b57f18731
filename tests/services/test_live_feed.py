"""Notices are hints, never commands: a station hearing a malformed notice and a flood of
forged and repeated ones keeps listening, rereads a few times a second at most, shows only the
audit log's words, and sees the next real edit within a second (PostgreSQL, LISTEN/NOTIFY).

The issue: "Any login may NOTIFY tdapp_changes: the payload {"station":"x","tables":5} kills
the "tdapp live" thread on every station ... 300 notices in one transaction keep every station
re-reading for 3 minutes ... A notice's free text is shown in every status bar as if the TD
sent it."""

from __future__ import annotations

import json
import queue
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from tdapp.services import players, rollcall
from tdapp.services.live import Heard, LiveFeed, announced
from tdapp.store.copying import copy_tournament
from tdapp.store.live import CHANNEL
from tdapp.store.pg import open_server_tournament
from tests.venue_helpers import drop_database, fresh_database_url

pytestmark = pytest.mark.postgres

FORGED = "The TD says: the round is cancelled, go home"
REREAD = 0.2  # how long the listening station's views take to reread (a GUI's, roughly)


@pytest.fixture
def shared(venue_server, demo_file: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path))
    monkeypatch.setenv("TDAPP_STATION", "td-laptop")
    url = fresh_database_url(venue_server.url_td, "feed")
    copy_tournament(demo_file, url)
    yield url
    drop_database(url)


class Station:
    """The listening station without its window: the real LiveFeed on its own thread, and a
    stand-in for the GUI thread that takes each merged change and rereads for REREAD s."""

    def __init__(self, url: str) -> None:
        self.handed: queue.Queue[tuple[float, Heard]] = queue.Queue()
        self.heard: list[tuple[float, Heard]] = []
        self.connection: list[tuple[bool, str]] = []
        self.feed = LiveFeed(url, "desk-2", on_heard=lambda h: self.handed.put(
            (time.monotonic(), h)), on_connection=lambda c, r: self.connection.append((c, r)))
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.feed.run, args=(self.stop,), daemon=True)
        self.gui = threading.Thread(target=self._gui, daemon=True)
        self.thread.start()
        self.gui.start()

    def _gui(self) -> None:
        while not self.stop.is_set():
            try:
                at, heard = self.handed.get(timeout=0.05)
            except queue.Empty:
                continue
            self.heard.append((at, heard))
            time.sleep(REREAD)  # the views reread
            self.feed.delivered.set()

    def wait_for(self, words: str, timeout: float) -> tuple[float, Heard]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for at, heard in list(self.heard):
                if words in heard.words:
                    return at, heard
            time.sleep(0.01)
        raise AssertionError(f"not heard within {timeout} s: {words!r}; heard "
                             f"{[h.words for _a, h in self.heard]}")

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        self.gui.join(5)


def _notify_raw(db, payloads: list[str]) -> None:
    """What any login may do from psql: NOTIFY the channel, all in one transaction."""
    with db.engine.begin() as connection:
        for payload in payloads:
            connection.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": payload})


def test_a_malformed_notice_and_a_flood_then_the_next_real_edit_within_a_second(
        shared: str) -> None:
    db = open_server_tournament(shared)
    station = Station(shared)
    try:
        ids = [p.id for p in players.list_players(db)]
        # A first real edit: the station is listening once it hears it.
        announced(db, lambda: rollcall.set_answers(db, 3, [ids[0]], status="present"))
        station.wait_for("Roll call", 10)
        with db.engine.connect() as connection:
            real_action = connection.execute(text("SELECT max(action_id) FROM audit_entry"))\
                .scalar_one()
        before = len(station.heard)

        _notify_raw(db, ['{"station":"x","tables":5}', "not json at all", "[1,2,3]"])
        flood = []
        for i in range(300):
            forged = {"station": "x", "who": "the TD", "what": FORGED, "kind": "do",
                      "action_id": 10_000_000 + i, "tables": ["tournament"], "at": i}
            # a real action's id, repeated with other words: vouched for, its words the log's
            repeated = dict(forged, action_id=real_action, tables=["player"], at=1000 + i)
            flood += [json.dumps(forged), json.dumps(repeated)]
        started = time.monotonic()
        _notify_raw(db, flood)
        announced(db, lambda: rollcall.set_answers(db, 3, [ids[1]], status="absent"))
        committed = time.monotonic()
        with db.engine.connect() as connection:
            words = connection.execute(text(
                "SELECT what FROM audit_entry WHERE action_id = "
                "(SELECT max(action_id) FROM audit_entry)")).scalar_one()
        at, _heard = station.wait_for(words, 5)
        seen_after = at - committed
        print(f"the real edit seen {seen_after * 1000:.0f} ms after its commit, behind a "
              f"flood of {len(flood)} notices; {len(station.heard) - before} rereads")
        assert seen_after < 1.0
        assert station.thread.is_alive()  # the malformed notice killed nothing
        assert station.feed.ignored >= 303  # 3 malformed, 300 naming no audited action
        # The flood and the edit became a few rereads, not 600.
        assert len(station.heard) - before <= (time.monotonic() - started) / REREAD + 2
        shown = " ".join(h.words + h.change.description for _a, h in station.heard)
        assert FORGED not in shown and "the TD" not in shown
        assert station.connection == []  # connected all along: nothing to say
    finally:
        station.close()
        db.close()


def test_the_station_says_when_it_loses_the_server_and_when_it_hears_again(
        shared: str) -> None:
    """The listener never dies silently: its connection cut, the station is told at once,
    and told again when it hears again (it reconnects by itself)."""
    db = open_server_tournament(shared)
    station = Station(shared)
    try:
        announced(db, lambda: rollcall.set_answers(
            db, 3, [players.list_players(db)[0].id], status="present"))
        station.wait_for("Roll call", 10)
        with db.engine.begin() as connection:
            connection.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                    "WHERE application_name = 'tdapp listener'"))
        deadline = time.monotonic() + 10
        while len(station.connection) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [c for c, _r in station.connection] == [False, True]
        assert station.connection[0][1]  # the reason, in the server's words
        assert station.thread.is_alive()
    finally:
        station.close()
        db.close()


def test_a_result_is_announced_by_one_notice_carrying_its_change(shared: str) -> None:
    """A result's one action carries the call's typed change: another station refreshes at
    once, never holding its notice for a second one (which a round's snapshot delayed)."""
    from tdapp.services.results import record_result
    from tdapp.store.live import ChangeListener
    from tests.venue_stations import THEIRS, finished_board

    db = open_server_tournament(shared)
    listener = ChangeListener(shared)
    try:
        board_id, _version = finished_board(db)
        announced(db, lambda: record_result(db, board_id, THEIRS))
        notices: list[dict] = []
        deadline = time.monotonic() + 1.0
        while time.monotonic() < deadline:
            notices += listener.poll(0.1)
        assert [n["kind"] for n in notices] == ["do"]
        assert {"results", "boards"} <= set(notices[0]["change"]["kinds"])
        assert notices[0]["change"]["ids"] == [board_id]
    finally:
        listener.close()
        db.close()


def test_a_station_whose_listening_keeps_failing_says_so_and_recovers(
        shared: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The listening thread never dies silently: a surprise (here the audit log unreadable
    three times in a row) is logged, said to the window, and listening starts again; once it
    works the window is told (and rereads everything, as after a lost connection)."""
    from tdapp.services import live as live_service

    failures = {"left": live_service.SAY_AFTER}
    real = live_service.audited_actions

    def flaky(engine, ids):
        if failures["left"] > 0:
            failures["left"] -= 1
            raise RuntimeError("audit log unreadable")
        return real(engine, ids)

    monkeypatch.setattr(live_service, "audited_actions", flaky)
    monkeypatch.setattr(live_service, "RETRY_AFTER", 0.1)
    db = open_server_tournament(shared)
    station = Station(shared)
    try:
        ids = [p.id for p in players.list_players(db)]
        deadline = time.monotonic() + 20
        n = 0
        while not any(h.change.roll_call for _a, h in station.heard):
            assert time.monotonic() < deadline, station.connection
            n += 1
            announced(db, lambda n=n: rollcall.set_answers(db, 3, [ids[n % 5]],
                                                             status="present"))
            time.sleep(0.3)
        said = [c for c, _r in station.connection]
        assert said == [False, True]
        assert "tdapp stopped hearing the other stations" in station.connection[0][1]
        assert "audit log unreadable" in station.connection[0][1]
        assert station.thread.is_alive()
    finally:
        station.close()
        db.close()
