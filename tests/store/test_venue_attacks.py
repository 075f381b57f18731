"""Attacks on the venue server from an assistant's own login: whatever SQL it sends, it gets
no more than its rights (store.grants, store.board_rights, store.venue_server).

Issue: "The venue network made safe for a room full of strangers". Each finding, reproduced
from outside as someone holding one assistant's own login with psycopg, is a test here that
asserts the refusal and that the data did not change; so are the other ways in we thought of.
The server is a real PostgreSQL started by ``tdapp server start``'s own code, the demo
tournament on it; ``desk_a`` was given board ``mine`` and not board ``theirs``.
"""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import make_url

from tdapp.store import board_rights, venue_server
from tdapp.store.copying import copy_tournament
from tdapp.store.server_address import libpq_url
from tests.venue_helpers import server_folder

psycopg = pytest.importorskip("psycopg")

pytestmark = pytest.mark.postgres

SMALL_SERVER = 40  # max_connections of this module's server: exhausting it stays cheap


@dataclass
class Venue:
    folder: Path
    url_td: str
    url_shared: str
    mine: int  # a board given to desk_a
    theirs: int  # a board of the same round given to nobody (desk_b has another)
    version: int  # the server's major version

    def url(self, login: str, password: str, database: str | None = None) -> str:
        url = make_url(self.url_td).set(username=login, password=password)
        if database is not None:
            url = url.set(database=database)
        return url.render_as_string(hide_password=False).replace("+psycopg", "")

    @property
    def desk_a(self) -> str:
        return self.url("desk_a", "desk-a-password")

    @property
    def desk_b(self) -> str:
        return self.url("desk_b", "desk-b-password")


@pytest.fixture(scope="module")
def venue(tmp_path_factory: pytest.TempPathFactory, demo_file: Path) -> Iterator[Venue]:
    try:
        venue_server.find_binaries()
    except venue_server.VenueServerError as exc:
        pytest.skip(str(exc))
    with pytest.MonkeyPatch.context() as patch, \
            server_folder(tmp_path_factory.mktemp("attacks")) as folder:
        patch.setenv("TDAPP_VENUE_COPIES", str(tmp_path_factory.mktemp("copies")))
        patch.setattr(venue_server, "MAX_CONNECTIONS", SMALL_SERVER, raising=False)
        status = venue_server.start(folder, venue_server.free_port(), "127.0.0.1")
        try:
            copy_tournament(demo_file, status.url_td)
            with psycopg.connect(libpq_url(status.url_td), autocommit=True) as td:
                ids = [row[0] for row in td.execute(
                    "SELECT b.id FROM board b JOIN round r ON r.id = b.round_id "
                    "WHERE r.number = 1 ORDER BY b.number")]
                version = int(td.execute("SHOW server_version_num").fetchone()[0]) // 10000
            mine, other, theirs = ids[0], ids[1], ids[2]
            board_rights.add_assistant(folder, "desk_a", "desk-a-password")
            board_rights.add_assistant(folder, "desk_b", "desk-b-password")
            _give(status.url_td, "desk_a", [mine])
            _give(status.url_td, "desk_b", [other])
            _add_game(status.url_td, theirs)
            _add_game(status.url_td, mine)
            yield Venue(folder, status.url_td, status.url_assistant.replace("+psycopg", ""),
                        mine, theirs, version)
        finally:
            venue_server.stop(folder)


def _give(url_td: str, login: str, boards: list[int]) -> None:
    from tdapp.store.server_engine import make_server_engine

    engine = make_server_engine(url_td)
    try:
        with engine.begin() as connection:
            board_rights.give_boards(connection, login, boards)
    finally:
        engine.dispose()


def _add_game(url_td: str, board: int) -> None:
    """Set-up, as the TD: a board with a game phase, an order sheet and a draw vote."""
    with psycopg.connect(libpq_url(url_td), autocommit=True) as td:
        phase = td.execute(
            "INSERT INTO game_phase (board_id, seq, phase, position, version) "
            "VALUES (%s, 0, 'S1901M', '{}', 1) RETURNING id", (board,)).fetchone()[0]
        td.execute("INSERT INTO phase_orders (phase_id, power, text, status, version) "
                   "VALUES (%s, 'AUSTRIA', 'A VIE-TRI', 'entered', 1)", (phase,))
        td.execute("INSERT INTO draw_vote (board_id, phase, powers, passed, secret, created_at) "
                   "VALUES (%s, 'S1901M', '[\"AUSTRIA\"]', false, true, now())", (board,))


