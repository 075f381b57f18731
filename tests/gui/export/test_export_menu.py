"""File > Export: every export runs in a worker behind a progress dialog, writes its file, offers
the folder; the files are read back. Compare with my spreadsheet lists the differences."""

from __future__ import annotations

import csv
import threading
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog, QMessageBox, QPushButton

from tdapp.gui.export.dialogs import DifferencesDialog, PdfOptionsDialog
from tdapp.services import exports as export_service
from tests.gui.results.fixtures import screenshot


@pytest.fixture
def exporting(demo_main, dialog_answers, monkeypatch, tmp_path: Path):
    """The window, its export controller and a save-file dialog that answers ``target``."""
    chosen: dict[str, Path] = {}
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(chosen["path"]), "")))
    dialog_answers.next_answer = QMessageBox.StandardButton.No
    return demo_main, demo_main.exports, chosen, dialog_answers


def _top_line(main):
    main.window.show_page("Standings")
    page = main.window.pages["Standings"]
    return next(r for r in page.model.rows() if r.rank == 1)


def _wait(qtbot, exports, path: Path) -> None:
    assert exports.busy  # started on the pool; the GUI thread is free meanwhile
    qtbot.waitUntil(lambda: not exports.busy, timeout=30000)
    assert path.exists(), exports.last_error
    assert not list(path.parent.glob(".*exporting*")), "no partial file left behind"


def _pdf_text(path: Path) -> tuple[PdfReader, str]:
    reader = PdfReader(str(path))
    return reader, "\n".join(page.extract_text() for page in reader.pages)


def test_pdf_standings_on_letter_through_the_menu(qtbot, exporting, tmp_path: Path) -> None:
    main, exports, chosen, answers = exporting
    chosen["path"] = tmp_path / "standings"  # the suffix is added
    exports.actions.pdf.trigger()
    options = exports.options
    assert isinstance(options, PdfOptionsDialog)
    options.choose("standings", "letter")
    screenshot(options, "export-pdf-options")
    ok = options.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    target = tmp_path / "standings.pdf"
    _wait(qtbot, exports, target)
    reader, text = _pdf_text(target)
    assert round(float(reader.pages[0].mediabox.width)) == 612  # US Letter
    top = _top_line(main)
    assert top.name in text and f"{top.score:g}" in text
    assert "Standings after round 2" in text
    assert answers.shown[-1][1] == "Export finished"
    assert exports.last_written == target


def test_every_pdf_document_and_certificates(qtbot, exporting, tmp_path: Path) -> None:
    main, exports, chosen, _answers = exporting
    for what, expected in (("board-call", "Board"), ("results", "results"),
                           ("awards", "Champion"), ("score-sheets", "Board"),
                           ("schedule", "1901"), ("all", "Awards")):
        chosen["path"] = tmp_path / f"{what}.pdf"
        exports.actions.pdf.trigger()
        exports.options.choose(what, "a4")
        exports.options._ok()
        _wait(qtbot, exports, chosen["path"])
        reader, text = _pdf_text(chosen["path"])
        assert round(float(reader.pages[0].mediabox.width)) in (595, 842)  # A4 either way
        assert expected in text, what
    chosen["path"] = tmp_path / "certificates.pdf"
    exports.actions.certificates.trigger()
    _wait(qtbot, exports, chosen["path"])
    _reader, text = _pdf_text(chosen["path"])
    assert _top_line(main).name in text


def test_workbook_and_csv_read_back(qtbot, exporting, tmp_path: Path, monkeypatch) -> None:
    main, exports, chosen, _answers = exporting
    threads: list[bool] = []
    real = export_service.export_workbook

    def recording(db, path):  # noqa: ANN001, ANN202
        threads.append(threading.current_thread() is threading.main_thread())
        return real(db, path)

    monkeypatch.setattr(export_service, "export_workbook", recording)
    chosen["path"] = tmp_path / "book.xlsx"
    exports.actions.workbook.trigger()
    _wait(qtbot, exports, chosen["path"])
    assert threads == [False]  # written on a worker thread, never the GUI thread
    book = load_workbook(chosen["path"], read_only=True)
    assert book.sheetnames == ["Standings", "Rounds", "Boards", "Best countries", "Awards"]
    rows = list(book["Standings"].iter_rows(values_only=True))
    top = _top_line(main)
    assert any(top.name in row and top.score in row for row in rows)

    chosen["path"] = tmp_path / "standings.csv"
    exports.actions.csv.trigger()
    _wait(qtbot, exports, chosen["path"])
    with open(chosen["path"], encoding="utf-8-sig", newline="") as handle:
        lines = list(csv.reader(handle))
    assert lines[0] == ["Rank", "Player", "Score", "Location"]
    assert lines[1][:3] == ["1", top.name, f"{top.score:g}"]
    assert len(lines) == 1 + len(main.window.pages["Standings"].model.rows())


