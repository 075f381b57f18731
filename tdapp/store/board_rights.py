"""The boards an assistant is given, enforced by PostgreSQL whatever SQL the login sends.

Each assistant may have a login of their own (``create_login``: a member of the assistants'
role, so it has exactly that role's grants, see :mod:`tdapp.store.grants`; a password of at
least ``MIN_PASSWORD`` characters; at most ``LOGIN_CONNECTIONS`` connections), made by the
TD's role itself (File › Assistants and their boards…, through tdapp.services.assistants) or
on the server's laptop (``tdapp server add-assistant``). The TD gives a login its boards
(``give_boards``, or round by round ``give_some_boards``); from then on the database refuses
that login any change to another board's result, order sheets, adjudication, draw votes or
centre counts. A login the TD gave no boards may still enter every board: the restriction is
the TD's choice, board by board. The shared assistants' login counts as a login given no
boards only while the TD has given nobody boards in this tournament; after that it enters
none: its password, shown on the Share dialog, never gives more than a personal login would.

What holds whatever SQL the login sends (tests/store/test_venue_attacks.py):
- the check (``tdapp_board_given``) names the login by ``session_user``, which ``SET ROLE``
  cannot change, and a login may not ``SET ROLE`` to the assistants' role (PostgreSQL 16+);
- every function here pins ``search_path`` to ``pg_catalog, pg_temp`` and names its tables
  with their schema, and PUBLIC has no TEMP (store.grants): nothing of a session's own can
  stand in for them;
- a row is checked before a change (a trigger: moving another board's rows onto one's own is
  refused) and after it (the policies' WITH CHECK);
- the audit log's entries are checked too (store.audit_rights).

Reading stays open (an assistant sees the whole tournament); only writing is limited. An
update of another board is seen and refused with an error (a silent "no row matched" would
look like someone else's change); a delete of another board's rows matches none. The TD's
role owns the tables, and PostgreSQL does not apply row-level security to a table's owner.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from sqlalchemy import Connection, select, text
from sqlalchemy.engine import make_url

from tdapp.store import audit_rights, venue_server
from tdapp.store.grants import ASSISTANT_ROLE
from tdapp.store.models import Board, Round
from tdapp.store.server_engine import make_server_engine

GIVEN_TABLE = "assistant_board"
GIVEN_CHECK = "tdapp_board_given"
# Each table that belongs to one board, and how its row names the board.
BOARD_OF = {
    "board": "id",
    "seat": "board_id",
    "center_count": "board_id",
    "game_phase": "board_id",
    "draw_vote": "board_id",
    "phase_orders": "(SELECT g.board_id FROM {schema}.game_phase g WHERE g.id = phase_id)",
    "result_response": "board_id",  # a player's confirmation or dispute (the players' page)
}
# What a row must satisfy besides its board being given, added to the policies' WITH CHECK:
# a player answers only for a board they play on, whatever SQL the login sends.
ALSO_CHECK = {
    "result_response": ("EXISTS (SELECT 1 FROM {schema}.seat s WHERE "
                        "s.board_id = result_response.board_id "
                        "AND s.player_id = result_response.player_id)"),
}
# The same, of the row before an UPDATE (in the old-row trigger).
OLD_BOARD_OF = {table: f"OLD.{column}" for table, column in BOARD_OF.items()
                if table != "phase_orders"}
OLD_BOARD_OF["phase_orders"] = ("(SELECT g.board_id FROM {schema}.game_phase g "
                                 "WHERE g.id = OLD.phase_id)")
# Bumped whenever the SQL of the rights changes: a tournament opened by the TD gets it again.
RIGHTS_VERSION = "tdapp rights 4"
_LOGIN = re.compile(r"[a-z][a-z0-9_]{0,40}")
MIN_PASSWORD = 10
LOGIN_CONNECTIONS = venue_server.LOGIN_CONNECTIONS


class BoardRightsError(ValueError):
    """A login name or board list the TD must correct (nothing was changed)."""


def check_login(login: str) -> str:
    if not _LOGIN.fullmatch(login) or login.startswith("tdapp") or login.startswith("pg_"):
        raise BoardRightsError(
            f"{login!r} cannot be an assistant's login: use lower-case letters, digits and _ "
            "(starting with a letter, not 'tdapp' or 'pg_'), for example 'desk3' or 'anna'.")
    return login


def _schema(connection: Connection) -> str:
    """The tournament's schema, quoted: every name in the rights' SQL is qualified with it, so
    nothing an assistant's session creates (a temporary table, a function) can stand in."""
    return connection.dialect.identifier_preparer.quote(
        str(connection.execute(text("SELECT current_schema()")).scalar()))