def _state(venue: Venue, board: int) -> dict[str, Any]:
    """Everything of one board, as the TD reads it."""
    with psycopg.connect(libpq_url(venue.url_td), autocommit=True) as td:
        def rows(query: str) -> list[tuple[Any, ...]]:
            return td.execute(query, (board,)).fetchall()

        return {
            "board": rows("SELECT * FROM board WHERE id = %s"),
            "seat": rows("SELECT * FROM seat WHERE board_id = %s ORDER BY id"),
            "center_count": rows("SELECT * FROM center_count WHERE board_id = %s ORDER BY id"),
            "game_phase": rows("SELECT * FROM game_phase WHERE board_id = %s ORDER BY id"),
            "phase_orders": rows("SELECT o.* FROM phase_orders o JOIN game_phase g "
                                 "ON g.id = o.phase_id WHERE g.board_id = %s ORDER BY o.id"),
            "draw_vote": rows("SELECT * FROM draw_vote WHERE board_id = %s ORDER BY id"),
        }


@contextlib.contextmanager
def _as(url: str) -> Iterator[Any]:
    with psycopg.connect(libpq_url(url), autocommit=True, connect_timeout=5) as connection:
        yield connection


def _refused(connection: Any, statement: str, *params: Any) -> str:
    """Run one statement that must be refused; the server's words."""
    with pytest.raises(psycopg.Error) as refused:
        connection.execute(statement, params or None)
    return str(refused.value)


def _both_boards(venue: Venue) -> tuple[dict[str, Any], dict[str, Any]]:
    return _state(venue, venue.mine), _state(venue, venue.theirs)


# -- finding 1: SET ROLE to the shared role, and the shared password -----------------------


def test_set_role_to_the_shared_role_gains_no_board(venue: Venue) -> None:
    before = _both_boards(venue)
    with _as(venue.desk_a) as desk:
        try:
            desk.execute("SET ROLE tdapp_assistant")
        except psycopg.Error as exc:  # PostgreSQL 16 and newer: the membership has SET FALSE
            assert "permission denied to set role" in str(exc)
        _refused(desk, "UPDATE board SET end_year = 1904 WHERE id = %s", venue.theirs)
        _refused(desk, "UPDATE seat SET centers = 17 WHERE board_id = %s", venue.theirs)
    assert _both_boards(venue) == before
    if venue.version >= 16:
        with _as(venue.desk_a) as desk:
            assert "permission denied" in _refused(desk, "SET ROLE tdapp_assistant")


def test_the_shared_password_gives_no_board_once_the_td_gives_boards(venue: Venue) -> None:
    """The shared login is one login given no boards: while the TD gives nobody boards it may
    enter every board (as any login), and once the TD does, none."""
    before = _both_boards(venue)
    with _as(venue.url_shared) as shared:
        for board in (venue.mine, venue.theirs):
            _refused(shared, "UPDATE board SET end_year = 1904 WHERE id = %s", board)
            _refused(shared, "UPDATE seat SET centers = 17 WHERE board_id = %s", board)
            assert shared.execute("DELETE FROM center_count WHERE board_id = %s",
                                  (board,)).rowcount == 0
    assert _both_boards(venue) == before


def test_the_check_is_on_the_login_not_the_current_role(venue: Venue) -> None:
    with _as(venue.url_td) as td:
        body = td.execute("SELECT prosrc, proconfig FROM pg_proc "
                          "WHERE proname = 'tdapp_board_given'").fetchone()
    assert "session_user" in body[0] and "current_user" not in body[0]


# -- finding 2: a temporary table or function standing in for the check ---------------------


def test_no_temporary_table_can_shadow_the_given_boards(venue: Venue) -> None:
    before = _both_boards(venue)
    with _as(venue.desk_a) as desk:
        words = _refused(desk, "CREATE TEMP TABLE assistant_board "
                               "(login name, board_id integer)")
        assert "permission denied" in words
        _refused(desk, "CREATE FUNCTION pg_temp.tdapp_board_given(b integer) RETURNS boolean "
                       "LANGUAGE sql AS 'SELECT true'")
        desk.execute("SET search_path = pg_temp, public")
        _refused(desk, "UPDATE board SET end_year = 1904 WHERE id = %s", venue.theirs)
    assert _both_boards(venue) == before


