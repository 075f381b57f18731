"""The venue server's TLS front: the bundled PostgreSQL is built without OpenSSL, so this small
relay listens on the venue address in its place, answers a client's SSLRequest with 'S', does
the TLS handshake with the server's certificate (tdapp.store.venue_cert), and relays the bytes
to PostgreSQL listening on 127.0.0.1 only.

It refuses, with a PostgreSQL error the client shows in words:
- a client that does not ask for TLS (nothing crosses the venue network in clear);
- the server's administrator (the superuser signs in only on the server's laptop itself,
  which pg_hba.conf also enforces on the loopback address the relay comes from).

A stranger cannot tie it up with half-open connections: the whole negotiation (SSLRequest,
TLS handshake, start-up packet) must end within ``HANDSHAKE_SECONDS``, and at most
``MAX_UNAUTHENTICATED`` connections may be negotiating at once; one more closes the oldest
still negotiating (a real station finishes in milliseconds, an idle socket is the oldest).
Nor can one device take every PostgreSQL connection (each waiting for a password it never
sends): at most ``MAX_PER_ADDRESS`` connections from one address are open at once, far more
than a station needs (its pool, its listener, a command); this laptop's own are not counted.

Run by ``tdapp server start`` as ``tdapp _tls-front …`` (a process of its own
that outlives the command, its pid in ``DIR/tls-front.pid``), stopped by ``tdapp server stop``.
Windows too: asyncio's TLS and TCP need nothing POSIX (no signal handlers there: stop kills it).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import ssl
import struct
import sys
from pathlib import Path

SSL_REQUEST = 80877103
GSSENC_REQUEST = 80877104
CANCEL_REQUEST = 80877102
PROTOCOL_3 = 196608
_MAX_STARTUP = 10_000  # a StartupMessage is a few hundred bytes
HANDSHAKE_SECONDS = 5.0  # the whole negotiation; a station on the venue Wi-Fi takes ~50 ms
MAX_UNAUTHENTICATED = 64  # connections still negotiating at once
MAX_PER_ADDRESS = 32  # connections open at once from one address (a station holds about 10)
_THIS_LAPTOP = frozenset({"127.0.0.1", "::1"})
_CHUNK = 65536

PLAIN_REFUSED = ("This venue server accepts only encrypted connections (TLS). Join with the "
                 "address the TD's Share window shows (it ends in ?fingerprint=…).")
ADMIN_REFUSED = ("The server's administrator signs in only on the server's laptop itself, "
                 "never over the venue network.")
TOO_MANY_REFUSED = ("Too many connections from this address to the venue server at once. "
                    "Close other tdapp windows on this laptop, or ask the TD.")


def error_response(text: str, code: str = "28000") -> bytes:
    """A PostgreSQL ErrorResponse (FATAL) the client shows as its message."""
    fields = (b"SFATAL\0VFATAL\0C" + code.encode() + b"\0M" + text.encode("utf-8") + b"\0\0")
    return b"E" + struct.pack("!I", len(fields) + 4) + fields


def startup_parameters(packet: bytes) -> dict[str, str]:
    """The name/value pairs of a protocol-3 StartupMessage (length and version included)."""
    parts = packet[8:].split(b"\0")
    pairs: dict[str, str] = {}
    for name, value in zip(parts[0::2], parts[1::2], strict=False):
        if not name:
            break
        pairs[name.decode("utf-8", "replace")] = value.decode("utf-8", "replace")
    return pairs


async def _read_packet(reader: asyncio.StreamReader) -> bytes:
    head = await reader.readexactly(4)
    (length,) = struct.unpack("!I", head)
    if not 8 <= length <= _MAX_STARTUP:
        raise ValueError("not a PostgreSQL start-up packet")
    return head + await reader.readexactly(length - 4)


def _code(packet: bytes) -> int:
    return int(struct.unpack("!I", packet[4:8])[0])


class TlsFront:
    """One listening front; ``upstream`` is PostgreSQL's loopback (host, port)."""

    def __init__(self, context: ssl.SSLContext, upstream: tuple[str, int],
                 refused_users: frozenset[str], *, handshake_seconds: float = HANDSHAKE_SECONDS,
                 max_unauthenticated: int = MAX_UNAUTHENTICATED,
                 max_per_address: int = MAX_PER_ADDRESS,
                 uncounted: frozenset[str] = _THIS_LAPTOP) -> None:
        self.context = context
        self.max_per_address = max_per_address
        self.uncounted = uncounted
        self.per_address: dict[str, int] = {}  # open connections by the client's address
        self.upstream = upstream
        self.refused_users = refused_users
        self.handshake_seconds = handshake_seconds
        self.max_unauthenticated = max_unauthenticated
        # Connections still negotiating, oldest first (a dict keeps the order of arrival).
        self.negotiating: dict[asyncio.StreamWriter, None] = {}
        self.evicted = 0  # half-open connections closed to make room (for the tests)

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if peer else ""
        if address not in self.uncounted:
            if self.per_address.get(address, 0) >= self.max_per_address:
                with contextlib.suppress(Exception):
                    # Its request read first: a socket closed with unread bytes is reset, and
                    # the client would see "connection reset" instead of the words.
                    await asyncio.wait_for(reader.read(_MAX_STARTUP), 1.0)
                    writer.write(error_response(TOO_MANY_REFUSED, "53300"))
                    await writer.drain()
                    writer.close()
                return
            self.per_address[address] = self.per_address.get(address, 0) + 1
        try:
            await self._handle(reader, writer)
        finally:
            if address not in self.uncounted:
                left = self.per_address.pop(address) - 1
                if left:
                    self.per_address[address] = left

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if len(self.negotiating) >= self.max_unauthenticated:
            oldest = next(iter(self.negotiating))
            self.negotiating.pop(oldest)
            self.evicted += 1
            with contextlib.suppress(Exception):
                oldest.transport.abort()
        self.negotiating[writer] = None
        try:
            try:
                first = await asyncio.wait_for(self._negotiate(reader, writer),
                                               self.handshake_seconds)
            finally:
                self.negotiating.pop(writer, None)
            if first is not None:
                await self._relay(reader, writer, first)
        except (TimeoutError, OSError, ValueError, asyncio.IncompleteReadError, ssl.SSLError):
            pass
        finally:
            with contextlib.suppress(Exception):
                writer.close()

    async def _negotiate(self, reader: asyncio.StreamReader,
                         writer: asyncio.StreamWriter) -> bytes | None:
        """The first packet to relay to PostgreSQL, or None when the client was refused."""
        packet = await _read_packet(reader)
        if _code(packet) == GSSENC_REQUEST:  # no Kerberos here: "N", then the client goes on
            writer.write(b"N")
            packet = await _read_packet(reader)
        if _code(packet) == CANCEL_REQUEST:  # a cancel carries only a key: relayed as it is
            return packet
        if _code(packet) != SSL_REQUEST:
            writer.write(error_response(PLAIN_REFUSED))
            await writer.drain()
            return None
        writer.write(b"S")
        await writer.drain()
        await writer.start_tls(self.context)
        packet = await _read_packet(reader)
        code = _code(packet)
        if code == PROTOCOL_3:
            user = startup_parameters(packet).get("user", "")
            if user in self.refused_users:
                writer.write(error_response(ADMIN_REFUSED))
                await writer.drain()
                return None
        elif code != CANCEL_REQUEST:
            writer.write(error_response("Unsupported start-up message.", "08P01"))
            await writer.drain()
            return None
        return packet

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                     first: bytes) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self.upstream)
        up_writer.write(first)
        try:
            await asyncio.gather(_pump(reader, up_writer), _pump(up_reader, writer))
        finally:
            with contextlib.suppress(Exception):
                up_writer.close()


