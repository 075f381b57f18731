"""The DBN Invitational season exported as a PDF and an Excel workbook (seed 000): standings with
the points of each counted event, rookies and tie-breakers; the invitation list with why; the
semi-final assignment; the championship game's seeding and start."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest

from tdapp.core.tournament.season import QualifyingEvent, placement_points
from tdapp.services import season as season_service
from tdapp.services.season import SeasonFileError
from tests.season_helpers import make_season


def full_season(tmp_path: Path) -> Path:
    path = make_season(tmp_path)
    season_service.add_event(path, QualifyingEvent("=HYPERLINK(\"x\")", 6, 20, {"p40": 1},
                                                   date="2025-07-01"))
    view = season_service.season_view(path)
    assert view.stage is not None
    board1 = [s.player for s in view.stage.boards()[1]]
    season_service.replace_mid_game(path, 1, board1[-1], "F1904M")
    season_service.record_semifinal_winner(path, 2, view.stage.boards()[2][0].player, solo=True)
    season_service.set_championship_start(path, 2, "board")
    return path


def test_the_workbook_has_the_numbers(tmp_path: Path) -> None:
    """2.5.1: "Placement Points = 1.5 * (Event Score) / (1.5 + (Place-1)^1.17)". 2.5.2: "A
    player's Placement Points Total is the sum of their three largest Placement Points." 2.10
    rookies; 2.7 the invitation list; 3.2 the semi-final assignment; 4.3 "Solo in Semi-Final
    game" first."""
    path = full_season(tmp_path)
    target = season_service.export_season(path, tmp_path / "season.xlsx")
    book = openpyxl.load_workbook(target)
    assert book.sheetnames == ["Standings", "Invitations", "Semi-finals", "Championship"]
    standings = list(book["Standings"].iter_rows(values_only=True))
    header = standings[0]
    assert header[:4] == ("Rank", "Player", "Rookie", "Total")
    assert header[4:8] == ("Whipping", "WDC", "Carnage", "=HYPERLINK(\"x\")")
    view = season_service.season_view(path)
    for row, line in zip(standings[1:], view.standings.rows, strict=True):
        assert row[0] == line.rank and row[1] == line.player
        assert row[2] == ("R" if line.rookie else None)
        assert row[3] == pytest.approx(line.total)
        counted = [v for v in row[4:8] if v is not None]
        assert sum(counted) == pytest.approx(line.total) and len(counted) <= 3
    p01 = next(r for r in standings if r[1] == "p01")
    assert p01[4] == pytest.approx(placement_points(80, 1))  # won Whipping, a standard event
    assert p01[5] == pytest.approx(placement_points(100, 36))  # 36th at the WDC, a major
    # the event named like a formula is text, not a formula
    assert book["Standings"].cell(1, 8).data_type == "s"
    invites = list(book["Invitations"].iter_rows(values_only=True))[1:]
    assert [r[0] for r in invites] == list(range(1, 36))
    assert invites[0][4] == "straight to the championship game (2.9.2)"
    assert {r[3] for r in invites} >= {"defending champion", "won major event WDC"}
    assert sum(1 for r in invites if r[2] == "alternate") == 4
    assert sum(1 for r in invites if r[4] == "out for the season (replaced)") == 1
    semis = list(book["Semi-finals"].iter_rows(values_only=True))[1:]
    assert len(semis) == 28 and sum(1 for r in semis if "replaced by" in (r[5] or "")) == 1
    # 3.2.2: in a round with two boards, its top two seeds are on separate boards
    for round_number in (1, 2, 3):
        rows = sorted((r for r in semis if r[0] == round_number), key=lambda r: r[2])
        boards = sorted({r[1] for r in rows})
        assert len(rows) == 7 * len(boards)
        assert {r[1] for r in rows[:len(boards)]} == set(boards)
    final = list(book["Championship"].iter_rows(values_only=True))[1:]
    assert final[0][3].endswith("(solo)") and [r[2] for r in final[1:4]] == [1, 2, 3]
    assert final[-1][:2] == ("Start", view.championship_start)


def test_the_pdf_shows_every_part(tmp_path: Path) -> None:
    path = full_season(tmp_path)
    target = season_service.export_season(path, tmp_path / "season.pdf")
    assert target.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", "-layout", str(target), "-"], capture_output=True,
                              text=True, check=True).stdout
        for words in ("Standings", "Invitation list", "Semi-final assignment",
                      "Championship game", "defending champion", "won major event WDC",
                      "selected by the DBN Board", "replaced by"):
            assert words in text, words
    if shutil.which("pdftoppm"):  # every page renders
        subprocess.run(["pdftoppm", "-r", "30", "-png", str(target), str(tmp_path / "page")],
                       check=True)
        assert len(list(tmp_path.glob("page-*.png"))) >= 3

def test_an_unknown_export_kind_is_refused(tmp_path: Path) -> None:
    path = make_season(tmp_path)
    with pytest.raises(SeasonFileError, match=r"\.pdf or \.xlsx"):
        season_service.export_season(path, tmp_path / "season.docx")
    assert not (tmp_path / "season.docx").exists()