def test_every_function_of_the_rights_pins_its_search_path(venue: Venue) -> None:
    with _as(venue.url_td) as td:
        functions = td.execute(
            "SELECT p.proname, p.proconfig, p.prosrc, p.prosecdef FROM pg_proc p "
            "JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'"
        ).fetchall()
        temp = td.execute("SELECT has_database_privilege('public', current_database(), "
                          "'TEMP')").fetchone()[0]
    assert {name for name, *_ in functions} >= {"tdapp_board_given", "tdapp_audit_who",
                                                "tdapp_board_old_given"}
    for name, config, source, definer in functions:
        assert config == ["search_path=pg_catalog, pg_temp"], name
        assert not definer, f"{name} runs with its owner's rights"
        for table in ("assistant_board", "game_phase"):
            # as a name (not a string, not after its schema): none
            assert not re.findall(rf"(?<![.'\w]){table}\b(?!')", source), \
                f"{name} names {table} without its schema"
    assert temp is False


# -- finding 3: moving another board's rows onto one's own ----------------------------------


@pytest.mark.parametrize("statement", [
    "UPDATE center_count SET board_id = %(mine)s WHERE board_id = %(theirs)s",
    "UPDATE game_phase SET board_id = %(mine)s, seq = seq + 100 WHERE board_id = %(theirs)s",
    "UPDATE draw_vote SET board_id = %(mine)s WHERE board_id = %(theirs)s",
    "UPDATE phase_orders SET phase_id = (SELECT min(id) FROM game_phase WHERE board_id = "
    "%(mine)s), power = 'ENGLAND' WHERE phase_id IN (SELECT id FROM game_phase "
    "WHERE board_id = %(theirs)s)",
    "INSERT INTO center_count (board_id, year, power, centers) SELECT %(mine)s, year + 50, "
    "power, centers FROM center_count WHERE board_id = %(theirs)s "
    "ON CONFLICT (board_id, year, power) DO NOTHING",  # copying is reading: allowed, moves nothing
])
def test_another_boards_rows_cannot_be_moved_onto_mine(venue: Venue, statement: str) -> None:
    theirs_before = _state(venue, venue.theirs)
    with _as(venue.desk_a) as desk:
        if statement.startswith("INSERT"):
            with desk.transaction(force_rollback=True):
                desk.execute(statement, {"mine": venue.mine, "theirs": venue.theirs})
        else:
            with pytest.raises(psycopg.Error, match="row-level security"):
                desk.execute(statement, {"mine": venue.mine, "theirs": venue.theirs})
    assert _state(venue, venue.theirs) == theirs_before
    assert len(theirs_before["center_count"]) > 0 and theirs_before["game_phase"]


def test_my_own_board_is_still_entered(venue: Venue) -> None:
    """The rights refuse the attacks, not the work: desk_a changes its own board's rows."""
    with _as(venue.desk_a) as desk, desk.transaction(force_rollback=True):
        assert desk.execute("UPDATE board SET end_year = 1907 WHERE id = %s",
                            (venue.mine,)).rowcount == 1
        assert desk.execute("UPDATE center_count SET centers = centers WHERE board_id = %s",
                            (venue.mine,)).rowcount > 0
        assert desk.execute("UPDATE phase_orders SET text = 'A VIE H' WHERE phase_id IN "
                            "(SELECT id FROM game_phase WHERE board_id = %s)",
                            (venue.mine,)).rowcount == 1


# -- the other boards: insert, update, delete ------------------------------------------------


