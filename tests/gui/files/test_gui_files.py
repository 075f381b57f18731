"""File > New, Open, Open Recent, Close, Save a copy as; settings remembered between runs."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QDate
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog

from tdapp.gui.tournament.new_dialog import NewTournamentDialog
from tdapp.gui.window.menus import Menu
from tdapp.services.players import list_players
from tdapp.services.tournaments import tournament_info
from tdapp.store.files import open_tournament_file


def _fill_new_dialog(dialog: NewTournamentDialog, name: str) -> None:
    dialog.form.name.setText(name)
    dialog.form.name.textEdited.emit(name)
    dialog.form.venue.setText("Hotel Whitcomb")
    dialog.form.start_date.setDate(QDate(2026, 7, 3))
    dialog.form.end_date.setDate(QDate(2026, 7, 5))


def test_new_tournament_through_the_dialog(main, qtbot, tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "chosen" / "midlands.tdt"
    target.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(target), "")))
    dialog = main.files.new_tournament()
    assert dialog.isVisible()
    formats = [dialog.form.format.itemData(i) for i in range(dialog.form.format.count())]
    assert "wdc-2025" in formats and "wdc-2018" in formats
    dialog.form.format.setCurrentIndex(formats.index("wdc-2018"))
    assert dialog.form.rounds.value() == 5  # the format's own number of rounds
    _fill_new_dialog(dialog, "Midlands Open")
    # Choose… asks where the file goes
    chooser = [b for b in dialog.findChildren(type(dialog.buttons.buttons()[0]))
               if b.text() == "&Choose…"][0]
    chooser.click()
    assert dialog.location.text() == str(target)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert main.app.db is not None and main.app.path == target
    info = tournament_info(main.app.db)
    assert (info.name, info.format_name, info.rounds_planned) == ("Midlands Open", "wdc-2018", 5)
    assert info.venue == "Hotel Whitcomb" and info.start_date.isoformat() == "2026-07-03"
    assert main.window.current_page_name() == "Tournament"
    assert str(target) in main.window.file_label.text()
    assert "Midlands Open" in main.window.windowTitle()
    assert "no Save button" in main.window.statusBar().currentMessage()


def test_new_tournament_problems_are_shown_in_words(main, qtbot, tmp_path: Path) -> None:
    dialog = main.files.new_tournament()
    dialog.location.setText(str(tmp_path / "x.tdt"))
    dialog.location.textEdited.emit(dialog.location.text())
    dialog.form.name.setText("  ")
    dialog.form.start_date.setDate(QDate(2026, 7, 5))
    dialog.form.end_date.setDate(QDate(2026, 7, 3))
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.isVisible(), "a dialog with problems stays open"
    text = dialog.problems.text()
    assert "needs a name" in text and "last day is before the first day" in text
    assert main.app.db is None
    dialog.reject()


def test_reopen_finds_everything_and_recent_files(main, qtbot, filled_file: Path,
                                                 tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(filled_file), "")))
    main.window.menus.open_action.trigger()
    assert main.app.path == filled_file
    assert main.window.players_page.model.rowCount() == 9
    main.window.menus.close_action.trigger()
    assert main.app.db is None
    assert main.window.stack.currentWidget() is main.window.welcome
    recent = main.window.welcome.recent
    assert recent.count() == 1 and str(filled_file.resolve()) in recent.item(0).toolTip()
    assert [a.data() for a in main.window.menus.recent_menu.actions()] == [str(filled_file.resolve())]
    main.window.menus.recent_menu.actions()[0].trigger()
    assert main.app.path is not None and main.window.players_page.model.rowCount() == 9


def test_recent_files_keep_ten_and_drop_missing(main, qtbot, tmp_path: Path) -> None:
    from tdapp.gui.settings import RecentFiles

    recent = RecentFiles(main.window.settings)
    files = []
    for n in range(12):
        path = tmp_path / f"t{n}.tdt"
        path.write_bytes(b"")
        recent.add(path)
        files.append(path.resolve())
    assert recent.paths() == list(reversed(files))[:10]
    files[11].unlink()
    assert files[11] not in recent.paths() and len(recent.paths()) == 9


def test_opening_a_file_that_is_not_a_tournament_says_so(main, qtbot, dialog_answers,
                                                         tmp_path: Path) -> None:
    bogus = tmp_path / "notes.tdt"
    bogus.write_text("shopping list")
    assert not main.files.open_path(bogus)
    kind, title, text = dialog_answers.shown[-1]
    assert kind == "warning" and "not a tdapp tournament file" in text
    assert bogus.read_text() == "shopping list"
    assert main.app.db is None


def test_save_a_copy(main, qtbot, filled_file: Path, tmp_path: Path, monkeypatch) -> None:
    copy = tmp_path / "copy.tdt"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(copy), "")))
    main.files.open_path(filled_file)
    main.window.menus.save_copy_action.trigger()
    db = open_tournament_file(copy)
    try:
        assert len(list_players(db)) == 9
    finally:
        db.close()
    assert main.app.path == filled_file  # still working in the original


def test_window_geometry_is_remembered(qtbot, settings_dir: Path) -> None:
    from tdapp.gui.app import build_main, make_application

    make_application()
    first = build_main()
    qtbot.addWidget(first.window)
    first.window.show()
    # within the offscreen screen (800x600), which restoreGeometry keeps a window inside
    first.window.resize(780, 560)
    first.window.move(10, 20)
    qtbot.wait(10)
    first.window.close()
    second = build_main()
    qtbot.addWidget(second.window)
    assert (second.window.width(), second.window.height()) == (780, 560)
    assert second.window.settings.value("window/geometry") is not None


def test_menus_have_their_shortcuts(main) -> None:
    window = main.window
    shortcuts = {a.shortcut().toString() for a in (
        window.menus.new_action, window.menus.open_action, window.menus.save_copy_action, window.menus.close_action,
        window.menus.quit_action, window.menus.undo_action, window.menus.redo_action)}
    assert shortcuts == {"Ctrl+N", "Ctrl+O", "Ctrl+Shift+S", "Ctrl+W", "Ctrl+Q", "Ctrl+Z",
                         "Ctrl+Shift+Z"}
    titles = [a.text() for a in window.menuBar().actions()]
    assert [t for t in titles if t in ("&File", "&Edit", "&View", "&Help")] == [
        "&File", "&Edit", "&View", "&Help"]
    assert not any(a.text().replace("&", "") == "Save" for a in window.menus.menu(Menu.FILE).actions())


def test_opening_the_open_file_again_just_shows_it(main, qtbot, filled_file: Path) -> None:
    assert main.files.open_path(filled_file)
    db = main.app.db
    assert main.files.open_path(filled_file)
    assert main.app.db is db, "the same file is not opened a second time"


def test_an_unexpected_failure_is_shown_not_swallowed(main, qtbot, dialog_answers,
                                                      filled_file: Path) -> None:
    main.files.open_path(filled_file)

    def broken(db):
        raise RuntimeError("disk on fire")

    assert main.app.call(broken) is None
    kind, title, text = dialog_answers.shown[-1]
    assert kind == "warning" and title == "Something went wrong"
    assert "Nothing was changed" in text and text.endswith("Details: RuntimeError: disk on fire")
