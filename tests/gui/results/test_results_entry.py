"""Typing a board's result through the grid: errors first, then valid numbers, live scores,
Save, and the Standings page showing the new round score."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tdapp.core.powers import POWERS
from tdapp.gui.results.controller import result_dialog
from tdapp.gui.results.dialog import ResultEntryDialog
from tdapp.gui.results.form import ResultForm
from tdapp.gui.results.needs import ResultNeeds, result_needs
from tdapp.services.standings_views import NOW
from tests.gui.results.fixtures import screenshot


def _type(qtbot, dialog: ResultEntryDialog, text: str) -> None:
    """Type into whatever has the focus in the grid, as a TD at the keyboard would."""
    for char in text:
        target = QApplication.focusWidget() or dialog.grid
        if char == "\n":
            qtbot.keyClick(target, Qt.Key.Key_Return)
        else:
            qtbot.keyClicks(target, char)
        QApplication.processEvents()  # the editor commits on a queued call


def _open_first_board(qtbot, main) -> ResultEntryDialog:
    main.window.show_page("Standings")
    page = main.window.pages["Standings"]
    page.tabs.setCurrentWidget(page.results_panel)
    panel = page.results_panel
    assert panel.current_round() == 3  # the first round still waiting for results
    assert panel.summary.text() == "7 of 7 boards still need their result."
    qtbot.mouseClick(panel.enter_button, Qt.MouseButton.LeftButton)
    dialog = main.standings.results.dialog
    assert isinstance(dialog, ResultEntryDialog)
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    dialog.grid.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.grid)
    return dialog


def test_type_a_board_result_errors_first_then_scores_then_save(qtbot, demo_main) -> None:
    main = demo_main
    dialog = _open_first_board(qtbot, main)
    assert dialog.entry.round_number == 3 and dialog.entry.number == 1
    assert "eliminated" in dialog.findChild(type(dialog.problems), "needs").text()
    assert not dialog.save_button.isEnabled()
    final = dialog.model.final_column()
    assert dialog.grid.currentIndex().column() == final  # starts on Austria's final centres

    # A slip: 40 centres for Austria, then an impossible total.
    _type(qtbot, dialog, "40\n")
    assert ("final", "AUSTRIA") in dialog.model.bad
    assert any("from 0 to 34" in p for p in dialog.problem_texts())
    background = dialog.model.index(0, final).data(Qt.ItemDataRole.BackgroundRole)
    assert background.color().name() == "#f6c9c4"
    assert dialog.grid.currentIndex().row() == 1  # Enter moved down to England
    _type(qtbot, dialog, "20\n6\n5\n3\n2\n0\n")
    problems = " ".join(dialog.problem_texts())
    assert "that is a solo" in problems and "from 0 to 34" in problems
    assert dialog.scores_model.rowCount() == 0 and not dialog.save_button.isEnabled()
    screenshot(dialog, "result-entry-errors")

    # Put it right: Austria 10, England 8; the grid waits for Turkey's elimination year.
    dialog.grid.setCurrentIndex(dialog.model.index(0, final))
    _type(qtbot, dialog, "10\n8\n")
    assert dialog.model.bad == {}, dialog.form.final
    assert dialog.problem_texts() == ["Type the year Turkey was eliminated."]
    dialog.grid.setCurrentIndex(dialog.model.index(6, dialog.model.out_column()))
    _type(qtbot, dialog, "1906\n")
    assert dialog.problem_texts() == []
    assert dialog.save_button.isEnabled()
    assert dialog.score_of("AUSTRIA") == 176.0  # Haight, live, before anything is saved
    assert dialog.scores_model.rowCount() == 7
    screenshot(dialog, "result-entry-valid")

    seats = {s.power: s for s in dialog.entry.seats}
    austria = seats["AUSTRIA"].player_id
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: main.standings.results.dialog is None)
    panel = main.window.pages["Standings"].results_panel
    assert panel.summary.text() == "6 of 7 boards still need their result."

    page = main.window.pages["Standings"]
    page.mode_buttons[NOW].setChecked(True)
    line = next(r for r in page.model.rows() if r.player_id == austria)
    assert line.rounds[2].score == 176.0 and not line.rounds[2].provisional
    assert main.window.menus.undo_action.text().startswith("&Undo")
    main.window.menus.undo_action.trigger()  # the result is undoable
    line = next(r for r in page.model.rows() if r.player_id == austria)
    assert len(line.rounds) < 3 or line.rounds[2].score is None


def test_existing_result_is_shown_and_draw_members_for_any_draw(qtbot, demo_main) -> None:
    main = demo_main
    from tdapp.services.rounds import board_call

    board = board_call(main.app.db, 1)[0]
    dialog = result_dialog(main.app, board.board_id, main.window)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.check.ok  # the stored result reads back valid
    assert [dialog.form.final[p] for p in POWERS] == [str(s.centers) for s in board.seats]
    assert dialog.score_of(board.seats[0].power) == board.seats[0].score
    # Haight scores a passed draw by centres, not by who was in it, yet who is in it is a fact
    # of the game (the rating uses it): the draw column is there for any passed draw.
    assert dialog.grid.isColumnHidden(dialog.model.draw_column())  # not a draw: no column
    dialog.end_reason.setCurrentIndex(dialog.end_reason.findData("draw"))
    assert not dialog.grid.isColumnHidden(dialog.model.draw_column())
    dialog.reject()


def test_form_asks_for_every_year_under_count_back() -> None:
    needs = result_needs("edc-2026", 1)
    assert needs.history and "count-back" in " ".join(needs.sentences())
    form = ResultForm(needs, end_year=1903)
    form.final = dict(zip(POWERS, ("10", "8", "6", "5", "3", "2", "0"), strict=True))
    form.out = {"TURKEY": "1902"}
    check = form.check()
    assert not check.ok
    assert any("1901" in m for m in check.missing) and any("1902" in m for m in check.missing)
    form.years = {1901: dict.fromkeys(POWERS, "4"),
                  1902: dict(zip(POWERS, ("6", "6", "5", "5", "4", "4", "1"), strict=True))}
    check = form.check()
    assert [m for m, _ in check.errors] == ["Turkey was eliminated in 1902 but has 1 centres "
                                            "in 1902."]
    assert ("year", "TURKEY", 1902) in check.bad_cells()
    form.years[1902]["TURKEY"] = "0"
    check = form.check()
    assert check.ok and check.result is not None
    assert check.result.history[1903]["AUSTRIA"] == 10  # the final year joins the history


def test_form_draw_members_for_a_system_that_needs_them() -> None:
    assert not result_needs("wdc-2025", 1).draw_members
    assert result_needs("wdc-2025", 1).elimination_years
    needs = ResultNeeds("draw-size", "Draw size", False, True, False)
    form = ResultForm(needs, end_year=1908, end_reason="draw")
    form.final = dict(zip(POWERS, ("10", "8", "6", "5", "3", "2", "0"), strict=True))
    assert "Tick the powers in the draw." in form.check().missing
    form.draw = {"AUSTRIA", "TURKEY"}
    check = form.check()
    assert ("draw", "TURKEY") in check.bad_cells()
    form.draw = {"AUSTRIA", "ENGLAND"}
    check = form.check()
    assert check.ok and check.result is not None and check.result.draw == ("AUSTRIA", "ENGLAND")


def test_count_back_format_asks_for_every_year(qtbot, main, tmp_path) -> None:
    """EDC 2026 breaks ties by count-back: the grid says so and wants each year's centres."""
    from tdapp.commands.demo import write_demo
    from tdapp.services.rounds import board_call

    path = write_demo(tmp_path / "edc.tdt", players=14, format_name="edc-2026",
                      rounds_played=1)
    assert main.files.open_path(path)
    board = board_call(main.app.db, 1)[0]
    dialog = result_dialog(main.app, board.board_id, main.window)
    qtbot.addWidget(dialog)
    dialog.show()
    needs = dialog.findChild(type(dialog.problems), "needs").text()
    assert "count-back" in needs and "every year" in needs
    assert dialog.check.ok  # the demo recorded every year: it reads back complete
    dialog.end_year.setValue(dialog.form.end_year + 1)  # one more year, not typed yet
    hidden = [c for c in range(dialog.model.columnCount()) if dialog.grid.isColumnHidden(c)]
    # the new year's column shifted the others; the draw column shows for a passed draw only
    assert hidden == ([] if dialog.form.end_reason == "draw" else [dialog.model.draw_column()])
    assert not dialog.check.ok
    assert any("count-back needs every year" in p for p in dialog.problem_texts())
    assert not dialog.save_button.isEnabled()
    screenshot(dialog, "result-entry-count-back")
    dialog.reject()


