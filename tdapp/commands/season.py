"""``tdapp season FILE.json``: a DBN Invitational season as JSON (CONTRACTS.md, seed 000 part 2).

Events in; each event's class, placement points, the season standings with their tie-breakers,
rookies, and the invitation list with seeds and alternates out. A season file (``.tds``) written
by the program is read as it is.
"""

from __future__ import annotations

import argparse
from typing import Any

from tdapp.commands.jsonio import BadInput, read_json_input, run_json_command
from tdapp.core.tournament.season_doc import SeasonInputError, read_season, season_document


def season_output(source: str | None) -> dict[str, Any]:
    try:
        return season_document(read_season(read_json_input(source)))
    except SeasonInputError as exc:
        raise BadInput(exc.message, exc.field) from exc


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="tdapp season",
        description="A DBN Invitational season: placement points, standings, invitations.")
    parser.add_argument("file", nargs="?", metavar="FILE.json",
                        help="the season or a season file (standard input when - or absent)")
    args = parser.parse_args(argv)
    return run_json_command(lambda: season_output(args.file))
