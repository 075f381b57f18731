"""The players' page tables on a venue server, attacked from an assistant's own login with raw
SQL (psycopg), and used through the services from that login as a page served from an
assistant's laptop would (store.grants, store.board_rights, store.audit_rights).

Issue 25: "one player's code gives nothing of another's"; "nothing secret in any response".
What an assistant's login may do with the new tables:
- ``player_code``: read a code's hash (to find a player), never the code; write nothing;
- ``announcement``: read only (the TD's);
- ``check_in``: insert and delete (a phone's "I am here" and its taking back), never change;
- ``result_response``: insert, delete and change an answer, only on a board it was given and
  only for a player of that board, never the TD's settling columns.
``desk_a`` was given board ``mine`` (round 1 of the demo) and not board ``theirs``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import make_url

from tdapp.services import (
    announcements,
    checkins,
    history,
    player_codes,
    result_responses,
)
from tdapp.services.changes import ServiceError
from tdapp.store import board_rights, venue_server
from tdapp.store.copying import copy_tournament
from tdapp.store.pg import ServerRefused, open_server_tournament
from tdapp.store.server_address import libpq_url
from tdapp.store.server_engine import make_server_engine
from tests.venue_helpers import server_folder

psycopg = pytest.importorskip("psycopg")

pytestmark = pytest.mark.postgres


class Room:
    def __init__(self, url_td: str, mine: int, theirs: int, mine_player: int,
                 theirs_player: int, not_on_mine: int) -> None:
        self.url_td = url_td
        self.mine, self.theirs = mine, theirs
        self.mine_player, self.theirs_player, self.not_on_mine = (mine_player, theirs_player,
                                                                  not_on_mine)

    def url(self, login: str, password: str) -> str:
        url = make_url(self.url_td).set(username=login, password=password)
        return url.render_as_string(hide_password=False)

    @property
    def desk_a(self) -> str:
        return self.url("desk_a", "desk-a-password")


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory, demo_file: Path) -> Iterator[Room]:
    """The demo on a server of this module's own, with codes, an announcement, a check-in and
    a dispute on each of two boards, made by the TD through the services."""
    try:
        venue_server.find_binaries()
    except venue_server.VenueServerError as exc:
        pytest.skip(str(exc))
    with pytest.MonkeyPatch.context() as patch, \
            server_folder(tmp_path_factory.mktemp("room")) as folder:
        patch.setenv("TDAPP_VENUE_COPIES", str(tmp_path_factory.mktemp("copies")))
        status = venue_server.start(folder, venue_server.free_port(), "127.0.0.1")
        try:
            copy_tournament(demo_file, status.url_td)
            td = open_server_tournament(status.url_td)
            try:
                yield _set_up(folder, status.url_td, td)
            finally:
                td.close()
        finally:
            venue_server.stop(folder)


def _set_up(folder: Path, url_td: str, td: Any) -> Room:
    with psycopg.connect(libpq_url(url_td), autocommit=True) as raw:
        mine, theirs = [row[0] for row in raw.execute(
            "SELECT b.id FROM board b JOIN round r ON r.id = b.round_id "
            "WHERE r.number = 1 ORDER BY b.number LIMIT 2")]

        def seated(board: int) -> list[int]:
            return [row[0] for row in raw.execute(
                "SELECT player_id FROM seat WHERE board_id = %s ORDER BY power", (board,))]

        mine_players, theirs_players = seated(mine), seated(theirs)
    player_codes.ensure_codes(td)
    announcements.announce(td, "Round 3 starts at 14:00")
    checkins.check_in(td, mine_players[0], checkins.check_in_round(td) or 0)
    result_responses.respond_to_result(td, mine_players[1], mine, "dispute", "mine")
    result_responses.respond_to_result(td, theirs_players[1], theirs, "dispute", "theirs")
    board_rights.add_assistant(folder, "desk_a", "desk-a-password")
    engine = make_server_engine(url_td)
    try:
        with engine.begin() as connection:
            board_rights.give_boards(connection, "desk_a", [mine])
    finally:
        engine.dispose()
    return Room(url_td, mine, theirs, mine_players[0], theirs_players[0],
                theirs_players[2])


def _as(url: str) -> Any:
    return psycopg.connect(libpq_url(url), autocommit=True, connect_timeout=5)


def _refused(connection: Any, statement: str, *params: Any) -> str:
    with pytest.raises(psycopg.Error) as refused:
        connection.execute(statement, params or None)
    return str(refused.value)


def _rows(room: Room, table: str) -> list[tuple[Any, ...]]:
    with _as(room.url_td) as td:
        return td.execute(f"SELECT * FROM {table} ORDER BY id").fetchall()


def _tables(room: Room) -> dict[str, list[tuple[Any, ...]]]:
    return {t: _rows(room, t) for t in ("player_code", "check_in", "announcement",
                                        "result_response")}


# -- player codes: the hash, never the code ----------------------------------------------------


@pytest.mark.parametrize("statement", [
    "SELECT code FROM player_code",
    "SELECT * FROM player_code",
    "SELECT count(*) FROM player_code WHERE code LIKE 'A%%'",  # guessing letter by letter
    "SELECT player_id FROM player_code ORDER BY code LIMIT 1",
    "COPY player_code TO STDOUT",
])
def test_an_assistant_never_reads_a_code(room: Room, statement: str) -> None:
    with _as(room.desk_a) as desk:
        assert "permission denied" in _refused(desk, statement)


@pytest.mark.parametrize("statement", [
    "SELECT code_hash FROM player_code",  # 40 bits: a hash read out is searched offline
    "SELECT player_id FROM player_code",
    "SELECT count(*) FROM player_code",
])
def test_an_assistant_reads_nothing_of_the_codes_not_even_a_hash(room: Room,
                                                                  statement: str) -> None:
    with _as(room.desk_a) as desk:
        assert "permission denied" in _refused(desk, statement)


@pytest.mark.parametrize("statement", [
    "UPDATE player_code SET code_hash = repeat('0', 64) WHERE player_id = %s",
    "UPDATE player_code SET code = 'AAAAAAAA' WHERE player_id = %s",
    "DELETE FROM player_code WHERE player_id = %s",
    "INSERT INTO player_code (player_id, code, code_hash, created_at) "
    "VALUES (%s, 'AAAAAAAA', repeat('1', 64), now())",
])
def test_an_assistant_cannot_write_a_code(room: Room, statement: str) -> None:
    before = _rows(room, "player_code")
    with _as(room.desk_a) as desk:
        assert "permission denied" in _refused(desk, statement, room.mine_player)
    assert _rows(room, "player_code") == before


# -- announcements are the TD's ------------------------------------------------------------------


@pytest.mark.parametrize("statement", [
    "INSERT INTO announcement (text, at, withdrawn, version) "
    "VALUES ('Free beer at the bar', now(), false, 1)",
    "UPDATE announcement SET text = 'Round 3 is cancelled'",
    "UPDATE announcement SET withdrawn = true",
    "DELETE FROM announcement",
])
def test_an_assistant_cannot_announce(room: Room, statement: str) -> None:
    before = _rows(room, "announcement")
    with _as(room.desk_a) as desk:
        assert "permission denied" in _refused(desk, statement)
    assert _rows(room, "announcement") == before and before


# -- check-ins: added and taken back, never changed ---------------------------------------------


def test_an_assistant_adds_and_takes_back_check_ins_but_changes_none(room: Room) -> None:
    before = _rows(room, "check_in")
    with _as(room.desk_a) as desk:
        assert "permission denied" in _refused(
            desk, "UPDATE check_in SET round_number = round_number + 1")
        assert "permission denied" in _refused(desk, "UPDATE check_in SET via = 'td'")
        with desk.transaction(force_rollback=True):
            desk.execute("INSERT INTO check_in (round_number, player_id, via, at) "
                         "VALUES (3, %s, 'phone', now() AT TIME ZONE 'utc')",
                         (room.theirs_player,))
            assert desk.execute("DELETE FROM check_in").rowcount == len(before) + 1
    assert _rows(room, "check_in") == before


# -- players' answers: only on a board given, only its players, never settled -------------------


def test_an_assistant_cannot_answer_for_a_board_not_given(room: Room) -> None:
    before = _tables(room)
    with _as(room.desk_a) as desk:
        assert "row-level security" in _refused(
            desk, "INSERT INTO result_response (board_id, player_id, kind, note, board_version,"
                  " at, settled_note, version) VALUES (%s, %s, 'confirm', '', 1, now(), '', 1)",
            room.theirs, room.theirs_player)
        assert "row-level security" in _refused(
            desk, "UPDATE result_response SET kind = 'confirm' WHERE board_id = %s", room.theirs)
        # An answer's board and player are not its columns to change: refused by the grants.
        assert "permission denied" in _refused(
            desk, "UPDATE result_response SET board_id = %s WHERE board_id = %s", room.mine,
            room.theirs)
        assert desk.execute("DELETE FROM result_response WHERE board_id = %s",
                            (room.theirs,)).rowcount == 0
    assert _tables(room) == before


def test_an_assistant_cannot_answer_for_a_player_not_on_the_board(room: Room) -> None:
    before = _tables(room)
    with _as(room.desk_a) as desk:
        assert "row-level security" in _refused(
            desk, "INSERT INTO result_response (board_id, player_id, kind, note, board_version,"
                  " at, settled_note, version) VALUES (%s, %s, 'confirm', '', 1, now(), '', 1)",
            room.mine, room.not_on_mine)
        assert "permission denied" in _refused(
            desk, "UPDATE result_response SET player_id = %s WHERE board_id = %s",
            room.not_on_mine, room.mine)
    assert _tables(room) == before


@pytest.mark.parametrize("statement", [
    "UPDATE result_response SET settled_at = now(), settled_note = 'settled' "
    "WHERE board_id = %s",
    "UPDATE result_response SET settled_note = 'the TD agrees' WHERE board_id = %s",
])
def test_an_assistant_never_settles_a_dispute(room: Room, statement: str) -> None:
    before = _tables(room)
    with _as(room.desk_a) as desk:
        assert "permission denied" in _refused(desk, statement, room.mine)
    assert _tables(room) == before


def test_an_assistant_changes_an_answer_on_its_own_board(room: Room) -> None:
    with _as(room.desk_a) as desk, desk.transaction(force_rollback=True):
        assert desk.execute("UPDATE result_response SET kind = 'confirm', note = '' "
                            "WHERE board_id = %s", (room.mine,)).rowcount == 1


@pytest.mark.parametrize("table", ["announcement", "player_code"])
def test_an_assistant_cannot_log_a_change_of_the_tds_tables(room: Room, table: str) -> None:
    """The TD's Undo writes an entry's values back: an assistant may not forge one of a table
    it cannot write (store.audit_rights)."""
    with _as(room.desk_a) as desk:
        assert "permission denied" in _refused(
            desk, "INSERT INTO audit_entry (action_id, at, who, what, table_name, row_id, "
                  "before, after, kind) VALUES (999999, now(), 'x', 'x', %s, 1, NULL, "
                  "'{\"id\": 1}', 'do')", table)


def test_an_assistant_cannot_log_an_answer_on_a_board_not_given(room: Room) -> None:
    with _as(room.desk_a) as desk:
        assert "row-level security" in _refused(
            desk, "INSERT INTO audit_entry (action_id, at, who, what, table_name, row_id, "
                  "before, after, kind) VALUES (999999, now(), 'x', 'x', 'result_response', "
                  "1, NULL, %s, 'do')",
            f'{{"id": 1, "board_id": {room.theirs}}}')


# -- the services from an assistant's login (a page served from an assistant's laptop) ----------


def test_the_services_from_an_assistants_login(room: Room) -> None:
    desk = open_server_tournament(room.desk_a)
    td = open_server_tournament(room.url_td)
    try:
        codes = {row.player_id: row.shown for row in player_codes.list_codes(td)}
        card = player_codes.player_for_code(td, codes[room.mine_player].lower())
        assert card is not None and card.player_id == room.mine_player
        with pytest.raises(ServiceError, match="served with the TD's login"):
            player_codes.player_for_code(desk, codes[room.mine_player])
        with pytest.raises(ServiceError, match="Only the TD's station may see"):
            player_codes.list_codes(desk)
        with pytest.raises(ServerRefused, match="only the TD's role"):
            announcements.announce(desk, "Free beer at the bar")
        with pytest.raises(ServerRefused, match="only the TD's role"):
            player_codes.replace_code(desk, room.mine_player)
        # A check-in and its Undo, from the assistant's station.
        round_number = checkins.check_in_round(desk)
        assert round_number is not None
        checkins.check_in(desk, room.theirs_player, round_number)
        assert room.theirs_player in checkins.check_ins(td, round_number)
        history.undo(desk)
        assert room.theirs_player not in checkins.check_ins(td, round_number)
        # An answer on its own board, and its Undo; another board's refused in words.
        result_responses.respond_to_result(desk, room.mine_player, room.mine, "confirm")
        mine = next(b for b in result_responses.responses_for_round(td, 1)
                    if b.board_id == room.mine)
        assert len(mine.confirmed) == 1
        history.undo(desk)
        mine = next(b for b in result_responses.responses_for_round(td, 1)
                    if b.board_id == room.mine)
        assert mine.confirmed == ()
        with pytest.raises(ServerRefused, match="not given this board"):
            result_responses.respond_to_result(desk, room.theirs_player, room.theirs,
                                               "confirm")
        with pytest.raises(ServerRefused, match="only the TD's role"):
            result_responses.settle_dispute(desk, room.mine, "looked into")
        assert next(b for b in result_responses.responses_for_round(td, 1)
                    if b.board_id == room.mine).disputed
    finally:
        desk.close()
        td.close()


def test_an_assistant_changes_and_renews_answers_and_undoes_them(room: Room) -> None:
    """The page's other writes from an assistant's login: a change of mind (an update of the
    answer's own columns), and a new answer after the TD settled (the settled row deleted, a
    new one added); each undone from the assistant's station, the settled one coming back."""
    desk = open_server_tournament(room.desk_a)
    td = open_server_tournament(room.url_td)

    def mine() -> result_responses.BoardResponses:
        return next(b for b in result_responses.responses_for_round(td, 1)
                    if b.board_id == room.mine)

    try:
        (dispute,) = mine().disputes
        result_responses.respond_to_result(desk, dispute.player_id, room.mine, "confirm")
        assert not mine().disputed and len(mine().confirmed) == 1
        history.undo(desk)
        assert mine().disputed and mine().confirmed == ()
        result_responses.settle_dispute(td, room.mine, "kept as entered")
        result_responses.respond_to_result(desk, dispute.player_id, room.mine, "dispute",
                                           "still wrong")
        assert mine().disputed and [d.note for d in mine().disputes] == ["still wrong"]
        history.undo(desk)
        assert not mine().disputed and mine().settled_note == "kept as entered"
        history.undo(td)  # the TD's settle: the board is marked again, as the set-up left it
        assert mine().disputed
    finally:
        desk.close()
        td.close()
