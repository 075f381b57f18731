"""A tie settled by random draw records the seed that drew it (issue 14: it recorded
"seed False" because the button's checked flag was taken for the seed)."""

from __future__ import annotations

from PySide6.QtCore import Qt


def test_clicking_draw_lots_records_a_real_seed(qtbot, tied_main) -> None:
    main, _ids = tied_main
    main.window.show_page("Awards")
    page = main.window.pages["Awards"]
    dialog = main.awards.settle(page.ties_model.rows()[0])
    qtbot.mouseClick(dialog.draw_button, Qt.MouseButton.LeftButton)
    assert isinstance(dialog.drawn_seed, int) and not isinstance(dialog.drawn_seed, bool)
    qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
    note = page.decisions_model.rows()[0].note
    assert f"seed {dialog.drawn_seed}" in note and "False" not in note
