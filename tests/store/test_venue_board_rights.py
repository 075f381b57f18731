"""An assistant enters only the boards the TD gave them, refused by PostgreSQL's row-level
security (not only by the program).

Issue 16: "assistants (players' roll call marks, order sheets and results of the boards they
are given [...]). Enforced by the database's own grants, not only by hidden menu items."
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.engine import make_url

from tdapp.services import assistants, games
from tdapp.services.changes import ServiceError
from tdapp.services.results import BoardResult, record_result
from tdapp.store import board_rights, venue_server
from tdapp.store.copying import copy_tournament
from tdapp.store.models import Board
from tdapp.store.pg import ServerRefused, make_server_engine, open_server_tournament
from tests.venue_helpers import server_folder

pytestmark = pytest.mark.postgres

RESULT = BoardResult({"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 4, "ITALY": 3,
                      "RUSSIA": 2, "TURKEY": 1}, end_year=1908)


@pytest.fixture
def server(tmp_path: Path, demo_file: Path, monkeypatch: pytest.MonkeyPatch):
    """A venue server of this test's own (its administrator adds logins), the demo on it."""
    try:
        venue_server.find_binaries()
    except venue_server.VenueServerError as exc:
        pytest.skip(str(exc))
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path / "copies"))
    with server_folder(tmp_path) as folder:
        status = venue_server.start(folder, venue_server.free_port(), "127.0.0.1")
        try:
            copy_tournament(demo_file, status.url_td)
            yield folder, status.url_td
        finally:
            venue_server.stop(folder)


def _login_url(url_td: str, login: str, password: str) -> str:
    url = make_url(url_td).set(username=login, password=password)
    return url.render_as_string(hide_password=False).replace("+psycopg", "")


def _in_play(td, *board_ids: int) -> None:
    """Set-up: these boards' results taken off, as boards still being played."""
    with td.system() as session:
        for board_id in board_ids:
            board = session.get(Board, board_id)
            board.status, board.end_year, board.end_reason = "seated", None, None


def test_an_assistant_enters_only_the_boards_given(server) -> None:
    folder, url_td = server
    board_rights.add_assistant(folder, "desk3", "desk3-secret")
    td = open_server_tournament(url_td)
    with td.read() as session:
        given, other = [b.id for b in session.scalars(select(Board).order_by(Board.id))][:2]
    engine = make_server_engine(url_td)
    with engine.begin() as connection:
        board_rights.give_boards(connection, "desk3", [given])
        assert board_rights.given_boards(connection, "desk3") == [given]
    desk3 = open_server_tournament(_login_url(url_td, "desk3", "desk3-secret"))
    try:
        record_result(desk3, given, RESULT)  # the board given: saved
        with pytest.raises(ServerRefused) as refused:
            record_result(desk3, other, RESULT)
        assert "not given this board" in str(refused.value)
        _in_play(td, given, other)
        games.start_game(desk3, given)  # order entry on the board given
        phase = games.game_state(desk3, given).current.phase
        games.save_orders(desk3, given, "AUSTRIA", "A VIE-TRI", phase)
        with pytest.raises(ServerRefused, match="not given this board"):
            games.start_game(desk3, other)  # order entry on another board: refused too
        assert games.game_state(td, other).phases == ()
        games.start_game(td, other)
        with pytest.raises(ServerRefused, match="not given this board"):
            games.save_orders(desk3, other, "AUSTRIA", "A VIE-TRI",
                              games.game_state(desk3, other).current.phase)
        assert "AUSTRIA" not in games.game_state(td, other).current.sheets
        record_result(td, other, RESULT)  # the TD may enter every board
        with engine.begin() as connection:  # no boards given: every board again
            board_rights.give_boards(connection, "desk3", [])
        record_result(desk3, other, RESULT)
    finally:
        desk3.close()
        td.close()
        engine.dispose()


def _as_started_by_an_older_tdapp(folder: Path) -> None:
    """Set-up: the TD's role without the right to create logins, as before this version."""
    settings = venue_server.read_settings(folder)
    with venue_server._connect(settings, venue_server.ADMIN_ROLE, settings.admin_password,
                               "postgres") as admin:
        admin.execute("ALTER ROLE tdapp_td NOCREATEROLE")


def test_a_login_name_is_checked_in_words() -> None:
    with pytest.raises(board_rights.BoardRightsError, match="cannot be an assistant's login"):
        board_rights.check_login("Robert'); DROP")


