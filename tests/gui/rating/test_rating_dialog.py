from __future__ import annotations

import shutil
from pathlib import Path

from tdapp.gui.window.menus import Menu
from tdapp.services import history, rounds
from tdapp.services.results import BoardResult, record_result
from tests.gui import screens


def test_rating_dialog_from_the_tournament_menu(qtbot, qapp, demo_file: Path, tmp_path: Path,
                                                monkeypatch) -> None:
    monkeypatch.setenv("TDAPP_SETTINGS_SCOPE", "tests")
    from tdapp.gui.app import build_main, make_application

    copy = tmp_path / "demo.tdt"
    shutil.copy(demo_file, copy)
    make_application()
    main = build_main()
    try:
        assert main.app.open_file(copy)
        action = main.rating.action
        assert action.isEnabled() and action in main.window.menus.menu(Menu.TOURNAMENT).actions()
        action.trigger()
        dialog = main.rating.dialog
        assert dialog is not None and dialog.isVisible()
        assert dialog.model.rowCount() == 49
        assert dialog.board_list.count() == 14
        assert dialog.steps.toPlainText().startswith("places: ")
        dialog.board_list.setCurrentRow(13)
        assert "Changes:" in dialog.steps.toPlainText()
        # A board's result changed: the open dialog follows.
        board = rounds.board_call(main.app.db, 1)[0]
        before = dialog.steps.toPlainText()
        even = {s.power: 5 for s in board.seats} | {"TURKEY": 4}  # nobody out, a 6-way tie
        assert main.app.call(record_result, board.board_id, BoardResult(even, 1909))
        dialog.board_list.setCurrentRow(0)
        assert dialog.steps.toPlainText() != before
        assert "tie on 5 centres" in dialog.steps.toPlainText()
        assert main.app.call(history.undo)
        # Seed 003's compression reads two ways: both offered, the current one the default,
        # which one is used said, and the worked example of each shown.
        box = dialog.compression_box
        assert [box.itemText(i) for i in range(box.count())] == [
            "S and n over the eliminated players' scores (default)",
            "S and n over all the scores of the board"]
        assert dialog.reading.text().startswith("Used: S and n over the eliminated players'")
        examples = dialog.examples.toPlainText()
        assert examples.count("Worked example") == 2 and "S = -50, n = 2" in examples
        assert "S = 0, n = 7" in examples
        screens.save(dialog, "rating/rating-dialog.png")
        box.setCurrentIndex(1)
        box.activated.emit(1)
        assert dialog.reading.text().startswith("Used: S and n over all the scores")
        assert main.rating.compression == "all"
        dialog.board_list.setCurrentRow(0)
        if "compressed" in dialog.steps.toPlainText():
            assert "over all scores" in dialog.steps.toPlainText()
        screens.save(dialog, "rating/rating-dialog-all.png")
        dialog.close()
    finally:
        main.app.close_file()
        main.window.close()
