"""The venue network made safe for a room full of strangers (issue 22, point 7): PostgreSQL
listens on this laptop only, the venue network reaches it through the TLS front, the superuser
never comes in from the network, and a station pins the server's certificate by the fingerprint
in its join address ("the certificate made at first start, its fingerprint in the join
address/QR code so a station pins it")."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from tdapp.store import venue_cert, venue_server
from tdapp.store.copying import copy_tournament
from tdapp.store.errors import TournamentFileError
from tdapp.store.live import ChangeListener
from tdapp.store.server_address import libpq_url
from tdapp.store.server_engine import make_server_engine
from tests.venue_helpers import server_folder

pytestmark = pytest.mark.postgres


@dataclass
class Server:
    data: Path
    status: venue_server.ServerStatus
    settings: venue_server.VenueSettings


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, demo_file: Path) -> Iterator[Server]:
    try:
        venue_server.find_binaries()
    except venue_server.VenueServerError as exc:
        pytest.skip(str(exc))
    with server_folder(tmp_path_factory.mktemp("tls")) as data:
        status = venue_server.start(data, venue_server.free_port(), "127.0.0.1")
        try:
            copy_tournament(demo_file, status.url_td)
            settings = venue_server.read_settings(data)
            assert settings is not None
            yield Server(data, status, settings)
        finally:
            venue_server.stop(data)


@dataclass
class Recorder:
    """A TCP relay between a station and a server that keeps every byte that crosses it: what
    a stranger on the venue network would capture."""

    target: tuple[str, int]
    seen: bytearray = field(default_factory=bytearray)
    port: int = 0

    def __post_init__(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                with self._lock:
                    self.seen.extend(data)
                sink.sendall(data)
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_WR)

    def close(self) -> None:
        self._listener.close()


def _through(url: str, port: int) -> str:
    return make_url(url).set(port=port).render_as_string(hide_password=False)


def test_a_plain_connection_to_the_venue_port_is_refused(server: Server) -> None:
    parsed = make_url(server.status.url_td)
    with pytest.raises(psycopg.OperationalError, match="accepts only encrypted connections"):
        psycopg.connect(host=parsed.host, port=parsed.port, user=parsed.username,
                        password=parsed.password, dbname=parsed.database, sslmode="disable",
                        connect_timeout=5)


def test_postgresql_itself_listens_on_this_laptop_only(server: Server) -> None:
    conf = (server.data / venue_server.CLUSTER / "tdapp.conf").read_text(encoding="utf-8")
    assert "listen_addresses = '127.0.0.1'" in conf
    with psycopg.connect(libpq_url(server.status.url_td), autocommit=True) as td:
        assert td.execute("SHOW listen_addresses").fetchone() == ("127.0.0.1",)
        assert td.execute("SHOW ssl").fetchone() == ("off",)  # the front does the TLS


def test_the_superuser_is_refused_over_the_network(server: Server) -> None:
    admin = make_url(server.status.url_td).set(username=venue_server.ADMIN_ROLE,
                                                password=server.settings.admin_password,
                                                database="postgres")
    # Through the front, encrypted and pinned: refused by name before any password is asked.
    with pytest.raises(psycopg.OperationalError, match="administrator signs in only on the "
                                                       "server's laptop"):
        psycopg.connect(libpq_url(admin.render_as_string(hide_password=False)),
                        connect_timeout=5)
    # Straight to PostgreSQL's loopback port (where the front's relay comes from): pg_hba.
    with pytest.raises(psycopg.OperationalError, match="pg_hba.conf rejects"):
        psycopg.connect(host="127.0.0.1", port=server.settings.internal_port,
                        user=venue_server.ADMIN_ROLE, password=server.settings.admin_password,
                        dbname="postgres", connect_timeout=5)
    # The Unix socket, on the server's laptop itself, is its one way in.
    if server.settings.sockets:
        with psycopg.connect(host=server.settings.sockets, port=server.settings.internal_port,
                             user=venue_server.ADMIN_ROLE, dbname="postgres",
                             password=server.settings.admin_password) as local:
            assert local.execute("SELECT current_user").fetchone() == (venue_server.ADMIN_ROLE,)


def test_an_assistant_comes_in_through_the_front_encrypted_and_pinned(server: Server) -> None:
    fingerprint = venue_cert.ensure_certificate(server.data)
    assert server.status.url_assistant.endswith(f"?fingerprint={fingerprint}")
    params = make_url(libpq_url(server.status.url_assistant)).query
    assert params["sslmode"] == "verify-ca" and "fingerprint" not in params
    pinned = Path(str(params["sslrootcert"]))
    assert venue_cert.fingerprint_of_pem(pinned.read_text(encoding="ascii")) == fingerprint
    with psycopg.connect(libpq_url(server.status.url_assistant)) as assistant:
        assert assistant.pgconn.ssl_in_use
        assert assistant.execute("SELECT current_user").fetchone() == (
            venue_server.ASSISTANT_ROLE,)
    engine = make_server_engine(server.status.url_assistant)
    try:
        with engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM player")).scalar() == 49
    finally:
        engine.dispose()


def test_the_certificate_is_private_and_made_once(server: Server) -> None:
    cert, key = venue_cert.cert_paths(server.data)
    if os.name != "nt":
        assert key.stat().st_mode & 0o777 == 0o600
        assert cert.stat().st_mode & 0o077 == 0
    before = cert.read_bytes()
    again = venue_server.start(server.data, make_url(server.status.url_td).port or 0,
                               "127.0.0.1")
    assert cert.read_bytes() == before and again.url_td == server.status.url_td


def test_a_wrong_fingerprint_is_refused_in_words(server: Server) -> None:
    wrong = server.status.url_assistant[:-8] + "00000000"
    engine = make_server_engine(wrong)  # made without the network; refused on connecting
    with pytest.raises(TournamentFileError, match="fingerprint is not the one in the address"):
        engine.connect()
    engine.dispose()
    damaged = server.status.url_assistant[:-8]
    with pytest.raises(TournamentFileError, match="fingerprint at its end is damaged"):
        make_server_engine(damaged)


def test_an_old_address_without_fingerprint_works_only_where_safe(server: Server) -> None:
    # Another laptop without a fingerprint: nothing tells the TD's server from an impostor.
    with pytest.raises(TournamentFileError, match="carries no certificate fingerprint"):
        make_server_engine("postgresql://tdapp_assistant:pw@192.0.2.7:5432/tournament").connect()
    with pytest.raises(TournamentFileError, match="carries no certificate fingerprint"):
        libpq_url("postgresql://tdapp_assistant:pw@192.0.2.7:5432/tournament")
    # The station's listener says so too, rather than connecting unpinned.
    listener = ChangeListener("postgresql://tdapp_assistant:pw@192.0.2.7:5432/tournament")
    assert not listener.connected and "no certificate fingerprint" in listener.error
    # This laptop itself: the old address still opens (encrypted by the front, unpinned).
    local = server.status.url_assistant.split("?")[0]
    with psycopg.connect(libpq_url(local)) as assistant:
        assert assistant.pgconn.ssl_in_use


def test_the_hidden_end_time_never_crosses_the_network_in_clear(server: Server) -> None:
    marker = "hidden-end-2026-11-28T21:17:43"
    front_port = make_url(server.status.url_td).port or 0
    recorder = Recorder(("127.0.0.1", front_port))
    try:
        engine = make_server_engine(_through(server.status.url_td, recorder.port))
        try:
            with engine.begin() as connection:
                connection.execute(text(
                    "INSERT INTO td_secret (key, value) VALUES ('tls test', CAST(:v AS jsonb)) "
                    "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value"),
                    {"v": json.dumps(marker)})
            with engine.connect() as connection:
                read = connection.execute(text(
                    "SELECT value FROM td_secret WHERE key = 'tls test'")).scalar()
        finally:
            engine.dispose()
    finally:
        recorder.close()
    assert read == marker
    assert recorder.seen, "the recorder saw no traffic"
    assert marker.encode() not in recorder.seen
    assert b"td_secret" not in recorder.seen
    assert server.settings.td_password.encode() not in recorder.seen
    # The same read straight to PostgreSQL's loopback port shows the marker: the scan works.
    direct = Recorder(("127.0.0.1", server.settings.internal_port))
    try:
        with psycopg.connect(host="127.0.0.1", port=direct.port, user=venue_server.TD_ROLE,
                             password=server.settings.td_password, dbname="tournament",
                             sslmode="disable") as td:
            td.execute("SELECT value FROM td_secret WHERE key = 'tls test'").fetchone()
    finally:
        direct.close()
    assert marker.encode() in direct.seen


def test_status_says_not_running_when_the_front_is_down_and_start_brings_it_back(
        server: Server) -> None:
    import signal
    import time

    pid = venue_server.front_pid(server.data)
    assert pid is not None
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while venue_server.front_pid(server.data) is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert venue_server.status(server.data) is None
    again = venue_server.start(server.data, make_url(server.status.url_td).port or 0,
                               "127.0.0.1")
    assert again.pid == server.status.pid
    assert venue_server.front_pid(server.data) not in (None, pid)
    with psycopg.connect(libpq_url(server.status.url_assistant)) as assistant:
        assert assistant.pgconn.ssl_in_use


def _port(url: str) -> int:
    return int(make_url(url).port or 5432)


def test_a_stranger_holding_idle_connections_does_not_keep_a_station_out(
        server: Server) -> None:
    """"A stranger cannot tie it up": far more idle TCP connections than the front lets
    negotiate at once, held open without a byte sent; a real station still gets in at once,
    and the stranger's oldest sockets are the ones closed."""
    from tdapp.store import tls_front

    port = _port(server.status.url_assistant)
    idle = [socket.create_connection(("127.0.0.1", port), timeout=10)
            for _ in range(tls_front.MAX_UNAUTHENTICATED * 3)]
    try:
        with psycopg.connect(libpq_url(server.status.url_assistant),
                             connect_timeout=10) as assistant:
            assert assistant.pgconn.ssl_in_use
            assert assistant.execute("SELECT count(*) FROM player").fetchone() == (49,)
        # The first of the stranger's sockets was closed by the front to make room.
        idle[0].settimeout(5)
        try:
            closed = idle[0].recv(1) == b""
        except ConnectionResetError:
            closed = True
        assert closed
    finally:
        for sock in idle:
            sock.close()


