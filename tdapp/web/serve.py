"""Running the players' page's server: binding its port, and uvicorn in a thread of its own.

``tdapp web`` serves in the foreground (``commands/web.py`` uses :func:`bind`,
:func:`shown_host` and :func:`uvicorn_config`); the program serves it in a background thread
(:class:`PageServer`: start, ready, stop), on its own live source of the open tournament, so
the page follows every change whoever makes it. Whatever keeps it from serving (a port in use,
an address this laptop does not have, a tournament that cannot be read) is a
:class:`PageRefused` in a TD's words.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tdapp.store.database import TournamentDb, TournamentFileError
from tdapp.web.presence import Presence
from tdapp.web.source import LiveSource, open_live

if TYPE_CHECKING:
    import uvicorn
    from starlette.applications import Starlette

DEFAULT_PORT = 8080
LISTEN_BACKLOG = 1024
EVERY_ADDRESS = "0.0.0.0"
PAGE_WHO = "players' page"  # who the audit log says wrote what a phone sent
READY_WITHIN = 10.0  # seconds for uvicorn to answer after its start
WIFI_WORDS = ("wl", "wi-fi", "wifi", "wlan", "wireless", "airport")  # interface names


class PageRefused(Exception):
    """The page cannot be served, in a TD's words (nothing was changed)."""


def bind(address: str, port: int) -> socket.socket:
    """A listening socket on ``address``:``port`` (port 0: any free one)."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    if os.name != "nt":  # on Windows this would let two servers share the port
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((address, port))
    except OSError as exc:
        sock.close()
        where = "every address" if address in ("", EVERY_ADDRESS, "::") else address
        raise PageRefused(
            f"port {port} on {where} cannot be used ({exc.strerror}); another program may be "
            f"serving there") from None
    # Room for every phone in the hall reconnecting at once (after the Wi-Fi drops): 256
    # handsets, each with its stream and a page load; the system caps it at its own limit.
    sock.listen(LISTEN_BACKLOG)
    sock.set_inheritable(True)
    return sock


def route_address() -> str:
    """The address this laptop's default route leaves from (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"


def shown_host(address: str) -> str:
    """The host of the page's address as a phone types it."""
    if address in ("", EVERY_ADDRESS, "::"):
        return route_address()
    return f"[{address}]" if ":" in address else address


@dataclass(frozen=True)
class LocalAddress:
    """One IPv4 address of this laptop, and the network interface that has it."""

    address: str
    interface: str
    wifi: bool

    @property
    def words(self) -> str:
        kind = "Wi-Fi" if self.wifi else ("this laptop only" if self.loopback else "network")
        return f"{self.address}  ({self.interface}, {kind})" if self.interface else \
            f"{self.address}  ({kind})"

    @property
    def loopback(self) -> bool:
        return self.address.startswith("127.")


def _interfaces() -> list[tuple[str, str]]:
    """(interface, IPv4 address) pairs; psutil names them where it is installed."""
    try:
        # Optional (present where installed): it names the interfaces, so the Wi-Fi's address
        # can be offered first. It ships no types.
        import psutil  # type: ignore[import-untyped]
    except ImportError:
        return []
    pairs: list[tuple[str, str]] = []
    for name, entries in psutil.net_if_addrs().items():
        pairs.extend((name, entry.address) for entry in entries
                     if entry.family == socket.AF_INET)
    return pairs


def local_addresses() -> list[LocalAddress]:
    """The addresses phones may reach this laptop at: the Wi-Fi's first, then the default
    route's, the others, and this laptop's own (127.0.0.1) last."""
    found: dict[str, LocalAddress] = {}
    for name, address in _interfaces():
        wifi = any(word in name.lower() for word in WIFI_WORDS)
        found.setdefault(address, LocalAddress(address, name, wifi))
    route = route_address()
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.setdefault(str(info[4][0]), LocalAddress(str(info[4][0]), "", False))
    found.setdefault(route, LocalAddress(route, "", False))
    found.setdefault("127.0.0.1", LocalAddress("127.0.0.1", "lo", False))

    def order(entry: LocalAddress) -> tuple[int, str]:
        rank = 3 if entry.loopback else 0 if entry.wifi else 1 if entry.address == route else 2
        return rank, entry.address

    return sorted(found.values(), key=order)