def _given_check(schema: str) -> str:
    """True when the login was given this board, or was given no boards at all. The login is
    ``session_user``, which ``SET ROLE`` cannot change. The shared assistants' login counts
    as a login given no boards only while the TD has given nobody boards in this tournament:
    its password (on the Share dialog) then never gives more than a personal login would."""
    given = f"{schema}.{GIVEN_TABLE}"
    return (
        f"CREATE OR REPLACE FUNCTION {schema}.{GIVEN_CHECK}(b integer) RETURNS boolean "
        f"LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$ "
        f"SELECT CASE WHEN session_user = '{ASSISTANT_ROLE}' "
        f"THEN NOT EXISTS (SELECT 1 FROM {given}) "
        f"ELSE NOT EXISTS (SELECT 1 FROM {given} WHERE login = session_user) "
        f"OR EXISTS (SELECT 1 FROM {given} WHERE login = session_user AND board_id = b) END $$")


def _old_row_check(schema: str, table: str) -> tuple[str, str]:
    """A trigger refusing to change a row of a board not given (the row before the change:
    moving another board's rows onto one's own board is refused, not only writing rows onto
    another board). A trigger, not a USING clause, so that the refusal is an error in words:
    a row hidden from UPDATE would match nothing, which the program takes for someone else's
    change."""
    board = OLD_BOARD_OF[table].format(schema=schema)
    function = f"{schema}.tdapp_{table}_old_given"
    body = (
        f"CREATE OR REPLACE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql "
        f"SET search_path = pg_catalog, pg_temp AS $$ BEGIN "
        f"IF NOT {schema}.{GIVEN_CHECK}({board}) THEN "
        f"RAISE EXCEPTION 'row-level security: board % was not given to %', {board}, "
        f"session_user USING ERRCODE = 'insufficient_privilege'; END IF; "
        f"RETURN NEW; END $$")
    trigger = (f'CREATE TRIGGER tdapp_{table}_old_given BEFORE UPDATE ON {schema}."{table}" '
               f"FOR EACH ROW EXECUTE FUNCTION {function}()")
    return body, trigger


def enforce(connection: Connection) -> None:
    """Create the table of given boards, the check, the row-level security policies and the
    old-row triggers (idempotent; a no-op on a server without tdapp's roles)."""
    exists = connection.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :r"),
                                {"r": ASSISTANT_ROLE}).first()
    if exists is None:
        return
    role = connection.dialect.identifier_preparer.quote(ASSISTANT_ROLE)
    schema = _schema(connection)
    given = f"{schema}.{GIVEN_TABLE}"
    connection.execute(text(
        f"CREATE TABLE IF NOT EXISTS {given} (login name NOT NULL, "
        f"board_id integer NOT NULL REFERENCES {schema}.board(id) ON DELETE CASCADE, "
        "PRIMARY KEY (login, board_id))"))
    connection.execute(text(f"REVOKE ALL ON {given} FROM PUBLIC"))
    connection.execute(text(f"GRANT SELECT ON {given} TO {role}"))
    connection.execute(text(_given_check(schema)))
    for table, board in BOARD_OF.items():
        checked = f"{schema}.{GIVEN_CHECK}({board.format(schema=schema)})"
        if table in ALSO_CHECK:
            checked += f" AND {ALSO_CHECK[table].format(schema=schema)}"
        connection.execute(text(f'ALTER TABLE {schema}."{table}" ENABLE ROW LEVEL SECURITY'))
        for name, command, rule in (("read", "SELECT", "USING (true)"),
                                    ("add", "INSERT", f"WITH CHECK ({checked})"),
                                    ("change", "UPDATE", f"USING (true) WITH CHECK ({checked})"),
                                    ("remove", "DELETE", f"USING ({checked})")):
            policy = f"tdapp_{table}_{name}"
            connection.execute(text(f'DROP POLICY IF EXISTS {policy} ON {schema}."{table}"'))
            connection.execute(text(f'CREATE POLICY {policy} ON {schema}."{table}" '
                                    f"FOR {command} TO {role} {rule}"))
        function, trigger = _old_row_check(schema, table)
        connection.execute(text(function))
        connection.execute(text(f'DROP TRIGGER IF EXISTS tdapp_{table}_old_given '
                                f'ON {schema}."{table}"'))
        connection.execute(text(trigger))
    audit_rights.enforce(connection, schema, GIVEN_CHECK)
    connection.execute(text(f"COMMENT ON FUNCTION {schema}.{GIVEN_CHECK}(integer) IS "
                            f"'{RIGHTS_VERSION}'"))


