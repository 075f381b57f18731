"""Exporting the players list to CSV and Excel, and importing the export back."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook

from tdapp.core.tournament.roster import guess_mapping
from tdapp.services import players
from tdapp.services.player_export import (
    EXPORT_COLUMNS,
    export_players_csv,
    export_players_xlsx,
)
from tdapp.services.player_import import (
    apply_mapping,
    import_players,
    read_player_table,
    seeds_held,
)
from tdapp.services.tournaments import TournamentInfo, create_tournament

PEOPLE = [
    players.PlayerData("Zoë Lefèvre", home_town="Lyon", country="France", club="Lyon Diplo",
                       local_status="club_member", email="zoe@example.org",
                       notes='Says "bonjour", twice', power_preferences="FIT",
                       latitude=45.76, longitude=4.84, seed=2, pinned_board=3,
                       declined_top_board=True),
    players.PlayerData("=SUM(A1:A9)", home_town="Formula Town", seed=10),  # must stay text
    players.PlayerData("Paul Durand", competing=False, notes="Assistant TD\nsecond line"),
    players.PlayerData("Ann Smith", local_status="board_member", seed=1, pinned_board=12),
]


@pytest.fixture
def db(tournament_path: Path):
    db = create_tournament(tournament_path, TournamentInfo("Export Open", "wdc-2025", 3))
    players.add_players(db, PEOPLE, "Add")
    ann = next(p for p in players.list_players(db) if p.name == "Ann Smith")
    players.set_withdrawn(db, ann.id, True)
    yield db
    db.close()


def as_data(rows: list[players.PlayerRow]) -> list[players.PlayerData]:
    fields = players.PlayerData.__dataclass_fields__
    return [players.PlayerData(**{f: getattr(r, f) for f in fields}) for r in rows]


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_export_imports_back_unchanged(db, tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"players{suffix}"
    export = export_players_csv if suffix == ".csv" else export_players_xlsx
    assert export(db, path) == 4
    table = read_player_table(path)
    assert table.headers == [title for title, _ in EXPORT_COLUMNS]
    mapping = guess_mapping(table.headers)
    assert set(mapping) == {"name", "home_town", "country", "club", "local_status", "email",
                            "competing", "power_preferences", "latitude", "longitude", "notes",
                            "seed", "pinned_board", "declined_top_board"}
    found, problems = apply_mapping(table, mapping)
    assert problems == []
    expected = as_data(players.list_players(db))
    # Values are read back one line each (the import joins a note's lines with a space).
    expected = [p if "\n" not in p.notes else
                players.PlayerData(**{**p.__dict__, "notes": " ".join(p.notes.split())})
                for p in expected]
    assert found == expected
    assert [(p.seed, p.pinned_board) for p in found] == [
        (10, None), (1, 12), (None, None), (2, 3)]  # by name: "=SUM…", Ann, Paul, Zoë
    assert [p.declined_top_board for p in found] == [False, False, False, True]
    assert not path.with_name(path.name + ".partial").exists()


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_an_export_goes_into_a_new_tournament_with_its_seeds(db, tmp_path: Path,
                                                             suffix: str) -> None:
    """Exported from one tournament, imported into another: the seeds and pinned boards come
    along; imported into the same tournament again, every seed is a problem on its line."""
    path = tmp_path / f"players{suffix}"
    (export_players_csv if suffix == ".csv" else export_players_xlsx)(db, path)
    table = read_player_table(path)
    mapping = guess_mapping(table.headers)
    again, problems = apply_mapping(table, mapping, seeds_held(players.list_players(db)))
    assert [p.name for p in again] == ["Paul Durand"]
    # Paul's two-line note takes two lines of the CSV: Zoë is on line 6 there, row 5 in Excel.
    zoe = 6 if suffix == ".csv" else 5
    assert [(p.row, p.column) for p in problems] == [(2, "Seed"), (3, "Seed"), (zoe, "Seed")]
    assert problems[1].message == "seed 1 is already Ann Smith's; each seed is given once"

    other = create_tournament(tmp_path / "other.tdt", TournamentInfo("Other Open", "dbn-2025", 1))
    try:
        found, problems = apply_mapping(table, mapping, seeds_held(players.list_players(other)))
        assert problems == []
        import_players(other, found, path.name)
        back = {p.name: (p.seed, p.pinned_board) for p in players.list_players(other)}
        assert back == {p.name: (p.seed, p.pinned_board) for p in PEOPLE}
    finally:
        other.close()


def test_seed_and_pinned_board_columns_are_whole_numbers(db, tmp_path: Path) -> None:
    path = tmp_path / "players.xlsx"
    export_players_xlsx(db, path)
    sheet = load_workbook(path).active
    headers = [c.value for c in sheet[1]]
    rows = {row[0].value: row for row in sheet.iter_rows(min_row=2)}
    ann = rows["Ann Smith"]
    assert ann[headers.index("Seed")].value == 1
    assert ann[headers.index("Pinned board")].value == 12
    assert rows["Paul Durand"][headers.index("Seed")].value is None  # unset: an empty cell


def test_csv_has_a_bom_for_excel_and_the_withdrawn_column(db, tmp_path: Path) -> None:
    path = tmp_path / "players.csv"
    export_players_csv(db, path, delimiter=";")
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbfName;Home town;")
    table = read_player_table(path)
    ann = next(row for row in table.rows if row[0] == "Ann Smith")
    assert ann[table.headers.index("Withdrawn")] == "yes"
    assert ann[table.headers.index("Local status")] == "Local board member"
    assert export_players_csv(db, path, include_withdrawn=False) == 3


def test_xlsx_keeps_text_as_text(db, tmp_path: Path) -> None:
    path = tmp_path / "players.xlsx"
    export_players_xlsx(db, path)
    sheet = load_workbook(path).active
    assert sheet.title == "Players" and sheet.freeze_panes == "A2"
    names = {row[0].value: row[0] for row in sheet.iter_rows(min_row=2)}
    assert names["=SUM(A1:A9)"].data_type == "s"
    boards_column = [c.value for c in sheet[1]].index("Boards played")
    assert all(row[boards_column].value == 0 for row in sheet.iter_rows(min_row=2))


def test_export_into_a_missing_folder_is_a_clear_error(db, tmp_path: Path) -> None:
    from tdapp.services.changes import ServiceError

    with pytest.raises(ServiceError, match="players.csv cannot be written"):
        export_players_csv(db, tmp_path / "no such folder" / "players.csv")
