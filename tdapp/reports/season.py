"""The DBN Invitational season on paper and in a workbook (seed 000): the standings with the
placement points of each counted event, rookies marked and the tie-breaker that decided; the
invitation list with why each player is on it; the semi-final assignment; the championship
game's seeding and start.

Built from plain core values (gathered by ``tdapp.services.season.season_report``). Text a
person typed (player and event names) goes into the workbook as text cells, never as formulas.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.cell.cell import TYPE_STRING
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer

from tdapp.atomic import atomic_path
from tdapp.core.game.phases import phase_title
from tdapp.core.tournament.season import Invitation, Season
from tdapp.core.tournament.semifinal import Finalist, MidGame, Stage
from tdapp.reports.excel import HEADER_FILL, SCORE_FORMAT
from tdapp.reports.pdf_base import PageSetup, build_pdf, data_table, paragraph

ROOKIE = "R"


@dataclass(frozen=True)
class SeasonReport:
    title: str
    events: tuple[str, ...]  # qualifying events in the season file's order
    standings: Season
    invitations: tuple[Invitation, ...]
    stage: Stage | None
    finalists: Sequence[Finalist] = ()
    out_for_season: frozenset[str] = frozenset()
    mid_game: Sequence[MidGame] = ()
    championship_start: str = ""
    problems: Sequence[str] = field(default_factory=tuple)


# ---------------------------------------------------------------- the tables, as rows


def standings_table(report: SeasonReport) -> tuple[list[str], list[list[Any]]]:
    """Rank, player, rookie, total, the points of each counted event (blank when not counted),
    best single, TopShare %, what decided a tie."""
    header = ["Rank", "Player", "Rookie", "Total", *report.events, "Best single", "TopShare %",
              "Decided by"]
    rows = []
    for r in report.standings.rows:
        counted = {c.event: c.points for c in r.counted}
        rows.append([r.rank, r.player, ROOKIE if r.rookie else "", r.total,
                     *[counted.get(e) for e in report.events], r.best_single, r.top_share,
                     r.reason or ""])
    return header, rows


def invitation_table(report: SeasonReport) -> tuple[list[str], list[list[Any]]]:
    header = ["Seed", "Player", "Invited as", "Why", "Status"]
    rows = []
    for i in report.invitations:
        status = "out for the season (replaced)" if i.player in report.out_for_season else ""
        if not i.alternate and i.seed <= 3 and not status:
            status = "straight to the championship game (2.9.2)"
        rows.append([i.seed, i.player, "alternate" if i.alternate else "qualifier", i.how,
                     status])
    return header, rows


def semifinal_table(report: SeasonReport) -> tuple[list[str], list[list[Any]]]:
    header = ["Round", "Board", "Seed", "Player", "Preferred", "Note"]
    rows: list[list[Any]] = []
    if report.stage is None:
        return header, rows
    taken = {m.out: m for m in report.mid_game}
    for s in sorted(report.stage.seats, key=lambda s: (s.round, s.board, s.seed)):
        notes = []
        if s.replaces:
            notes.append(f"replaces {s.replaces}")
        if s.moved:
            notes.append("moved from first choice")
        if s.player in taken:
            m = taken[s.player]
            notes.append(f"replaced by {m.alternate} from {_phase_words(m.phase)}")
        rows.append([s.round, s.board, s.seed, s.player,
                     ", ".join(str(r) for r in s.preferred) or "none given", "; ".join(notes)])
    return header, rows


def _phase_words(phase: str) -> str:
    try:
        return phase_title(phase) if phase else "mid-game"
    except (ValueError, KeyError):
        return phase  # as the TD typed it


def championship_table(report: SeasonReport) -> tuple[list[str], list[list[Any]]]:
    header = ["Order", "Player", "Seed", "How"]
    return header, [[n, f.player, f.seed, f.how]
                    for n, f in enumerate(report.finalists, start=1)]


# ---------------------------------------------------------------- the workbook


def _append(sheet: Any, values: Sequence[Any]) -> None:
    """A row whose text cells stay text (a name like ``=1+1`` is not a formula)."""
    sheet.append([None if v is None else v for v in values])
    for cell, value in zip(sheet[sheet.max_row], values, strict=False):
        if isinstance(value, str):
            cell.value = value
            cell.data_type = TYPE_STRING


def _sheet(book: Workbook, title: str, table: tuple[list[str], list[list[Any]]],
           numbers: Sequence[int] = ()) -> None:
    header, rows = table
    sheet = book.create_sheet(title)
    _append(sheet, header)
    for row in rows:
        _append(sheet, row)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
        cell.fill = HEADER_FILL
    sheet.freeze_panes = "A2"
    for index, name in enumerate(header, start=1):
        widest = max([len(str(name))] + [len(str(r[index - 1])) for r in rows
                                         if r[index - 1] is not None])
        sheet.column_dimensions[get_column_letter(index)].width = min(max(8, widest + 2), 50)
        if index - 1 in numbers:
            for (cell,) in sheet.iter_rows(min_row=2, min_col=index, max_col=index):
                cell.number_format = SCORE_FORMAT


def write_season_workbook(report: SeasonReport, target: Path) -> Path:
    book = Workbook()
    book.remove(book.active)
    events = len(report.events)
    _sheet(book, "Standings", standings_table(report), numbers=[3, *range(4, 5 + events)])
    _sheet(book, "Invitations", invitation_table(report))
    _sheet(book, "Semi-finals", semifinal_table(report))
    header, rows = championship_table(report)
    if report.championship_start:
        rows = [*rows, ["Start", report.championship_start, None, None]]
    _sheet(book, "Championship", (header, rows))
    book.properties.title = f"{report.title} — season"
    book.properties.creator = "tdapp"
    with atomic_path(Path(target)) as temporary:
        book.save(temporary)
    return Path(target)


# ---------------------------------------------------------------- the PDF


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def _pdf_table(table: tuple[list[str], list[list[Any]]], widths: Sequence[float],
               right: Sequence[int] = ()) -> Flowable:
    header, rows = table
    cells = [[paragraph(h, "cell") for h in header]]
    cells += [[paragraph(_text(v), "cell") for v in row] for row in rows]
    return data_table(cells, col_widths=list(widths), align_right=right)


def _share(width: float, fixed: Sequence[float], flexible: int) -> list[float]:
    rest = max(width - sum(fixed), 20 * mm * flexible)
    return [*fixed, *([rest / flexible] * flexible)]


def season_flowables(report: SeasonReport, width: float) -> list[Flowable]:
    out: list[Flowable] = [paragraph(f"{report.title}: season", "title")]
    for problem in report.problems:
        out.append(paragraph(problem, "small"))
    out.append(paragraph("Standings", "heading"))
    out.append(paragraph("Points of each counted event (the three largest, 2.5.2); R = rookie "
                         "(2.10); 'Decided by' names the tie-breaker of 2.6.", "small"))
    events = len(report.events)
    event_w = min(22 * mm, max(14 * mm, (width - 150 * mm) / max(events, 1)))
    widths = [13 * mm, 30 * mm, 15 * mm, 18 * mm, *([event_w] * events), 18 * mm, 20 * mm]
    widths.append(max(width - sum(widths), 25 * mm))
    out.append(_pdf_table(standings_table(report), widths,
                          right=[0, 3, *range(4, 6 + events)]))
    out += [PageBreak(), paragraph("Invitation list", "heading"),
            _pdf_table(invitation_table(report), _share(width, [13 * mm, 35 * mm, 22 * mm], 2),
                       right=[0])]
    out += [PageBreak(), paragraph("Semi-final assignment", "heading"),
            paragraph("By preference in seed order, the lowest seeds moved to make multiples of "
                      "7 (3.2.1); the boards of a round dealt in seed order (3.2.2).", "small")]
    if report.stage is None:
        out.append(paragraph("Not assigned yet: " + "; ".join(report.problems)))
    else:
        out.append(_pdf_table(semifinal_table(report),
                              _share(width, [16 * mm, 15 * mm, 13 * mm, 35 * mm, 22 * mm], 1),
                              right=[0, 1, 2]))
    out += [Spacer(1, 4 * mm), paragraph("Championship game", "heading"),
            paragraph("Seeded by a solo in the semi-final, then DBN seed (4.3).", "small"),
            _pdf_table(championship_table(report), _share(width, [14 * mm, 40 * mm, 13 * mm], 1),
                       right=[0, 2])]
    out.append(Spacer(1, 2 * mm))
    out.append(paragraph("Start: " + (report.championship_start or "not chosen yet (4.2)")))
    return out


def write_season_pdf(report: SeasonReport, target: Path,
                     setup: PageSetup = PageSetup(landscape=True)) -> Path:
    width = setup.size()[0] - 30 * mm
    return build_pdf(Path(target), season_flowables(report, width),
                     title=f"{report.title} — season", header=report.title, setup=setup)