def enforced(connection: Connection) -> bool:
    """The rights of this version are in place (the check's comment names the version)."""
    return bool(connection.execute(text(
        "SELECT obj_description(to_regprocedure(:f), 'pg_proc') = :v "
        "AND to_regclass(:t) IS NOT NULL "
        "AND (SELECT count(*) FROM pg_policies WHERE policyname LIKE 'tdapp\\_%' "
        "AND schemaname = current_schema() AND tablename = ANY(:tables)) = :policies "
        "AND (SELECT count(*) FROM pg_trigger WHERE tgname LIKE 'tdapp\\_%\\_old\\_given' "
        "AND NOT tgisinternal) = :triggers"),
        {"f": f"{GIVEN_CHECK}(integer)", "v": RIGHTS_VERSION, "t": GIVEN_TABLE,
         "tables": list(BOARD_OF), "policies": 4 * len(BOARD_OF),
         "triggers": len(BOARD_OF)}).scalar())


def ensure_enforced(connection: Connection) -> None:
    """:func:`enforce` unless it is in place: rewriting the policies locks every board table
    for a moment, which would hold up the assistants typing while the TD gives boards."""
    if not enforced(connection):
        enforce(connection)


def drop_given(connection: Connection) -> None:
    """Drop the given boards (before a tournament is written over: they name its boards)."""
    connection.execute(text(f"DROP TABLE IF EXISTS {GIVEN_TABLE}"))


def give_boards(connection: Connection, login: str, board_ids: Iterable[int]) -> None:
    """Give ``login`` exactly these boards (the TD's connection; replaces earlier ones).
    An empty list takes the restriction away: the login may enter every board again."""
    check_login(login)
    ensure_enforced(connection)
    connection.execute(text(f"DELETE FROM {GIVEN_TABLE} WHERE login = :login"),
                       {"login": login})
    for board_id in sorted(set(board_ids)):
        connection.execute(text(f"INSERT INTO {GIVEN_TABLE} (login, board_id) "
                                "VALUES (:login, :board)"), {"login": login, "board": board_id})


def given_boards(connection: Connection, login: str) -> list[int]:
    return [int(row[0]) for row in connection.execute(text(
        f"SELECT board_id FROM {GIVEN_TABLE} WHERE login = :login ORDER BY board_id"),
        {"login": login})]


def check_password(password: str) -> str:
    if len(password) < MIN_PASSWORD:
        raise BoardRightsError(
            f"An assistant's password needs at least {MIN_PASSWORD} characters (this one has "
            f"{len(password)}): anyone on the venue network may try passwords. Take the one "
            "offered, for example 'k7m2-p9qx-4hta'. Nothing was changed.")
    return password


def server_version_num(connection: Connection) -> int:
    return int(connection.execute(text("SHOW server_version_num")).scalar() or 0)


