"""Every document is read back (PDF text, workbook cells) and checked against the standings."""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from tdapp.reports.pdf_sections import number


def run_tdapp(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tdapp", *args], capture_output=True, text=True,
                          timeout=300)


@pytest.fixture(scope="module")
def standings(demo_file: Path) -> dict:
    result = run_tdapp("standings", str(demo_file))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def pdf_text(path: Path) -> list[str]:
    """Each page's text, laid out in lines as printed (cells of a row stay on one line)."""
    return [page.extract_text(extraction_mode="layout") for page in PdfReader(str(path)).pages]


def test_standings_contract_shape(standings: dict) -> None:
    assert standings["tournament"] == "Demo Open"
    rows = standings["standings"]
    assert len(rows) == 49
    assert [r["rank"] for r in rows][:1] == [1]
    scores = [r["score"] for r in rows]
    assert scores == sorted(scores, reverse=True)
    for row in rows:
        assert set(row) >= {"rank", "player", "score", "rounds"}
        counted = [e["score"] for e in row["rounds"] if e["counted"]]
        assert row["score"] == pytest.approx(sum(counted))


def test_excel_standings_match_tdapp_standings(demo_file: Path, standings: dict,
                                               tmp_path: Path) -> None:
    target = tmp_path / "out.xlsx"
    result = run_tdapp("export", str(demo_file), "--xlsx", str(target))
    assert result.returncode == 0, result.stderr
    book = load_workbook(target)
    assert book.sheetnames == ["Standings", "Rounds", "Boards", "Best countries", "Awards"]
    sheet = book["Standings"]
    header = [c.value for c in sheet[1]]
    assert header[:3] == ["Rank", "Player", "Score"]
    assert sheet.freeze_panes == "A2"
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert [(r[0], r[1], r[2]) for r in rows] == [
        (s["rank"], s["player"], pytest.approx(s["score"])) for s in standings["standings"]
    ]
    boards = list(book["Boards"].iter_rows(min_row=2, values_only=True))
    assert len(boards) == 2 * 7 * 7  # two rounds of seven boards of seven
    for board in {(r[0], r[1]) for r in boards}:
        centres = [r[5] for r in boards if (r[0], r[1]) == board]
        assert sum(centres) <= 34
    assert all(not str(c.value).startswith("=") for row in sheet.iter_rows() for c in row)


def test_pdf_standings_match_tdapp_standings(demo_file: Path, standings: dict,
                                             tmp_path: Path) -> None:
    target = tmp_path / "standings.pdf"
    result = run_tdapp("export", str(demo_file), "--pdf", str(target), "--what", "standings")
    assert result.returncode == 0, result.stderr
    pages = pdf_text(target)
    text = "\n".join(pages)
    assert f"page 1 of {len(pages)}" in pages[0]
    ranks = [row["rank"] for row in standings["standings"]]
    for row in standings["standings"]:
        line = next(x for x in text.splitlines() if row["player"] in x)
        cells = line.split()
        assert number(row["score"]) in cells, line
        if row["rank"] is not None:  # a shared place prints "19=" (issue 14)
            shared = "=" if ranks.count(row["rank"]) > 1 else ""
            assert cells[0] == f"{row['rank']}{shared}", line
    order = [text.index(row["player"]) for row in standings["standings"]]
    assert order == sorted(order)


def test_full_pdf_has_every_section_and_accented_names(demo_file: Path, tmp_path: Path) -> None:
    target = tmp_path / "all.pdf"
    assert run_tdapp("export", str(demo_file), "--pdf", str(target)).returncode == 0
    text = "\n".join(pdf_text(target))
    for heading in ("Standings after round 2", "Awards", "Best countries", "Round 1 — results",
                    "Round 2 — board call", "Round 2 — where do I play?"):
        assert heading in text
    accented = [ch for ch in "éèöüäåøłąęóíñ" if ch in text]
    assert accented, "accented letters of player names must print"


