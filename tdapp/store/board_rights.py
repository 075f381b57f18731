"""The boards an assistant is given, enforced by PostgreSQL's row-level security.

Each assistant may have a login of their own (``add_assistant``: a member of the assistants'
role, so it has exactly that role's grants, see :mod:`tdapp.store.grants`). The TD gives a
login its boards (``give_boards``); from then on the database refuses that login any change
to another board's result, order sheets, adjudication, draw votes or centre counts. A login the
TD gave no boards (and the shared assistants' role itself) may still enter every board, as
before: the restriction is the TD's choice, board by board.

Reading stays open (an assistant sees the whole tournament); only writing is limited. An
update of another board is seen and refused with an error (a silent "no row matched" would
look like someone else's change); a delete of another board's rows matches none. The TD's
role owns the tables, and PostgreSQL does not apply row-level security to a table's owner.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from sqlalchemy import Connection, text

from tdapp.store.grants import ASSISTANT_ROLE

GIVEN_TABLE = "assistant_board"
GIVEN_CHECK = "tdapp_board_given"
# Each table that belongs to one board, and how its row names the board.
BOARD_OF = {
    "board": "id",
    "seat": "board_id",
    "center_count": "board_id",
    "game_phase": "board_id",
    "draw_vote": "board_id",
    "phase_orders": "(SELECT g.board_id FROM game_phase g WHERE g.id = phase_id)",
}
_LOGIN = re.compile(r"[a-z][a-z0-9_]{0,40}")


class BoardRightsError(ValueError):
    """A login name or board list the TD must correct (nothing was changed)."""


def check_login(login: str) -> str:
    if not _LOGIN.fullmatch(login) or login.startswith("tdapp") or login.startswith("pg_"):
        raise BoardRightsError(
            f"{login!r} cannot be an assistant's login: use lower-case letters, digits and _ "
            "(starting with a letter, not 'tdapp' or 'pg_'), for example 'desk3' or 'anna'.")
    return login


def enforce(connection: Connection) -> None:
    """Create the table of given boards and the row-level security policies (idempotent)."""
    role = connection.dialect.identifier_preparer.quote(ASSISTANT_ROLE)
    connection.execute(text(
        f"CREATE TABLE IF NOT EXISTS {GIVEN_TABLE} (login name NOT NULL, "
        "board_id integer NOT NULL REFERENCES board(id) ON DELETE CASCADE, "
        "PRIMARY KEY (login, board_id))"))
    connection.execute(text(f"REVOKE ALL ON {GIVEN_TABLE} FROM PUBLIC"))
    connection.execute(text(f"GRANT SELECT ON {GIVEN_TABLE} TO {role}"))
    # True when the login was given this board, or was given no boards at all.
    connection.execute(text(
        f"CREATE OR REPLACE FUNCTION {GIVEN_CHECK}(b integer) RETURNS boolean "
        "LANGUAGE sql STABLE AS $$ "
        f"SELECT NOT EXISTS (SELECT 1 FROM {GIVEN_TABLE} WHERE login = current_user) "
        f"OR EXISTS (SELECT 1 FROM {GIVEN_TABLE} WHERE login = current_user "
        "AND board_id = b) $$"))
    for table, board in BOARD_OF.items():
        given = f"{GIVEN_CHECK}({board})"
        connection.execute(text(f'ALTER TABLE "{table}" ENABLE ROW LEVEL SECURITY'))
        for name, command, rule in (("read", "SELECT", "USING (true)"),
                                    ("add", "INSERT", f"WITH CHECK ({given})"),
                                    ("change", "UPDATE", f"USING (true) WITH CHECK ({given})"),
                                    ("remove", "DELETE", f"USING ({given})")):
            policy = f"tdapp_{table}_{name}"
            connection.execute(text(f'DROP POLICY IF EXISTS {policy} ON "{table}"'))
            connection.execute(text(f'CREATE POLICY {policy} ON "{table}" FOR {command} '
                                    f"TO {role} {rule}"))


def give_boards(connection: Connection, login: str, board_ids: Iterable[int]) -> None:
    """Give ``login`` exactly these boards (the TD's connection; replaces earlier ones).
    An empty list takes the restriction away: the login may enter every board again."""
    check_login(login)
    enforce(connection)
    connection.execute(text(f"DELETE FROM {GIVEN_TABLE} WHERE login = :login"),
                       {"login": login})
    for board_id in sorted(set(board_ids)):
        connection.execute(text(f"INSERT INTO {GIVEN_TABLE} (login, board_id) "
                                "VALUES (:login, :board)"), {"login": login, "board": board_id})


def given_boards(connection: Connection, login: str) -> list[int]:
    return [int(row[0]) for row in connection.execute(text(
        f"SELECT board_id FROM {GIVEN_TABLE} WHERE login = :login ORDER BY board_id"),
        {"login": login})]


def add_assistant(data_dir: Path, login: str, password: str) -> None:
    """Create (or give a new password to) an assistant's own login on the venue server started
    in ``data_dir``: a member of the assistants' role, so it has that role's rights and no
    more. Run on the server's laptop (it uses the server's administrator)."""
    from psycopg import sql

    from tdapp.store import venue_server

    check_login(login)
    if not password:
        raise BoardRightsError("An assistant's login needs a password.")
    settings = venue_server.read_settings(data_dir)
    if settings is None:
        raise BoardRightsError(f"There is no venue server in {data_dir}: start one there "
                               "first (tdapp server start).")
    with venue_server._connect(settings, venue_server.ADMIN_ROLE, settings.admin_password,
                               "postgres") as admin:
        exists = admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s",
                               (login,)).fetchone()
        if exists:
            admin.execute(sql.SQL("ALTER ROLE {} WITH LOGIN PASSWORD {}").format(
                sql.Identifier(login), sql.Literal(password)))
        else:
            admin.execute(sql.SQL("CREATE ROLE {} WITH LOGIN PASSWORD {} IN ROLE {}").format(
                sql.Identifier(login), sql.Literal(password),
                sql.Identifier(ASSISTANT_ROLE)))


def add_assistant_with_boards(data_dir: Path, login: str, password: str, round_number: int,
                              board_numbers: Iterable[int]) -> dict[str, object]:
    """``tdapp server add-assistant``: the login, then its boards (round N's board numbers, as
    the TD says them); the URL the assistant joins with. Nothing given when a board is unknown."""
    from sqlalchemy import select
    from sqlalchemy.engine import make_url

    from tdapp.store import venue_server
    from tdapp.store.models import Board, Round
    from tdapp.store.pg import make_server_engine

    check_login(login)
    running = venue_server.status(data_dir)
    if running is None:
        raise BoardRightsError("The venue server is not running: start it first "
                               "(tdapp server start).")
    wanted = sorted(set(board_numbers))
    engine = make_server_engine(running.url_td)
    try:
        with engine.begin() as connection:
            found = dict(connection.execute(
                select(Board.number, Board.id).join(Round, Board.round_id == Round.id)
                .where(Round.number == round_number, Board.number.in_(wanted))).all())
            missing = [n for n in wanted if n not in found]
            if missing:
                raise BoardRightsError(f"Round {round_number} has no board "
                                       f"{', '.join(map(str, missing))}: nothing was given.")
            add_assistant(data_dir, login, password)
            give_boards(connection, login, found.values())
    finally:
        engine.dispose()
    url = make_url(running.url_assistant).set(username=login, password=password)
    return {"login": login, "round": round_number, "boards": wanted,
            "url": url.render_as_string(hide_password=False)}