def test_another_board_cannot_be_written(venue: Venue) -> None:
    before = _both_boards(venue)
    with _as(venue.desk_a) as desk:
        for statement in (
                "UPDATE board SET end_year = 1904 WHERE id = %s",
                "UPDATE seat SET centers = 17 WHERE board_id = %s",
                "INSERT INTO center_count (board_id, year, power, centers) "
                "VALUES (%s, 1950, 'AUSTRIA', 18)",
                "INSERT INTO game_phase (board_id, seq, phase, position, version) "
                "VALUES (%s, 99, 'S1950M', '{}', 1)",
                "INSERT INTO draw_vote (board_id, phase, powers, passed, secret, created_at) "
                "VALUES (%s, 'S1901M', '[]', true, false, now())",
                "INSERT INTO assistant_board (login, board_id) VALUES ('desk_a', %s)",
                "UPDATE board SET number = 99 WHERE id = %s",  # seating: the TD's
                "DELETE FROM board WHERE id = %s"):
            _refused(desk, statement, venue.theirs)
        for table in ("center_count", "game_phase", "draw_vote"):
            deleted = desk.execute(f"DELETE FROM {table} WHERE board_id = %s", (venue.theirs,))
            assert deleted.rowcount == 0, table
        desk.execute("SET row_security = off")
        words = _refused(desk, "UPDATE seat SET centers = 17 WHERE board_id = %s", venue.theirs)
        assert "row-level security" in words
    assert _both_boards(venue) == before


def test_row_security_and_triggers_stay_on(venue: Venue) -> None:
    before = _both_boards(venue)
    with _as(venue.desk_a) as desk:
        for statement in ("ALTER TABLE center_count DISABLE ROW LEVEL SECURITY",
                          "ALTER TABLE center_count NO FORCE ROW LEVEL SECURITY",
                          "ALTER TABLE center_count DISABLE TRIGGER ALL",
                          "DROP POLICY tdapp_center_count_change ON center_count",
                          "DROP TRIGGER tdapp_center_count_old_given ON center_count",
                          "CREATE OR REPLACE FUNCTION public.tdapp_board_given(b integer) "
                          "RETURNS boolean LANGUAGE sql AS 'SELECT true'",
                          "ALTER FUNCTION public.tdapp_board_given(integer) "
                          "RESET search_path",
                          "SET session_replication_role = replica"):
            assert "must be owner" in (words := _refused(desk, statement)) \
                or "permission denied" in words, statement
    assert _both_boards(venue) == before


# -- roles, the server's files and programs --------------------------------------------------


def test_no_other_role_can_be_taken(venue: Venue) -> None:
    with _as(venue.desk_a) as desk:
        for statement in ("SET ROLE tdapp_td", "SET SESSION AUTHORIZATION tdapp_td",
                          "SET ROLE tdapp_admin", "GRANT tdapp_td TO desk_a",
                          "GRANT tdapp_assistant TO desk_b",
                          "ALTER ROLE desk_a CONNECTION LIMIT -1",
                          "ALTER ROLE desk_a CREATEROLE", "ALTER ROLE desk_a BYPASSRLS",
                          "ALTER ROLE tdapp_assistant PASSWORD 'mine-now-123'",
                          "CREATE ROLE intruder LOGIN PASSWORD 'intruder-123'",
                          "CREATE DATABASE intruder"):
            _refused(desk, statement)
        assert desk.execute("SELECT session_user, current_user").fetchone() == \
            ("desk_a", "desk_a")
        limit = desk.execute("SELECT rolconnlimit, rolcreaterole, rolbypassrls FROM pg_roles "
                             "WHERE rolname = 'desk_a'").fetchone()
    assert limit == (board_rights.LOGIN_CONNECTIONS, False, False)


def test_the_servers_files_and_programs_are_out_of_reach(venue: Venue,
                                                         tmp_path: Path) -> None:
    with _as(venue.desk_a) as desk:
        for statement in ("SELECT pg_read_file('postgresql.conf')",
                          "SELECT pg_ls_dir('.')",
                          "SELECT lo_import('/etc/passwd')",
                          "COPY (SELECT 1) TO PROGRAM 'id'",
                          "COPY board FROM PROGRAM 'echo 1'",
                          f"COPY board TO '{tmp_path / 'boards.csv'}'",
                          "CREATE EXTENSION dblink",
                          "CREATE EXTENSION file_fdw",
                          "CREATE FUNCTION public.mine() RETURNS int LANGUAGE sql "
                          "AS 'SELECT 1'",
                          "CREATE TABLE public.mine (x int)",
                          "CREATE SCHEMA mine",
                          "LOAD 'plpgsql'"):
            _refused(desk, statement)
    assert not (tmp_path / "boards.csv").exists()


