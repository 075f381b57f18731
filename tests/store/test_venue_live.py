"""Several stations on one venue server: a change made on one is heard on the others within a
second (LISTEN/NOTIFY), a second writer of the same thing is told who changed it and when, and
the assistants' role is refused the TD's work by the database itself.

Issue 16: "A change made on one station reaches every other open view within a second";
"Two people changing the same thing: the second is told, in words, who changed what and when";
"an assistant's role trying a TD-only change (refused by the database)"."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import select, text, update
from sqlalchemy.exc import DBAPIError

from tdapp.services import players, rollcall
from tdapp.services.changes import StaleEdit
from tdapp.store import live
from tdapp.store.copying import copy_tournament
from tdapp.store.models import Board, GamePhase, Seat, Tournament
from tdapp.store.pg import ServerRefused, connection_problem, open_server_tournament
from tests.venue_helpers import drop_database, fresh_database_url

pytestmark = pytest.mark.postgres

STATION = Path(__file__).with_name("station_process.py")


@pytest.fixture
def shared(venue_server, demo_file: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """The demo tournament copied to a fresh database on the session's server: its TD URL."""
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path))
    url = fresh_database_url(venue_server.url_td, "live")
    copy_tournament(demo_file, url)
    yield url
    drop_database(url)


def _assistant_url(venue_server, td_url: str) -> str:
    from sqlalchemy.engine import make_url

    if not venue_server.url_assistant:
        pytest.skip("TDAPP_TEST_PG gives only the TD's URL")
    database = make_url(td_url).database
    assistant = make_url(venue_server.url_assistant).set(database=database)
    return assistant.render_as_string(hide_password=False).replace("+psycopg", "")


def test_a_change_on_one_station_is_heard_on_another_within_a_second(shared: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]),
               TDAPP_STATION="station-2")
    edits = 10
    other = subprocess.Popen([sys.executable, str(STATION), "listen", shared, str(edits)],
                             stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert other.stdout is not None
        assert other.stdout.readline().strip() == "ready"
        db = open_server_tournament(shared)
        ids = [row.id for row in players.list_players(db)][:edits]
        committed = []
        for player_id in ids:
            rollcall.set_answers(db, 3, [player_id], status="present")
            committed.append(time.time())
            time.sleep(0.05)
        db.close()
        lines = [json.loads(other.stdout.readline()) for _ in range(edits)]
    finally:
        other.kill()
        other.wait()
    latencies = [line["received"] - at for line, at in zip(lines, committed, strict=True)]
    print(f"edit-to-notice latency: median {statistics.median(latencies) * 1000:.1f} ms, "
          f"max {max(latencies) * 1000:.1f} ms")
    assert max(latencies) < 1.0
    first = lines[0]["notice"]
    assert first["tables"] == ["roll_call"]
    assert "Roll call round 3" in first["what"]
    assert first["station"] and " on " in first["who"]  # the person and the station


def test_a_listener_survives_a_lost_connection_and_hears_again(shared: str) -> None:
    db = open_server_tournament(shared)
    listener = live.ChangeListener(shared, reconnect_every=0.1)
    try:
        assert listener.connected
        with db.engine.begin() as connection:  # the server drops the listener's connection
            connection.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                    "WHERE application_name = 'tdapp listener'"))
        deadline = time.monotonic() + 5
        while listener.connected and time.monotonic() < deadline:
            listener.poll(0.2)
        assert not listener.connected and listener.error
        heard: list[dict] = []
        while not heard and time.monotonic() < deadline + 5:
            if listener.connected:
                live.announce(db.engine, {"what": "hello again"})
            heard = listener.poll(0.3)
        assert heard and heard[0]["what"] == "hello again"
    finally:
        listener.close()
        db.close()