def create_login(connection: Connection, login: str, password: str) -> bool:
    """Create ``login`` as a member of the assistants' role, or give an existing one a new
    password; True when it was new. Run on the TD's connection (the TD's role may create
    logins, store.venue_server) or the server administrator's.

    The login has the assistants' rights (it inherits them) but may not ``SET ROLE`` to the
    assistants' role (PostgreSQL 16 and newer; the board check is on ``session_user`` either
    way), and opens at most ``LOGIN_CONNECTIONS`` connections at once: one station cannot
    take the server's every connection."""
    check_login(login)
    if not password:
        raise BoardRightsError("An assistant's login needs a password.")
    check_password(password)
    if not may_create_logins(connection):
        raise BoardRightsError(
            "This venue server does not let the TD's role create logins (it was started by an "
            "older tdapp): stop it and start it again (File › Share on the venue network…, or "
            "tdapp server start), then add the assistant.")
    exists = connection.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :r"),
                                {"r": login}).first() is not None
    if exists and login not in assistant_logins(connection):
        raise BoardRightsError(f"{login!r} is already a login on this server that is not "
                               "an assistant's: choose another name.")
    limit = f"CONNECTION LIMIT {LOGIN_CONNECTIONS}"
    if exists:
        _run(connection, "ALTER ROLE {} WITH LOGIN NOCREATEDB NOCREATEROLE " + limit
             + " PASSWORD {password}", login, password=password)
    else:
        _run(connection, "CREATE ROLE {} WITH LOGIN " + limit + " PASSWORD {password}",
             login, password=password)
    if server_version_num(connection) >= 160000:
        _run(connection, "GRANT {} TO {} WITH INHERIT TRUE, SET FALSE", ASSISTANT_ROLE, login)
    else:  # PostgreSQL 15 (a system server): SET ROLE gains nothing, the check is session_user
        _run(connection, "GRANT {} TO {}", ASSISTANT_ROLE, login)
    return not exists


def _run(connection: Connection, template: str, *names: str, password: str = "") -> None:
    """A role statement on the same transaction, composed by psycopg: ``names`` quoted as
    names into the ``{}``, then ``{password}`` as a literal (it may hold any character)."""
    from psycopg import sql  # the venue extra's driver: only a server's roles need it

    statement = sql.SQL(template).format(*map(sql.Identifier, names),
                                         password=sql.Literal(password))
    raw = connection.connection.driver_connection
    if raw is None:
        raise BoardRightsError("The connection to the venue server was closed.")
    raw.execute(statement)


def drop_login(connection: Connection, login: str) -> None:
    """Take an assistant's login away: its boards here, then the login itself."""
    check_login(login)
    if login not in assistant_logins(connection):
        raise BoardRightsError(f"There is no assistant {login!r} on this server.")
    ensure_enforced(connection)
    connection.execute(text(f"DELETE FROM {GIVEN_TABLE} WHERE login = :login"),
                       {"login": login})
    _run(connection, "DROP ROLE {}", login)


def assistant_logins(connection: Connection) -> list[str]:
    """The assistants' own logins on this server (members of the assistants' role), by name.
    The TD's role is left out: it holds the right to add members, not an assistant's seat."""
    return [str(row[0]) for row in connection.execute(text(
        "SELECT m.rolname FROM pg_auth_members a "
        "JOIN pg_roles r ON r.oid = a.roleid JOIN pg_roles m ON m.oid = a.member "
        "WHERE r.rolname = :role AND m.rolcanlogin AND m.rolname NOT LIKE 'tdapp%' "
        "ORDER BY m.rolname"), {"role": ASSISTANT_ROLE})]


def all_given(connection: Connection) -> dict[str, list[int]]:
    """Every login's given boards (ids), for the TD's list."""
    given: dict[str, list[int]] = {}
    if connection.execute(text("SELECT to_regclass(:t)"), {"t": GIVEN_TABLE}).scalar() is None:
        return given
    for login, board_id in connection.execute(text(
            f"SELECT login, board_id FROM {GIVEN_TABLE} ORDER BY login, board_id")):
        given.setdefault(str(login), []).append(int(board_id))
    return given