def test_the_tds_secrets_and_other_databases_stay_closed(venue: Venue) -> None:
    with _as(venue.desk_a) as desk:
        _refused(desk, "SELECT * FROM td_secret")
        _refused(desk, "COPY td_secret TO STDOUT")
        _refused(desk, "SELECT pg_catalog.pg_read_binary_file('PG_VERSION')")
    for database in ("postgres", "template1"):
        with pytest.raises(psycopg.OperationalError, match="permission denied"):
            psycopg.connect(libpq_url(venue.url("desk_a", "desk-a-password", database)),
                            connect_timeout=5).close()


def test_the_td_cannot_be_disconnected_by_an_assistant(venue: Venue) -> None:
    with _as(venue.url_td) as td, _as(venue.desk_a) as desk:
        td_pid = td.execute("SELECT pg_backend_pid()").fetchone()[0]
        for call in ("pg_terminate_backend", "pg_cancel_backend"):
            assert "permission denied" in _refused(desk, f"SELECT {call}(%s)", td_pid)
        assert td.execute("SELECT 1").fetchone() == (1,)


# -- finding 8: the audit log's who, connections, passwords, hidden end times ---------------


def test_the_audit_entry_names_the_login_not_what_the_station_says(venue: Venue) -> None:
    with _as(venue.desk_a) as desk, desk.transaction(force_rollback=True):
        desk.execute("INSERT INTO audit_entry (action_id, at, who, what, table_name, row_id, "
                     "kind) VALUES (999999, '2000-01-01', 'the TD', 'Forged', 'roll_call', 1, "
                     "'do')")
        who, at = desk.execute("SELECT who, at FROM audit_entry WHERE action_id = 999999"
                               ).fetchone()
        assert who == "desk_a (the TD)"
        assert at.year > 2000
        _refused(desk, "UPDATE audit_entry SET who = 'the TD' WHERE action_id = 999999")
    with _as(venue.desk_a) as desk:
        _refused(desk, "DELETE FROM audit_entry")
        _refused(desk, "ALTER TABLE audit_entry DISABLE TRIGGER tdapp_audit_who")


def _forge(desk: Any, table: str, row_id: int, before: Any, after: Any) -> None:
    desk.execute("INSERT INTO audit_entry (action_id, at, who, what, table_name, row_id, "
                 "before, after, kind) VALUES (999998, now(), 'x', 'Forged', %s, %s, %s, %s, "
                 "'do')", (table, row_id, json.dumps(before) if before is not None else None,
                           json.dumps(after) if after is not None else None))


def test_no_entry_the_tds_undo_would_turn_into_a_change_an_assistant_may_not_make(
        venue: Venue) -> None:
    """Undo writes an entry's ``before`` back with the TD's rights: a forged entry would
    have the TD's station delete a round or rename a player. The database refuses entries
    an assistant's login could not have made."""
    with _as(venue.url_td) as td:
        board = td.execute("SELECT to_jsonb(b) FROM board b WHERE id = %s",
                           (venue.mine,)).fetchone()[0]
        player = td.execute("SELECT id FROM player LIMIT 1").fetchone()[0]
        count = td.execute("SELECT id, board_id FROM center_count WHERE board_id = %s "
                           "LIMIT 1", (venue.theirs,)).fetchone()
    with _as(venue.desk_a) as desk:
        for table, row_id, before, after in (
                ("player", player, {"id": player, "name": "Hacked"}, None),
                ("round", 1, None, {"id": 1}),  # Undo would delete round 1
                ("board", venue.mine, {**board, "round_id": 2}, board),  # seating is the TD's
                ("board", venue.mine, None, board),  # Undo would delete the board
                ("board", venue.theirs, {"id": venue.theirs, "end_year": 1901},
                 {"id": venue.theirs, "end_year": 1902}),
                ("center_count", count[0], {"id": count[0], "board_id": count[1],
                                            "centers": 0}, None),
                ("center_count", count[0], {"board_id": venue.mine, "centers": 0}, None),
                ("board", venue.mine, {**board, "id": venue.theirs}, board)):
            with pytest.raises(psycopg.Error, match="permission denied|row-level security"):
                _forge(desk, table, row_id, before, after)
        with desk.transaction(force_rollback=True):  # a result of its own board: its to log
            _forge(desk, "board", venue.mine, {**board, "end_year": 1901}, board)
    with _as(venue.url_td) as td:
        assert td.execute("SELECT count(*) FROM audit_entry WHERE action_id = 999998"
                          ).fetchone() == (0,)


