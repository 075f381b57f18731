"""``tdapp standings FILE.tdt``: the table of a tournament file as JSON (CONTRACTS.md)."""

from __future__ import annotations

import argparse
from typing import Any

from tdapp.commands.jsonio import run_json_command
from tdapp.commands.reading import tournament_for_reading
from tdapp.services.exports import tournament_standings
from tdapp.services.tournaments import tournament_info
from tdapp.store.database import TournamentDb


def standings_document(db: TournamentDb) -> dict[str, Any]:
    standings, names = tournament_standings(db)
    rows = []
    for row in standings.rows:
        rows.append({
            "rank": row.rank,
            "player": row.name or names.get(row.player, row.player),
            "score": float(row.score),
            "rounds": [
                {"round": e.round, "score": e.score, "counted": e.counted, "dropped": e.dropped,
                 "board": e.board, "power": e.power}
                for e in row.rounds
            ],
            "player_id": row.player,
            "pool": row.in_pool,
            "top_board": row.top_board,
            "reason": row.reason,
            "tie": row.tie,
            "competing": row.competing,
        })
    return {"tournament": tournament_info(db).name, "format": standings.format,
            "through": standings.through, "standings": rows, "issues": list(standings.issues)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tdapp standings",
                                     description="Print the standings of a tournament file.")
    parser.add_argument("file", metavar="FILE.tdt")
    args = parser.parse_args(argv)

    def body() -> dict[str, Any]:
        with tournament_for_reading(args.file) as db:
            return standings_document(db)

    return run_json_command(body)