def give_some_boards(connection: Connection, login: str, among: Iterable[int],
                     board_ids: Iterable[int]) -> None:
    """Give ``login`` exactly ``board_ids`` out of ``among`` (one round's boards); the boards
    it was given outside ``among`` (other rounds) stay given."""
    check_login(login)
    ensure_enforced(connection)
    among = sorted(set(among))
    wanted = sorted(set(board_ids))
    if not set(wanted) <= set(among):
        raise BoardRightsError("Only the boards of the round shown can be given.")
    if among:
        connection.execute(text(f"DELETE FROM {GIVEN_TABLE} WHERE login = :login "
                                "AND board_id = ANY(:among)"), {"login": login, "among": among})
    for board_id in wanted:
        connection.execute(text(f"INSERT INTO {GIVEN_TABLE} (login, board_id) "
                                "VALUES (:login, :board)"), {"login": login, "board": board_id})


def may_manage_assistants(connection: Connection) -> bool:
    """This connection gives boards: it owns the tournament's tables (the TD's role)."""
    row = connection.execute(text(
        "SELECT tableowner = current_user FROM pg_tables WHERE tablename = 'tournament' "
        "AND schemaname = current_schema()")).first()
    return bool(row and row[0])


def may_create_logins(connection: Connection) -> bool:
    """This connection may create assistants' logins (a server started by this version)."""
    return bool(connection.execute(text(
        "SELECT rolcreaterole OR rolsuper FROM pg_roles WHERE rolname = current_user"))
        .scalar())


def add_assistant(data_dir: Path, login: str, password: str) -> None:
    """Create (or give a new password to) an assistant's own login on the venue server started
    in ``data_dir``: a member of the assistants' role, so it has that role's rights and no
    more. Run on the server's laptop: it logs in as the TD's role (whose password the server's
    folder keeps), so the TD's station may later change or take the login away."""
    check_login(login)
    settings = venue_server.read_settings(data_dir)
    if settings is None:
        raise BoardRightsError(f"There is no venue server in {data_dir}: start one there "
                               "first (tdapp server start).")
    venue_server.let_td_manage_assistants(data_dir)  # a server started by an older tdapp
    url = venue_server.database_url(venue_server.TD_ROLE, settings.td_password,
                                    venue_server.loopback(settings.listen), settings.port)
    engine = make_server_engine(url)
    try:
        with engine.begin() as connection:
            create_login(connection, login, password)
    finally:
        engine.dispose()


def add_assistant_with_boards(data_dir: Path, login: str, password: str, round_number: int,
                              board_numbers: Iterable[int]) -> dict[str, object]:
    """``tdapp server add-assistant``: the login, then its boards (round N's board numbers, as
    the TD says them, replacing only that round's; none named: every board again); the URL the
    assistant joins with. Nothing given when a board is unknown."""
    check_login(login)
    running = venue_server.status(data_dir)
    if running is None:
        raise BoardRightsError("The venue server is not running: start it first "
                               "(tdapp server start).")
    wanted = sorted(set(board_numbers))
    venue_server.let_td_manage_assistants(data_dir)  # a server started by an older tdapp
    engine = make_server_engine(running.url_td)
    try:
        with engine.begin() as connection:
            of_round = dict(connection.execute(
                select(Board.number, Board.id).join(Round, Board.round_id == Round.id)
                .where(Round.number == round_number)).all())
            missing = [n for n in wanted if n not in of_round]
            if missing:
                raise BoardRightsError(f"Round {round_number} has no board "
                                       f"{', '.join(map(str, missing))}: nothing was given.")
            create_login(connection, login, password)
            if wanted:  # this round's boards, as the dialog gives them: other rounds' stay
                give_some_boards(connection, login, of_round.values(),
                                 [of_round[n] for n in wanted])
            else:  # no boards named: the login may enter every board again
                give_boards(connection, login, [])
    finally:
        engine.dispose()
    url = make_url(running.url_assistant).set(username=login, password=password)
    return {"login": login, "round": round_number, "boards": wanted,
            "url": url.render_as_string(hide_password=False)}
