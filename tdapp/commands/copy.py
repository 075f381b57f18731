"""``tdapp copy SOURCE DEST [--force]``: a whole tournament between a file and a venue server,
either way, every row's id kept (CONTRACTS.md)."""

from __future__ import annotations

import argparse
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from tdapp.commands.jsonio import BadInput, run_json_command
from tdapp.services.clock_secret import file_clock
from tdapp.store.copying import DestinationError, copy_tournament
from tdapp.store.database import TournamentFileError
from tdapp.store.server_address import is_database_url
from tdapp.store.server_refusals import connection_problem


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="tdapp copy",
        description="Copy a tournament from a .tdt file to a venue server's database, or back.")
    parser.add_argument("source", metavar="SOURCE", help="FILE.tdt or postgresql://…")
    parser.add_argument("destination", metavar="DEST", help="FILE.tdt or postgresql://…")
    parser.add_argument("--force", action="store_true",
                        help="replace a tournament already at DEST")
    args = parser.parse_args(argv)

    def body() -> dict[str, Any]:
        try:
            return copy_tournament(args.source, args.destination, force=args.force,
                                   file_clock=file_clock).to_json()
        except DestinationError as exc:
            raise BadInput(str(exc), "DEST") from exc
        except TournamentFileError as exc:
            raise BadInput(str(exc), "SOURCE") from exc
        except SQLAlchemyError as exc:
            url = args.destination if is_database_url(args.destination) else args.source
            raise BadInput(connection_problem(url, exc), "DEST") from exc

    return run_json_command(body)