def test_an_assistants_own_result_is_logged_under_its_login_and_undone_there(
        venue: Venue) -> None:
    from tdapp.services import history
    from tdapp.services.results import BoardResult, record_result
    from tdapp.store.pg import open_server_tournament

    result = BoardResult({"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 4,
                          "ITALY": 3, "RUSSIA": 2, "TURKEY": 1}, end_year=1908)
    before = _state(venue, venue.mine)
    desk = open_server_tournament(venue.desk_a)
    td = open_server_tournament(venue.url_td)
    try:
        record_result(desk, venue.mine, result)
        latest = history.list_actions(td)[0]
        assert latest.who == desk.who and desk.who.startswith("desk_a (")
        history.undo(desk)  # its own action: its station may take it back
    finally:
        desk.close()
        td.close()
    after = _state(venue, venue.mine)
    assert after["seat"] and [s[:-1] for s in after["seat"]] == [s[:-1] for s in before["seat"]]


def test_one_login_cannot_take_every_connection(venue: Venue) -> None:
    """desk_a opens connections until refused at its own limit; desk_b then takes the rest
    until the server refuses; the TD still connects (its reserve, PostgreSQL 16+)."""
    opened: list[Any] = []
    try:
        with pytest.raises(psycopg.OperationalError) as limit:
            for _ in range(SMALL_SERVER):
                opened.append(psycopg.connect(libpq_url(venue.desk_a), connect_timeout=5))
        assert "too many connections for role" in str(limit.value)
        assert len(opened) == board_rights.LOGIN_CONNECTIONS
        if venue.version >= 16:
            with pytest.raises(psycopg.OperationalError) as full:
                for _ in range(SMALL_SERVER):
                    opened.append(psycopg.connect(libpq_url(venue.desk_b), connect_timeout=5))
            assert "reserved" in str(full.value) or "too many" in str(full.value)
        with _as(venue.url_td) as td:
            assert td.execute("SELECT current_user").fetchone() == ("tdapp_td",)
    finally:
        for connection in opened:
            connection.close()


def test_a_short_password_is_refused_in_words(venue: Venue, capsys) -> None:
    from tdapp.commands import server as server_command

    assert server_command.main(["add-assistant", "--data", str(venue.folder), "--login",
                                "desk_c", "--password", "a", "--round", "1"]) == 2
    words = capsys.readouterr().err
    assert "at least 10 characters" in words and len(words.strip().splitlines()) == 1
    with _as(venue.url_td) as td:
        assert td.execute("SELECT 1 FROM pg_roles WHERE rolname = 'desk_c'").fetchone() is None
    with pytest.raises(board_rights.BoardRightsError, match="at least 10 characters"):
        board_rights.check_password("nine-char")


