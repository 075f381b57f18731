"""Import players from CSV and Excel through the Players page, end to end: file chooser,
column mapping, preview with problems and duplicates, import off the GUI thread, one Undo."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QFileDialog, QLabel

from tdapp.gui.players.import_dialog import PROBLEMS_COLUMN, ImportPlayersDialog

TOWNS = ["Leeds", "Paris", "Milan", "Bonn", "Prague", "Ankara", "Oslo", "Lyon", "Sofia"]


def _write_csv(path: Path) -> Path:
    lines = ["Player name;Town;Country;Club;E-mail"]
    for n in range(60):
        lines.append(f"Player {n:02d};{TOWNS[n % 9]};Land {n % 5};Club {n % 4};p{n}@example.org")
    lines.append(";Nowhere;;;")  # no name: refused, line 62
    lines.append("Ann Smith;Leeds;UK;;")  # already in the tournament
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _import_dialog(qtbot) -> ImportPlayersDialog:
    def shown() -> bool:
        return any(isinstance(w, ImportPlayersDialog) and w.isVisible()
                   for w in QApplication.topLevelWidgets())

    qtbot.waitUntil(shown, timeout=10000)
    return next(w for w in QApplication.topLevelWidgets()
                if isinstance(w, ImportPlayersDialog) and w.isVisible())


def _start_import(main, qtbot, monkeypatch, path: Path) -> ImportPlayersDialog:
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(path), "")))
    main.window.show_page("Players")
    main.window.players_page.import_button.click()
    return _import_dialog(qtbot)


def test_import_sixty_players_from_csv(main, qtbot, monkeypatch, filled_file: Path,
                                       tmp_path: Path) -> None:
    main.files.open_path(filled_file)
    dialog = _start_import(main, qtbot, monkeypatch, _write_csv(tmp_path / "players.csv"))
    # QA: the first step said "20 lines read" for a file of 62 lines (only the examples counted)
    step_one = " ".join(label.text() for label in dialog.steps.widget(0).findChildren(QLabel))
    assert "62 lines read from players.csv (examples from the first 20)." in step_one
    mapping = dialog.mapping()
    assert (mapping["name"], mapping["home_town"], mapping["country"], mapping["club"],
            mapping["email"]) == (0, 1, 2, 3, 4)
    dialog.next_button.click()
    assert dialog.preview_table.rowCount() == 62
    table = dialog.preview_table
    problems = {table.item(r, 0).text(): table.item(r, PROBLEMS_COLUMN).text()
                for r in range(62)}
    assert "no name" in problems["62"]
    assert "Ann Smith is already in the tournament" in problems["63"]
    assert len(dialog.players_to_import()) == 60
    dialog.import_button.click()
    qtbot.waitUntil(lambda: not main.app.busy, timeout=10000)
    page = main.window.players_page
    assert page.model.rowCount() == 69
    assert main.window.menus.undo_action.text() == "&Undo Import 60 players from players.csv"
    main.window.menus.undo_action.trigger()
    assert page.model.rowCount() == 9, "one Undo takes the whole import back"


def test_import_from_excel(main, qtbot, monkeypatch, filled_file: Path, tmp_path: Path) -> None:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(["First name", "Last name", "City", "Status", "TD"])
    sheet.append(["Jan", "Kowalski", "Warsaw", "club member", "no"])
    sheet.append(["Eva", "Berg", "Oslo", "traveller", "yes"])
    book.save(tmp_path / "players.xlsx")
    main.files.open_path(filled_file)
    dialog = _start_import(main, qtbot, monkeypatch, tmp_path / "players.xlsx")
    dialog.next_button.click()
    assert [p.name for p in dialog.players_to_import()] == ["Jan Kowalski", "Eva Berg"]
    dialog.import_button.click()
    qtbot.waitUntil(lambda: not main.app.busy, timeout=10000)
    rows = {p.name: p for p in main.window.players_page.model.rows()}
    assert rows["Jan Kowalski"].local_status == "club_member" and rows["Jan Kowalski"].competing
    assert not rows["Eva Berg"].competing


def test_a_file_that_cannot_be_read_is_explained(main, qtbot, monkeypatch, dialog_answers,
                                                 filled_file: Path, tmp_path: Path) -> None:
    bad = tmp_path / "broken.csv"
    bad.write_text('Name,Town\n"Ann,Leeds\n', encoding="utf-8")
    main.files.open_path(filled_file)
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(bad), "")))
    main.window.players_page.import_button.click()
    qtbot.waitUntil(lambda: not main.app.busy, timeout=10000)
    kind, _title, text = dialog_answers.shown[-1]
    assert kind == "warning" and "broken.csv, line 2" in text
