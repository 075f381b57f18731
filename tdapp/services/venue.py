"""Sharing a tournament on the venue network, as plain values for the GUI (File › Share…,
File › Join…): start the PostgreSQL server on the TD's laptop and copy the open tournament to
it, say what is running, stop it. The GUI runs these through its operation API (a worker
thread, a notice, the one place a failure is shown) and never touches the store itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from tdapp.services.changes import ServiceError
from tdapp.store.database import TournamentFileError
from tdapp.store.server_address import describe, is_database_url

if TYPE_CHECKING:
    from tdapp.store import venue_server

# The venue server's code (store.venue_server, store.pg) loads when sharing is looked at or
# started, not with the program: most tournaments are never shared.

__all__ = ["Sharing", "describe", "is_database_url", "join_url", "personal_address",
           "sharing_status", "start_sharing", "stop_sharing", "suggest_password"]


@dataclass(frozen=True)
class Sharing:
    """A running venue server, as the Share dialog shows it to the TD."""

    url_td: str  # what the TD's own window opens
    url_assistant: str  # what an assistant's laptop opens (also its QR code)
    host: str
    port: int
    assistant_password: str  # the shared login's: shown only when the TD asks for it
    database: str = ""  # "": the server's own (venue_server.DATABASE)
    fingerprint: str = ""  # the TLS front's certificate, pinned by every station


def _sharing(status: venue_server.ServerStatus) -> Sharing:
    # imported here for start-up speed: the venue server's code only once shared
    from tdapp.store import venue_server

    assistant = make_url(status.url_assistant)
    return Sharing(status.url_td, status.url_assistant, str(assistant.host),
                   int(assistant.port or 5432), str(assistant.password),
                   str(assistant.database or venue_server.DATABASE), status.fingerprint)


def personal_address(sharing: Sharing, login: str, password: str) -> str:
    """One assistant's own join address (and QR code): their login and password, this
    server's address and its certificate's fingerprint, so their laptop pins it."""
    # imported here for start-up speed: the venue server's code only once shared
    from tdapp.store import venue_server

    host = f"[{sharing.host}]" if ":" in sharing.host else sharing.host  # an IPv6 address
    return venue_server.database_url(login, password, host, sharing.port,
                                     sharing.database or venue_server.DATABASE,
                                     fingerprint=sharing.fingerprint)


def suggest_password() -> str:
    """A generated password for an assistant's own login, easy to read aloud and type from
    a screen ('k7m2-p9qx-4hta': 14 characters, more than the minimum of 10)."""
    # imported here for start-up speed: the venue server's code only once shared
    from tdapp.store import venue_server

    return venue_server.readable_password()


def sharing_status(folder: Path | str) -> Sharing | None:
    """The venue server kept in ``folder``, when it is running."""
    # speed: the venue code loads only for sharing or a server URL
    from tdapp.store import venue_server

    status = venue_server.status(Path(folder))
    return _sharing(status) if status is not None else None


def start_sharing(folder: Path | str, port: int, tournament: Path | None,
                  listen: str = "*") -> Sharing:
    """Start (or find running) the venue server in ``folder`` on ``port``; an empty server
    gets a copy of ``tournament`` (the TD's open ``.tdt`` file, when there is one)."""
    # speed: the venue code loads only for sharing or a server URL
    from tdapp.store import venue_server
    from tdapp.store.copying import copy_tournament
    from tdapp.store.pg import holds_tournament, make_server_engine

    try:
        status = venue_server.start(Path(folder), port, listen)
        engine = make_server_engine(status.url_td)
        try:
            with engine.connect() as connection:
                empty = not holds_tournament(connection)
        finally:
            engine.dispose()
        if empty and tournament is not None:
            copy_tournament(tournament, status.url_td)
    except (venue_server.VenueServerError, TournamentFileError, SQLAlchemyError,
            OSError) as exc:
        raise ServiceError(f"The venue server could not be started: {exc}") from exc
    return _sharing(status)


def stop_sharing(folder: Path | str) -> bool:
    """Stop the venue server in ``folder`` cleanly; False when it was not running."""
    # speed: the venue code loads only for sharing or a server URL
    from tdapp.store import venue_server

    try:
        return venue_server.stop(Path(folder))
    except (venue_server.VenueServerError, OSError) as exc:
        raise ServiceError(f"The venue server could not be stopped: {exc}") from exc


def join_url(role: str, password: str, host: str, port: int,
             database: str = "", fingerprint: str = "") -> str:
    """The address a station opens to join, from what the TD's screen shows; a whole
    ``postgresql://`` address (pasted, or read from the QR code) is taken as it is; the
    database is the venue server's own unless named."""
    # speed: the venue code loads only for sharing or a server URL
    from tdapp.store import venue_server

    host = host.strip()
    if host.lower().startswith(("postgresql://", "postgres://")):
        return host
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address
    return venue_server.database_url(role, password, host, port, database or venue_server.DATABASE,
                                     fingerprint=fingerprint)


def certificate_line(url: str) -> str:
    """'certificate d750 ac3d …': the server's fingerprint in an address, to read from the
    TD's screen into the Join window ("" when the address carries none)."""
    fingerprint = url.partition("fingerprint=")[2]
    # imported here for start-up speed: the certificate code (and ssl) only once shared
    from tdapp.store.venue_cert import readable_fingerprint

    return f"certificate {readable_fingerprint(fingerprint)}" if fingerprint else ""