def test_cancelled_export_leaves_no_file(qtbot, exporting, tmp_path: Path,
                                        monkeypatch) -> None:
    _main, exports, chosen, answers = exporting
    release = threading.Event()
    real = export_service.export_workbook

    def held(db, path):  # noqa: ANN001, ANN202  (still writing when the TD cancels)
        release.wait(10)
        return real(db, path)

    monkeypatch.setattr(export_service, "export_workbook", held)
    chosen["path"] = tmp_path / "cancelled.xlsx"
    exports.actions.workbook.trigger()
    screenshot(exports.jobs[0].progress, "export-progress")
    cancel = exports.jobs[0].progress.findChild(QPushButton)
    assert cancel.text() == "Cancel"
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    release.set()
    qtbot.waitUntil(lambda: not exports.busy, timeout=30000)
    assert not chosen["path"].exists()
    assert not list(tmp_path.glob(".*exporting*"))
    assert not any(title == "Export finished" for _kind, title, _text in answers.shown)


def test_compare_with_my_spreadsheet_lists_differences(qtbot, exporting, tmp_path: Path,
                                                       monkeypatch) -> None:
    main, exports, _chosen, answers = exporting
    main.window.show_page("Standings")
    rows = [r for r in main.window.pages["Standings"].model.rows() if r.rank is not None]
    sheet = tmp_path / "my-sheet.xlsx"
    book = Workbook()
    ws = book.active
    ws.title = "Standings"
    ws.append(["Rank", "Player", "Score"])
    ws.append([1, rows[0].name, rows[0].score])
    ws.append([2, rows[1].name, rows[1].score + 5])  # a typing slip in the TD's own sheet
    ws.append([3, "Somebody Else", 10])
    for line in rows[2:]:
        ws.append([line.rank, line.name, line.score])
    book.save(sheet)
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(sheet), "")))
    exports.actions.compare.trigger()
    qtbot.waitUntil(lambda: not exports.busy, timeout=30000)
    dialog = exports.differences
    assert isinstance(dialog, DifferencesDialog)
    lines = [dialog.list.item(i).text() for i in range(dialog.list.count())]
    assert any(rows[1].name in line and "your score" in line for line in lines)
    assert any("Somebody Else" in line for line in lines)
    assert "difference(s)" in dialog.heading.text()
    screenshot(dialog, "export-compare-differences")
    dialog.close()

    broken = tmp_path / "not-a-sheet.xlsx"
    broken.write_text("hello")
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(broken), "")))
    exports.actions.compare.trigger()
    qtbot.waitUntil(lambda: not exports.busy, timeout=30000)
    kind, title, text = answers.shown[-1]
    assert kind == "warning" and "cannot be read" in text


def test_export_actions_follow_the_open_file(main) -> None:
    exports = main.exports
    assert not exports.actions.pdf.isEnabled()  # nothing open yet
    assert exports.actions.pdf in main.window.menus.export_menu.actions()


def test_every_pdf_document_is_named_in_words(qtbot) -> None:
    """QA: the Document list showed the bare key 'rating' among the TD's words."""
    from tdapp.gui.export.dialogs import WHAT_WORDS
    from tdapp.reports.pdf_export import WHAT

    assert set(WHAT) <= set(WHAT_WORDS)
    dialog = PdfOptionsDialog()
    qtbot.addWidget(dialog)
    shown = [dialog.what.itemText(i) for i in range(dialog.what.count())]
    assert "EADiplomacy rating (the table and each board's calculation)" in shown
    assert all(text[0].isupper() for text in shown)


def test_the_next_export_is_offered_in_the_folder_of_the_last_one(
        qtbot, exporting, tmp_path: Path, monkeypatch) -> None:
    """QA: after saving a PDF on a USB stick, the workbook was offered beside the tournament
    file again, so the TD browsed back to the stick for every document."""
    main, exports, _chosen, _answers = exporting
    usb = tmp_path / "usb"
    usb.mkdir()
    offered: list[str] = []

    def save_dialog(_parent, _caption, suggestion, _filter):  # noqa: ANN001, ANN202
        offered.append(suggestion)
        return str(usb / Path(suggestion).name), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_dialog))
    tournament_folder = main.app.path.parent
    exports.actions.csv.trigger()
    _wait(qtbot, exports, usb / Path(offered[0]).name)
    exports.actions.workbook.trigger()
    _wait(qtbot, exports, usb / Path(offered[1]).name)
    assert Path(offered[0]).parent == tournament_folder
    assert Path(offered[1]).parent == usb and offered[1].endswith("-results.xlsx")
    main.app.file_opened.emit(main.app.path)  # another tournament starts beside its own file
    exports.actions.csv.trigger()
    _wait(qtbot, exports, usb / Path(offered[2]).name)
    assert Path(offered[2]).parent == tournament_folder


def test_the_rating_pdf_uses_the_reading_picked_in_the_rating_dialog(qtbot, exporting,
                                                                    tmp_path: Path) -> None:
    """Seed 003's compression reads two ways; the TD picks one in Tournament › EADiplomacy
    rating…, and File › Export › PDF › rating printed the default whatever was picked."""
    main, exports, chosen, _answers = exporting
    written = {}
    for reading in ("eliminated", "all"):
        main.rating.compression = reading  # as the dialog's choice sets it
        chosen["path"] = tmp_path / f"rating-{reading}.pdf"
        exports.actions.pdf.trigger()
        exports.options.choose("rating", "a4")
        exports.options._ok()
        _wait(qtbot, exports, chosen["path"])
        written[reading] = " ".join(_pdf_text(chosen["path"])[1].split())
    assert "Compression used: S and n over the eliminated players' scores" in written[
        "eliminated"]
    assert "Compression used: S and n over all the scores of the board" in written["all"]
