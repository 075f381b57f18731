"""Issue 24 item 12e and 12f: tied places and the team champion in the Excel workbook, and
the printed round scores against the printed total (WDC 2018: 163.18 shown against 163.19)."""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook
from pypdf import PdfReader

from tdapp.reports.data import AwardLine, ReportData, RoundCell, StandingLine
from tdapp.reports.excel import write_workbook
from tdapp.reports.pdf_export import write_pdf
from tdapp.reports.pdf_sections import rounding_note

# Three rounds of 54.393 + 54.393 + 54.403 = 163.189: printed 54.39 + 54.39 + 54.4 = 163.18,
# total printed 163.19.
ROUNDS = (RoundCell(1, 54.393), RoundCell(2, 54.393), RoundCell(3, 54.403))
DATA = ReportData(
    "WDC 2018", standings_through=3,
    standings=(StandingLine(1, "Ann Able", "Chapel Hill", 163.189, ROUNDS),
               StandingLine(2, "Bob Baker", "Paris", 150.0, (RoundCell(1, 50.0),) * 3,
                            tie="shared"),
               StandingLine(2, "Cy Cole", "Leeds", 150.0, (RoundCell(1, 50.0),) * 3,
                            tie="shared")),
    awards=(AwardLine("Team champion", ("Ann Able", "Bob Baker"), "best team", 300.0,
                      team="Yonder"),))


def test_excel_marks_a_shared_place_and_names_the_team(tmp_path: Path) -> None:
    book = load_workbook(write_workbook(DATA, tmp_path / "r.xlsx"))
    sheet = book["Standings"]
    assert [sheet.cell(r, 1).value for r in (2, 3, 4)] == [1, 2, 2]  # still sorts as numbers
    assert [sheet.cell(r, 1).number_format for r in (3, 4)] == ['0"="'] * 2  # shown "2="
    assert sheet.cell(2, 1).number_format != '0"="'
    awards = book["Awards"]
    assert awards.cell(2, 2).value == "Yonder: Ann Able, Bob Baker"


def test_the_pdf_says_how_totals_are_rounded(tmp_path: Path) -> None:
    note = rounding_note(DATA)
    assert "54.39 + 54.39 + 54.4 = 163.19" in note and "unrounded" in note
    text = " ".join(page.extract_text() for page in PdfReader(
        write_pdf(DATA, tmp_path / "r.pdf")).pages)
    assert "unrounded" in " ".join(text.split())
    assert "Yonder: Ann Able" in " ".join(text.split())
    assert rounding_note(ReportData("X", standings=DATA.standings[1:])) == ""
