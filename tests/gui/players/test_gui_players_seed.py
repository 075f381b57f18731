"""The Players page shows the seed and the pinned board (sortable as numbers, empty when unset)
and counts as "Boards played" only boards with a result; the import dialog previews seeds and
points at every line that gives a seed twice or one already held."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from tdapp.core.powers import POWERS
from tdapp.gui.players.import_dialog import PROBLEMS_COLUMN, ImportPlayersDialog
from tdapp.services import players as player_service
from tdapp.services import rounds
from tdapp.services.results import BoardResult, record_result
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tests.gui import screens

# name, seed, pinned board
PEOPLE = [
    ("Ann Smith", 2, None), ("Bob Jones", 10, 3), ("Carla Rossi", 1, None),
    ("Dieter Braun", None, None), ("Eve Novak", 25, 1), ("Farid Aziz", 3, None),
    ("Greta Olsen", None, 12), ("Hugo Martin", 4, None), ("Ivana Petrova", 5, None),
]
FINAL = {"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 5, "ITALY": 3, "RUSSIA": 2,
         "TURKEY": 0}


@pytest.fixture
def seeded_file(tournament_path: Path) -> Path:
    """Nine players, seven of them in round 1 (played) and seated again in round 2 (called,
    not played); Dieter Braun is seated only in round 2."""
    db = create_tournament(tournament_path, TournamentInfo("Seed Open", "dbn-2025", 4))
    player_service.add_players(db, [player_service.PlayerData(name, seed=seed, pinned_board=board)
                                    for name, seed, board in PEOPLE], "Add")
    ids = {p.name: p.id for p in player_service.list_players(db)}
    first = [ids[name] for name, _, _ in PEOPLE[:7] if name != "Dieter Braun"] + [
        ids["Hugo Martin"]]
    second = [ids[name] for name, _, _ in PEOPLE[:7]]
    rounds.save_board_call(db, 1, [rounds.BoardPlan(1, dict(zip(POWERS, first, strict=True)))])
    record_result(db, rounds.board_call(db, 1)[0].board_id, BoardResult(FINAL, 1907))
    rounds.save_board_call(db, 2, [rounds.BoardPlan(1, dict(zip(POWERS, second, strict=True)))])
    db.close()
    return tournament_path


def _column(page, title: str) -> int:
    model = page.model
    return next(c for c in range(model.columnCount())
                if model.headerData(c, Qt.Orientation.Horizontal) == title)


def _shown(page, column: int) -> list[str]:
    return [page.proxy.index(r, column).data() for r in range(page.proxy.rowCount())]


def test_seed_pinned_board_and_boards_played_columns(main, qtbot, seeded_file: Path) -> None:
    assert main.files.open_path(seeded_file)
    main.window.show_page("Players")
    page = main.window.players_page
    seed, board, played = (_column(page, t) for t in ("Seed", "Pinned board", "Boards played"))
    by_name = dict(zip(_shown(page, 0), range(page.proxy.rowCount()), strict=True))
    row = by_name["Bob Jones"]
    assert (page.proxy.index(row, seed).data(), page.proxy.index(row, board).data()) == ("10", "3")
    row = by_name["Dieter Braun"]
    assert (page.proxy.index(row, seed).data(), page.proxy.index(row, board).data()) == ("", "")

    page.table.sortByColumn(seed, Qt.SortOrder.AscendingOrder)
    assert _shown(page, seed) == ["1", "2", "3", "4", "5", "10", "25", "", ""], \
        "numbers as numbers (10 after 5), players without a seed last"
    page.table.sortByColumn(board, Qt.SortOrder.AscendingOrder)
    assert _shown(page, board)[:3] == ["1", "3", "12"]
    page.table.sortByColumn(seed, Qt.SortOrder.AscendingOrder)
    assert main.window.grab().save(str(screens.folder("") / "players-seed-page.png"))

    # Round 1 was played, round 2 only called: one board played each, none for Dieter Braun.
    counts = dict(zip(_shown(page, 0), _shown(page, played), strict=True))
    assert counts["Ann Smith"] == "1" and counts["Hugo Martin"] == "1"
    assert counts["Dieter Braun"] == "0"
    assert page.select_player(next(r.id for r in page.model.rows() if r.name == "Dieter Braun"))
    assert not page.delete_button.isEnabled(), "seated in the board call: withdrawn, not deleted"
    assert "seated on a board" in page.delete_button.toolTip()


def _import_dialog(qtbot) -> ImportPlayersDialog:
    def visible() -> list[ImportPlayersDialog]:
        return [w for w in QApplication.topLevelWidgets()
                if isinstance(w, ImportPlayersDialog) and w.isVisible()]

    qtbot.waitUntil(lambda: bool(visible()), timeout=10000)
    return visible()[0]


def test_import_preview_points_at_seeds_given_twice(main, qtbot, monkeypatch,
                                                    seeded_file: Path, tmp_path: Path) -> None:
    path = tmp_path / "invitational.csv"
    path.write_text("Player,Seed,Pinned board\n"
                    "Jan Kowalski,6,\n"
                    "Kim Lee,7,2\n"
                    "Lena Berg,7,\n"
                    "Mo Diallo,1,\n"
                    "Nora Weiss,x1,\n"
                    "Otto Kahn,,\n", encoding="utf-8")
    assert main.files.open_path(seeded_file)
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(path), "")))
    main.window.show_page("Players")
    main.window.players_page.import_button.click()
    dialog = _import_dialog(qtbot)
    assert dialog.mapping()["seed"] == 1 and dialog.mapping()["pinned_board"] == 2
    assert dialog.grab().save(str(screens.folder("") / "players-seed-import-mapping.png"))
    dialog.next_button.click()
    table = dialog.preview_table
    assert not table.isColumnHidden(5) and not table.isColumnHidden(6)
    problems = {table.item(r, 0).text(): table.item(r, PROBLEMS_COLUMN).text()
                for r in range(table.rowCount())}
    assert problems["3"] == "Seed: seed 7 is also given on line 4; each seed is given once"
    assert problems["4"] == "Seed: seed 7 is also given on line 3; each seed is given once"
    assert problems["5"] == "Seed: seed 1 is already Carla Rossi's; each seed is given once"
    assert problems["6"] == "Seed: 'x1' is not a seed (a whole number, 1 is the top seed)"
    assert (table.item(0, 5).text(), table.item(0, 6).text()) == ("6", "")
    assert dialog.grab().save(str(screens.folder("") / "players-seed-import-preview.png"))
    assert (table.item(2, 1).text(), table.item(2, 5).text()) == ("Lena Berg", "7"), \
        "a refused line still says whose it is, and its seed"
    assert [p.name for p in dialog.players_to_import()] == ["Jan Kowalski", "Otto Kahn"]
    dialog.import_button.click()
    qtbot.waitUntil(lambda: not main.app.busy, timeout=10000)
    rows = {p.name: p for p in main.window.players_page.model.rows()}
    assert rows["Jan Kowalski"].seed == 6 and rows["Otto Kahn"].seed is None
    assert "Kim Lee" not in rows


def test_a_plain_list_keeps_the_preview_narrow(main, qtbot, monkeypatch, seeded_file: Path,
                                              tmp_path: Path) -> None:
    path = tmp_path / "plain.csv"
    path.write_text("Name,Town\nJan Kowalski,Warsaw\n", encoding="utf-8")
    assert main.files.open_path(seeded_file)
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(path), "")))
    main.window.show_page("Players")
    main.window.players_page.import_button.click()
    dialog = _import_dialog(qtbot)
    dialog.next_button.click()
    assert dialog.preview_table.isColumnHidden(5) and dialog.preview_table.isColumnHidden(6)
    dialog.reject()


def test_a_refused_line_shows_its_board_and_top_board_answer(main, qtbot, monkeypatch,
                                                              seeded_file: Path,
                                                              tmp_path: Path) -> None:
    # QA: a line refused for its seed showed an empty Board column although the file gave
    # one, and the preview had no column for 'Declined top board' at all.
    path = tmp_path / "td-list.csv"
    path.write_text("Name,Seed,Pinned board,Declined top board\n"
                    "Alice Newcomer,11,,no\n"
                    "Carol Twice,12,3,yes\n"
                    "Dan Twice,12,,\n"
                    "Eve Boardzero,14,0,no\n"
                    "Frank Good,15,2,maybe\n", encoding="utf-8")
    assert main.files.open_path(seeded_file)
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(path), "")))
    main.window.show_page("Players")
    main.window.players_page.import_button.click()
    dialog = _import_dialog(qtbot)
    dialog.next_button.click()
    table = dialog.preview_table
    assert not table.isColumnHidden(7)
    assert table.horizontalHeaderItem(7).text() == "Top board"
    shown = {table.item(r, 1).text(): (table.item(r, 6).text(), table.item(r, 7).text())
             for r in range(table.rowCount())}
    assert shown == {"Alice Newcomer": ("", "Will play"), "Carol Twice": ("3", "Declined"),
                     "Dan Twice": ("", ""), "Eve Boardzero": ("", "Will play"),
                     "Frank Good": ("2", "")}
    assert [p.name for p in dialog.players_to_import()] == ["Alice Newcomer"]
    (screens.folder("") / "qa2").mkdir(parents=True, exist_ok=True)  # a fresh clone has no out/
    assert dialog.grab().save(str(screens.path("qa2/import-preview-refused-lines.png")))
    dialog.reject()
