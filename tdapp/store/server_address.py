"""How a venue server's tournament is addressed: ``postgresql://USER:PASSWORD@HOST:PORT/DBNAME``,
with ``?fingerprint=HEX`` (the SHA-256 of the server's TLS certificate) when the server is a
``tdapp server``: the station then pins that certificate (tdapp.store.pinning) and every
connection is encrypted and verified against it (libpq ``sslmode=verify-ca``).

An address without a fingerprint still works where that is safe: this laptop itself, or a
server the address names its own TLS rule for (``?sslmode=…``, a hosted PostgreSQL). Towards
any other host it is refused in words: nothing would tell the TD's server from an impostor.

Shared by ``pg`` (opening a server tournament) and ``live`` (its own LISTEN connection), so
neither imports the other for it; no psycopg here.
"""

from __future__ import annotations

import re

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from tdapp.store.errors import TournamentFileError
from tdapp.store.pinning import pinned_root
from tdapp.store.venue_cert import normal_fingerprint

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
    return _secured(parsed, url).set(drivername="postgresql+psycopg")


_LOCAL_HOSTS = ("", "localhost", "127.0.0.1", "::1")
UNPINNED_REFUSED = ("{url} carries no certificate fingerprint (…?fingerprint=…), so this "
                    "station cannot tell the TD's venue server from an impostor on the venue "
                    "network. Join with the address the TD's Share window shows.")


def _secured(parsed: URL, url: str) -> URL:
    """The URL with its TLS rule: a fingerprint becomes the pinned certificate libpq checks."""
    query = dict(parsed.query)
    given = query.pop("fingerprint", None)
    host = parsed.host or ""
    if given is None:
        if host in _LOCAL_HOSTS or host.startswith("/") or "sslmode" in query:
            return parsed
        raise TournamentFileError(UNPINNED_REFUSED.format(url=redact(url)))
    fingerprint = normal_fingerprint(given if isinstance(given, str) else given[0])
    if fingerprint is None:
        raise TournamentFileError(
            f"{redact(url)}: the fingerprint at its end is damaged (it should be 64 letters "
            "and digits 0-9, a-f). Copy the address again from the TD's Share window.")
    root = pinned_root(host or "localhost", parsed.port or 5432, fingerprint)
    query.update(sslmode="verify-ca", sslrootcert=str(root))
    return parsed.set(query=query)


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


def libpq_url(url: str) -> str:
    """A URL libpq itself takes (psql, psycopg.connect): the fingerprint turned into the pinned
    certificate and ``sslmode=verify-ca`` (libpq knows no ``fingerprint`` parameter)."""
    return engine_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
