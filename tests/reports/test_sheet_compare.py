from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook

from tdapp.reports.data import StandingLine
from tdapp.reports.sheet_compare import SheetError, compare_standings

OURS = [
    StandingLine(1, "Hélène Dubois", "Paris", 250.5, ()),
    StandingLine(2, "Bob Smith", "Leeds", 200.0, ()),
    StandingLine(3, "Carl Jung", "Zürich", 150.25, ()),
]


def sheet(tmp_path: Path, rows: list[list]) -> Path:
    book = Workbook()
    ws = book.active
    ws.append(["My tournament"])  # a title row above the header, as TDs do
    for row in rows:
        ws.append(row)
    path = tmp_path / "mine.xlsx"
    book.save(path)
    return path


def test_identical_sheet_has_no_differences(tmp_path: Path) -> None:
    path = sheet(tmp_path, [["Place", "Name", "Total"], [1, "helene dubois", 250.5],
                            [2, "Bob  Smith", 200], [3, "Carl Jung", 150.25]])
    assert compare_standings(OURS, path) == []


def test_every_kind_of_difference_is_listed(tmp_path: Path) -> None:
    path = sheet(tmp_path, [["Rank", "Player", "Score"], [1, "Hélène Dubois", 250.5],
                            [3, "Bob Smith", 201.0], [4, "Dora Maar", 10]])
    found = {(d.player, d.what): d for d in compare_standings(OURS, path)}
    assert set(found) == {("Bob Smith", "score"), ("Bob Smith", "rank"),
                          ("Carl Jung", "missing"), ("Dora Maar", "extra")}
    assert found[("Bob Smith", "score")].describe() == (
        "Bob Smith (row 4 of your sheet): your score is 201.0, tdapp's is 200.0.")
    assert found[("Dora Maar", "extra")].row == 5


def test_unreadable_sheets_are_explained(tmp_path: Path) -> None:
    with pytest.raises(SheetError, match="No header row"):
        compare_standings(OURS, sheet(tmp_path, [["a", "b"], [1, 2]]))
    with pytest.raises(SheetError, match="not a number"):
        compare_standings(OURS, sheet(tmp_path, [["Name", "Score"], ["Bob Smith", "lots"]]))
    bogus = tmp_path / "bogus.xlsx"
    bogus.write_text("not a workbook")
    with pytest.raises(SheetError, match="cannot be read"):
        compare_standings(OURS, bogus)


def test_tdapp_export_compares_clean_with_itself(demo_file: Path, tmp_path: Path) -> None:
    import shutil

    from tdapp.services.exports import compare_with_sheet, export_workbook
    from tdapp.store.files import open_tournament_file

    copy = tmp_path / "demo.tdt"
    shutil.copy(demo_file, copy)
    db = open_tournament_file(copy)
    try:
        export_workbook(db, tmp_path / "ours.xlsx")
        assert compare_with_sheet(db, tmp_path / "ours.xlsx") == []
    finally:
        db.close()
