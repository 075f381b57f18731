"""A tournament on a venue server: PostgreSQL through psycopg 3 (``postgresql+psycopg``).

The same models and the same Alembic migrations as the ``.tdt`` file; what differs is only how the
engine is made and how a database is found, created and checked. Every refusal is a
:class:`TournamentFileError` with a message for the TD (an unreachable server, a wrong password, a
database that holds no tournament, a role without the right), and a refused open changes nothing.
A server's address (``server_address``), its refusals in words (``server_refusals``) and its
engine (``server_engine``) have modules of their own, which ``database``, ``live`` and
``board_rights`` use without importing this one.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection, Engine, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from tdapp.store import audit_rights, board_rights, grants, migrate, receipts
from tdapp.store.database import TournamentDb, TournamentFileError
from tdapp.store.live import station_name
from tdapp.store.models import Base
from tdapp.store.server_address import describe, engine_url
from tdapp.store.server_address import (  # named here too for the GUI's venue code and tests
    is_database_url as is_database_url,
)
from tdapp.store.server_engine import make_server_engine
from tdapp.store.server_refusals import NOTHING_CHANGED as _NOTHING_CHANGED
from tdapp.store.server_refusals import (  # named here too for the GUI's venue code and tests
    ServerRefused as ServerRefused,
)
from tdapp.store.server_refusals import connection_problem


def _check_connect(url: str, engine: Engine) -> None:
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except SQLAlchemyError as exc:
        engine.dispose()
        raise TournamentFileError(connection_problem(url, exc)) from exc


def holds_tournament(connection: Connection) -> bool:
    if "tournament" not in inspect(connection).get_table_names():
        return False
    return bool(connection.execute(text("SELECT count(*) FROM tournament")).scalar())


def ensure_database(url: str) -> bool:
    """Create the URL's database when it is missing (the TD's role may create databases on a
    server that ``tdapp server start`` started); True when it was created."""
    target = engine_url(url)
    admin = make_server_engine(target.set(database="postgres")).execution_options(
        isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            exists = connection.execute(text("SELECT 1 FROM pg_database WHERE datname = :name"),
                                        {"name": target.database}).first()
            if exists:
                return False
            quoted = admin.dialect.identifier_preparer.quote(str(target.database))
            connection.execute(text(f"CREATE DATABASE {quoted}"))
            return True
    except SQLAlchemyError as exc:
        raise TournamentFileError(connection_problem(url, exc)) from exc
    finally:
        admin.dispose()


def create_server_schema(connection: Connection) -> None:
    """The schema in an empty database, marked with the newest revision, with the roles' grants."""
    Base.metadata.create_all(connection)
    migrate.stamp_head(connection)
    secure(connection)


def secure(connection: Connection) -> None:
    """The roles' grants and the board rights, as this version writes them."""
    grants.apply(connection)
    board_rights.enforce(connection)


def _ensure_rights(connection: Connection) -> None:
    """A tournament whose rights an older tdapp wrote gets this version's when the TD's role
    opens it (an assistant's may not write them: it goes on, refused what it may not do)."""
    if board_rights.enforced(connection) or not board_rights.may_manage_assistants(connection):
        return
    secure(connection)


def clear_server_schema(connection: Connection) -> None:
    """Empty a database of every tdapp table (``tdapp copy --force``)."""
    board_rights.drop_given(connection)  # it names the old tournament's boards
    grants.drop_extra(connection)
    Base.metadata.drop_all(connection)
    connection.execute(text(f"DROP TABLE IF EXISTS {migrate.VERSION_TABLE}"))


def _upgrade(url: str, connection: Connection) -> None:
    revision = migrate.current_revision(connection)
    if revision not in migrate.known_revisions():
        raise TournamentFileError(
            f"The tournament {describe(url)} was written by a newer version of tdapp "
            f"(format {revision!r}); update tdapp on this laptop. {_NOTHING_CHANGED}")
    if revision != migrate.head_revision():
        from alembic import command  # lazy, for start-up speed: only a schema to upgrade

        command.upgrade(migrate.alembic_config(connection), "head")
        secure(connection)


def _ensure_receipts(connection: Connection) -> None:
    """A tournament put on the server before receipts existed gets their table when the TD
    opens it (store.receipts); an assistant's role may not create it, and its kept entries
    are then sent without a receipt, as before."""
    if receipts.available(connection):
        return
    try:
        with connection.begin_nested():
            grants.apply(connection)
    except DBAPIError:
        pass


def server_tournament(url: str, engine: Engine) -> TournamentDb:
    """A TournamentDb over a server engine. Its ``path`` is where this laptop keeps the
    tournament's ``.tdt`` snapshots (see :func:`snapshot_home`)."""
    db = TournamentDb(local_copy_path(url), engine)
    db.url = url
    # The audit log names the person and the station: several laptops write to it.
    db.station = station_name()
    db.who = f"{db.who or 'someone'} on {db.station}"
    return db


def local_copy_path(url: str) -> Path:
    parsed = make_url(url)
    name = f"{parsed.database}@{parsed.host or 'localhost'}-{parsed.port or 5432}.tdt"
    return snapshot_home() / re.sub(r"[^\w.@-]", "_", name)


def snapshot_home() -> Path:
    """The folder on this laptop for the ``.tdt`` copies of server tournaments
    (``TDAPP_VENUE_COPIES`` when set, else ``~/tdapp venue copies``)."""
    folder = os.environ.get("TDAPP_VENUE_COPIES")
    return Path(folder) if folder else Path.home() / "tdapp venue copies"


@contextmanager
def _setting_up(url: str, engine: Engine) -> Iterator[Connection]:
    """The transaction that opens or creates a server tournament. A refusal, ours or the
    server's, comes out in words and disposes of the engine: a refused open keeps no
    connection to the server."""
    try:
        with engine.begin() as connection:
            yield connection
    except TournamentFileError:
        engine.dispose()
        raise
    except DBAPIError as exc:
        engine.dispose()
        raise TournamentFileError(connection_problem(url, exc)) from exc


def open_server_tournament(url: str) -> TournamentDb:
    """Open the tournament held in the URL's database (upgrading its schema if the role may)."""
    engine = make_server_engine(url)
    _check_connect(url, engine)
    with _setting_up(url, engine) as connection:
        if not holds_tournament(connection):
            raise TournamentFileError(
                f"The database {describe(url)} holds no tournament. Copy one there with "
                f"tdapp copy FILE.tdt URL. {_NOTHING_CHANGED}")
        _upgrade(url, connection)
        _ensure_receipts(connection)
        _ensure_rights(connection)
        login = None if board_rights.may_manage_assistants(connection) else str(
            connection.execute(text("SELECT session_user")).scalar())
    db = server_tournament(url, engine)
    if login is not None:  # as the database names an assistant's entries (store.audit_rights)
        db.who = f"{login} ({db.who})"[:audit_rights.WHO_LENGTH]
    return db


def create_server_tournament(url: str, *, replace: bool = False) -> TournamentDb:
    """An empty tournament schema in the URL's database (created if missing), open.

    Refuses a database that already holds a tournament unless ``replace``.
    """
    ensure_database(url)
    engine = make_server_engine(url)
    _check_connect(url, engine)
    with _setting_up(url, engine) as connection:
        if holds_tournament(connection) and not replace:
            raise TournamentFileError(
                f"The database {describe(url)} already holds a tournament. "
                f"{_NOTHING_CHANGED}")
        clear_server_schema(connection)
        create_server_schema(connection)
    return server_tournament(url, engine)


