"""File › Export › Player codes sheet…: the players' page address asked (this laptop's on the
venue network, port 8080, pre-filled), one that no phone could open refused in the dialog,
the codes made as one action (Edit › Undo names it), the sheet written by the export's worker,
one slip per player still in the tournament."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from tdapp.gui.export.dialogs import CodesSheetDialog
from tdapp.services import history, player_codes
from tdapp.services.codes_sheet import default_page_address
from tdapp.services.players import list_players
from tests.gui import screens


@pytest.fixture
def exporting(demo_main, dialog_answers, monkeypatch, tmp_path: Path):
    chosen: dict[str, Path] = {}
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(chosen["path"]), "")))
    dialog_answers.next_answer = QMessageBox.StandardButton.No  # not "open the folder"
    return demo_main, demo_main.exports, chosen


def test_the_codes_sheet_through_the_export_menu(qtbot, exporting, tmp_path: Path) -> None:
    main, exports, chosen = exporting
    assert exports.actions.codes.text() == "Player c&odes sheet…"
    assert exports.actions.codes in main.window.menus.export_menu.actions()
    assert main.app.read(player_codes.list_codes, default=[]) == []  # no code yet

    exports.actions.codes.trigger()
    dialog = exports.codes_dialog
    assert isinstance(dialog, CodesSheetDialog)
    assert dialog.address.text() == default_page_address()
    assert dialog.address.text().endswith(":8080")
    dialog.address.setText("https://192.168.1.20")  # refused where the TD can correct it
    dialog._ok()
    assert dialog.isVisible() and dialog.problem.isVisible()
    assert "plain http://" in dialog.problem.text()
    QApplication.processEvents()
    screens.save(dialog, "export/codes-sheet-address-refused.png")
    assert main.app.read(player_codes.list_codes, default=[]) == []  # nothing made yet

    dialog.address.setText("192.168.1.20:8080")
    assert not dialog.problem.isVisible()
    chosen["path"] = tmp_path / "codes"  # the suffix is added
    dialog._ok()
    target = tmp_path / "codes.pdf"
    assert exports.busy
    qtbot.waitUntil(lambda: not exports.busy, timeout=30000)
    assert target.exists(), exports.last_error
    assert exports.last_written == target

    playing = [p for p in main.app.read(list_players, default=[]) if not p.withdrawn]
    codes = main.app.read(player_codes.list_codes, default=[])
    assert len(codes) == len(main.app.read(list_players, default=[]))  # made for everyone
    text = "\n".join(page.extract_text() for page in PdfReader(str(target)).pages)
    for row in codes:
        expected = 1 if row.player_id in {p.id for p in playing} else 0
        assert text.count(row.shown) == expected, row.name
    undo, _redo = main.app.read(history.undo_redo_state, default=(None, None))
    assert undo == f"Players' page codes for {len(codes)} players"  # one action, undoable

    if shutil.which("pdftoppm"):  # the first page as printed, for people to look at
        subprocess.run(["pdftoppm", "-r", "60", "-png", "-f", "1", "-l", "1", "-singlefile",
                        str(target), str(screens.folder("export") / "codes-sheet-page-1")],
                       check=True, timeout=60)

    exports.actions.codes.trigger()  # the address given is offered again
    assert exports.codes_dialog is not None
    assert exports.codes_dialog.address.text() == "192.168.1.20:8080"
    exports.codes_dialog.reject()