def test_tdapp_server_add_assistant_gives_round_boards(server, capsys) -> None:
    """The TD's command: a login for the assistant at desk 4, boards 1 and 3 of round 1."""
    import json

    from tdapp.commands import server as server_command
    from tdapp.store.models import Round

    folder, url_td = server
    _as_started_by_an_older_tdapp(folder)
    td = open_server_tournament(url_td)
    try:
        with pytest.raises(ServiceError, match=r"started by an older tdapp\): stop it and start"):
            assistants.add_assistant(td, "desk4", "desk4-password")
    finally:
        td.close()
    # The command, on the server's laptop, gives the TD's role the right it lacked.
    assert server_command.main(["add-assistant", "--data", str(folder), "--login", "desk4",
                                "--password", "desk4-password", "--round", "1",
                                "--boards", "1,3"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["login"] == "desk4" and printed["boards"] == [1, 3]
    assert printed["url"].startswith("postgresql") and "desk4:desk4-password@" in printed["url"]
    td = open_server_tournament(url_td)
    desk4 = open_server_tournament(printed["url"].replace("+psycopg", ""))
    try:
        with td.read() as session:
            ids = {b.number: b.id for b in session.scalars(
                select(Board).join(Round).where(Round.number == 1))}
        record_result(desk4, ids[3], RESULT)
        with pytest.raises(ServerRefused, match="not given this board"):
            record_result(desk4, ids[2], RESULT)
        # Round 2's boards are given as the dialog gives them: round 1's stay given.
        assert server_command.main(["add-assistant", "--data", str(folder), "--login",
                                    "desk4", "--password", "desk4-password", "--round", "2",
                                    "--boards", "2"]) == 0
        capsys.readouterr()
        with td.read() as session:
            round_2 = {b.number: b.id for b in session.scalars(
                select(Board).join(Round).where(Round.number == 2))}
        engine = make_server_engine(url_td)
        try:
            with engine.begin() as connection:
                assert board_rights.all_given(connection)["desk4"] == sorted(
                    [ids[1], ids[3], round_2[2]])
        finally:
            engine.dispose()
    finally:
        desk4.close()
        td.close()
    assert server_command.main(["add-assistant", "--data", str(folder), "--login", "desk5",
                                "--password", "x", "--round", "1", "--boards", "99"]) == 2
    assert "Round 1 has no board 99: nothing was given." in capsys.readouterr().err


def test_a_tournament_with_boards_given_can_be_copied_over(venue_server, demo_file: Path,
                                                           tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           ) -> None:
    """``tdapp copy --force`` onto a server database whose TD gave boards: the given boards
    go with the old tournament (they named its boards), nothing blocks the copy."""
    from tests.venue_helpers import drop_database, fresh_database_url

    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path / "copies"))
    url = fresh_database_url(venue_server.url_td, "given")
    try:
        copy_tournament(demo_file, url)
        engine = make_server_engine(url)
        try:
            with engine.begin() as connection:
                board_id = connection.execute(select(Board.id).limit(1)).scalar_one()
                board_rights.give_boards(connection, "desk_copy_over", [board_id])
        finally:
            engine.dispose()
        copy_tournament(demo_file, url, force=True)
        engine = make_server_engine(url)
        try:
            with engine.begin() as connection:
                assert board_rights.all_given(connection) == {}
        finally:
            engine.dispose()
    finally:
        drop_database(url)


def test_the_policies_are_written_once_not_at_every_give(venue_server, demo_file: Path,
                                                         tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Rewriting the policies locks every board table a moment (assistants are typing): the
    TD's second give of the evening finds them in place and leaves them alone."""
    from tests.venue_helpers import drop_database, fresh_database_url

    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path / "copies"))
    url = fresh_database_url(venue_server.url_td, "policies")
    written: list[int] = []
    enforce = board_rights.enforce
    monkeypatch.setattr(board_rights, "enforce", lambda c: (written.append(1), enforce(c)))
    engine = None
    try:
        copy_tournament(demo_file, url)
        engine = make_server_engine(url)
        with engine.begin() as connection:
            ids = list(connection.execute(select(Board.id).order_by(Board.id)).scalars())[:3]
            board_rights.give_some_boards(connection, "desk_policies", ids, ids[:1])
            board_rights.give_some_boards(connection, "desk_policies", ids, ids[1:])
            assert board_rights.given_boards(connection, "desk_policies") == ids[1:]
        assert written == [1]
    finally:
        if engine is not None:
            engine.dispose()
        drop_database(url)
