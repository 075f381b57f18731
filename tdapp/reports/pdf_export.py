"""The PDF a TD prints: choose what goes in, and write it atomically."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from tdapp.reports import pdf_sections as sections
from tdapp.reports.data import ReportData
from tdapp.reports.pdf_base import PageSetup, build_pdf

WHAT = ("standings", "board-call", "results", "awards", "score-sheets", "schedule", "rating",
        "all")


def _board_call(data: ReportData, width: float) -> list[list[Flowable]]:
    latest = data.latest_called_round()
    if latest is None:
        return [sections.title_block(data, "Board call") + [
            sections.paragraph("No round has been seated yet.")]]
    return [sections.board_call_by_board(data, latest), sections.board_call_by_player(data, latest)]


def _results(data: ReportData, width: float) -> list[list[Flowable]]:
    return [sections.round_results(data, r) for r in data.rounds_with_boards()]


def _awards(data: ReportData, width: float) -> list[list[Flowable]]:
    return [sections.awards(data), sections.best_countries(data)]


def _score_sheets(data: ReportData, width: float) -> list[list[Flowable]]:
    latest = data.latest_called_round()
    return [sections.score_sheets(data, latest)] if latest else []


# Each section builder takes the data and the usable page width.
SECTIONS: dict[str, Callable[[ReportData, float], list[list[Flowable]]]] = {
    "board-call": _board_call,
    "results": _results,
    "standings": lambda d, width: [sections.standings(d, width)],
    "awards": _awards,
    "score-sheets": _score_sheets,
    "schedule": lambda d, width: [sections.clock_schedule(d)] if d.schedule else [],
    "rating": lambda d, width: [sections.rating(d)],
}
ALL_ORDER = ("standings", "awards", "results", "board-call")


def write_pdf(data: ReportData, target: Path, what: str = "all",
              setup: PageSetup = PageSetup()) -> Path:
    if what not in WHAT:
        raise ValueError(f"unknown document {what!r}; choose from {', '.join(WHAT)}")
    width = setup.size()[0] - 30 * mm
    chosen = ALL_ORDER if what == "all" else (what,)
    parts: list[list[Flowable]] = []
    for name in chosen:
        parts += SECTIONS[name](data, width)
    title = f"{data.tournament} — {what.replace('-', ' ')}"
    return build_pdf(Path(target), sections.page_break_between(parts), title=title,
                     header=data.tournament, setup=setup)
