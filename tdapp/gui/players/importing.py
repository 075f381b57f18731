"""The GUI's side of importing players: it drives ``tdapp.services.player_import`` (read the
file, guess the columns, preview every line, import as one action) and shapes its answers for
the import dialog."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tdapp.core.tournament import roster
from tdapp.gui.players.import_dialog import ImportLine, Mapping
from tdapp.services import player_import
from tdapp.services.changes import Change
from tdapp.services.player_import import Table
from tdapp.services.players import PlayerRow
from tdapp.store.database import TournamentDb

__all__ = ["Table", "fields", "guess", "import_players", "notes", "unlocated", "preview", "read_table"]


def read_table(path: Path) -> Table:
    return player_import.read_player_table(path)


def fields() -> dict[str, str]:
    """The fields a column can hold, with their words (first and last name included)."""
    return dict(player_import.IMPORT_FIELDS)


def guess(table: Table) -> Mapping:
    guessed = roster.guess_mapping(table.headers)
    return {field: guessed.get(field) for field in fields()}


def notes(table: Table) -> list[str]:
    """What the TD should know about how the file was read."""
    found = list(table.warnings)
    if len(table.sheets) > 1:
        others = ", ".join(repr(s) for s in table.sheets if s != table.sheet)
        found.append(f"Read the sheet {table.sheet!r}; the workbook also has {others}.")
    return found


def _problem_text(problem: Any) -> str:
    return f"{problem.column}: {problem.message}" if problem.column else problem.message


def preview(table: Table, mapping: Mapping,
            existing: Sequence[PlayerRow] = ()) -> list[ImportLine]:
    """Every line of the file under ``mapping``: the player, or its problems (a seed one of
    the ``existing`` players holds, or one that two lines give, among them)."""
    chosen = {field: column for field, column in mapping.items() if column is not None}
    held = player_import.seeds_held(existing)
    return [
        ImportLine(row.line, row.player, tuple(_problem_text(p) for p in row.problems),
                   row.name, row.seed, row.pinned_board, row.declined_top_board)
        for row in player_import.mapped_rows(table, chosen, held)
    ]


def unlocated(players: list[Any]) -> list[str]:
    """"Town (Name)" of each imported home town the gazetteer does not know."""
    return player_import.locate_homes(players)[1]


def import_players(db: TournamentDb, players: list[Any], file_name: str) -> Change:
    """One action (one Undo) for the whole import."""
    return player_import.import_players(db, players, file_name)
