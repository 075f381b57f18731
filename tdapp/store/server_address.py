"""How a venue server's tournament is addressed: ``postgresql://USER:PASSWORD@HOST:PORT/DBNAME``.

Plain URL handling (no connection, no psycopg), shared by ``pg`` (opening a server tournament)
and ``live`` (its own LISTEN connection), so neither imports the other for it.
"""

from __future__ import annotations

import re

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from tdapp.store.errors import TournamentFileError

URL_SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")


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
