"""Writing the players list to CSV or Excel for the TD (registration desk, badges, mail-outs)."""

from __future__ import annotations

import csv
from pathlib import Path

from tdapp.services.players import LOCAL_STATUSES, PlayerRow

EXPORT_HEADERS = ["Name", "Home town", "Country", "Club", "Local status", "E-mail", "Competing",
                  "Withdrawn", "Boards played", "Power preferences", "Notes"]


def export_rows(players: list[PlayerRow]) -> list[list[object]]:
    return [
        [p.name, p.home_town, p.country, p.club, LOCAL_STATUSES.get(p.local_status, ""),
         p.email, "yes" if p.competing else "no", "yes" if p.withdrawn else "no",
         p.boards_played, p.power_preferences, p.notes]
        for p in players
    ]


def write_players(path: Path, players: list[PlayerRow]) -> Path:
    """CSV (UTF-8 with BOM, so Excel reads accents) or .xlsx, by the file's suffix."""
    rows = export_rows(players)
    if path.suffix.lower() == ".xlsx":
        from openpyxl import Workbook

        book = Workbook()
        sheet = book.active
        sheet.title = "Players"
        sheet.append(EXPORT_HEADERS)
        for row in rows:
            sheet.append(row)
        sheet.freeze_panes = "A2"
        book.save(path)
        return path
    with path.open("w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.writer(handle)
        writer.writerow(EXPORT_HEADERS)
        writer.writerows(rows)
    return path
