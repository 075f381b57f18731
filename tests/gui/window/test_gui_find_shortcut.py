"""Ctrl+F reaches the search box of the page on screen, even from the sidebar (QA: on Standings
it did nothing; on Players it worked only while the focus was already inside the page)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication


def _ctrl_f_from_the_sidebar(main, qtbot, page_name: str) -> None:
    window = main.window
    window.show_page(page_name)
    window.activateWindow()
    sidebar = window.sidebar
    sidebar.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is sidebar, timeout=3000)
    qtbot.keyClick(sidebar, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)


def test_ctrl_f_on_players_rounds_and_standings(main, qtbot, filled_file: Path) -> None:
    assert main.files.open_path(filled_file)
    window = main.window
    for name, search in (("Players", window.players_page.search),
                         ("Rounds", window.rounds_page.search),
                         ("Standings", window.pages["Standings"].search)):
        _ctrl_f_from_the_sidebar(main, qtbot, name)
        assert QApplication.focusWidget() is search, name


def test_ctrl_f_on_the_results_tab_goes_back_to_the_standings_search(main, qtbot,
                                                                     filled_file: Path) -> None:
    assert main.files.open_path(filled_file)
    page = main.window.pages["Standings"]
    main.window.show_page("Standings")
    page.tabs.setCurrentIndex(1)
    _ctrl_f_from_the_sidebar(main, qtbot, "Standings")
    assert page.tabs.currentIndex() == 0
    assert QApplication.focusWidget() is page.search
