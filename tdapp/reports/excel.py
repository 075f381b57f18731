"""The Excel workbook: Standings, Rounds, Boards, Best countries (where any), Awards — values, not
formulas.

Frozen header rows, filters, column widths and number formats, so that the file opens ready to
read and to sort.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from tdapp.atomic import atomic_path
from tdapp.core.collation import name_key
from tdapp.reports.cells import append_row
from tdapp.reports.data import ReportData

SCORE_FORMAT = "0.00"
TIED_RANK_FORMAT = '0"="'
HEADER_FILL = PatternFill("solid", fgColor="DDE3EA")


def _sheet(book: Workbook, title: str, header: Sequence[str], rows: Sequence[Sequence[Any]],
           *, score_columns: Sequence[int] = ()) -> Worksheet:
    sheet = book.create_sheet(title)
    append_row(sheet, header)
    for row in rows:
        append_row(sheet, row)  # a name typed as "=..." stays text
    for cell in sheet[1]:
        cell.font = Font(bold=True)
        cell.fill = HEADER_FILL
    sheet.freeze_panes = "A2"
    if rows:
        sheet.auto_filter.ref = f"A1:{get_column_letter(len(header))}{len(rows) + 1}"
    for index, name in enumerate(header, start=1):
        values = [name] + [row[index - 1] for row in rows if index - 1 < len(row)]
        width = max(len(str(v)) for v in values if v is not None) if values else len(name)
        sheet.column_dimensions[get_column_letter(index)].width = min(max(8, width + 2), 50)
        if index - 1 in score_columns:
            for (cell,) in sheet.iter_rows(min_row=2, min_col=index, max_col=index):
                cell.number_format = SCORE_FORMAT
    return sheet


def _standings_rows(data: ReportData) -> tuple[list[str], list[list[Any]], list[int]]:
    rounds = sorted({c.round for line in data.standings for c in line.rounds})
    header = ["Rank", "Player", "Score", "Home", *[f"Round {r}" for r in rounds],
              *[f"Round {r} counted" for r in rounds], "Marks", "Why above the next", "Withdrawn"]
    rows = []
    for line in data.standings:
        cells = {c.round: c for c in line.rounds}
        rows.append([
            line.rank, line.player, line.score, line.home,
            *[cells[r].score if r in cells else None for r in rounds],
            *["yes" if r in cells and cells[r].counted else "no" for r in rounds],
            line.marks, line.reason, "yes" if line.withdrawn else "",
        ])
    score_columns = [2, *range(4, 4 + len(rounds))]
    return header, rows, score_columns


def write_workbook(data: ReportData, target: Path) -> Path:
    """Write the workbook atomically and return its path."""
    book = Workbook()
    book.remove(book.active)
    header, rows, score_columns = _standings_rows(data)
    standings = _sheet(book, "Standings", header, rows, score_columns=score_columns)
    for index, line in enumerate(data.standings, start=2):
        if line.tie and line.rank is not None:  # a shared place reads "18=" as in the PDF, and
            standings.cell(index, 1).number_format = TIED_RANK_FORMAT  # still sorts as 18
    round_rows = []
    for board in data.boards:
        for seat in board.seats:
            round_rows.append([board.round, board.number, seat.player, seat.power.title(),
                               seat.centers, seat.score])
    round_rows.sort(key=lambda r: (r[0], name_key(str(r[2]))))
    _sheet(book, "Rounds", ["Round", "Board", "Player", "Power", "Centres", "Score"], round_rows,
           score_columns=[5])
    # A championship pool's boards (WDC 2025 round 4) are marked as on the printed board call;
    # the column is there only in a tournament that has such boards.
    pooled = any(board.pool_board for board in data.boards)
    board_rows = []
    for board in sorted(data.boards, key=lambda b: (b.round, b.number)):
        marks = ["yes" if board.top_board else ""]
        if pooled:
            marks.append("yes" if board.pool_board else "")
        for seat in board.seats:
            board_rows.append([board.round, board.number, *marks, seat.power.title(),
                               seat.player, seat.centers, seat.score, board.end_year,
                               board.end_reason or ""])
    headers = ["Round", "Board", "Top board", *(["Championship pool"] if pooled else []),
               "Power", "Player", "Centres", "Score", "End year", "How it ended"]
    _sheet(book, "Boards", headers, board_rows, score_columns=[headers.index("Score")])
    if data.best_countries:  # as the PDF: no empty sheet where no best country is awarded (EDC)
        _sheet(book, "Best countries", ["Power", "Winner(s)", "Score", "Game"],
               [[b.power.title(), ", ".join(b.winners), b.score, b.detail]
                for b in data.best_countries], score_columns=[2])
    _sheet(book, "Awards", ["Award", "Winner(s)", "Rule"],
           [[a.award, a.winners_text, a.rule] for a in data.awards])
    if data.departures:
        _sheet(book, "Left mid-game", ["Round", "Board", "Power", "Phase", "Player who left",
                                       "Taken over by", "Leaver scored", "Replacement scored"],
               [[d.round, d.board, d.power.title(), d.phase, d.left,
                 d.replaced_by or "civil disorder", d.leaver_scored,
                 d.replacement_scored if d.replaced_by else ""] for d in data.departures])
    book.properties.title = f"{data.tournament} — results"
    book.properties.creator = "tdapp"
    # Built in memory, then written: a full disk fails on one plain write (openpyxl's own zip
    # file, left half-open by a failed save, would complain again when collected).
    buffer = io.BytesIO()
    book.save(buffer)
    with atomic_path(Path(target)) as temporary:
        temporary.write_bytes(buffer.getvalue())
    return Path(target)
