"""The import dialog on its own: column mapping, preview with problems and duplicates, skipping
duplicates. (The end-to-end import through the service is in test_gui_import.py.)"""

from __future__ import annotations

from tdapp.gui.players.import_dialog import (
    NOT_IN_FILE,
    PROBLEMS_COLUMN,
    ImportLine,
    ImportPlayersDialog,
)
from tdapp.services.players import PlayerData, PlayerRow, find_duplicates
from tests.gui import screens

HEADERS = ["Full name", "Town", "E-mail"]
ROWS = [["Ann Smith", "Leeds", "ann@example.org"], ["", "Paris", ""],
        ["New Person", "Oslo", "new@example.org"], ["New Person", "Oslo", ""]]


def _preview(mapping):
    lines = []
    for number, row in enumerate(ROWS, start=2):
        def cell(field, row=row):
            column = mapping.get(field)
            return row[column] if column is not None else ""
        if not cell("name"):
            lines.append(ImportLine(number, None, ("A player needs a name.",)))
            continue
        lines.append(ImportLine(number, PlayerData(cell("name"), home_town=cell("home_town"),
                                                   email=cell("email"))))
    return lines


def _dialog(qtbot, mapping) -> ImportPlayersDialog:
    existing = [PlayerRow("Ann Smith", id=1)]
    dialog = ImportPlayersDialog(
        "players.csv", HEADERS, ROWS, mapping, preview=_preview,
        duplicates=lambda incoming: find_duplicates(existing, incoming))
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_mapping_preview_and_duplicates(qtbot) -> None:
    dialog = _dialog(qtbot, {"name": 0, "home_town": 1, "email": None})
    assert dialog.steps.currentIndex() == 0
    assert dialog.combos["name"].currentText() == "Full name"
    assert dialog.combos["email"].currentText() == NOT_IN_FILE
    assert dialog._samples["name"].text() == "e.g. Ann Smith"
    screens.save(dialog, "gui/14-import-mapping.png")
    dialog.combos["email"].setCurrentIndex(3)  # the TD maps the e-mail column by hand
    assert dialog.mapping() == {**dict.fromkeys(dialog.combos), "name": 0, "home_town": 1,
                                "email": 2}
    dialog.next_button.click()
    assert dialog.steps.currentIndex() == 1
    table = dialog.preview_table
    assert table.rowCount() == 4
    screens.save(dialog, "gui/15-import-preview.png")
    assert table.item(1, PROBLEMS_COLUMN).text() == "A player needs a name."
    assert "Looks like a duplicate: Ann Smith is already in the tournament" in \
        table.item(0, PROBLEMS_COLUMN).text()
    assert "also on line 4 of the file" in table.item(3, PROBLEMS_COLUMN).text()
    assert dialog.skip_duplicates.isChecked() and "2 line(s)" in dialog.skip_duplicates.text()
    assert [p.name for p in dialog.players_to_import()] == ["New Person"]
    assert "1 player(s) will be imported" in dialog.summary.text()
    dialog.skip_duplicates.setChecked(False)
    assert [p.name for p in dialog.players_to_import()] == ["Ann Smith", "New Person",
                                                           "New Person"]
    assert dialog.import_button.isEnabled()
    dialog.back_button.click()
    assert dialog.steps.currentIndex() == 0


def test_a_name_column_is_required(qtbot) -> None:
    dialog = _dialog(qtbot, {"name": None})
    dialog.next_button.click()
    assert dialog.steps.currentIndex() == 0
    assert "Choose the column with the players' names" in dialog._samples["name"].text()
