"""A board's view on a venue station saves a sheet over the version it saw: a sheet another
station saved since is the conflict message with both sheets, never overwritten; the TD's
"save mine" saves it, the view shows it, and the next save from the view is no conflict (real
PostgreSQL, two stations, offscreen).

Issue "The venue network made safe": "an offline entry based on an old version must become a
conflict shown with both sides, never a silent overwrite".
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QWidget

from tdapp.gui.controller import AppController
from tdapp.gui.game.controller import game_view
from tdapp.gui.venue import conflict
from tdapp.services import games
from tests.venue_stations import board_in_play, shared, stations  # noqa: F401 (fixtures)

pytestmark = pytest.mark.postgres


def test_a_sheet_saved_elsewhere_since_the_view_saw_it_is_a_conflict(
        qtbot, stations, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    first, second = stations
    board_id = board_in_play(first, "S1906M")
    games.save_orders(first, board_id, "AUSTRIA", "A Vie H", "S1906M")
    window = QWidget()
    qtbot.addWidget(window)
    app = AppController(window)  # its window's child: gone with it, before the file closes
    app.set_window(window)
    app.db = second  # this station: it hears nothing of desk 1 (no listener here)
    view = game_view(app, board_id)
    qtbot.addWidget(view)
    assert view.state is not None

    games.save_orders(first, board_id, "AUSTRIA", "A Vie-Tri", "S1906M")  # desk 1, meanwhile
    shown: list[conflict.ConflictDialog] = []

    def save_mine(dialog: conflict.ConflictDialog) -> int:
        shown.append(dialog)
        dialog.save_button.click()
        return dialog.result()

    monkeypatch.setattr(conflict.ConflictDialog, "exec", save_mine)
    view.save_requested.emit("AUSTRIA", "A Vie-Gal", "S1906M")
    assert len(shown) == 1
    table = shown[0].table
    assert (table.item(0, 1).text(), table.item(0, 2).text()) == ("A Vie-Tri", "A Vie-Gal")
    assert "changed by someone else by ann on desk-1" in shown[0].words.text()
    sheet = games.game_state(first, board_id).current.sheets["AUSTRIA"]
    assert sheet.text == "A Vie-Gal"  # saved over theirs, as the TD chose
    assert view.state.current.sheets["AUSTRIA"].text == "A Vie-Gal"  # the view shows it

    view.save_requested.emit("AUSTRIA", "A Vie-Gal\nA Bud-Ser", "S1906M")
    assert len(shown) == 1  # its own save is the version it saw: no conflict
    assert games.game_state(first, board_id).current.sheets["AUSTRIA"].text == \
        "A Vie-Gal\nA Bud-Ser"
    app.db = None  # the stations' files close after the test: the view holds nothing of them
