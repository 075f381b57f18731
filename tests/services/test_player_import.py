"""Importing players from CSV and Excel: reading, guessing the columns, problems by line, Undo."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook

from tdapp.core.tournament.roster import guess_mapping, parse_power_preferences, parse_yes_no
from tdapp.resources import resource_path
from tdapp.services import history, players
from tdapp.services.changes import ServiceError
from tdapp.services.player_import import (
    ImportFileError,
    RowProblem,
    Table,
    apply_mapping,
    find_import_duplicates,
    import_players,
    mapped_rows,
    read_player_table,
)
from tdapp.services.tournaments import TournamentInfo, create_tournament

SAMPLE_CSV = resource_path("samples", "players-60.csv")
SAMPLE_XLSX = resource_path("samples", "players-60.xlsx")


@pytest.fixture
def db(tournament_path: Path):
    db = create_tournament(tournament_path, TournamentInfo("Import Open", "wdc-2025", 3))
    yield db
    db.close()


def write(tmp_path: Path, name: str, text: str, encoding: str = "utf-8") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def load(path: Path) -> tuple[list[players.PlayerData], list[RowProblem]]:
    table = read_player_table(path)
    return apply_mapping(table, guess_mapping(table.headers))


# ------------------------------------------------------------------ the sample file


def test_sample_csv_imports_60_players_in_one_undoable_action(db) -> None:
    table = read_player_table(SAMPLE_CSV)
    assert len(table.rows) == 60 and table.warnings == []
    mapping = guess_mapping(table.headers)
    assert mapping == {"name": 0, "home_town": 1, "country": 2, "club": 3, "email": 4,
                       "local_status": 5, "competing": 6, "notes": 7}
    found, problems = apply_mapping(table, mapping)
    assert problems == [] and len(found) == 60
    by_name = {p.name: p for p in found}
    assert by_name["Zoë Lefèvre"].home_town == "Lyon"
    assert by_name["Łukasz Wójcik"].country == "Poland"
    assert by_name["Chloé Marchand"].local_status == "board_member"
    assert by_name["Paul Durand"].competing is False
    assert sum(p.local_status == "traveller" for p in found) > 30

    change = import_players(db, found, SAMPLE_CSV.name)
    assert change.description == "Import 60 players from players-60.csv"
    assert len(players.list_players(db)) == 60
    assert len(find_import_duplicates(db, found)) == 60  # importing twice is flagged
    history.undo(db)
    assert players.list_players(db) == []
    history.redo(db)
    assert len(players.list_players(db)) == 60


def test_sample_xlsx_holds_the_same_players_as_the_csv() -> None:
    table = read_player_table(SAMPLE_XLSX)
    assert (table.sheet, table.sheets) == ("Players", ["Players", "About"])
    assert table.lines[0] == 2 and table.lines[-1] == 61
    assert load(SAMPLE_XLSX) == load(SAMPLE_CSV)


# ------------------------------------------------------------------ reading CSV


@pytest.mark.parametrize("delimiter", [";", ",", "\t", "|"])
def test_any_delimiter_is_sniffed(tmp_path: Path, delimiter: str) -> None:
    text = delimiter.join(["Name", "Town", "Country"]) + "\n"
    text += delimiter.join(["Ann Smith", "Leeds, West Yorkshire" if delimiter != "," else
                            '"Leeds, West Yorkshire"', "UK"]) + "\n"
    text += delimiter.join(["Bob Jones", "York", "UK"]) + "\n"
    found, problems = load(write(tmp_path, "p.csv", text))
    assert problems == []
    assert [(p.name, p.home_town) for p in found] == [
        ("Ann Smith", "Leeds, West Yorkshire"), ("Bob Jones", "York")]


def test_utf8_with_bom_and_utf16(tmp_path: Path) -> None:
    text = "Name;City\r\nZoë Lefèvre;Besançon\r\n"
    for encoding, name in (("utf-8-sig", "bom.csv"), ("utf-16", "excel-unicode.txt")):
        table = read_player_table(write(tmp_path, name, text, encoding))
        assert table.headers == ["Name", "City"] and table.warnings == []
        assert table.rows == [["Zoë Lefèvre", "Besançon"]]


def test_latin1_file_is_read_with_a_warning(tmp_path: Path) -> None:
    path = write(tmp_path, "old.csv", "Name;Ville\nAnn;Paris\nZoë Lefèvre;Besançon\n", "cp1252")
    table = read_player_table(path)
    assert table.rows[1] == ["Zoë Lefèvre", "Besançon"]
    assert len(table.warnings) == 1
    assert "not UTF-8 (first at line 3)" in table.warnings[0]


def test_quoted_values_across_lines_keep_line_numbers(tmp_path: Path) -> None:
    text = ('Name,Notes\n'
            'Ann,"arrives late,\nleaves early"\n'
            '\n'
            'Bob,\n'
            ',only a note\n')
    table = read_player_table(write(tmp_path, "p.csv", text))
    assert table.lines == [2, 5, 6]
    found, problems = apply_mapping(table, guess_mapping(table.headers))
    assert found[0].notes == "arrives late, leaves early"
    assert problems == [RowProblem(6, "Name", "there is no name")]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('Name,Town\nAnn,Leeds\nBob,"York\nCarl,Hull\n', r"bad\.csv, line 3: a value opened"),
        ('Name,Town\nAnn,Leeds\nBob,York "Minster" x\n'.replace('York "', '"York" "'),
         r"bad\.csv, line 3: a quote"),
        ("Name,Town\nAnn,Le\x00eds\n", r"bad\.csv, line 2: a NUL character"),
        ("\n \n", r"bad\.csv is empty"),
    ],
)
def test_malformed_csv_names_the_line(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ImportFileError, match=message):
        read_player_table(write(tmp_path, "bad.csv", text))


def test_not_a_table_at_all(tmp_path: Path) -> None:
    old = tmp_path / "old.xls"
    old.write_bytes(b"\xd0\xcf\x11\xe0" + bytes(100))
    with pytest.raises(ImportFileError, match="old Excel .xls"):
        read_player_table(old)
    fake = write(tmp_path, "fake.xlsx", "Name\nAnn\n")
    with pytest.raises(ImportFileError, match="not a readable Excel workbook"):
        read_player_table(fake)
    broken_zip = tmp_path / "broken.xlsx"
    broken_zip.write_bytes(b"PK\x03\x04" + b"garbage" * 10)
    with pytest.raises(ImportFileError, match="not a readable Excel workbook"):
        read_player_table(broken_zip)
    with pytest.raises(ImportFileError, match="cannot be read"):
        read_player_table(tmp_path / "missing.csv")
    ods = tmp_path / "calc.ods"
    ods.write_bytes(b"PK\x03\x04mimetypeapplication/vnd.oasis.opendocument.spreadsheet")
    with pytest.raises(ImportFileError, match="save it as .xlsx or CSV"):
        read_player_table(ods)


def test_title_lines_above_the_header_are_left_out(tmp_path: Path) -> None:
    text = ("Leeds Open 2026 - registrations\n"
            "exported 1 May;;\n"
            "\n"
            "Name;Town;Club\n"
            "Ann Smith;Leeds;\n"
            "Bob Jones;;\n")
    table = read_player_table(write(tmp_path, "reg.csv", text))
    assert table.headers == ["Name", "Town", "Club"]
    assert table.lines == [5, 6]
    assert table.warnings == [
        "reg.csv: lines 1, 2 above the header (line 4) were left out."]
    workbook = Workbook()
    workbook.active.append(["Registrations"])
    workbook.active.append(["Name", "Town"])
    workbook.active.append(["Ann Smith", "Leeds"])
    workbook.save(tmp_path / "reg.xlsx")
    table = read_player_table(tmp_path / "reg.xlsx")
    assert (table.headers, table.lines) == (["Name", "Town"], [3])
    assert "line 1 above the header (line 2) was left out" in table.warnings[0]


# ------------------------------------------------------------------ reading Excel


def test_excel_sheet_choice_and_cell_types(tmp_path: Path) -> None:
    workbook = Workbook()
    workbook.active.title = "Notes"
    workbook.active.append(["nothing here"])
    sheet = workbook.create_sheet("Entrants")
    sheet.append(["First name", "Last name", "Competing", "Latitude", "Longitude", None, None])
    sheet.append([None])
    sheet.append(["Ann", "Smith", True, 53.8, -1.55, None, None])
    sheet.append(["Bob", "Jones", False, 54, 1, None, None])
    path = tmp_path / "entrants.xlsx"
    workbook.save(path)

    table = read_player_table(path, sheet="Entrants")
    assert table.headers == ["First name", "Last name", "Competing", "Latitude", "Longitude"]
    assert table.rows[1] == ["Bob", "Jones", "no", "54", "1"]
    assert table.lines == [3, 4]
    found, problems = apply_mapping(table, guess_mapping(table.headers))
    assert problems == []
    assert [(p.name, p.competing, p.latitude) for p in found] == [
        ("Ann Smith", True, 53.8), ("Bob Jones", False, 54.0)]
    with pytest.raises(ImportFileError, match="no sheet called 'Players'.*Notes, Entrants"):
        read_player_table(path, sheet="Players")
    assert read_player_table(path).headers == ["nothing here"]  # the first sheet by default


# ------------------------------------------------------------------ guessing the columns


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        (["Vorname", "Nachname", "Wohnort", "Land", "Verein", "E-Mail"],
         {"first_name": 0, "last_name": 1, "home_town": 2, "country": 3, "club": 4, "email": 5}),
        (["Nom", "Prénom", "Ville", "Pays", "Courriel", "Remarques"],
         {"last_name": 0, "first_name": 1, "home_town": 2, "country": 3, "email": 4, "notes": 5}),
        (["Nome", "Cognome", "Città", "Paese"],
         {"first_name": 0, "last_name": 1, "home_town": 2, "country": 3}),
        (["Naam", "Woonplaats", "Land", "Opmerkingen"],
         {"name": 0, "home_town": 1, "country": 2, "notes": 3}),
        (["Player's name", "Home", "E-mail address", "Club name", "Not competing", "Status"],
         {"name": 0, "home_town": 1, "email": 2, "club": 3, "not_competing": 4,
          "local_status": 5}),
        (["ID", "Full Name", "City", "Preferences", "lat", "lng"],
         {"name": 1, "home_town": 2, "power_preferences": 3, "latitude": 4, "longitude": 5}),
        (["Surname", "Given name", "Town/City"],
         {"last_name": 0, "first_name": 1, "home_town": 2}),
    ],
)
def test_guess_mapping_in_several_languages(headers: list[str], expected: dict) -> None:
    assert guess_mapping(headers) == expected


def test_french_file_with_family_name_first(tmp_path: Path) -> None:
    path = write(tmp_path, "inscrits.csv", "Nom;Prénom;Ville\nLefèvre;Zoë;Lyon\n")
    found, problems = load(path)
    assert problems == [] and found[0].name == "Zoë Lefèvre"


# ------------------------------------------------------------------ problems by line


def test_bad_lines_are_reported_and_good_ones_kept(tmp_path: Path) -> None:
    text = (
        "Name,Email,Status,Competing,Powers\n"
        "Ann Smith,ann@example.org,club member,yes,AEF\n"
        ",nobody@example.org,,,\n"
        "Bob Jones,bob-at-home,traveller,yes,\n"
        "Carl Hill,,visiting dignitary,maybe,\n"
        "Dee Wu,,local,no,England France\n"
        "Eve Stone,,,,Austria Austria\n"
        "Fay Lin,extra,,,,surplus\n"
    )
    found, problems = load(write(tmp_path, "entries.csv", text))
    assert [p.name for p in found] == ["Ann Smith", "Dee Wu"]
    assert found[0].power_preferences == "AEF" and found[1].power_preferences == "EF"
    assert found[1].competing is False and found[1].local_status == "local"
    where = [(p.row, p.column) for p in problems]
    assert where == [(3, "Name"), (4, "Email"), (5, "Status"), (5, "Competing"),
                     (7, "Powers"), (8, "")]
    assert "not an e-mail address" in problems[1].message
    assert "unknown local status 'visiting dignitary'" in problems[2].message
    assert "'maybe' is not yes or no" in problems[3].message
    assert "6 values but the header has 5 columns" in problems[5].message
    assert str(problems[1]) == "line 4, Email: 'bob-at-home' is not an e-mail address"


def test_mapped_rows_give_the_preview_line_by_line(tmp_path: Path) -> None:
    table = read_player_table(write(tmp_path, "p.csv", "Name,Email\n\nAnn,x\nBob,\n"))
    rows = mapped_rows(table, guess_mapping(table.headers))
    assert [(r.line, r.player is None, len(r.problems)) for r in rows] == [
        (3, True, 1), (4, False, 0)]
    with pytest.raises(ServiceError, match="Unknown field"):
        mapped_rows(table, {"nickname": 0})
    assert mapped_rows(table, {"name": 0, "email": None})[0].player.name == "Ann"


def test_a_table_without_line_numbers_counts_from_line_2() -> None:
    table = Table(["Name"], [["Ann"], [""], ["Bob"]])
    assert table.line_of(2) == 4
    found, problems = apply_mapping(table, {"name": 0})
    assert [p.name for p in found] == ["Ann", "Bob"] and problems == []


def test_duplicates_within_the_file_and_against_the_tournament(db, tmp_path: Path) -> None:
    players.add_player(db, players.PlayerData("Ann Smith", email="ann@example.org"))
    path = write(tmp_path, "p.csv", "Name,Email\nann smith,\nA. Smith,ANN@example.org\n"
                 "Bob,\nBob,\n")
    found, _ = load(path)
    duplicates = find_import_duplicates(db, found)
    assert set(duplicates) == {0, 1, 3}
    assert "already in the tournament" in duplicates[0]
    assert "same e-mail" in duplicates[1]
    assert "line 3 of this import" in duplicates[3]


def test_import_of_nothing_is_refused(db) -> None:
    with pytest.raises(ServiceError, match="no players to import"):
        import_players(db, [])


def test_yes_no_and_powers_words() -> None:
    assert [parse_yes_no(w) for w in ("Yes", "x", "Ja", "oui", "✓", "No", "nein", "-", "?")] == [
        True, True, True, True, True, False, False, False, None]
    assert parse_power_preferences("a e f") == "AEF"
    assert parse_power_preferences("Turkey > Russia") == "TR"
    assert parse_power_preferences("tr") == "TR"
    assert parse_power_preferences("AXF") is None
    assert parse_power_preferences("Prussia") is None
