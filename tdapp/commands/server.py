"""``tdapp server start|status|stop --data DIR``: the venue server (CONTRACTS.md).

``start`` prints ``{"url_td", "url_assistant", "version", "pid"}``; ``status`` the same or
``{"running": false}``; ``stop`` ``{"running": false, "stopped": true|false}``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tdapp.commands.jsonio import BadInput, run_json_command


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tdapp server",
                                     description="Start, check or stop the venue server.")
    parser.add_argument("action", choices=("start", "status", "stop"))
    parser.add_argument("--data", required=True, metavar="DIR",
                        help="the server's folder (made the first time)")
    parser.add_argument("--port", type=int, default=5432, help="TCP port (default 5432)")
    parser.add_argument("--listen", default="*", metavar="ADDRESS",
                        help="address to listen on (default: every network of this laptop)")
    return parser


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)

    def body() -> dict[str, Any]:
        from tdapp.store import venue_server

        data = Path(args.data)
        try:
            if args.action == "start":
                if not 1 <= args.port <= 65535:
                    raise BadInput(f"port {args.port} is not a port number (1 to 65535)",
                                   "--port")
                return venue_server.start(data, args.port, args.listen).to_json()
            if args.action == "status":
                found = venue_server.status(data)
                return found.to_json() if found else {"running": False}
            stopped = venue_server.stop(data)
            return {"running": False, "stopped": stopped}
        except (venue_server.VenueServerError, OSError) as exc:
            raise BadInput(str(exc), "--data") from exc

    return run_json_command(body)
