"""The game rules on the "Rules, clock and draws" tab: a grace period for a missing sheet, until
when a mistake is corrected (with the rule's own words), what happens to build errors and who is
in a draw. Changed as a TD would, read in the summary, saved, read back from the tournament."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tdapp.core.formats.model import CorrectionRule, GraceRule
from tdapp.gui.formats.fields import ERROR_NAME, set_choice
from tdapp.services import formats
from tests.gui import screens

from .rules_tab import RULES_TAB, open_rules_tab, save_picture


def test_a_td_gives_their_format_a_grace_period_and_edc_style_corrections(demo_main) -> None:
    dialog = open_rules_tab(demo_main)
    form = dialog.form
    assert not form.rules.grace.isChecked()  # WDC 2025 has no grace period
    assert form.rules.correct_until.currentData() == "next-deadline"
    assert "VI.3" in form.rules.correct_text.text()
    assert form.rules.vote_who.currentData() == "survivors"
    form.rules.grace.setChecked(True)
    form.rules.grace_minutes.setValue(3)
    form.rules.grace_times.setValue(2)
    form.rules.grace_movement.setChecked(False)
    set_choice(form.rules.correct_until, "next-movement")
    form.rules.correct_text.setText("not reported before the next movement phase: final")
    set_choice(form.rules.build_errors, "next-adjustment")
    set_choice(form.rules.vote_who, "named")
    summary = dialog.summary.text()
    assert "a 3-minute grace period for a missing sheet, twice per game, in any phase" in summary
    assert "before the next movement phase is corrected at once" in summary
    assert "put right at the next build phase" in summary
    assert "a proposal names the powers in the draw" in summary
    save_picture(dialog, "format-rules-dialog")
    dialog.save_button.click()
    fmt = formats.effective_format(demo_main.app.db)
    assert fmt.grace == GraceRule(minutes=3, per_game=2, movement_only=False)
    assert fmt.corrections == CorrectionRule(
        "next-movement", "not reported before the next movement phase: final", "next-adjustment")
    assert fmt.draw_votes.participants == "named"
    again = open_rules_tab(demo_main)  # the dialog shows the saved rules when opened again
    assert again.form.rules.grace.isChecked() and again.form.rules.grace_times.value() == 2
    assert again.form.rules.build_errors.currentData() == "next-adjustment"


def test_a_correction_rule_without_words_is_marked_at_its_field(demo_main) -> None:
    dialog = open_rules_tab(demo_main)
    dialog.form.rules.correct_text.setText("   ")
    assert not dialog.save_button.isEnabled()
    assert dialog.form.rules.correct_text.objectName() == ERROR_NAME
    error = dialog.form.errors[RULES_TAB]
    assert not error.isHidden() and "quoted when a correction is refused" in error.text()
    dialog.form.rules.correct_text.setText("the board stands")
    assert dialog.save_button.isEnabled()
    assert dialog.form.rules.correct_text.objectName() != ERROR_NAME


def test_another_correction_limit_does_not_keep_the_old_rules_words(demo_main) -> None:
    # QA: starting from EDC 2026 and choosing "until the next deadline" kept EDC's words ("a
    # mistake not reported before the next movement phase ..."), quoted to the TD on every
    # refused correction, against the rule in force.
    dialog = open_rules_tab(demo_main)
    form = dialog.form
    set_choice(dialog.start_from, "edc-2026")
    assert form.rules.correct_until.currentData() == "next-movement"
    edc_words = form.rules.correct_text.text()
    assert "next movement" in edc_words
    set_choice(form.rules.correct_until, "next-deadline")
    assert form.rules.correct_text.text() == ""
    assert not dialog.save_button.isEnabled()
    assert form.rules.correct_text.objectName() == ERROR_NAME  # the field asks for the new words
    set_choice(form.rules.correct_until, "next-movement")
    assert form.rules.correct_text.text() == edc_words, "back to EDC's limit, EDC's words come back"
    set_choice(form.rules.correct_until, "next-deadline")
    form.rules.correct_text.setText("a mistake found before the next deadline is put right")
    set_choice(form.rules.correct_until, "next-movement")
    assert form.rules.correct_text.text() == "a mistake found before the next deadline is put right", \
        "words the TD wrote are never thrown away"


def test_no_field_is_squeezed_at_the_dialogs_own_size(demo_main) -> None:
    # QA: in a real 1280x800 window the dialog opens at 1200x740 and the Rules tab squeezed the
    # grace period's spin boxes below their height ("1 per game" cut at the bottom).
    from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QLineEdit

    dialog = open_rules_tab(demo_main)
    dialog.resize(1200, 740)
    form = dialog.form
    squeezed = []
    for tab in range(form.count()):
        form.setCurrentIndex(tab)
        for _ in range(3):
            QApplication.processEvents()
        for kind in (QAbstractSpinBox, QComboBox, QLineEdit):
            for field in form.widget(tab).findChildren(kind):
                inner = isinstance(field.parentWidget(), (QAbstractSpinBox, QComboBox))
                if (field.isVisible() and not inner
                        and field.height() < field.minimumSizeHint().height()):
                    squeezed.append((form.tabText(tab), field.objectName() or repr(field)))
    assert not squeezed
    form.setCurrentIndex(RULES_TAB)
    for _ in range(3):
        QApplication.processEvents()
    assert dialog.grab().save(str(screens.path("qa2/format-rules-1200x740.png")))


def test_a_tds_own_format_says_what_it_was_changed_from(demo_main) -> None:
    # QA: reopened, 'Start from' read "Current format: European Diplomacy Championship 2026
    # (changed) — changed"; it now says what it was changed from, as the Tournament page does.
    dialog = open_rules_tab(demo_main)
    set_choice(dialog.start_from, "edc-2026")
    dialog.form.rules.grace_minutes.setValue(3)
    dialog.save_button.click()
    again = open_rules_tab(demo_main)
    assert again.start_from.itemText(0) == (
        "Current format: European Diplomacy Championship 2026 (changed)")
    assert again.start_from.itemData(0, Qt.ItemDataRole.ToolTipRole) == (
        "European Diplomacy Championship 2026 (changed) — changed from "
        "European Diplomacy Championship 2026")
    again.title_edit.setText("Our Open 2026")
    again.save_button.click()
    third = open_rules_tab(demo_main)
    assert third.start_from.itemText(0) == (
        "Current format: Our Open 2026 — changed from European Diplomacy Championship 2026")