async def _pump(source: asyncio.StreamReader, target: asyncio.StreamWriter) -> None:
    try:
        while True:
            data = await source.read(_CHUNK)
            if not data:
                break
            target.write(data)
            await target.drain()
    finally:
        with contextlib.suppress(Exception):
            if target.can_write_eof():
                target.write_eof()
            else:
                target.close()


def server_context(cert_file: Path, key_file: Path) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(str(cert_file), str(key_file))
    return context


def listen_hosts(listen: str) -> list[str] | None:
    """asyncio's hosts for PostgreSQL-style listen_addresses ('*': every address)."""
    if listen in ("*", "", "0.0.0.0", "::"):
        return None
    return [part.strip() for part in listen.split(",") if part.strip()]


async def serve(front: TlsFront, listen: str, port: int,
                ready: asyncio.Event | None = None) -> None:
    server = await asyncio.start_server(front.handle, listen_hosts(listen), port,
                                        reuse_address=True)
    if ready is not None:
        ready.set()
    async with server:
        await server.serve_forever()


def main(argv: list[str]) -> int:
    """``python -m tdapp.store.tls_front --listen L --port P --upstream-port I --cert C
    --key K --pid-file F [--refuse ROLE]…`` (tdapp.store.venue_server passes them)."""
    import argparse

    parser = argparse.ArgumentParser(prog="tdapp.store.tls_front")
    parser.add_argument("--listen", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--upstream-port", type=int, required=True)
    parser.add_argument("--cert", type=Path, required=True)
    parser.add_argument("--key", type=Path, required=True)
    parser.add_argument("--pid-file", type=Path, required=True)
    parser.add_argument("--refuse", action="append", default=[])
    args = parser.parse_args(argv)
    front = TlsFront(server_context(args.cert, args.key), ("127.0.0.1", args.upstream_port),
                     frozenset(args.refuse))
    pid_file: Path = args.pid_file

    async def run() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for signum in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows
                loop.add_signal_handler(signum, stop.set)
        ready = asyncio.Event()
        task = asyncio.create_task(serve(front, args.listen, args.port, ready))
        waiting = asyncio.create_task(ready.wait())
        await asyncio.wait({task, waiting}, return_when=asyncio.FIRST_COMPLETED)
        if task.done():
            task.result()  # the port could not be bound: the error, for the log
        pid_file.write_text(str(os.getpid()), encoding="ascii")
        await asyncio.wait({task, asyncio.create_task(stop.wait())},
                           return_when=asyncio.FIRST_COMPLETED)
        task.cancel()

    try:
        asyncio.run(run())
    except OSError as exc:
        print(f"The encrypted front could not listen on port {args.port}: {exc}",
              file=sys.stderr)
        return 2
    finally:
        with contextlib.suppress(OSError):
            if pid_file.read_text(encoding="ascii").strip() == str(os.getpid()):
                pid_file.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
