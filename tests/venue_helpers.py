"""Helpers for tests that start a real PostgreSQL venue server."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def server_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder for a venue server's data, removed afterwards.

    Run as root, PostgreSQL runs as another account that must reach the folder; pytest keeps
    its own base folder (/tmp/pytest-of-root) closed to others and closes it again whenever any
    pytest run starts, so as root the folder is made in the system temporary folder instead.
    """
    if sys.platform == "win32" or os.geteuid() != 0:
        yield tmp_path / "server"
        return
    folder = Path(tempfile.mkdtemp(prefix="tdapp-test-venue-"))
    try:
        yield folder / "server"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def fresh_database_url(url_td: str, prefix: str) -> str:
    """The TD's URL with a new, unused database name (created on first use by the store)."""
    import uuid

    from sqlalchemy.engine import make_url

    url = make_url(url_td).set(database=f"{prefix}_{uuid.uuid4().hex[:12]}")
    return url.render_as_string(hide_password=False).replace("postgresql+psycopg", "postgresql")


def drop_database(url: str) -> None:
    """Drop a test's database, closing whatever connections the test left open."""
    import psycopg
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    with contextlib.suppress(psycopg.Error), psycopg.connect(
            host=parsed.host, port=parsed.port, user=parsed.username, password=parsed.password,
            dbname="postgres", autocommit=True, connect_timeout=5) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{parsed.database}" WITH (FORCE)')


def tournament_exists(location: Path | str) -> bool:
    """A file at the path, or a database at the URL (a test may run on either engine)."""
    if isinstance(location, Path):
        return location.exists()
    import psycopg
    from sqlalchemy.engine import make_url

    parsed = make_url(location)
    with psycopg.connect(host=parsed.host, port=parsed.port, user=parsed.username,
                         password=parsed.password, dbname="postgres",
                         connect_timeout=5) as admin:
        found = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                              (parsed.database,)).fetchone()
    if not found:
        return False
    from tdapp.store.pg import holds_tournament, make_server_engine

    engine = make_server_engine(location)
    try:
        with engine.connect() as connection:
            return holds_tournament(connection)
    finally:
        engine.dispose()
