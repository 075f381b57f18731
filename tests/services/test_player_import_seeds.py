"""Importing the DBN Invitational seed and a pinned board: header guesses, whole numbers checked
line by line, and each seed given once (in the file, and against the tournament) before
anything is saved."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook

from tdapp.core.tournament.roster import guess_mapping, parse_whole_number
from tdapp.services import players
from tdapp.services.player_import import (
    RowProblem,
    apply_mapping,
    import_players,
    mapped_rows,
    read_player_table,
    seeds_held,
)
from tdapp.services.tournaments import TournamentInfo, create_tournament


@pytest.fixture
def db(tournament_path: Path):
    db = create_tournament(tournament_path, TournamentInfo("DBN Invitational", "dbn-2025", 4))
    yield db
    db.close()


def load(path: Path, held: dict[int, str] | None = None
         ) -> tuple[list[players.PlayerData], list[RowProblem]]:
    table = read_player_table(path)
    return apply_mapping(table, guess_mapping(table.headers), held)


def write(tmp_path: Path, text: str, name: str = "seeds.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        (["Name", "Seed", "Pinned board"], {"name": 0, "seed": 1, "pinned_board": 2}),
        (["Player", "DBN seed", "Fixed table"], {"name": 0, "seed": 1, "pinned_board": 2}),
        (["Player", "Seed #", "Board"], {"name": 0, "seed": 1, "pinned_board": 2}),
        (["Nom", "Prénom", "Tête de série", "Table"],
         {"last_name": 0, "first_name": 1, "seed": 2, "pinned_board": 3}),
        (["Spieler", "Setzlistenplatz", "Tisch"], {"name": 0, "seed": 1, "pinned_board": 2}),
        (["Naam", "Plaatsing", "Tafel"], {"name": 0, "seed": 1, "pinned_board": 2}),
        (["Giocatore", "Testa di serie", "Tavolo"], {"name": 0, "seed": 1, "pinned_board": 2}),
        (["Jugador", "Cabeza de serie", "Mesa"], {"name": 0, "seed": 1, "pinned_board": 2}),
        (["Namn", "Seedning", "Bord"], {"name": 0, "seed": 1, "pinned_board": 2}),
        (["Gracz", "Rozstawienie", "Stół"], {"name": 0, "seed": 1, "pinned_board": 2}),
    ],
)
def test_seed_and_pinned_board_headers_are_guessed(headers: list[str], expected: dict) -> None:
    assert guess_mapping(headers) == expected


def test_boards_played_and_board_member_are_not_a_pinned_board() -> None:
    headers = ["Name", "Boards played", "Board member", "Rank", "Withdrawn"]
    assert guess_mapping(headers) == {"name": 0}


def test_whole_numbers_as_people_and_spreadsheets_write_them() -> None:
    assert [parse_whole_number(t) for t in ("7", " 12 ", "#3", "# 4", "7.0", "8,00")] == [
        7, 12, 3, 4, 7, 8]
    assert [parse_whole_number(t) for t in ("x1", "1.5", "-2", "seven", "")] == [None] * 5


def test_seeds_and_boards_are_read_and_bad_ones_named_by_column(tmp_path: Path) -> None:
    path = write(tmp_path, "Name,Seed,Pinned board\n"
                           "Ann Smith,1,\n"
                           "Bob Jones,x1,\n"
                           "Carla Rossi,0,4\n"
                           "Dieter Braun,10000,\n"
                           "Eve Novak,,b2\n"
                           "Farid Aziz,,1000\n"
                           "Greta Olsen,#12,3\n")
    found, problems = load(path)
    assert [(p.name, p.seed, p.pinned_board) for p in found] == [
        ("Ann Smith", 1, None), ("Greta Olsen", 12, 3)]
    assert [str(p) for p in problems] == [
        "line 3, Seed: 'x1' is not a seed (a whole number, 1 is the top seed)",
        "line 4, Seed: '0' is not a seed: seeds go from 1 to 9999",
        "line 5, Seed: '10000' is not a seed: seeds go from 1 to 9999",
        "line 6, Pinned board: 'b2' is not a board number (a whole number, the number of the "
        "table)",
        "line 7, Pinned board: '1000' is not a board number: boards go from 1 to 999",
    ]


def test_two_lines_giving_one_seed_point_at_each_other(db, tmp_path: Path) -> None:
    path = write(tmp_path, "Name,Seed\n"
                           "Ann Smith,1\n"
                           "Bob Jones,2\n"
                           "Carla Rossi,2\n"
                           "Dieter Braun,3\n"
                           "Eve Novak,2\n"
                           "Farid Aziz,\n")
    table = read_player_table(path)
    rows = mapped_rows(table, guess_mapping(table.headers))
    refused = {row.line: [p.message for p in row.problems] for row in rows if row.player is None}
    assert refused == {
        3: ["seed 2 is also given on lines 4, 6; each seed is given once"],
        4: ["seed 2 is also given on lines 3, 6; each seed is given once"],
        6: ["seed 2 is also given on lines 3, 4; each seed is given once"],
    }
    assert all(p.column == "Seed" for row in rows for p in row.problems)
    good = [row.player for row in rows if row.player is not None]
    assert [(p.name, p.seed) for p in good] == [
        ("Ann Smith", 1), ("Dieter Braun", 3), ("Farid Aziz", None)]
    # The good lines import as one action: the service never sees the clash.
    import_players(db, good, path.name)
    assert sorted((p.seed or 0) for p in players.list_players(db)) == [0, 1, 3]


def test_a_line_with_another_problem_still_counts_for_its_seed(tmp_path: Path) -> None:
    path = write(tmp_path, "Name,Email,Seed\nAnn Smith,not-an-address,5\nBob Jones,,5\n")
    found, problems = load(path)
    assert found == []
    assert [str(p) for p in problems] == [
        "line 2, Email: 'not-an-address' is not an e-mail address",
        "line 2, Seed: seed 5 is also given on line 3; each seed is given once",
        "line 3, Seed: seed 5 is also given on line 2; each seed is given once",
    ]


def test_a_seed_someone_in_the_tournament_holds_is_a_problem_on_its_line(db, tmp_path: Path
                                                                          ) -> None:
    players.add_player(db, players.PlayerData("Ann Smith", seed=1))
    withdrawn = players.add_player(db, players.PlayerData("Old Timer", seed=4)).ids[0]
    players.set_withdrawn(db, withdrawn, True)  # a withdrawn player keeps the seed
    held = seeds_held(players.list_players(db))
    assert held == {1: "Ann Smith", 4: "Old Timer"}
    path = write(tmp_path, "Name,Seed\nBob Jones,1\nCarla Rossi,2\nDieter Braun,4\n")
    found, problems = load(path, held)
    assert [p.name for p in found] == ["Carla Rossi"]
    assert [str(p) for p in problems] == [
        "line 2, Seed: seed 1 is already Ann Smith's; each seed is given once",
        "line 4, Seed: seed 4 is already Old Timer's; each seed is given once",
    ]
    import_players(db, found, path.name)
    assert {p.name: p.seed for p in players.list_players(db)}["Carla Rossi"] == 2


def test_excel_numbers_are_seeds_and_boards(db, tmp_path: Path) -> None:
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["Player", "Qualifying seed", "Pinned table"])
    sheet.append(["Ann Smith", 1, 7])
    sheet.append(["Bob Jones", 2.0, None])  # a number typed as 2.0 is still seed 2
    sheet.append(["Carla Rossi", 2.5, None])
    path = tmp_path / "seeds.xlsx"
    workbook.save(path)
    found, problems = load(path)
    assert [(p.name, p.seed, p.pinned_board) for p in found] == [
        ("Ann Smith", 1, 7), ("Bob Jones", 2, None)]
    assert [str(p) for p in problems] == [
        "line 4, Qualifying seed: '2.5' is not a seed (a whole number, 1 is the top seed)"]


def test_declined_top_board_is_read_as_yes_or_no(tmp_path) -> None:
    path = tmp_path / "players.csv"
    path.write_text("Name,Declined top board\nAnn Smith,yes\nBob Jones,\nCarla Rossi,perhaps\n",
                    encoding="utf-8")
    table = read_player_table(path)
    mapping = guess_mapping(table.headers)
    assert mapping["declined_top_board"] == 1
    found, problems = apply_mapping(table, mapping)
    assert [(p.name, p.declined_top_board) for p in found] == [("Ann Smith", True),
                                                                ("Bob Jones", False)]
    assert [(p.row, p.column, p.message) for p in problems] == [
        (4, "Declined top board", "'perhaps' is not yes or no")]