def test_a_newly_seated_round_brings_the_results_tab_to_it(main, demo_file, tmp_path) -> None:
    """QA: with round 2 shown ("All 7 boards have their result"), seating round 3 left the tab
    on round 2; the TD had to find round 3 in the box. A round the TD picks stays otherwise."""
    import shutil

    from tdapp.services import rounds as round_service

    path = Path(shutil.copy(demo_file, tmp_path / "demo.tdt"))
    assert main.files.open_path(path)
    panel = main.window.pages["Standings"].results_panel
    assert panel.current_round() == 2
    panel.set_rounds([1, 2], 1)  # the TD looks at round 1; a refresh keeps it
    main.standings.results.refresh()
    assert panel.current_round() == 1
    done = main.app.read(round_service.board_call, 2)
    plans = [round_service.BoardPlan(b.number, {s.power: s.player_id for s in b.seats})
             for b in done]
    main.app.call(round_service.save_board_call, 3, plans)
    assert panel.current_round() == 3


def test_the_save_button_shows_its_key_and_ctrl_s_saves(qtbot, demo_main) -> None:
    """QA: Ctrl+S saved, but only a tooltip said so; the TD typing numbers never saw it."""
    dialog = _open_first_board(qtbot, demo_main)
    assert dialog.save_button.text() == "Save result  [Ctrl+S]"
    _type(qtbot, dialog, "10\n8\n6\n5\n3\n2\n0\n")
    dialog.grid.setCurrentIndex(dialog.model.index(6, dialog.model.out_column()))
    _type(qtbot, dialog, "1906\n")
    assert dialog.save_button.isEnabled()
    qtbot.keyClick(dialog.grid, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: demo_main.standings.results.dialog is None)
    panel = demo_main.window.pages["Standings"].results_panel
    assert panel.summary.text() == "6 of 7 boards still need their result."
    # QA: the grid closed with no word that anything was saved
    assert demo_main.window.statusBar().currentMessage() == (
        "Saved: Result of round 3 board 1 (Edit > Undo takes it back).")


