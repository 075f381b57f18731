"""World DipCon 2018 (seed 002): "Players may participate in no more than three of the four
preliminary rounds." In round 4 the roll call page shows who has used their three (absent,
and why) and the seating wizard calls none of them, naming them."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tdapp.gui.seating.wizard import SeatingWizard
from tests.gui import screens
from tests.wdc2018_helpers import three_rounds_played


def test_round_4_roll_call_and_wizard_know_who_has_played_three(main, qtbot,
                                                               tmp_path: Path) -> None:
    path = tmp_path / "wdc-2018.tdt"
    db, everyone, sat_out = three_rounds_played(path)
    db.close()
    assert main.app.open_file(path)
    window = main.window
    window.show_page("Rounds")
    page = window.rounds_page
    page.select_round(4)
    rows = {r.player_id: r for r in page.roll_call.rows()}
    for player in everyone:
        used = player not in sat_out
        assert (rows[player].status == "absent") == used
        assert bool(rows[player].limit) == used
    assert page.count_label.text() == ("3 present — 0 boards + 3 over (12 played the most "
                                       "rounds allowed, so absent)")
    answered = [c.title for c in page.roll_call.columns].index("Answered")
    texts = [page.proxy.index(r, answered).data() for r in range(page.proxy.rowCount())]
    assert sum("not this round: has already played or registered for rounds 1, 2, 3" in t
               for t in texts) == len(everyone) - len(sat_out)
    window.resize(1280, 800)
    screens.save(window, "three-of-four/rounds-page-round-4.png")
    window.show_page("Boards")
    window.boards_page.select_round(4)
    qtbot.mouseClick(window.boards_page.seat_button, Qt.MouseButton.LeftButton)
    wizard = main.boards.wizard
    assert isinstance(wizard, SeatingWizard) and wizard.isVisible()
    try:
        wizard.resize(1280, 800)
        who = wizard.who_page
        assert {c.player_id for c in who.candidates} == set(sat_out)
        assert "Not called (12: they have played or registered for 3 of rounds 1, 2, 3, 4" \
            in who.explain.text()
        screens.save(wizard, "three-of-four/wizard-round-4.png")
    finally:
        wizard.close_now()
        main.boards.projector.close()
        QApplication.processEvents()
