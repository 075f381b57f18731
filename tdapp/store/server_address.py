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
from typing import Any

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
    # imported here for start-up speed: ssl and the certificate code only for a server's URL
    from tdapp.store.venue_cert import normal_fingerprint

    given = parsed.query.get("fingerprint")
    if given is not None and normal_fingerprint(str(given)) is None:
        raise TournamentFileError(
            f"{redact(url)}: the fingerprint at its end is damaged (it should be 64 letters "
            "and digits 0-9, a-f). Copy the address again from the TD's Share window.")
    return parsed.set(drivername="postgresql+psycopg")


_LOCAL_HOSTS = ("", "localhost", "127.0.0.1", "::1")
UNPINNED_REFUSED = ("{where} carries no certificate fingerprint (…?fingerprint=…), so this "
                    "station cannot tell the TD's venue server from an impostor on the venue "
                    "network. Join with the address the TD's Share window shows.")


def secured(params: dict[str, Any]) -> dict[str, Any]:
    """A connection's libpq parameters with their TLS rule, worked out when it connects (an
    engine is made without touching the network): a fingerprint becomes the pinned
    certificate (fetched once) and ``sslmode=verify-ca``; none is refused towards another
    host unless the address names its own ``sslmode``."""
    # imported here for start-up speed: ssl and the certificate code only for a server's URL
    from tdapp.store.pinning import pinned_root
    from tdapp.store.venue_cert import normal_fingerprint

    params = dict(params)
    given = params.pop("fingerprint", None)
    host = str(params.get("host") or "")
    port = int(params.get("port") or 5432)
    if given is None:
        if host in _LOCAL_HOSTS or host.startswith("/") or "sslmode" in params:
            return params
        raise TournamentFileError(UNPINNED_REFUSED.format(
            where=f"The address of {params.get('dbname', '')} on {host}:{port}"))
    fingerprint = normal_fingerprint(str(given))
    if fingerprint is None:
        raise TournamentFileError(f"The fingerprint in the address of {host}:{port} is "
                                  "damaged. Copy the address again from the TD's Share window.")
    root = pinned_root(host or "localhost", port, fingerprint)
    params.update(sslmode="verify-ca", sslrootcert=str(root))
    return params


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
    parsed = engine_url(url)
    query = dict(parsed.query)
    tls = secured({**query, "host": parsed.host, "port": parsed.port,
                   "dbname": parsed.database})
    query = {name: value for name, value in tls.items()
             if name not in ("host", "port", "dbname")}
    return parsed.set(drivername="postgresql", query=query).render_as_string(
        hide_password=False)
