"""The Awards page: computed awards with rules, best country per power, settling a tie left to
the TD (a TD decision or a random draw), special awards, certificates through the worker."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from tdapp.core.powers import POWERS
from tdapp.gui.awards.dialogs import SpecialAwardDialog, TieDialog
from tests.gui.results.fixtures import screenshot


def _page(main):
    main.window.show_page("Awards")
    return main.window.pages["Awards"]


def _standings_rank(main, player_id: int) -> int | None:
    """A look at the Standings page (which reads its data when shown), then back to Awards."""
    main.window.show_page("Standings")
    page = main.window.pages["Standings"]
    rank = next(r.rank for r in page.model.rows() if r.player_id == player_id)
    main.window.show_page("Awards")
    return rank


def test_awards_list_rules_and_best_countries(qtbot, demo_main) -> None:
    page = _page(demo_main)
    awards = page.awards_model.rows()
    assert awards[0].name == "Champion"
    assert "championship pool" in awards[0].rule
    assert [a.power for a in page.best_model.rows()] == list(POWERS)
    assert page.best_model.index(0, 0).data() == "Austria"
    assert "after round 2" in page.summary.text()
    screenshot(demo_main.window, "awards-page")


def test_td_decision_settles_the_tie_and_standings_follow(qtbot, tied_main) -> None:
    main, ids = tied_main
    page = _page(main)
    assert page.ties_model.rowCount() == 1
    assert _standings_rank(main, ids["ENGLAND"]) == _standings_rank(main, ids["FRANCE"]) == 2
    standings = main.window.pages["Standings"]
    row = next(r for r in standings.model.rows() if r.player_id == ids["ENGLAND"])
    assert row.tie_text.startswith("Tie for the TD")
    assert main.standings.stale is False
    screenshot(main.window, "awards-page-open-tie")

    page.ties_table.selectRow(0)
    qtbot.mouseClick(page.settle_button, Qt.MouseButton.LeftButton)
    dialog = main.awards.dialog
    assert isinstance(dialog, TieDialog)
    dialog.by_td.setChecked(True)
    assert dialog.up.isEnabled() and dialog.record_button.isEnabled()
    start = dialog.current_order()
    dialog.order.setCurrentRow(1)
    qtbot.mouseClick(dialog.up, Qt.MouseButton.LeftButton)
    wanted = (start[1], start[0])
    assert dialog.current_order() == wanted
    dialog.note.setText("decided at the table")
    screenshot(dialog, "tie-dialog")
    qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)

    assert page.ties_model.rowCount() == 0
    assert page.decisions_model.rows()[0].order == wanted
    assert _standings_rank(main, wanted[0]) == 2 and _standings_rank(main, wanted[1]) == 3
    main.window.menus.undo_action.trigger()  # a decision is undoable like any other action
    assert page.ties_model.rowCount() == 1


def test_random_draw_recorded_with_its_order(qtbot, tied_main) -> None:
    main, ids = tied_main
    page = _page(main)
    dialog = main.awards.settle(page.ties_model.rows()[0])
    assert not dialog.record_button.isEnabled()  # nothing drawn yet
    order = dialog.draw(seed=11)
    assert dialog.current_order() == order
    assert "seed 11" in dialog.outcome.text()
    qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
    decision = page.decisions_model.rows()[0]
    assert decision.order == order and "seed 11" in decision.note
    assert _standings_rank(main, order[0]) == 2 and _standings_rank(main, order[1]) == 3


def test_special_award_added_edited_and_removed(qtbot, demo_main, dialog_answers) -> None:
    main = demo_main
    page = _page(main)
    # QA: Edit and Remove were on with no award listed
    assert not page.edit_button.isEnabled() and not page.remove_button.isEnabled()
    qtbot.mouseClick(page.add_button, Qt.MouseButton.LeftButton)
    dialog = main.awards.dialog
    assert isinstance(dialog, SpecialAwardDialog)
    dialog.title.setText("Best Pirate")
    dialog.player.setCurrentIndex(3)
    winner = dialog.player.currentText()
    dialog.note.setText("most stabs in round 2")
    screenshot(dialog, "special-award-dialog")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert [(s.title, s.player_name) for s in page.special_model.rows()] == [
        ("Best Pirate", winner)]
    computed = [a for a in page.awards_model.rows() if a.kind == "special"]
    assert computed[0].winners == (winner,)
    assert computed[0].rule == "named and given by the TD: most stabs in round 2"

    page.special_table.selectRow(0)
    page.edit_button.click()
    edit = main.awards.dialog
    edit.title.setText("Best Privateer")
    edit.ok_button.click()
    assert page.special_model.rows()[0].title == "Best Privateer"
    assert page.remove_button.isEnabled()
    # QA: Remove took the award at once, even with no row selected (the only one listed)
    page.special_table.clearSelection()
    dialog_answers.next_answer = dialog_answers.next_answer.No
    page.remove_button.click()
    kind, title, text = dialog_answers.shown[-1]
    assert (kind, title) == ("question", "Remove award")
    assert text.startswith(f"Remove the award \u201cBest Privateer\u201d given to {winner}?")
    assert page.special_model.rowCount() == 1
    dialog_answers.next_answer = dialog_answers.next_answer.Yes
    page.special_table.selectRow(0)
    page.remove_button.click()
    assert page.special_model.rowCount() == 0
    assert not page.remove_button.isEnabled()


def test_certificates_print_through_the_worker(qtbot, demo_main, tmp_path: Path, monkeypatch,
                                               dialog_answers) -> None:
    main = demo_main
    page = _page(main)
    target = tmp_path / "out" / "certificates.pdf"
    target.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(target), "")))
    dialog_answers.next_answer = dialog_answers.next_answer.No
    exports = main.exports
    page.text_button.click()
    assert exports.busy  # running on the pool, not on the GUI thread
    qtbot.waitUntil(lambda: not exports.busy and target.exists(), timeout=30000)
    reader = PdfReader(str(target))
    text = " ".join(p.extract_text() for p in reader.pages)
    champion = page.awards_model.rows()[0].winners[0]
    assert champion in text and "Champion" in text
    # one page per winner of every award, best countries included (a shared one: each winner)
    assert len(reader.pages) == (sum(len(a.winners) for a in page.awards_model.rows())
                                 + sum(len(a.winners) for a in page.best_model.rows()))
    assert dialog_answers.shown[-1][1] == "Export finished"
