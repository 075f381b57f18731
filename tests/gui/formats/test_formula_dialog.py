"""The scoring-systems dialog driven as a TD would: a formula checked as it is typed, scored live
on sample boards beside a built-in system, saved into the tournament and used by its format."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tdapp.core.scoring.formula import sample_boards
from tdapp.core.scoring.registry import get_system
from tdapp.services import formats, rounds


def _open(main):
    main.window.menus.scoring_action.trigger()
    dialog = main.formats.systems_dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


BOARDS = list(sample_boards())


def _column(dialog, header: str) -> list[str]:
    board, kind = header.split("\n")
    return dialog.board_column(BOARDS.index(board), kind)


def test_a_bad_formula_is_underlined_at_its_column(qtbot, demo_main, screenshot) -> None:
    dialog = _open(demo_main)
    dialog.formula.setFocus()
    qtbot.keyClicks(dialog.formula, "centres + * 2")
    assert "column 11" in dialog.problem.text() and dialog.problem.isVisible()
    assert dialog.formula.error_column == 11
    selection = dialog.formula.extraSelections()[0]
    cursor = selection.cursor
    assert (cursor.selectionStart(), cursor.selectedText()) == (10, "*")
    assert not dialog.save_button.isEnabled()
    assert _column(dialog, "lone top\nformula")[0] == "—"
    dialog.name_edit.setText("broken")
    dialog.title_edit.setText("Broken")
    screenshot(dialog, "formula-dialog-error")
    dialog.formula.setPlainText("centres / (centres - 10)")  # reads, but divides by zero
    assert "lone top board" in dialog.problem.text() and not dialog.save_button.isEnabled()
    dialog.close()


def test_live_scores_and_comparison_then_saved_and_used_by_the_format(
        qtbot, demo_main, screenshot) -> None:
    dialog = _open(demo_main)
    dialog.name_edit.setText("centres-ten")
    dialog.title_edit.setText("Ten per centre")
    dialog.formula.setPlainText("10 * centres + if(solo, 50, 0)")
    assert dialog.problem.isHidden() and dialog.save_button.isEnabled()
    lone = sample_boards()["lone top"]
    assert _column(dialog, "lone top\nformula")[:7] == [
        f"{10 * lone.centers[p]:g}" for p in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY",
                                              "ITALY", "RUSSIA", "TURKEY")]
    assert _column(dialog, "solo\nformula")[0] == "230"  # 18 centres and the solo bonus
    dialog.compare.setCurrentIndex(dialog.compare.findData("haight"))
    haight = get_system("haight").score(lone)
    assert _column(dialog, "lone top\ncompare")[0] == f"{haight['AUSTRIA']:g}"
    # The help inserts a name where the cursor is.
    variables = dialog.help.topLevelItem(0)
    centres = next(variables.child(i) for i in range(variables.childCount())
                   if variables.child(i).text(0) == "survivors")
    dialog.formula.moveCursor(dialog.formula.textCursor().MoveOperation.End)
    dialog.formula.insertPlainText(" + ")
    dialog.help.setCurrentItem(centres)
    assert "at least one centre" in dialog.help_text.text()
    dialog.help.itemDoubleClicked.emit(centres, 0)
    assert dialog.formula.toPlainText().endswith("+ survivors")
    dialog.examples.itemDoubleClicked.emit(dialog.examples.item(0))
    assert dialog.formula.toPlainText().startswith("if(solo_game, 100 * solo")
    dialog.compare.setCurrentIndex(dialog.compare.findData("sum-of-squares"))
    assert _column(dialog, "lone top\nformula") == _column(dialog, "lone top\ncompare")
    dialog.formula.setPlainText("10 * centres")
    screenshot(dialog, "formula-dialog")
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert [s.name for s in formats.scoring_systems(demo_main.app.db)] == ["centres-ten"]
    assert dialog.systems.count() == 1 and dialog.name_edit.isReadOnly()
    assert "saved" in dialog.status.text()
    assert "Ten per centre" in demo_main.window.tournament_page.format_box.systems.text()
    # The format dialog offers it for a round; saving scores round 1 with it.
    demo_main.window.menus.format_action.trigger()
    format_dialog = demo_main.formats.format_dialog
    scoring = format_dialog.form.rounds_table.cell(0, 1)
    scoring.setCurrentIndex(scoring.findData("centres-ten"))
    assert "Round 1: centres-ten scoring" in format_dialog.summary.text()
    format_dialog.save_button.click()
    for board in rounds.all_boards(demo_main.app.db, 1):
        assert all(s.score == 10 * s.centers for s in board.seats)
    # Deleting it now is refused inside the dialog: round 1 uses it.
    dialog.systems.setCurrentRow(0)
    dialog.delete_button.click()
    assert "round 1" in dialog.problem.text()
    assert formats.scoring_systems(demo_main.app.db)


def test_a_built_in_name_is_refused_next_to_the_name(qtbot, demo_main) -> None:
    dialog = _open(demo_main)
    dialog.name_edit.setText("haight")
    dialog.title_edit.setText("Mine")
    dialog.formula.setPlainText("centres")
    dialog.save_button.click()
    assert "built-in" in dialog.problem.text()
    assert "border" in dialog.name_edit.styleSheet()
    assert formats.scoring_systems(demo_main.app.db) == ()
    dialog.name_edit.setText("my-haight")
    dialog.save_button.click()
    assert dialog.name_edit.styleSheet() == ""
    assert [s.name for s in formats.scoring_systems(demo_main.app.db)] == ["my-haight"]
    dialog.start_new()
    assert dialog.name_edit.text() == "" and not dialog.name_edit.isReadOnly()
    dialog.systems.setCurrentRow(0)
    assert dialog.formula.toPlainText() == "centres"
    dialog.delete_button.click()
    assert formats.scoring_systems(demo_main.app.db) == ()
