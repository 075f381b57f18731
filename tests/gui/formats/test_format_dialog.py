"""The format dialog driven as a TD would: open it from the menu or the Tournament page, change
parts, read the summary, see a mistake marked at its field, save, undo."""

from __future__ import annotations

from collections import defaultdict

import pytest
from PySide6.QtCore import Qt

from tdapp.commands.standings import standings_document
from tdapp.gui.formats.fields import ERROR_NAME
from tdapp.services import formats
from tdapp.services.rounds import list_rounds


def _open(main):
    main.window.menus.format_action.trigger()
    dialog = main.formats.format_dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def _scores(main) -> dict[str, float]:
    return {r["player_id"]: r["score"] for r in standings_document(main.app.db)["standings"]}


def _counting_cell(dialog, row: int, column: int):
    return dialog.form.counting.table.item(row, column)


def test_best_one_of_three_saved_changes_the_standings_and_undo_restores(
        qtbot, demo_main, screenshot) -> None:
    before = _scores(demo_main)
    dialog = _open(demo_main)
    assert "best 2 of rounds 1, 2, 3 + round 4" in dialog.summary.text()
    dialog.form.setCurrentIndex(1)
    _counting_cell(dialog, 0, 1).setText("1")
    assert "best 1 of rounds 1, 2, 3" in dialog.summary.text()
    assert dialog.name_edit.text() == "wdc-2025-custom"  # a changed built-in is named apart
    assert dialog.title_edit.text().endswith("(changed)")
    screenshot(dialog, "format-dialog-counting")
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    state = formats.format_state(demo_main.app.db)
    assert state.custom and state.fmt.counting[0].best == 1
    box = demo_main.window.tournament_page.format_box
    assert "changed from World DipCon 2025" in box.title_label.text()
    demo_main.window.show_page("Tournament")
    screenshot(demo_main.window, "tournament-page-format-box")
    after = _scores(demo_main)
    assert after != before
    for row in standings_document(demo_main.app.db)["standings"]:
        played = [e["score"] for e in row["rounds"] if e["score"] is not None]
        assert row["score"] == pytest.approx(max(played))
    demo_main.window.menus.undo_action.trigger()
    assert not formats.format_state(demo_main.app.db).custom
    assert _scores(demo_main) == pytest.approx(before)
    assert "changed" not in box.title_label.text()


def test_sum_of_squares_chosen_for_round_two_rescores_its_boards(
        qtbot, demo_main, screenshot) -> None:
    demo_main.window.show_page("Tournament")
    qtbot.mouseClick(demo_main.window.tournament_page.format_box.format_button,
                     Qt.MouseButton.LeftButton)
    dialog = demo_main.formats.format_dialog
    scoring = dialog.form.rounds_table.cell(1, 1)
    scoring.setCurrentIndex(scoring.findData("sum-of-squares"))
    assert "Round 2: sum-of-squares scoring" in dialog.summary.text()
    screenshot(dialog, "format-dialog-rounds")
    dialog.save_button.click()
    totals: dict[int, float] = defaultdict(float)
    for row in standings_document(demo_main.app.db)["standings"]:
        for entry in row["rounds"]:
            if entry["round"] == 2 and entry["board"] is not None:
                totals[entry["board"]] += entry["score"]
    assert totals and all(t == pytest.approx(100.0) for t in totals.values())


def test_a_mistake_is_marked_at_its_field_and_save_waits(qtbot, demo_main, screenshot) -> None:
    dialog = _open(demo_main)
    dialog.form.setCurrentIndex(0)
    _counting_cell(dialog, 0, 0).setText("1, 9")
    assert not dialog.save_button.isEnabled()
    assert dialog.form.currentIndex() == 1  # the Counting tab, where the mistake is
    error = dialog.form.errors[1]
    assert not error.isHidden()
    assert error.text().startswith("Counting group 1, rounds: round 9 is outside")
    assert dialog.form.counting.table.objectName() == ERROR_NAME
    assert "Not saved yet" in dialog.status.text()
    assert not dialog.summary.isEnabled() and "last version" in dialog.summary_box.title()
    screenshot(dialog, "format-dialog-error")
    _counting_cell(dialog, 0, 0).setText("1-3")
    assert dialog.save_button.isEnabled() and error.isHidden()
    assert dialog.summary.isEnabled()
    assert dialog.form.counting.table.objectName() != ERROR_NAME
    dialog.show_refusal("round_rules[2].scoring", "round_rules[2].scoring: unknown system")
    assert dialog.form.rounds_table.cell(2, 1).objectName() == ERROR_NAME
    assert dialog.form.errors[0].text() == "Round 3, scoring: unknown system"
    dialog.reject()


