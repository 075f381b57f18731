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


class NetworkCut:
    """A TCP relay between a station and the venue server that a test can cut and restore: the
    station sees the network go (connections dropped, new ones refused) while the server,
    shared by the whole test run, keeps running. Restored on the same port, so the station's
    URL (and the name of its copy on the laptop) stays the same."""

    def __init__(self, host: str, port: int) -> None:
        import socket
        import threading

        self._target = (host, port)
        self._socket = socket
        self._lock = threading.Lock()
        self._open: list = []
        self._listener = None
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.restore()

    def restore(self) -> None:
        import threading

        listener = self._socket.socket()
        listener.setsockopt(self._socket.SOL_SOCKET, self._socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(16)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def _accept(self, listener) -> None:
        import threading

        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # cut
            try:
                server = self._socket.create_connection(self._target, timeout=5)
            except OSError:
                client.close()
                continue
            with self._lock:
                if self._listener is not listener:  # cut meanwhile: this one goes too
                    client.close()
                    server.close()
                    return
                self._open += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, source, sink) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.shutdown(self._socket.SHUT_RDWR)

    def cut(self) -> None:
        """The network is gone: no new connection, and every open one dropped."""
        with self._lock:
            listener, self._listener = self._listener, None
            ends, self._open = self._open, []
        if listener is not None:
            # Shut down first: a close alone leaves a thread blocked in accept() listening.
            with contextlib.suppress(OSError):
                listener.shutdown(self._socket.SHUT_RDWR)
            listener.close()
        for end in ends:
            with contextlib.suppress(OSError):
                end.shutdown(self._socket.SHUT_RDWR)
            end.close()

    def close(self) -> None:
        self.cut()
