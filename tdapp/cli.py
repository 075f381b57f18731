"""The ``tdapp`` command: the GUI by default, and the JSON subcommands of CONTRACTS.md.

Each subcommand lives in its own module under ``tdapp.commands`` with a ``main(argv) -> int``
function, imported only when it is called so that ``tdapp score`` never loads Qt.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from tdapp import __version__

SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "demo": ("tdapp.commands.demo", "write a complete demo tournament file"),
    "adjudicate": ("tdapp.commands.adjudicate", "adjudicate one phase of a game (JSON)"),
    "score": ("tdapp.commands.score", "score one finished game (JSON)"),
    "seat": ("tdapp.commands.seat", "seat one round's boards and powers (JSON)"),
    "clock": ("tdapp.commands.clock", "round clock schedules (JSON)"),
    "standings": ("tdapp.commands.standings", "the standings of a tournament file (JSON)"),
    "export": ("tdapp.commands.export", "write PDF and Excel documents of a tournament file"),
    "server": ("tdapp.commands.server", "start, check or stop the venue server (PostgreSQL)"),
    "copy": ("tdapp.commands.copy", "copy a tournament between a file and a venue server"),
    "season": ("tdapp.commands.season", "a DBN Invitational season: standings, invitations (JSON)"),
    "web": ("tdapp.commands.web", "serve the players' page on the venue network (HTTP)"),
}

# The venue server's TLS front, a process of its own that `tdapp server start` starts with
# this program itself (also when it is a frozen bundle, where `python -m` is not available).
TLS_FRONT = "_tls-front"


def _gui_parser() -> argparse.ArgumentParser:
    commands = "\n".join(f"  {name:<11} {text}" for name, (_, text) in SUBCOMMANDS.items())
    parser = argparse.ArgumentParser(
        prog="tdapp",
        description="Tournament director's program for face-to-face Diplomacy tournaments.",
        epilog=f"subcommands (tdapp SUBCOMMAND --help):\n{commands}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"tdapp {__version__}")
    parser.add_argument("file", nargs="?",
                        help="a tournament file (.tdt), or a venue server's postgresql:// URL")
    parser.add_argument(
        "--demo", action="store_true", help="open the program on a freshly written demo tournament"
    )
    parser.add_argument(
        "--smoke-screenshot",
        metavar="PNG",
        help="open the window, save a screenshot to PNG and quit (used by packaging checks)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == TLS_FRONT:  # not a TD's command: run by `tdapp server start`
        # Loaded only for it, as the subcommands' modules are (speed).
        from tdapp.store import tls_front

        return tls_front.main(args[1:])
    if args and args[0] in SUBCOMMANDS:
        module = importlib.import_module(SUBCOMMANDS[args[0]][0])
        return int(module.main(args[1:]) or 0)
    options = _gui_parser().parse_args(args)
    from tdapp.gui.app import run_gui  # Qt is loaded only for the GUI

    return run_gui(options)