def test_letter_paper_and_atomic_write(demo_file: Path, tmp_path: Path) -> None:
    target = tmp_path / "letter.pdf"
    assert run_tdapp("export", str(demo_file), "--pdf", str(target), "--paper", "letter",
                     "--what", "board-call").returncode == 0
    box = PdfReader(str(target)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    assert [p.name for p in tmp_path.iterdir()] == ["letter.pdf"]  # no temporary file left


def test_certificates_one_page_per_winner(demo_file: Path, tmp_path: Path) -> None:
    framed, plain = tmp_path / "c.pdf", tmp_path / "t.pdf"
    assert run_tdapp("export", str(demo_file), "--certificates", str(framed)).returncode == 0
    assert run_tdapp("export", str(demo_file), "--certificates", str(plain),
                     "--text-only").returncode == 0
    pages = pdf_text(framed)
    assert "Champion" in pages[0] and "Certificate" in pages[0]
    assert any("Best France" in page for page in pages)  # best countries get certificates too
    assert "Certificate" not in pdf_text(plain)[0]
    assert len(pages) == len(pdf_text(plain))


def test_csv_standings_with_locations(demo_file: Path, standings: dict, tmp_path: Path) -> None:
    target = tmp_path / "final.csv"
    assert run_tdapp("export", str(demo_file), "--csv", str(target)).returncode == 0
    with open(target, encoding="utf-8-sig") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["Player"] for r in rows] == [s["player"] for s in standings["standings"]]
    assert all(r["Location"] for r in rows)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--pdf", "x.pdf"], "not a tdapp tournament file"),
        ([], "nothing to write"),
    ],
)
def test_bad_export_requests_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    fake = tmp_path / "fake.tdt"
    fake.write_text("hello")
    result = run_tdapp("export", str(fake), *args)
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stdout == ""
    assert fake.read_text() == "hello"


def test_reading_leaves_the_file_untouched(demo_file: Path) -> None:
    before = demo_file.read_bytes()
    assert run_tdapp("standings", str(demo_file)).returncode == 0
    assert demo_file.read_bytes() == before


def test_rating_document_lists_everyone_and_explains_each_board(demo_file: Path,
                                                                tmp_path: Path) -> None:
    target = tmp_path / "rating.pdf"
    result = run_tdapp("export", str(demo_file), "--pdf", str(target), "--what", "rating")
    assert result.returncode == 0, result.stderr
    text = "\n".join(pdf_text(target))
    assert "EADiplomacy rating" in text
    assert "Round 2, board 7" in text and "base score = 5 x players beaten" in text
    ratings = [int(line.split()[-3]) for line in text.splitlines()
               if line.strip() and line.split()[0].isdigit() and len(line.split()) >= 5
               and line.split()[-1] == "2"]
    assert len(ratings) == 49
    assert all(800 < r < 1200 for r in ratings)  # 1000 to start, two games of at most +-60
    # Seed 003's compression reads two ways: the document says which one is used and works
    # the example of each.
    text = " ".join(text.split())  # a heading may wrap
    assert "Compression used: S and n over the eliminated players' scores" in text
    assert "Worked example, S and n over the eliminated players' scores (used here)" in text
    assert "Worked example, S and n over all the scores of the board" in text
    other = tmp_path / "rating-all.pdf"
    result = run_tdapp("export", str(demo_file), "--pdf", str(other), "--what", "rating",
                       "--compression", "all")
    assert result.returncode == 0, result.stderr
    text = " ".join("\n".join(pdf_text(other)).split())
    assert "Compression used: S and n over all the scores of the board" in text
    assert "Worked example, S and n over all the scores of the board (used here)" in text


def test_how_a_board_ended_is_printed_in_words(demo_file: Path, tmp_path: Path) -> None:
    """QA: round results said "Board 1 — ended 1909 (last-year)" and the workbook's "How it
    ended" column held the stored keys."""
    from tdapp.services import exports
    from tdapp.services.results import END_REASONS
    from tdapp.store.files import open_tournament_file

    copy = tmp_path / "demo.tdt"
    shutil.copy(demo_file, copy)  # the shared demo file is never opened for writing
    db = open_tournament_file(copy)
    try:
        pdf = exports.export_pdf(db, tmp_path / "results.pdf", what="results")
        book = exports.export_workbook(db, tmp_path / "book.xlsx")
    finally:
        db.close()
    text = "\n".join(pdf_text(pdf))
    assert "ended 19" in text and "(last-year)" not in text and "(time)" not in text
    assert any(f"({words[0].lower()}{words[1:]})" in text for words in END_REASONS.values())
    sheet = load_workbook(book)["Boards"]
    header = [c.value for c in sheet[1]]
    ended = {row[header.index("How it ended")] for row in sheet.iter_rows(min_row=2,
                                                                          values_only=True)}
    assert ended and ended <= set(END_REASONS.values())