def test_the_second_writer_is_told_who_changed_what_and_when(shared: str,
                                                              monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    first = open_server_tournament(shared)
    monkeypatch.setenv("TDAPP_STATION", "desk-2")
    second = open_server_tournament(shared)
    first.who, second.who = "ann on desk-1", "bob on desk-2"
    try:
        row = players.list_players(first)[0]
        data = players.get_player(first, row.id)
        seen_version = data.version
        fields = {name: getattr(data, name) for name in players._DATA_FIELDS}
        edited = players.PlayerData(**fields)
        players.update_player(first, row.id, replace(edited, club="Ann's edit"), seen_version)
        with pytest.raises(StaleEdit) as refused:
            players.update_player(second, row.id, replace(edited, club="Bob's edit"),
                                  seen_version)
        message = str(refused.value)
        assert "by ann on desk-1 at " in message and "Edit player" in message
        assert players.get_player(second, row.id).club == "Ann's edit"  # nothing overwritten
    finally:
        first.close()
        second.close()


def test_the_assistants_role_is_refused_the_tds_work_by_the_database(
        venue_server, shared: str) -> None:
    assistant_url = _assistant_url(venue_server, shared)
    assistant = open_server_tournament(assistant_url)
    try:
        # What an assistant does: the roll call and a board's result columns.
        rollcall.set_answers(assistant, 3, [players.list_players(assistant)[0].id],
                             status="present")
        with assistant.action("Result board 1") as session:
            board = session.scalars(select(Board).order_by(Board.id)).first()
            session.execute(update(Board).where(Board.id == board.id).values(end_year=1907))
        # What only the TD does: seating, players, the tournament, the audit log, secrets.
        refusals = [
            "UPDATE seat SET player_id = player_id",
            "UPDATE tournament SET name = 'Mine now'",
            "INSERT INTO player (name, home_town, country, club, local_status, email, notes,"
            " competing, withdrawn, power_preferences, declined_top_board, version)"
            " VALUES ('x', '', '', '', 'traveller', '', '', true, false, '', false, 1)",
            "DELETE FROM audit_entry",
            "UPDATE audit_entry SET who = 'nobody'",
            "SELECT * FROM td_secret",
        ]
        for statement in refusals:
            with pytest.raises(DBAPIError) as refused, assistant.engine.begin() as connection:
                connection.execute(text(statement))
            words = connection_problem(assistant_url, refused.value)
            assert "may not do this" in words and "only the TD's role" in words, statement
        with pytest.raises(ServerRefused, match="only the TD's role"), \
                assistant.action("Rename") as session:
            session.scalars(select(Tournament)).one().name = "Assistant's"
        with assistant.read() as session:
            assert session.scalars(select(Seat)).first() is not None  # reading is allowed
    finally:
        assistant.close()
    td = open_server_tournament(shared)
    try:
        with td.engine.begin() as connection:
            connection.execute(text("INSERT INTO td_secret (key, value) VALUES "
                                    "('round 3 hidden end', '\"15:10\"')"))
            assert connection.execute(text("SELECT count(*) FROM td_secret")).scalar() == 1
    finally:
        td.close()


def test_a_server_tournament_is_snapshotted_into_a_file_on_this_laptop(
        shared: str, tmp_path: Path) -> None:
    """Issue 16: "the TD's laptop keeps a `.tdt` copy of the shared tournament at every round
    boundary (the snapshot), so the event survives the server's laptop dying"."""
    from tdapp.commands.standings import standings_document
    from tdapp.services.files import open_tournament
    from tdapp.services.snapshots import take_snapshot

    db = open_server_tournament(shared)
    try:
        snap = take_snapshot(db, "after round 2", 2)
        expected = standings_document(db)
    finally:
        db.close()
    assert snap.path.parent.parent == tmp_path  # TDAPP_VENUE_COPIES
    kept = open_tournament(snap.path)
    try:
        assert standings_document(kept) == expected
    finally:
        kept.close()


def test_the_hidden_end_time_is_the_tds_alone_on_a_server(venue_server, shared: str) -> None:
    """Issue 16: "an assistant's role cannot read a round's hidden end time ... (a table or
    column only the TD's role may read)"."""
    from tdapp.core.clock import FakeTime
    from tdapp.services import clock as clock_service
    from tests.round_helpers import seat_round

    td = open_server_tournament(shared)
    assistant = open_server_tournament(_assistant_url(venue_server, shared))
    try:
        from tdapp.services import rounds

        ids = [row.player_id for row in rollcall.roll_call(td, 3)][:49]
        rollcall.set_answers(td, 3, ids, status="present")
        rounds.save_board_call(td, 3, seat_round(ids, rounds.seating_history(td, 3), 3))
        time = FakeTime(1_800_000_000.0)
        clock = clock_service.load_clock(td, 3, time)
        clock.start()
        clock.set_hidden_end(1_800_012_345.0)
        clock_service.save_clock(td, 3, clock)
        assert clock_service.load_clock(td, 3, time).hidden_end == 1_800_012_345.0
        with td.read() as session:  # the round's own row keeps no trace of it
            stored = session.execute(text("SELECT clock_state FROM round WHERE number = 3")
                                     ).scalar()
        assert stored["hidden_end"] is None and "log" in stored
        seen = clock_service.load_clock(assistant, 3, time)
        assert seen.hidden_end is None and seen.log  # the clock, without its secret
        with pytest.raises(DBAPIError, match="permission denied"), \
                assistant.engine.connect() as connection:
            connection.execute(text("SELECT value FROM td_secret"))
    finally:
        td.close()
        assistant.close()


def test_an_assistants_refused_action_reaches_the_program_in_words(venue_server,
                                                                   shared: str) -> None:
    from tdapp.services.changes import ServiceError
    from tdapp.services.tournaments import tournament_info, update_tournament
    from tdapp.store.database import TournamentFileError

    assistant = open_server_tournament(_assistant_url(venue_server, shared))
    try:
        info = tournament_info(assistant)
        with pytest.raises((TournamentFileError, ServiceError)) as refused:
            update_tournament(assistant, replace(info, name="Renamed by an assistant"))
        assert "may not do this" in str(refused.value)
        assert "only the TD's role" in str(refused.value)
        assert tournament_info(assistant).name == info.name
    finally:
        assistant.close()


def test_undo_on_a_server_takes_back_only_your_own_action(shared: str) -> None:
    """Issue 16: assistants never "undo of someone else's action"; with one log shared by every
    station, Undo on one laptop must not take back what another laptop's person did."""
    from tdapp.services import history
    from tdapp.services.changes import ServiceError

    first = open_server_tournament(shared)
    second = open_server_tournament(shared)
    first.who, second.who = "ann on desk-1", "bob on desk-2"
    try:
        player = players.list_players(first)[0]
        players.set_withdrawn(first, player.id, True)
        with pytest.raises(ServiceError, match="made by ann on desk-1 at .*only they can undo"):
            history.undo(second)
        assert players.get_player(second, player.id).withdrawn
        listener = live.ChangeListener(shared)
        try:
            history.undo(first)
            heard = _poll_until(listener, lambda n: str(n.get("what", "")).startswith("Undo:"))
        finally:
            listener.close()
        assert not players.get_player(second, player.id).withdrawn
        # Every other station hears the undo as any action (it was committed without a word,
        # so their views kept showing the player withdrawn), vouched for by the audit log.
        from tdapp.services.live import notice_problem, vouched

        assert notice_problem(heard) is None, heard
        assert heard["tables"] == ["player"] and heard["who"] == "ann on desk-1"
        assert vouched([heard], first.engine)[0]["what"].startswith("Undo: ")
        assert "players" in heard["change"]["kinds"]
    finally:
        first.close()
        second.close()


def _poll_until(listener: live.ChangeListener, wanted, seconds: float = 5.0) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for notice in listener.poll(0.2):
            if wanted(notice):
                return notice
    raise AssertionError("no such notice heard")


def test_the_same_boards_result_entered_on_two_stations(shared: str) -> None:
    """Issue 16: "the same board's result edited twice (the conflict message)": the second is
    told who changed it and when, and shown both results; nothing of the first is lost."""
    from tdapp.services.results import BoardResult, record_result

    first = open_server_tournament(shared)
    second = open_server_tournament(shared)
    first.who, second.who = "ann on desk-1", "bob on desk-2"
    try:
        with first.read() as session:
            board = session.scalars(select(Board).where(Board.end_year.is_not(None))
                                    .order_by(Board.id)).first()
            board_id, seen = board.id, board.version
        theirs = BoardResult({"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 4,
                              "ITALY": 3, "RUSSIA": 2, "TURKEY": 1}, end_year=1908)
        yours = BoardResult({"AUSTRIA": 9, "ENGLAND": 9, "FRANCE": 6, "GERMANY": 4,
                             "ITALY": 3, "RUSSIA": 2, "TURKEY": 1}, end_year=1908)
        record_result(first, board_id, theirs, expected_version=seen)
        with pytest.raises(StaleEdit) as refused:
            record_result(second, board_id, yours, expected_version=seen)
        message = str(refused.value)
        assert "by ann on desk-1 at " in message
        assert "Theirs: ended 1908 (time): AUSTRIA 10, ENGLAND 8" in message
        assert "Yours (not saved): ended 1908 (time): AUSTRIA 9, ENGLAND 9" in message
        with second.read() as session:
            centres = {s.power: s.centers for s in session.get(Board, board_id).seats}
        assert centres["AUSTRIA"] == 10  # the first entry stands
    finally:
        first.close()
        second.close()


def test_file_new_given_a_url_makes_the_tournament_on_the_server(venue_server, tmp_path: Path,
                                                                 monkeypatch) -> None:
    from tdapp.services.files import create_new_tournament
    from tdapp.services.tournaments import TournamentInfo, tournament_info

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path / "copies"))
    url = fresh_database_url(venue_server.url_td, "new")
    try:
        db = create_new_tournament(url, TournamentInfo("Server Cup", "wdc-2025", 3))
        assert db.on_server and tournament_info(db).name == "Server Cup"
        db.close()
        assert list(tmp_path.iterdir()) == []  # no file named after the URL
    finally:
        drop_database(url)


