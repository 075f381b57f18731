"""Issue 14: step 1 of the seating wizard said "7 boards + 6 over" above a line saying 56
players make 8 boards (late arrivals counted by seating, not by the count), and its Fix list
stayed greyed out."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import Qt

from tdapp.services import rollcall
from tdapp.store.files import open_tournament_file

from .shots import shot


def test_count_and_fix_agree_and_the_fix_list_opens(main, qtbot, demo_file: Path,
                                                    tmp_path: Path) -> None:
    path = Path(shutil.copy(demo_file, tmp_path / "t.tdt"))
    db = open_tournament_file(path)
    try:
        ids = [row.player_id for row in rollcall.roll_call(db, 3)]
        rollcall.set_answers(db, 3, ids, status="present")
        rollcall.set_answers(db, 3, ids[:2], status="late")  # 47 present + 2 late = 49
    finally:
        db.close()
    assert main.app.open_file(path)
    main.window.show_page("Boards")
    main.window.boards_page.select_round(3)
    qtbot.mouseClick(main.window.boards_page.seat_button, Qt.MouseButton.LeftButton)
    wizard = main.boards.wizard
    wizard.resize(1280, 800)
    who = wizard.currentPage()
    try:
        assert who.count_label.text().startswith("49 present or late — 7 boards")
        assert "+ " not in who.count_label.text().split("(")[0]  # no "+ 5 over" above 7 boards
        assert "49 players make 7 boards" in who.explain.text()
        assert who.result_label.text().startswith("49 seats = 7 boards")
        assert who.fix_box.isEnabled()
        shot(wizard, "wizard-step-1-count")
    finally:
        wizard.close_now()
        main.boards.projector.close()
