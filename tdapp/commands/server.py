"""``tdapp server start|status|stop --data DIR``: the venue server (CONTRACTS.md).

``start`` prints ``{"url_td", "url_assistant", "version", "pid"}``; ``status`` the same or
``{"running": false}``; ``stop`` ``{"running": false, "stopped": true|false}``.

Added (not in the contract): ``add-assistant --login L --password P --round N --boards 1,2``
gives an assistant a login of their own that may enter only those boards (row-level security,
tdapp.store.board_rights); it prints ``{"login", "round", "boards", "url"}``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tdapp.commands.jsonio import BadInput, run_json_command
from tdapp.store import board_rights, venue_server


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tdapp server",
                                     description="Start, check or stop the venue server.")
    parser.add_argument("action", choices=("start", "status", "stop", "add-assistant"))
    parser.add_argument("--data", required=True, metavar="DIR",
                        help="the server's folder (made the first time)")
    parser.add_argument("--port", type=int, default=5432, help="TCP port (default 5432)")
    parser.add_argument("--listen", default="*", metavar="ADDRESS",
                        help="address to listen on (default: every network of this laptop)")
    parser.add_argument("--login", help="add-assistant: the assistant's own login")
    parser.add_argument("--password", help="add-assistant: its password")
    parser.add_argument("--round", type=int, help="add-assistant: the round of the boards")
    parser.add_argument("--boards", default="", metavar="1,2",
                        help="add-assistant: the board numbers given (none: every board)")
    return parser


def _add_assistant(args: argparse.Namespace) -> dict[str, Any]:
    if not args.login or not args.password or args.round is None:
        raise BadInput("add-assistant needs --login, --password and --round", "--login")
    try:
        boards = [int(part) for part in args.boards.split(",") if part.strip()]
    except ValueError as exc:
        raise BadInput(f"--boards {args.boards!r}: board numbers separated by commas, "
                       "for example 1,2,5", "--boards") from exc
    try:
        return board_rights.add_assistant_with_boards(Path(args.data), args.login,
                                                      args.password, args.round, boards)
    except board_rights.BoardRightsError as exc:
        raise BadInput(str(exc), "--login") from exc


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)

    def body() -> dict[str, Any]:
        data = Path(args.data)
        try:
            if args.action == "start":
                if not 1 <= args.port <= 65535:
                    raise BadInput(f"port {args.port} is not a port number (1 to 65535)",
                                   "--port")
                return venue_server.start(data, args.port, args.listen).to_json()
            if args.action == "add-assistant":
                return _add_assistant(args)
            if args.action == "status":
                found = venue_server.status(data)
                return found.to_json() if found else {"running": False}
            stopped = venue_server.stop(data)
            return {"running": False, "stopped": stopped}
        except venue_server.VenueServerError as exc:
            # The venue extra missing is not the folder's fault: no option named.
            field = None if str(exc) == venue_server.VENUE_EXTRA_MISSING else "--data"
            raise BadInput(str(exc), field) from exc
        except OSError as exc:
            raise BadInput(str(exc), "--data") from exc

    return run_json_command(body)