def _hearing_station(url: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]),
               TDAPP_STATION="station-b")
    other = subprocess.Popen([sys.executable, str(STATION), "hear", url, "4"],
                             stdout=subprocess.PIPE, text=True, env=env)
    assert other.stdout is not None and other.stdout.readline().strip() == "ready"
    return other


def test_a_service_change_reaches_another_station_as_the_same_typed_change(shared: str) -> None:
    """Station A's service call arrives at station B as a Change equal to the one A's own views
    got (its description, kinds and rows), once per call even when the call made two actions;
    a change written outside the services (psql, here plain SQL) still refreshes B by the
    tables it wrote."""
    from tdapp.core.powers import POWERS
    from tdapp.services import games
    from tdapp.services.changes import Change
    from tdapp.services.live import announced

    other = _hearing_station(shared)
    raw = live.ChangeListener(shared)  # what goes over the wire
    try:
        db = open_server_tournament(shared)
        ids = [row.id for row in players.list_players(db)][:3]
        marked = announced(db, lambda: rollcall.set_answers(db, 3, ids, status="present"))
        with db.read() as session:
            board_id = session.scalars(select(Board.id).where(Board.end_year.is_(None))
                                       .order_by(Board.id)).first()
        if board_id is None:  # every demo board is finished: reopen the last one (set-up)
            with db.system() as session:
                board = session.scalars(select(Board).order_by(Board.id.desc())).first()
                board.status, board.end_year, board.end_reason = "seated", None, None
                board_id = board.id
        started = announced(db, lambda: games.start_game(db, board_id))
        with db.system() as session:  # set-up: the game at Spring 1906, when draws may be voted
            session.execute(update(GamePhase).where(GamePhase.board_id == board_id)
                            .values(phase="S1906M"))
        everyone = dict.fromkeys(POWERS, True)
        drawn = announced(db, lambda: games.hold_draw_vote(db, board_id, everyone)).change
        with db.engine.begin() as connection:  # outside any service: no typed change
            connection.execute(update(Tournament).values(name="Renamed by psql"))
            live.notify_in(connection, {"station": "psql", "who": "someone with psql",
                                        "what": "rename", "kind": "do", "tables": ["tournament"],
                                        "rows": [["tournament", 1]]})
        db.close()
        lines = [json.loads(other.stdout.readline()) for _ in range(4)]
        wire: list[dict] = []
        for _ in range(20):
            wire += raw.poll(0.1)
    finally:
        raw.close()
        other.kill()
        other.wait()
    # One notice for a call of one action that carried its change (the roll call, the start);
    # the draw vote: its two actions, then its typed change; then psql's.
    assert [(n["kind"], "change" in n) for n in wire] == [
        ("do", True), ("do", True), ("do", False), ("do", False), ("change", True),
        ("do", False)]
    assert Change.from_payload(lines[0]["change"]) == marked
    assert marked.ids == tuple(ids) and marked.roll_call and not marked.results
    assert Change.from_payload(lines[1]["change"]) == started
    assert "Start the game of round" in lines[1]["words"]  # the action's words for the status bar
    # The vote and the game's end it brought: two actions, one change, the vote's own.
    assert Change.from_payload(lines[2]["change"]) == drawn and drawn.results
    psql = Change.from_payload(lines[3]["change"])
    assert psql.tournament and psql.standings and not psql.games  # the tables' kinds
