"""Gather a tournament's documents' data, and write its PDF, Excel and CSV exports."""

from __future__ import annotations

import csv
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from tdapp.atomic import atomic_path
from tdapp.core.clock.formats import get_clock_format
from tdapp.core.clock.schedule import build_schedule
from tdapp.core.game.replacement import scoring_words
from tdapp.core.tournament.awards import Award, compute_awards
from tdapp.core.tournament.rating import DEFAULT_COMPRESSION
from tdapp.core.tournament.results import scorer_with
from tdapp.core.tournament.standings import compute_standings
from tdapp.reports import data as rd
from tdapp.reports.cells import csv_text
from tdapp.services import rounds
from tdapp.services.formats import effective_format, scoring_systems
from tdapp.services.rating import rating_view
from tdapp.services.replacements import replacements
from tdapp.services.results import END_REASONS
from tdapp.services.seating import pool_boards, sit_outs
from tdapp.services.standings_data import tournament_model
from tdapp.services.standings_data import (
    tournament_standings as tournament_standings,  # its callers
)
from tdapp.services.tournaments import TournamentInfo, tournament_info
from tdapp.store.database import TournamentDb
from tdapp.store.space import cannot_write as cannot_write  # for the GUI: where a write failed

if TYPE_CHECKING:  # the comparison loads openpyxl, so only when it is asked for
    from tdapp.reports.sheet_compare import Difference

Progress = Callable[[float], None]


def _dates(info: TournamentInfo) -> str:
    if info.start_date and info.end_date and info.start_date != info.end_date:
        return f"{info.start_date:%d %b %Y} – {info.end_date:%d %b %Y}"
    return f"{info.start_date:%d %b %Y}" if info.start_date else ""


def _award_line(award: Award, names: dict[str, str]) -> rd.AwardLine:
    winners = tuple(names.get(p, p) for p in award.players)
    rule = award.rule + (" (tie for the TD to settle)" if award.tie == "td" else "")
    return rd.AwardLine(award.name, winners, rule, award.value, award.team or "")


def _best_game(boards: list[rd.BoardSheet], power: str, winners: set[str],
               value: float | None) -> str:
    """The game that won a best-country award: "round 2, board 3, 12 centres" (one per
    winner when it is shared)."""
    games = []
    for board in boards:
        for seat in board.seats:
            if seat.power == power and seat.player in winners and seat.score is not None and (
                    value is None or abs(seat.score - value) < 1e-6):
                centres = "" if seat.centers is None else (
                    f", {seat.centers} centre{'' if seat.centers == 1 else 's'}")
                games.append(f"round {board.round}, board {board.number}{centres}")
    return "; ".join(games)


def report_data(db: TournamentDb) -> rd.ReportData:
    """Everything the documents show, read from the tournament file."""
    info = tournament_info(db)
    fmt = effective_format(db)  # the TD's own format when there is one
    model = tournament_model(db)
    names = {p.id: p.name for p in model.players}
    homes = {p.id: p.home for p in model.players}
    withdrawn = {p.id for p in model.players if p.withdrawn}
    standings = compute_standings(model, fmt, scorer=scorer_with(scoring_systems(db)))
    awards = compute_awards(model, fmt, standings)

    pools = {fmt.pool.bonus_round: pool_boards(db, fmt.pool.bonus_round)} if fmt.pool else {}
    boards = [
        rd.BoardSheet(
            round=board.round_number, number=board.number, top_board=board.top_board,
            seats=tuple(rd.SeatLine(s.power, s.player_name, s.centers, s.score)
                        for s in board.seats),
            end_year=board.end_year,  # how it ended in words on paper, not the stored key
            end_reason=END_REASONS.get(board.end_reason or "", board.end_reason),
            finished=board.status in ("finished", "scored"),
            pool_board=board.number in pools.get(board.round_number, ()),
        )
        for board in rounds.all_boards(db)
    ]
    lines = []
    for row in standings.rows:
        marks = ", ".join(m for m, on in (("pool", row.in_pool), ("top board", row.top_board))
                          if on)
        lines.append(rd.StandingLine(
            rank=row.rank, player=row.name or names.get(row.player, row.player),
            home=homes.get(row.player, ""), score=row.score,
            rounds=tuple(rd.RoundCell(e.round, e.score, e.counted, e.dropped)
                         for e in row.rounds),
            marks=marks, reason=row.reason, withdrawn=row.player in withdrawn, tie=row.tie,
        ))
    departures = tuple(
        rd.DepartureLine(d.round_number, d.board_number, d.power, d.phase, d.left,
                         d.replaced_by or "", scoring_words(d.leaver_scoring, d.leaver_score),
                         scoring_words(d.finisher_scoring, d.finisher_score), d.text)
        for d in replacements(db))
    best = [a for a in awards.awards if a.kind == "best-country"]
    others = [a for a in awards.awards if a.kind != "best-country"]
    schedule_name = getattr(fmt, "clock_schedule", fmt.name)
    clock = get_clock_format(schedule_name)
    schedule = build_schedule(schedule_name, clock.rules)
    return rd.ReportData(
        tournament=info.name, venue=info.venue, dates=_dates(info), format_title=fmt.title,
        rounds_planned=info.rounds_planned, boards=tuple(boards), standings=tuple(lines),
        standings_through=standings.through,
        awards=tuple(_award_line(a, names) for a in others),
        best_countries=tuple(
            rd.BestCountryLine(a.power or "", tuple(names.get(p, p) for p in a.players), a.value,
                               _best_game(boards, a.power or "",
                                          {names.get(p, p) for p in a.players}, a.value))
            for a in best
        ),
        schedule=tuple(rd.ScheduleLine(s.year, s.season, s.kind, s.seconds)
                       for s in schedule.segments),
        departures=departures,
        sit_outs=tuple(rd.SitOutLine(number, name, reason)
                       for number in sorted({b.round for b in boards})
                       for _pid, name, reason in sit_outs(db, number)),
    )