def test_tie_breakers_reorder_and_other_parts_reach_the_format(
        qtbot, demo_main, screenshot) -> None:
    dialog = _open(demo_main)
    form = dialog.form
    form.setCurrentIndex(3)
    ties = form.ties.tie_breakers
    first, second = ties.names()[:2]
    ties.list.setCurrentRow(1)
    qtbot.mouseClick(ties.up_button, Qt.MouseButton.LeftButton)
    assert ties.names()[:2] == (second, first)
    assert ties.list.item(0).text().startswith("1. ")
    ties.choices.setCurrentIndex(ties.choices.findData("random-draw"))
    ties.add_button.click()
    assert ties.names()[-1] == "random-draw"
    assert "a recorded random draw" in dialog.summary.text()
    assert form.ties.champion_ties.isChecked()  # WDC 2025 has its own list for places 1-7
    form.ties.champion_list.list.setCurrentRow(0)
    form.ties.champion_list.remove_button.click()
    assert form.ties.champion_list.names()[0] == "best-game"
    screenshot(dialog, "format-dialog-tie-breakers")
    form.awards.places.setValue(10)
    form.awards.best_solo.setChecked(True)
    form.awards.best_no_top.setChecked(True)
    form.rules.variants["convoy_to_adjacent"].setCurrentIndex(
        form.rules.variants["convoy_to_adjacent"].findData("intent"))
    form.setCurrentIndex(4)
    assert "a loss to a solo never wins" in dialog.summary.text()
    screenshot(dialog, "format-dialog-awards")
    form.rules.end_year.setValue(1910)
    form.rules.vote_secret.setValue(form.rules.vote_secret.minimum())  # all secret
    form.box("pool-champion").size_box.setValue(14)
    form.rounds.setValue(5)
    assert form.rounds_table.rowCount() == 5
    assert "round 4 + round 5" in dialog.summary.text()
    form.setCurrentIndex(5)
    screenshot(dialog, "format-dialog-rules")
    form.setCurrentIndex(2)
    screenshot(dialog, "format-dialog-structure")
    dialog.save_button.click()
    fmt = formats.effective_format(demo_main.app.db)
    assert fmt.tie_breakers[:2] == (second, first) and fmt.tie_breakers[-1] == "random-draw"
    assert fmt.champion_tie_breakers is not None
    assert fmt.champion_tie_breakers[0] == "best-game"
    assert fmt.awards.places == 10
    assert fmt.awards.best_country.solo_loss_never_wins
    assert fmt.awards.best_country.exclude_top_board
    assert fmt.rules["convoy_to_adjacent"] == "intent"
    assert fmt.end_year == 1910 and fmt.draw_votes.secret_votes is None
    assert fmt.pool is not None and fmt.pool.size == 14
    assert fmt.rounds == 5 and fmt.round_rule(5).label == "Round 5"
    assert [g.rounds for g in fmt.count_groups()] == [(1, 2, 3), (4,), (5,)]  # round 5 counts
    assert len(list_rounds(demo_main.app.db)) == 5


def test_start_from_another_built_in_and_back_to_it_unchanged(qtbot, demo_main) -> None:
    dialog = _open(demo_main)
    dialog.start_from.setCurrentIndex(dialog.start_from.findData("edc-2026"))
    assert dialog.name_edit.text() == "edc-2026"
    assert dialog.form.rounds_table.cell(0, 1).currentData() == "edc-2026"
    assert dialog.form.box("locked-final-boards").isChecked() and not dialog.form.box("pool-champion").isChecked()
    assert "rank range" in dialog.summary.text()
    dialog.save_button.click()
    state = formats.format_state(demo_main.app.db)
    assert not state.custom and state.fmt.name == "edc-2026"  # a built-in as it is
    assert "European Diplomacy Championship" in \
        demo_main.window.tournament_page.format_box.title_label.text()


def test_fewer_rounds_leave_their_counting_group_and_an_empty_name_is_marked(
        qtbot, demo_main) -> None:
    dialog = _open(demo_main)
    dialog.start_from.setCurrentIndex(dialog.start_from.findData("wdc-2018"))
    form = dialog.form
    assert not form.ties.champion_ties.isChecked()  # one list for everybody
    form.box("top-board-winner").setChecked(False)
    form.final_ranking.setCurrentIndex(form.final_ranking.findData("total"))
    form.rounds.setValue(3)
    assert form.rounds_table.rowCount() == 3
    assert [form.counting.table.item(r, 0).text()
            for r in range(form.counting.table.rowCount())] == ["1, 2, 3"]
    assert "rounds 1, 2, 3 (at most 3 played)" in dialog.summary.text()
    assert dialog.current is not None and dialog.current.rounds == 3
    dialog.name_edit.clear()
    assert not dialog.save_button.isEnabled()
    assert "border" in dialog.name_edit.styleSheet()
    assert "Name: a format needs a name" in dialog.status.text()
    dialog.name_edit.setText("short-2018")
    assert dialog.save_button.isEnabled() and dialog.name_edit.styleSheet() == ""
    dialog.reject()
