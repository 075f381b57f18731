"""The GUI's side of importing players: it drives ``tdapp.services.player_import`` (read the
file, guess the columns, preview every line, import as one action)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tdapp.gui.dialogs.import_players import FIELD_LABELS, ImportLine, Mapping
from tdapp.services.changes import Change, ServiceError
from tdapp.store.database import TournamentDb

Table = Any  # tdapp.services.player_import.Table: headers, rows of text, file lines, warnings


def _service() -> Any:
    try:
        from tdapp.services import player_import
    except ImportError as exc:
        raise ServiceError("Importing players is not available in this version.") from exc
    return player_import


def read_table(path: Path) -> Table:
    return _service().read_player_table(path)


def fields() -> dict[str, str]:
    """The fields a column can hold, with their words (first and last name included)."""
    return dict(getattr(_service(), "IMPORT_FIELDS", FIELD_LABELS))


def guess(table: Table) -> Mapping:
    guessed = _service().guess_mapping(table.headers)
    return {field: guessed.get(field) for field in fields()}


def notes(table: Table) -> list[str]:
    """What the TD should know about how the file was read."""
    found = list(getattr(table, "warnings", []) or [])
    sheets = list(getattr(table, "sheets", []) or [])
    if len(sheets) > 1:
        found.append(f"Read the sheet {table.sheet!r}; the workbook also has "
                     f"{', '.join(repr(s) for s in sheets if s != table.sheet)}.")
    return found


def _problem_text(problem: Any) -> str:
    column = getattr(problem, "column", "")
    message = getattr(problem, "message", str(problem))
    return f"{column}: {message}" if column else message


def preview(table: Table, mapping: Mapping) -> list[ImportLine]:
    """Every line of the file under ``mapping``: the player, or its problems."""
    chosen = {field: column for field, column in mapping.items() if column is not None}
    return [
        ImportLine(row.line, row.player, tuple(_problem_text(p) for p in row.problems))
        for row in _service().mapped_rows(table, chosen)
    ]


def import_players(db: TournamentDb, players: list[Any], file_name: str) -> Change:
    """One action (one Undo) for the whole import."""
    return _service().import_players(db, players, file_name)