# The document builders load reportlab and openpyxl (about a second): imported when a document is
# written, not when the program starts.


def with_rating(db: TournamentDb, data: rd.ReportData,
                compression: str = DEFAULT_COMPRESSION) -> rd.ReportData:
    """The report data with the EADiplomacy rating added (only the rating document needs it):
    the reading of the compression used, and the worked example of each reading."""
    view = rating_view(db, compression=compression)
    return replace(
        data,
        rating=tuple(rd.RatingEntry(x.rank, x.player, x.rating, x.change, x.games)
                     for x in view.lines),
        rating_boards=tuple(rd.RatingExplained(b.title, b.explanation) for b in view.boards),
        rating_compression=f"Compression used: {view.used.title}. {view.used.words}",
        rating_examples=tuple(
            rd.RatingExplained(f"Worked example, {r.title}"
                               + (" (used here)" if r.mode == compression else ""), r.example)
            for r in view.readings),
    )


def export_pdf(db: TournamentDb, target: Path, what: str = "all", paper: str = "a4",
               compression: str = DEFAULT_COMPRESSION) -> Path:
    # lazy, for speed: reportlab loads (about 0.1 s) only when a PDF is asked for
    from tdapp.reports.pdf_base import PageSetup
    from tdapp.reports.pdf_export import write_pdf

    data = report_data(db)
    if what == "rating":
        data = with_rating(db, data, compression)
    return write_pdf(data, target, what, PageSetup(paper=paper))


def export_certificates(db: TournamentDb, target: Path, *, text_only: bool = False,
                        paper: str = "a4") -> Path:
    # lazy, for speed: reportlab loads (about 0.1 s) only when certificates are asked for
    from tdapp.reports.certificates import write_certificates
    from tdapp.reports.pdf_base import PageSetup

    return write_certificates(report_data(db), target, text_only=text_only,
                              setup=PageSetup(paper=paper, landscape=True))


def export_workbook(db: TournamentDb, target: Path) -> Path:
    from tdapp.reports.excel import write_workbook  # lazy, for speed: openpyxl (about 0.3 s)

    return write_workbook(report_data(db), target)


def export_standings_csv(db: TournamentDb, target: Path) -> Path:
    """Final standings with names and locations (what the DBN asks organisers for)."""
    data = report_data(db)
    with atomic_path(Path(target)) as temporary, \
            open(temporary, "w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Rank", "Player", "Score", "Location"])
        for line in data.standings:
            # the score is the program's number ("-2" is a score): only typed text is guarded
            writer.writerow(["" if line.rank is None else line.rank, csv_text(line.player),
                             f"{line.score:g}", csv_text(line.home)])
    return Path(target)


def compare_with_sheet(db: TournamentDb, path: Path,
                       sheet: str | None = None) -> list[Difference]:
    """The differences between a TD's own spreadsheet and tdapp's standings."""
    from tdapp.reports.sheet_compare import compare_standings  # lazy: openpyxl (about 0.3 s)

    return compare_standings(list(report_data(db).standings), Path(path), sheet)
