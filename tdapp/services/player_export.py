"""Exporting the players list to CSV (UTF-8 with BOM, so Excel shows accents) and to .xlsx.

The column headers are ones ``roster.guess_mapping`` recognises, so an exported list can
be imported into another tournament as it is.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path

from tdapp.atomic import atomic_path
from tdapp.reports.cells import append_row, csv_row
from tdapp.services.changes import ServiceError
from tdapp.services.players import LOCAL_STATUSES, PlayerRow, list_players
from tdapp.store.database import TournamentDb
from tdapp.store.space import cannot_write, is_disk_full


def _yes_no(value: bool) -> str:
    return "yes" if value else "no"


def _number(value: float | None) -> float | str:
    return "" if value is None else value


def _whole(value: int | None) -> int | str:
    return "" if value is None else value


EXPORT_COLUMNS: tuple[tuple[str, Callable[[PlayerRow], str | int | float]], ...] = (
    ("Name", lambda p: p.name),
    ("Home town", lambda p: p.home_town),
    ("Country", lambda p: p.country),
    ("Club", lambda p: p.club),
    ("Local status", lambda p: LOCAL_STATUSES.get(p.local_status, p.local_status)),
    ("Email", lambda p: p.email),
    ("Competing", lambda p: _yes_no(p.competing)),
    ("Withdrawn", lambda p: _yes_no(p.withdrawn)),
    ("Boards played", lambda p: p.boards_played),
    ("Power preferences", lambda p: p.power_preferences),
    ("Latitude", lambda p: _number(p.latitude)),
    ("Longitude", lambda p: _number(p.longitude)),
    ("Seed", lambda p: _whole(p.seed)),
    ("Pinned board", lambda p: _whole(p.pinned_board)),
    ("Declined top board", lambda p: _yes_no(p.declined_top_board)),
    ("Notes", lambda p: p.notes),
)


def player_table(db: TournamentDb, *, include_withdrawn: bool = True
                 ) -> tuple[list[str], list[list[str | int | float]]]:
    """The headers and rows an export writes, sorted by name."""
    rows = list_players(db, include_withdrawn=include_withdrawn)
    return ([title for title, _ in EXPORT_COLUMNS],
            [[value(player) for _, value in EXPORT_COLUMNS] for player in rows])


def _write_atomically(path: Path, write: Callable[[Path], None]) -> None:
    """Write beside ``path`` and rename, so a failed export never leaves half a file."""
    path = Path(path)
    try:
        with atomic_path(path, make_folder=False) as partial:
            write(partial)
    except OSError as exc:
        if is_disk_full(exc):  # which disk, and how much room is left
            message = cannot_write(path, exc)
            raise ServiceError(message[:1].upper() + message[1:] + ".") from exc
        raise ServiceError(f"{path.name} cannot be written: {exc.strerror or exc}.") from exc


def export_players_csv(db: TournamentDb, path: Path | str, *, delimiter: str = ",",
                       include_withdrawn: bool = True) -> int:
    """Write the players list as CSV; returns how many players were written."""
    headers, rows = player_table(db, include_withdrawn=include_withdrawn)

    def write(target: Path) -> None:
        with target.open("w", encoding="utf-8-sig", newline="") as handle:
            writer = csv.writer(handle, delimiter=delimiter)
            writer.writerow(headers)
            writer.writerows(csv_row(row) for row in rows)

    _write_atomically(Path(path), write)
    return len(rows)


def export_players_xlsx(db: TournamentDb, path: Path | str, *,
                        include_withdrawn: bool = True) -> int:
    """Write the players list as an Excel workbook; returns how many players were written."""
    from openpyxl import Workbook
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    headers, rows = player_table(db, include_withdrawn=include_withdrawn)
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "Players"
    append_row(sheet, headers)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for values in rows:
        append_row(sheet, values)  # text stays text: a name starting with "=" is no formula
    for index, title in enumerate(headers, start=1):
        longest = max([len(title), *(len(str(r[index - 1])) for r in rows)])
        sheet.column_dimensions[get_column_letter(index)].width = min(max(longest + 2, 8), 50)
    sheet.freeze_panes = "A2"
    sheet.auto_filter.ref = sheet.dimensions

    buffer = io.BytesIO()  # in memory first: a full disk fails on one plain write
    workbook.save(buffer)

    def write(target: Path) -> None:
        target.write_bytes(buffer.getvalue())

    _write_atomically(Path(path), write)
    return len(rows)