def test_the_hidden_end_time_survives_copies_and_snapshots(venue: Venue,
                                                           tmp_path: Path) -> None:
    """Server -> file (``tdapp copy`` and the snapshot taken when sharing stops): sealed in the
    file, opened again with the TD's key; file -> server: kept in the TD-only table."""
    from tdapp.commands import copy as copy_command
    from tdapp.services import sealed
    from tdapp.services.clock_secret import SEALED_END_KEY, SEALED_END_LABEL
    from tdapp.services.snapshots import take_snapshot
    from tdapp.store import td_secrets
    from tdapp.store.pg import open_server_tournament
    from tests.venue_helpers import drop_database, fresh_database_url

    hidden = 1_900_000_000.5
    with _as(venue.url_td) as td:
        round_id = td.execute("SELECT id FROM round WHERE number = 1").fetchone()[0]
        td.execute("UPDATE round SET clock_state = %s WHERE id = %s",
                   (json.dumps({"log": [], "hidden_end": None}), round_id))
        # The demo may have drawn this round's hidden end already: ours replaces it.
        td.execute("INSERT INTO td_secret (key, value) VALUES (%s, %s) ON CONFLICT (key) "
                   "DO UPDATE SET value = EXCLUDED.value",
                   (f"round {round_id} {td_secrets.HIDDEN_END}", json.dumps(hidden)))

    def sealed_in(path: Path) -> Any:
        import sqlite3

        with contextlib.closing(sqlite3.connect(path)) as file:
            state = json.loads(file.execute("SELECT clock_state FROM round WHERE id = ?",
                                            (round_id,)).fetchone()[0])
        assert state["hidden_end"] is None  # never in plain in a file
        return sealed.unseal(state[SEALED_END_KEY], SEALED_END_LABEL)

    copied = tmp_path / "copied.tdt"
    assert copy_command.main([venue.url_td, str(copied)]) == 0
    assert sealed_in(copied) == hidden
    db = open_server_tournament(venue.url_td)
    try:
        snapshot = take_snapshot(db, "venue server stopped")
    finally:
        db.close()
    assert sealed_in(snapshot.path) == hidden
    # Back onto a server: a plain time (a file from before sealing) goes to td_secret.
    import sqlite3

    with contextlib.closing(sqlite3.connect(copied)) as file:
        file.execute("UPDATE round SET clock_state = ? WHERE id = ?",
                     (json.dumps({"log": [], "hidden_end": hidden}), round_id))
        file.commit()
    url = fresh_database_url(venue.url_td, "hidden")
    try:
        copy_tournament(copied, url)
        with _as(url) as td:
            state = td.execute("SELECT clock_state FROM round WHERE id = %s",
                               (round_id,)).fetchone()[0]
            kept = td.execute("SELECT value FROM td_secret WHERE key = %s",
                              (f"round {round_id} {td_secrets.HIDDEN_END}",)).fetchone()
        assert state["hidden_end"] is None and kept == (hidden,)
    finally:
        drop_database(url)


# -- finding 10: starting the server without the venue extra ---------------------------------


def test_server_start_without_the_venue_extra_says_so_and_starts_nothing(
        tmp_path: Path) -> None:
    folder = tmp_path / "no-extra"
    code = ("import sys; sys.modules['psycopg'] = None\n"
            "from tdapp.cli import main\n"
            f"sys.exit(main(['server', 'start', '--data', {str(folder)!r}, "
            f"'--port', '{venue_server.free_port()}', '--listen', '127.0.0.1']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "tdapp[venue]" in lines[0], done.stderr
    assert not (folder / venue_server.CLUSTER / "postmaster.pid").exists()


def test_a_failed_start_stops_what_it_started(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        venue_server.find_binaries()
    except venue_server.VenueServerError as exc:
        pytest.skip(str(exc))

    def broken(settings: Any) -> None:
        raise venue_server.VenueServerError("the roles could not be made")

    monkeypatch.setattr(venue_server, "_ensure_roles", broken)
    with server_folder(tmp_path) as folder:
        with pytest.raises(venue_server.VenueServerError, match="roles could not be made"):
            venue_server.start(folder, venue_server.free_port(), "127.0.0.1")
        assert venue_server._pid_of(folder / venue_server.CLUSTER) is None
        assert venue_server.status(folder) is None


def test_logins_made_by_an_older_tdapp_get_the_limits_at_the_next_start(
        tmp_path: Path) -> None:
    """A login made as before (a plain member of the assistants' role, no connection limit)
    gets this version's limit, and loses SET ROLE, when the server starts again."""
    try:
        venue_server.find_binaries()
    except venue_server.VenueServerError as exc:
        pytest.skip(str(exc))
    with server_folder(tmp_path) as folder:
        status = venue_server.start(folder, venue_server.free_port(), "127.0.0.1")
        try:
            with _as(status.url_td.replace("+psycopg", "")) as td:
                td.execute("CREATE ROLE desk_old LOGIN PASSWORD 'desk-old-password' "
                           "IN ROLE tdapp_assistant")
                version = int(td.execute("SHOW server_version_num").fetchone()[0])
            venue_server.stop(folder)
            status = venue_server.start(folder, venue_server.free_port(), "127.0.0.1")
            old = make_url(status.url_td).set(username="desk_old", password="desk-old-password")
            with _as(old.render_as_string(hide_password=False)) as desk:
                limit = desk.execute("SELECT rolconnlimit FROM pg_roles "
                                     "WHERE rolname = 'desk_old'").fetchone()[0]
                assert limit == board_rights.LOGIN_CONNECTIONS
                if version >= 160000:
                    assert "permission denied" in _refused(desk, "SET ROLE tdapp_assistant")
        finally:
            venue_server.stop(folder)
