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
from tdapp.web.serve import (
    DEFAULT_PORT,
    PageRefused,
    as_page,
    bind,
    shown_host,
    uvicorn_config,
)
from tdapp.web.source import LiveSource, open_live


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

    server = Server(uvicorn_config(app))

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
    as_page(source.db, in_program=False)
    try:
        try:
            sock = bind(args.listen, args.port)
        except PageRefused as exc:
            print(f"tdapp web: {exc}: pick another with --port", file=sys.stderr)
            return 2
        port = sock.getsockname()[1]
        url = f"http://{shown_host(args.listen)}:{port}/"
        serve(source, sock, url)
    finally:
        source.close()
    return 0