def test_a_connection_that_never_finishes_its_handshake_is_closed_soon(
        server: Server) -> None:
    from tdapp.store import tls_front

    port = _port(server.status.url_assistant)
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(b"\0\0")  # half a start-up packet, then nothing
        sock.settimeout(tls_front.HANDSHAKE_SECONDS + 5)
        try:
            answer = sock.recv(1)
        except ConnectionResetError:
            answer = b""
        assert answer == b""  # closed by the front, not by this test's timeout


def test_one_device_cannot_take_every_connection(tmp_path: Path) -> None:
    """A stranger's one device opening connection after connection (each would hold a
    PostgreSQL slot while it never sends a password): past MAX_PER_ADDRESS from one address
    the front answers in words and closes; a connection closed frees its place. This laptop's
    own connections are not counted (here counted, to test from 127.0.0.1)."""
    import asyncio
    import struct

    from tdapp.store import tls_front

    venue_cert.ensure_certificate(tmp_path)
    cert, key = venue_cert.cert_paths(tmp_path)
    front = tls_front.TlsFront(tls_front.server_context(cert, key), ("127.0.0.1", 9),
                               frozenset(), max_per_address=3, uncounted=frozenset())
    ssl_request = struct.pack("!ii", 8, tls_front.SSL_REQUEST)

    async def scenario() -> tuple[bytes, bytes, dict[str, int]]:
        server = await asyncio.start_server(front.handle, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(3)]
        await asyncio.sleep(0.1)
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(ssl_request)
        refused = await asyncio.wait_for(reader.read(), 5)  # the answer, then closed
        writer.close()
        held[0][1].close()  # one of the three goes: its place is free again
        await asyncio.sleep(0.2)
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(ssl_request)
        admitted = await asyncio.wait_for(reader.readexactly(1), 5)
        writer.close()
        counts = dict(front.per_address)
        for _, other in held[1:]:
            other.close()
        server.close()
        return refused, admitted, counts

    refused, admitted, counts = asyncio.run(scenario())
    assert refused[:1] == b"E" and b"Too many connections from this address" in refused
    assert admitted == b"S"  # the TLS handshake would follow
    assert counts["127.0.0.1"] == 3