def test_a_passed_draw_records_who_is_in_it_and_the_rating_shares_it(qtbot, main,
                                                                     tmp_path) -> None:
    """Seed 003: "Draws = average of drawn scores". EDC 2026's score does not depend on who is
    in a draw, so the grid never asked, and the rating ranked the drawn survivors by centres.
    Now the TD ticks who is in the draw (every survivor at first), and the rating averages the
    places of the drawn players, a survivor left out of the draw placed below them."""
    from tdapp.commands.demo import write_demo
    from tdapp.services.rating import rating_view
    from tdapp.services.rounds import board_call

    path = write_demo(tmp_path / "edc.tdt", players=7, format_name="edc-2026", rounds_played=1)
    assert main.files.open_path(path)
    board = board_call(main.app.db, 1)[0]
    dialog = result_dialog(main.app, board.board_id, main.window)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.end_reason.setCurrentIndex(dialog.end_reason.findData("draw"))
    column = dialog.model.draw_column()
    assert not dialog.grid.isColumnHidden(column)
    alive = [p for p in POWERS if dialog.form.final[p] not in ("", "0")]
    assert dialog.form.draw == set(alive)  # everyone left on the board, until the TD unticks
    weakest = min(alive, key=lambda p: int(dialog.form.final[p]))
    row = POWERS.index(weakest)
    dialog.model.setData(dialog.model.index(row, column), Qt.CheckState.Unchecked.value,
                         Qt.ItemDataRole.CheckStateRole)
    assert dialog.check.ok, dialog.problem_texts()
    assert dialog.check.result is not None
    assert set(dialog.check.result.draw or ()) == set(alive) - {weakest}
    screenshot(dialog, "result-entry-draw-members-edc")
    dialog.save()
    rated = next(b for b in rating_view(main.app.db).boards if (b.round, b.board) == (1, 1))
    drawn = [s for s in rated.steps if s.power in set(alive) - {weakest}]
    assert len({s.shared for s in drawn}) == 1  # each gets the average of the drawn places
    assert len({s.place for s in drawn}) == 1
    left_out = next(s for s in rated.steps if s.power == weakest)
    assert left_out.place == len(drawn) + 1
