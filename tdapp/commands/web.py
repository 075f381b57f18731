"""``tdapp web SOURCE [--listen ADDRESS] [--port N]``: the players' page (CONTRACTS.md).

Prints ``{"url": ..., "pid": N}`` once it answers, serves until SIGINT or SIGTERM, exits 0.
No such file, a port in use or a server that does not connect: exit 2 with one line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import sys
from types import FrameType

from tdapp.store.database import TournamentFileError
from tdapp.web.source import LiveSource, open_live

DEFAULT_PORT = 8080


def _bind(address: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    if os.name != "nt":  # on Windows this would let two servers share the port
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((address, port))
    except OSError as exc:
        sock.close()
        raise TournamentFileError(
            f"port {port} on {address or 'every address'} cannot be used ({exc.strerror}); "
            f"another program may be serving there: pick another with --port") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def _shown_host(address: str, sock: socket.socket) -> str:
    if address in ("", "0.0.0.0", "::"):
        try:  # the address phones on the venue network reach (no packet is sent)
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect(("10.255.255.255", 1))
                return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"
    return f"[{address}]" if ":" in address else address


def serve(source: LiveSource, sock: socket.socket, url: str) -> None:
    # Only when serving, for start-up speed: `tdapp web --help` and a refused source never
    # load uvicorn, Starlette and Jinja2.
    import uvicorn

    from tdapp.web.app import create_app  # start-up speed too (Starlette, Jinja2)

    app = create_app(source)

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            app.state.changes.stop_soon()  # open /events streams end now, not at a timeout
            # uvicorn raises the signal again after a clean stop; a stop asked for is exit 0.
            if self.should_exit and sig == signal.SIGINT:
                self.force_exit = True
            else:
                self.should_exit = True

    config = uvicorn.Config(app, log_level="warning", lifespan="on",
                            timeout_graceful_shutdown=1, h11_max_incomplete_event_size=16384,
                            limit_concurrency=1000, server_header=False)
    server = Server(config)

    async def run() -> None:
        task = asyncio.create_task(server.serve(sockets=[sock]))
        while not server.started and not task.done():
            await asyncio.sleep(0.02)
        if server.started:
            print(json.dumps({"url": url, "pid": os.getpid()}), flush=True)
        await task

    asyncio.run(run())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="tdapp web", description="Serve the players' page of a tournament on the venue network.")
    parser.add_argument("source", metavar="SOURCE", help="a .tdt file or a postgresql:// URL")
    parser.add_argument("--listen", default="0.0.0.0", metavar="ADDRESS",
                        help="the address to listen on (default: every address of this laptop)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="N",
                        help=f"the port (default {DEFAULT_PORT}; 0: any free port)")
    args = parser.parse_args(argv)
    if not 0 <= args.port < 65536:
        print(f"tdapp web: --port: {args.port} is not a port (0 to 65535)", file=sys.stderr)
        return 2
    try:
        source = open_live(args.source)
    except TournamentFileError as exc:
        print(f"tdapp web: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    try:
        try:
            sock = _bind(args.listen, args.port)
        except TournamentFileError as exc:
            print(f"tdapp web: {exc}", file=sys.stderr)
            return 2
        port = sock.getsockname()[1]
        url = f"http://{_shown_host(args.listen, sock)}:{port}/"
        serve(source, sock, url)
    finally:
        source.close()
    return 0
