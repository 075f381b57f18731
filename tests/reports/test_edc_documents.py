"""Issue 24 item 11, documents of EDC 2026 played whole (seed 003): the standings PDF says why a
player ranks above the next where the scores do not (a locked range of the final round's boards,
the board-topper, a count-back: Excel's "Why above the next"); it speaks of dropped rounds only
where rounds are dropped, and `tdapp export` prints no empty "Best countries" page."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from tdapp.commands.demo import write_demo
from tdapp.commands.export import main as export_main
from tdapp.reports.data import ReportData, RoundCell, StandingLine
from tdapp.reports.pdf_export import write_pdf
from tdapp.services.exports import report_data
from tdapp.services.files import open_tournament


@pytest.fixture(scope="module")
def edc_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("edc") / "edc.tdt"
    return write_demo(path, players=49, format_name="edc-2026", rounds_played=4)


def _text(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(pdf)).pages)


def test_edc_standings_pdf_says_why_where_scores_do_not(edc_file: Path, tmp_path: Path,
                                                        request: pytest.FixtureRequest) -> None:
    db = open_tournament(edc_file)
    try:
        data = report_data(db)
    finally:
        db.close()
    lines = [line for line in data.standings if line.rank is not None]
    # the demo's final round locks its boards' ranges: someone ranks above a higher score
    above = [(a, b) for a, b in zip(lines, lines[1:], strict=False) if b.score > a.score]
    assert above, "the demo should show a locked range"
    target = write_pdf(data, tmp_path / "standings.pdf", "standings")
    text = " ".join(_text(target).split())
    for line, _following in above:
        assert " ".join(line.reason.split()) in text, line.reason  # e.g. "... locked to places"
    assert "locked to places" in text
    # the plain ones ("higher score (534 against 526)") are not printed: the scores say it
    plain = next(a for a, b in zip(lines, lines[1:], strict=False) if a.score > b.score
                 and a.reason.startswith("higher score ("))
    assert plain.reason not in text
    assert "says why a player ranks above the next" in text and "[1]" in text
    assert "dropped" not in text  # EDC counts every round
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-r", "70", "-png", "-f", "2", "-l", "2", "-singlefile",
                        str(target), str(tmp_path / "edc-standings")], check=True, timeout=60)
        keep = request.config.getoption("--keep-screens", None) \
            or os.environ.get("TDAPP_KEEP_SCREENS")
        if keep:
            look = Path(keep) / "reports"
            look.mkdir(parents=True, exist_ok=True)
            shutil.copy(tmp_path / "edc-standings.png", look / "edc-standings.png")


def test_dropped_rounds_are_explained_where_there_are_some(tmp_path: Path) -> None:
    lines = (StandingLine(1, "Ann", "Leeds", 300.0, (RoundCell(1, 300.0, True),
                                                     RoundCell(2, 10.0, False, True))),
             StandingLine(2, "Bob", "Paris", 250.0, (RoundCell(1, 250.0, True),)))
    text = _text(write_pdf(ReportData("Day", standings=lines, standings_through=2),
                           tmp_path / "s.pdf", "standings"))
    assert "(10)" in text and "Scores in brackets are dropped rounds." in text


def test_export_all_prints_no_empty_best_countries_page(edc_file: Path, tmp_path: Path,
                                                       capsys) -> None:
    target = tmp_path / "all.pdf"
    assert export_main([str(edc_file), "--pdf", str(target), "--what", "all"]) == 0
    pages = [page.extract_text() for page in PdfReader(str(target)).pages]
    assert not any(p.startswith("Best countries") for p in pages)
    assert any(p.startswith("Awards") for p in pages)


def test_excel_workbook_has_no_empty_best_countries_sheet(edc_file: Path, tmp_path: Path) -> None:
    """A TD's pass through EDC 2026 (no best-country awards): File › Export › Excel workbook
    wrote an empty "Best countries" sheet, as `tdapp export` once printed an empty page."""
    from openpyxl import load_workbook

    from tdapp.reports.excel import write_workbook

    db = open_tournament(edc_file)
    try:
        data = report_data(db)
    finally:
        db.close()
    assert not data.best_countries
    book = load_workbook(write_workbook(data, tmp_path / "edc.xlsx"), read_only=True)
    assert book.sheetnames == ["Standings", "Rounds", "Boards", "Awards"]


def test_one_reason_shared_by_many_players_is_one_footnote(tmp_path: Path) -> None:
    """DBN 2025's knock-out places many players against their scores for one reason: the PDF
    printed the same footnote 33 times. Each distinct reason is said once, and every line it
    explains points at it."""
    knock_out = "placed by the knock-out final, not by score"
    lines = tuple(StandingLine(rank, f"P{rank}", "", 100.0 + rank, (RoundCell(1, 100.0 + rank,
                                                                        True),),
                               reason=knock_out) for rank in range(1, 6))
    lines += (StandingLine(6, "P6", "", 200.0, (RoundCell(1, 200.0, True),),
                           reason="tied; higher round-1 score"),
              StandingLine(7, "P7", "", 200.0, (RoundCell(1, 200.0, True),)))
    text = " ".join(_text(write_pdf(ReportData("Day", standings=lines, standings_through=1),
                                    tmp_path / "s.pdf", "standings")).split())
    assert text.count(knock_out) == 1, text
    assert f"[1] {knock_out}." in text and "[2] tied; higher round-1 score." in text
    assert text.count("[1]") == 1 + 5  # the footnote, and the five lines above a higher score