def as_page(db: TournamentDb, *, in_program: bool) -> None:
    """Name the page's handle for what it writes. On a ``.tdt`` the audit log says "players'
    page" (History shows who checked in how). On a venue server the login is the server's to
    name; a page served by another process (``tdapp web URL``) takes a station name of its own,
    so the program on the same laptop hears its notices (a station skips its own); served
    inside the program it keeps the program's, and tells the GUI itself (``on_action``)."""
    if not db.on_server:
        db.who = PAGE_WHO
    elif not in_program:
        db.station = f"{db.station} (players' page)"


def uvicorn_config(app: Starlette) -> uvicorn.Config:
    import uvicorn  # only when serving, for start-up speed

    return uvicorn.Config(app, log_level="warning", lifespan="on",
                          timeout_graceful_shutdown=1, h11_max_incomplete_event_size=16384,
                          limit_concurrency=1000, server_header=False)


class PageServer:
    """The players' page served from a thread of this program, until :meth:`stop`.

    It reads its own live source of the tournament (``location``: a ``.tdt`` path or a venue
    server's URL), so every change, the program's own, a phone's or another program's, reaches
    the open pages. ``db`` is that source's handle: the program hooks ``db.on_action`` to hear
    at once what a phone wrote."""

    def __init__(self, location: str, address: str = EVERY_ADDRESS,
                 port: int = DEFAULT_PORT) -> None:
        self.location = location
        self.address = address
        self.requested_port = port
        self.port = 0
        self.presence = Presence()
        self._source: LiveSource | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._app: Starlette | None = None
        self._failure: BaseException | None = None

    @property
    def db(self) -> TournamentDb:
        assert self._source is not None, "start the page first"
        return self._source.db

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def url(self, host: str | None = None) -> str:
        return f"http://{host or shown_host(self.address)}:{self.port}/"

    def start(self) -> None:
        """Open the source, bind the port and wait until the page answers."""
        from tdapp.web.app import create_app  # start-up speed: Starlette and Jinja2 load here

        try:
            source = open_live(self.location)
        except TournamentFileError as exc:
            raise PageRefused(" ".join(str(exc).split())) from None
        try:
            sock = bind(self.address, self.requested_port)
        except PageRefused:
            source.close()
            raise
        self._source = source
        as_page(source.db, in_program=True)
        self.port = int(sock.getsockname()[1])
        self._app = create_app(source, presence=self.presence)
        import uvicorn

        server = self._server = uvicorn.Server(uvicorn_config(self._app))
        self._thread = threading.Thread(target=self._serve, args=(server, sock),
                                        name="tdapp players' page", daemon=True)
        self._thread.start()
        until = time.monotonic() + READY_WITHIN
        while not server.started and self._thread.is_alive() and time.monotonic() < until:
            time.sleep(0.02)
        if not server.started:
            self.stop()
            raise PageRefused(f"the players' page did not start ({self._failure or 'no answer'})")

    def _serve(self, server: uvicorn.Server, sock: socket.socket) -> None:
        try:
            asyncio.run(server.serve(sockets=[sock]))
        except BaseException as exc:  # noqa: BLE001 - said by start() or seen as not running
            self._failure = exc
        finally:
            sock.close()

    def stop(self, timeout: float = 5.0) -> None:
        """End every open stream, stop serving, free the port, close the source."""
        if self._app is not None:
            self._app.state.changes.stop_soon()
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout)
            if self._thread.is_alive() and self._server is not None:
                self._server.force_exit = True
                self._thread.join(timeout)
        self._thread = self._server = self._app = None
        if self._source is not None:
            self._source.db.on_action = None
            self._source.close()
            self._source = None
