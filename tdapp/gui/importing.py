"""The GUI's side of importing players: it drives ``tdapp.services.player_import`` and turns its
answers into one preview line per line of the file."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from tdapp.gui.dialogs.import_players import ImportLine, Mapping
from tdapp.services.changes import Change, ServiceError
from tdapp.store.database import TournamentDb

Table = Any  # tdapp.services.player_import.Table: headers and rows of text


def _service() -> Any:
    try:
        from tdapp.services import player_import
    except ImportError as exc:
        raise ServiceError("Importing players is not available in this version.") from exc
    return player_import


def read_table(path: Path) -> Table:
    return _service().read_player_table(path)


def headers(table: Table) -> list[str]:
    return [str(h) for h in table.headers]


def rows(table: Table) -> list[list[str]]:
    return [["" if v is None else str(v) for v in row] for row in table.rows]


def guess(table: Table) -> Mapping:
    """The service's guess as field -> column index (it may name columns by their title)."""
    names = headers(table)
    guessed: dict[str, Any] = dict(_service().guess_mapping(table.headers))
    mapping: Mapping = {}
    for field, column in guessed.items():
        if isinstance(column, str):
            mapping[field] = names.index(column) if column in names else None
        else:
            mapping[field] = column
    return mapping


def _service_mapping(table: Table, mapping: Mapping) -> dict[str, Any]:
    """Our field -> index mapping, in the form the service's own guess used."""
    sample = _service().guess_mapping(table.headers)
    by_title = any(isinstance(v, str) for v in dict(sample).values())
    names = headers(table)
    chosen = {f: c for f, c in mapping.items() if c is not None}
    return {f: names[c] for f, c in chosen.items()} if by_title else chosen


def _problem_text(problem: Any) -> str:
    if isinstance(problem, str):
        return problem
    for attribute in ("message", "text", "problem"):
        if hasattr(problem, attribute):
            return str(getattr(problem, attribute))
    if isinstance(problem, tuple | list) and problem:
        return str(problem[-1])
    return str(problem)


def _one_row(table: Table, row: Any) -> Table:
    if dataclasses.is_dataclass(table):
        return dataclasses.replace(table, rows=[row])
    return type(table)(table.headers, [row])


def preview(table: Table, mapping: Mapping) -> list[ImportLine]:
    """Each line of the file on its own, so every problem is shown next to its line."""
    service = _service()
    chosen = _service_mapping(table, mapping)
    lines = []
    for number, row in enumerate(table.rows, start=2):  # line 1 is the header
        players, problems = service.apply_mapping(_one_row(table, row), chosen)
        if isinstance(problems, dict):
            problems = [p for value in problems.values()
                        for p in (value if isinstance(value, list | tuple) else [value])]
        texts = tuple(_problem_text(p) for p in problems or ())
        player = players[0] if players and not texts else None
        if player is None and not texts:
            continue  # an empty line
        lines.append(ImportLine(number, player, texts))
    return lines


def import_players(db: TournamentDb, players: list[Any], file_name: str) -> Change:
    """One action (one Undo) for the whole import."""
    service = _service()
    change = service.import_players(db, players)
    return change if isinstance(change, Change) else Change.of(
        f"Import players from {file_name}", "players")
