"""The engine of a venue server's database: psycopg 3, a short connect timeout, and a pool that
reconnects by itself after the server restarts.

A module below ``pg`` (it opens no tournament), so that code ``pg`` itself uses, such as the
assistants' board rights, can make an engine without importing ``pg``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL

from tdapp.store.database import default_who
from tdapp.store.server_address import engine_url, secured

_CONNECT_TIMEOUT = 5


def make_server_engine(url: str | URL, *, application: str = "tdapp") -> Engine:
    target = engine_url(url) if isinstance(url, str) else url
    engine = create_engine(
        target,
        pool_pre_ping=True,  # a station whose server restarted reconnects on its next action
        pool_size=3,
        max_overflow=5,
        connect_args={"connect_timeout": _CONNECT_TIMEOUT,
                      "application_name": f"{application} {default_who()}"[:60]},
    )
    event.listen(engine, "do_connect", _pin_at_connect)
    return engine


def _pin_at_connect(_dialect: Any, _record: Any, _cargs: Any, cparams: dict[str, Any]) -> None:
    """The address's TLS rule (its fingerprint's pinned certificate) when a connection opens."""
    pinned = secured(cparams)
    cparams.clear()
    cparams.update(pinned)
