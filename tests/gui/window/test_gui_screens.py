"""Screenshots of every page and dialog at 1280x800 (under the test's tmp_path; --keep-screens DIR keeps them in DIR/gui/), for people
to look at; the test checks each was written and is not blank."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QWidget

from tdapp.gui.window.main_window import PAGE_NAMES
from tests.gui import screens


def _save(widget: QWidget, name: str) -> Path:
    QApplication.processEvents()
    path = screens.save(widget, f"gui/{name}.png")
    image = QImage(str(path))
    colours = {image.pixel(x, y) for x in range(0, image.width(), 37)
               for y in range(0, image.height(), 23)}
    assert len(colours) > 3, f"{name} looks blank"
    return path


def test_screenshots_of_every_page(main, qtbot) -> None:
    window = main.window
    window.resize(1280, 800)
    _save(window, "00-welcome-no-file")
    assert main.files.open_demo()
    page = window.rounds_page
    window.show_page("Rounds")
    page.select_round(3)
    page.table.selectAll()
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    rows = page.roll_call.rows()
    page.table.clearSelection()
    for name in (rows[0].name, rows[5].name):
        page.search.setText(name)
        page.table.selectAll()
        qtbot.keyClick(page.table, Qt.Key.Key_A)
    page.search.setText(rows[9].name)
    page.table.selectAll()
    qtbot.keyClick(page.table, Qt.Key.Key_S)
    page.search.clear()
    page.table.clearSelection()
    assert page.count_label.text().startswith("46 present — 6 boards + 4 over")
    for number, name in enumerate(PAGE_NAMES, start=1):
        window.show_page(name)
        _save(window, f"{number:02d}-{name.lower()}")
    main.window.players_page.search.setText("an")
    _save(window.players_page, "02b-players-search")
    main.window.players_page.search.clear()
    history = main.history.show_history()
    history.resize(1100, 640)
    _save(history, "10-history")
    history.close()
    snapshots = main.snapshots.show_snapshots()
    snapshots.take_button.click()
    _save(snapshots, "11-snapshots")
    snapshots.close()
    dialog = main.files.new_tournament()
    _save(dialog, "12-new-tournament")
    dialog.reject()
    window.show_page("Players")
    window.players_page.add_button.click()
    player = [w for w in QApplication.topLevelWidgets()
              if type(w).__name__ == "PlayerDialog" and w.isVisible()][0]
    _save(player, "13-player-dialog")
    player.reject()
    window.menus.close_action.trigger()
    assert window.welcome.recent.count() == 1
    _save(window, "08-welcome-recent")
    written = sorted(p.name for p in screens.folder("gui").glob("*.png"))
    assert {f"{n:02d}-{name.lower()}.png" for n, name in enumerate(PAGE_NAMES, 1)} <= set(written)
