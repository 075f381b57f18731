"""Issue 14: the Players page cut Country and Club while the Withdrawn column at the end took
all the room left over."""

from __future__ import annotations

from PySide6.QtGui import QFontMetrics

from tdapp.gui.players.model import CLUB_COLUMN, COUNTRY_COLUMN

from .shots import shot


def test_country_and_club_take_the_room_not_withdrawn(qtbot, demo_main, tmp_path) -> None:
    main = demo_main
    main.window.resize(1280, 800)
    main.window.show_page("Players")
    page = main.window.pages["Players"]
    table = page.table
    header = table.horizontalHeader()
    withdrawn = header.count() - 1
    assert header.sectionSize(withdrawn) <= 110
    assert header.sectionSize(0) >= 150 and header.sectionSize(1) >= 120  # name, home town
    metrics = QFontMetrics(table.font())
    for column in (COUNTRY_COLUMN, CLUB_COLUMN):
        widest = max(metrics.horizontalAdvance(str(table.model().index(r, column).data() or ""))
                     for r in range(table.model().rowCount()))
        assert header.sectionSize(column) >= widest + 8, column
    shot(main.window, "players-columns")
