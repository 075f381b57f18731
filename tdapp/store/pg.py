"""A tournament on a venue server: PostgreSQL through psycopg 3 (``postgresql+psycopg``).

The same models and the same Alembic migrations as the ``.tdt`` file; what differs is only how the
engine is made and how a database is found, created and checked. Every refusal is a
:class:`TournamentFileError` with a message for the TD (an unreachable server, a wrong password, a
database that holds no tournament, a role without the right), and a refused open changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection, Engine, create_engine, inspect, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError

from tdapp.store.database import TournamentDb, TournamentFileError, default_who
from tdapp.store.models import Base

URL_SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")
_CONNECT_TIMEOUT = 5
_NOTHING_CHANGED = "Nothing was changed."


def is_database_url(location: object) -> bool:
    """A ``postgresql://USER:PASSWORD@HOST:PORT/DBNAME`` rather than a file's path."""
    return isinstance(location, str) and location.lower().startswith(URL_SCHEMES)


def engine_url(url: str) -> URL:
    """The URL SQLAlchemy uses: the psycopg 3 driver whatever the scheme given."""
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise TournamentFileError(f"{redact(url)} is not a database address.") from exc
    if not parsed.database:
        raise TournamentFileError(f"{redact(url)} names no database (…/DBNAME at the end).")
    return parsed.set(drivername="postgresql+psycopg")


def redact(url: str) -> str:
    """The URL with its password hidden, for messages and window titles."""
    return re.sub(r"(://[^:/@]+:)[^@]*@", r"\1***@", url)


def describe(url: str) -> str:
    """'tournament on 192.168.1.20:5432' — how the TD sees a server tournament named."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return redact(url)
    return f"{parsed.database} on {parsed.host or 'localhost'}:{parsed.port or 5432}"


def make_server_engine(url: str | URL, *, application: str = "tdapp") -> Engine:
    target = engine_url(url) if isinstance(url, str) else url
    return create_engine(
        target,
        pool_pre_ping=True,  # a station whose server restarted reconnects on its next action
        pool_size=3,
        max_overflow=5,
        connect_args={"connect_timeout": _CONNECT_TIMEOUT,
                      "application_name": f"{application} {default_who()}"[:60]},
    )


def connection_problem(url: str, exc: BaseException) -> str:
    """An engine error in a TD's words."""
    detail = " ".join(str(getattr(exc, "orig", None) or exc).split())
    lowered = detail.lower()
    where = describe(url)
    if "password authentication failed" in lowered or "no password supplied" in lowered:
        return f"The venue server refused the password for {where}: check the role and password."
    if "does not exist" in lowered and "database" in lowered:
        return f"There is no tournament database {where}: check the name, or copy one there."
    if "row-level security" in lowered:  # store.board_rights: the boards the TD gave
        return (f"This assistant was not given this board on {where}: the TD gives each "
                f"assistant their boards. {_NOTHING_CHANGED}")
    if "permission denied" in lowered or "must be owner" in lowered:
        return (f"The role you connected with may not do this on {where} "
                f"(only the TD's role may). {_NOTHING_CHANGED}")
    if any(word in lowered for word in ("connection refused", "timeout", "timed out",
                                        "could not translate host", "no route",
                                        "network is unreachable", "connection failed",
                                        "server closed the connection")):
        return (f"The venue server at {where} cannot be reached: is it started, and is this "
                f"laptop on the venue network?")
    return f"The venue server at {where} answered: {detail}"


class ServerRefused(TournamentFileError):
    """The venue server refused an action (a role without the right, the server gone)."""


def refusal(url: str, exc: BaseException) -> ServerRefused | None:
    """A database error of an action on a venue server as a refusal in words, or None for
    anything else (a bug, a stale edit: those keep their own handling)."""
    if not isinstance(exc, DBAPIError):
        return None
    words = connection_problem(url, exc)
    if "may not do this" in words or "cannot be reached" in words or "not given" in words:
        return ServerRefused(words)
    return None


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
    from tdapp.store import grants, migrate

    Base.metadata.create_all(connection)
    migrate.stamp_head(connection)
    grants.apply(connection)


def clear_server_schema(connection: Connection) -> None:
    """Empty a database of every tdapp table (``tdapp copy --force``)."""
    from tdapp.store import grants, migrate

    grants.drop_extra(connection)
    Base.metadata.drop_all(connection)
    connection.execute(text(f"DROP TABLE IF EXISTS {migrate.VERSION_TABLE}"))


def _upgrade(url: str, connection: Connection) -> None:
    from alembic import command

    from tdapp.store import grants, migrate

    revision = migrate.current_revision(connection)
    if revision not in migrate.known_revisions():
        raise TournamentFileError(
            f"The tournament {describe(url)} was written by a newer version of tdapp "
            f"(format {revision!r}); update tdapp on this laptop. {_NOTHING_CHANGED}")
    if revision != migrate.head_revision():
        command.upgrade(migrate.alembic_config(connection), "head")
        grants.apply(connection)


def _ensure_receipts(connection: Connection) -> None:
    """A tournament put on the server before receipts existed gets their table when the TD
    opens it (store.receipts); an assistant's role may not create it, and its kept entries
    are then sent without a receipt, as before."""
    from tdapp.store import grants, receipts

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
    from tdapp.store.live import station_name

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
    import os

    folder = os.environ.get("TDAPP_VENUE_COPIES")
    return Path(folder) if folder else Path.home() / "tdapp venue copies"


def open_server_tournament(url: str) -> TournamentDb:
    """Open the tournament held in the URL's database (upgrading its schema if the role may)."""
    engine = make_server_engine(url)
    _check_connect(url, engine)
    try:
        with engine.begin() as connection:
            if not holds_tournament(connection):
                raise TournamentFileError(
                    f"The database {describe(url)} holds no tournament. Copy one there with "
                    f"tdapp copy FILE.tdt URL. {_NOTHING_CHANGED}")
            _upgrade(url, connection)
            _ensure_receipts(connection)
    except TournamentFileError:
        engine.dispose()
        raise
    except DBAPIError as exc:
        engine.dispose()
        raise TournamentFileError(connection_problem(url, exc)) from exc
    return server_tournament(url, engine)


def create_server_tournament(url: str, *, replace: bool = False) -> TournamentDb:
    """An empty tournament schema in the URL's database (created if missing), open.

    Refuses a database that already holds a tournament unless ``replace``.
    """
    ensure_database(url)
    engine = make_server_engine(url)
    _check_connect(url, engine)
    try:
        with engine.begin() as connection:
            if holds_tournament(connection) and not replace:
                raise TournamentFileError(
                    f"The database {describe(url)} already holds a tournament. "
                    f"{_NOTHING_CHANGED}")
            clear_server_schema(connection)
            create_server_schema(connection)
    except TournamentFileError:
        engine.dispose()
        raise
    except DBAPIError as exc:
        engine.dispose()
        raise TournamentFileError(connection_problem(url, exc)) from exc
    return server_tournament(url, engine)


@contextmanager
def raw_connection(engine: Engine) -> Iterator[object]:
    """The psycopg connection under a pooled one (for LISTEN and COPY)."""
    with engine.connect() as connection:
        yield connection.connection.driver_connection
