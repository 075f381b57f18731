"""Compare a TD's hand-kept spreadsheet with tdapp's standings and list every difference.

The sheet may be tdapp's own export edited by hand or a TD's own layout: the first row that names
a player column ("Player", "Name") and a score column ("Score", "Total", "Points") is the header;
a "Rank"/"Place"/"Pos" column is compared too when present. Players are matched by name, ignoring
case, accents and extra spaces.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zipfile import BadZipFile

from openpyxl import load_workbook
from openpyxl.utils.exceptions import InvalidFileException

from tdapp.reports.data import StandingLine

PLAYER_HEADERS = ("player", "name", "player name", "joueur", "spieler", "nome", "nombre")
SCORE_HEADERS = ("score", "total", "points", "tournament score", "punkte", "punti")
RANK_HEADERS = ("rank", "place", "pos", "position", "#")
SCORE_TOLERANCE = 0.005  # hand-typed scores are usually rounded to two decimals


class SheetError(ValueError):
    """A spreadsheet that cannot be compared; the message says why, for the TD."""


@dataclass(frozen=True)
class Difference:
    player: str
    what: str  # "missing", "extra", "score", "rank"
    theirs: Any
    ours: Any
    row: int | None = None  # row in the TD's sheet

    def describe(self) -> str:
        where = f" (row {self.row} of your sheet)" if self.row else ""
        if self.what == "missing":
            return f"{self.player} is not in your sheet; tdapp has them at rank {self.ours}."
        if self.what == "extra":
            return f"{self.player}{where} is in your sheet but not in tdapp's standings."
        return f"{self.player}{where}: your {self.what} is {self.theirs}, tdapp's is {self.ours}."


def name_key(name: str) -> str:
    plain = unicodedata.normalize("NFKD", str(name)).encode("ascii", "ignore").decode()
    return " ".join(plain.casefold().split())


def _find_header(rows: list[tuple[Any, ...]]) -> tuple[int, dict[str, int]]:
    for index, row in enumerate(rows[:20]):
        labels = [name_key(v) if v is not None else "" for v in row]
        columns: dict[str, int] = {}
        for column, label in enumerate(labels):
            for field, names in (("player", PLAYER_HEADERS), ("score", SCORE_HEADERS),
                                 ("rank", RANK_HEADERS)):
                if label in names and field not in columns:
                    columns[field] = column
        if "player" in columns and "score" in columns:
            return index, columns
    raise SheetError("No header row with a player column (Player or Name) and a score column "
                     "(Score, Total or Points) in the first 20 rows.")


def read_sheet(path: Path, sheet: str | None = None) -> list[tuple[int, str, float | None, Any]]:
    """(row number, player, score, rank) for every player row of the TD's sheet."""
    try:
        book = load_workbook(Path(path), read_only=True, data_only=True)
    except (InvalidFileException, BadZipFile, OSError, KeyError, ValueError) as exc:
        raise SheetError(f"{Path(path).name} cannot be read as an Excel workbook: {exc}") from exc
    if sheet is None:
        sheet = "Standings" if "Standings" in book.sheetnames else book.sheetnames[0]
    if sheet not in book.sheetnames:
        raise SheetError(f"There is no sheet called {sheet!r}.")
    rows = list(book[sheet].iter_rows(values_only=True))
    header, columns = _find_header(rows)
    found = []
    for offset, row in enumerate(rows[header + 1:], start=header + 2):
        name = row[columns["player"]] if columns["player"] < len(row) else None
        if name is None or not str(name).strip():
            continue
        score = row[columns["score"]] if columns["score"] < len(row) else None
        try:
            score_value = None if score in (None, "") else float(score)
        except (TypeError, ValueError) as exc:
            raise SheetError(f"Row {offset}: the score {score!r} of {name} is not a number.") from exc
        rank = row[columns["rank"]] if "rank" in columns and columns["rank"] < len(row) else None
        found.append((offset, str(name).strip(), score_value, rank))
    return found


def compare_standings(ours: list[StandingLine], path: Path,
                      sheet: str | None = None) -> list[Difference]:
    """Every difference between the TD's sheet and tdapp's standings, in tdapp's order."""
    theirs = {name_key(name): (row, name, score, rank) for row, name, score, rank in
              read_sheet(path, sheet)}
    differences = []
    for line in ours:
        key = name_key(line.player)
        if key not in theirs:
            differences.append(Difference(line.player, "missing", None, line.rank))
            continue
        row, _, score, rank = theirs.pop(key)
        if score is None or abs(score - line.score) > SCORE_TOLERANCE:
            differences.append(Difference(line.player, "score", score, round(line.score, 2), row))
        if rank not in (None, "") and line.rank is not None and str(rank).strip() != str(line.rank):
            differences.append(Difference(line.player, "rank", rank, line.rank, row))
    for row, name, _score, _rank in theirs.values():
        differences.append(Difference(name, "extra", None, None, row))
    return differences
