"""The "Reading order sheets" box on the "Rules, clock and draws" tab: two orders for one unit,
the official-but-wrong abbreviation rule, unit types and coasts. A TD copies EDC 2026 and keeps
its strict rule, or gives WDC 2025 stricter coasts; each is read in the summary, saved, read back
from the tournament and shown again when the dialog opens."""

from __future__ import annotations

from tdapp.core.formats import get_format, parse_options_for
from tdapp.core.formats.model import OrderReadingRule
from tdapp.gui.formats.fields import set_choice
from tdapp.services import formats

from .rules_tab import open_rules_tab, save_picture


def test_a_tds_copy_of_edc_keeps_its_strict_abbreviation_rule(demo_main) -> None:
    dialog = open_rules_tab(demo_main)
    dialog.start_from.setCurrentIndex(dialog.start_from.findData("edc-2026"))
    box = dialog.form.rules.reading
    assert box.strict.isChecked() and not box.slips.isEnabled()  # no slips under the strict rule
    assert box.duplicate.currentData() == "last"  # EDC: the last order written counts
    assert box.isVisible() and box.strict.isVisible()
    dialog.form.rules.end_year.setValue(1910)
    assert dialog.name_edit.text() == "edc-2026-custom"  # a changed built-in gets its own name
    dialog.title_edit.setText("Our EDC")
    summary = dialog.summary.text()
    assert "an official but wrong abbreviation is an illegal order" in summary
    assert "the last one written counts" in summary
    save_picture(dialog, "format-order-rules")
    dialog.save_button.click()
    fmt = formats.effective_format(demo_main.app.db)
    assert (fmt.name, fmt.title) == ("edc-2026-custom", "Our EDC")
    assert fmt.reading == get_format("edc-2026").reading
    assert fmt.rules["duplicate_orders"] == "last"
    options = parse_options_for(fmt)
    assert options.strict_abbreviations and options.rules_name == "Our EDC"
    again = open_rules_tab(demo_main).form.rules.reading  # shown again as saved
    assert again.strict.isChecked() and again.duplicate.currentData() == "last"


def test_a_td_sets_every_reading_rule_and_reads_it_back(demo_main) -> None:
    dialog = open_rules_tab(demo_main)  # the demo plays WDC 2025: the forgiving reading
    box = dialog.form.rules.reading
    assert not box.strict.isChecked() and box.slips.isChecked() and box.slips.isEnabled()
    assert box.duplicate.currentData() == "hold"
    box.slips.setChecked(False)
    box.builds.setChecked(True)
    set_choice(box.coast, "strict")
    set_choice(box.build_coast, "void")
    set_choice(box.wrong_type, "fail")
    set_choice(box.duplicate, "last")
    summary = dialog.summary.text()
    assert "every build says A or F" in summary
    assert "must name the coast" in summary and "fails and the unit holds" in summary
    assert "duplicate_orders" not in summary  # said once, in words
    dialog.save_button.click()
    fmt = formats.effective_format(demo_main.app.db)
    assert fmt.reading == OrderReadingRule(
        strict_abbreviations=False, correct_slips=False, require_unit_type_in_builds=True,
        missing_coast="strict", missing_build_coast="void", wrong_unit_type="fail")
    assert fmt.rules == {"convoy_to_adjacent": "explicit", "duplicate_orders": "last"}
    again = open_rules_tab(demo_main).form.rules.reading
    assert again.builds.isChecked() and not again.slips.isChecked()
    assert (again.coast.currentData(), again.build_coast.currentData(),
            again.wrong_type.currentData()) == ("strict", "void", "fail")
    again.strict.setChecked(True)  # the strict rule turns the slip box off
    assert not again.slips.isEnabled()


def test_the_judges_default_for_two_orders_is_kept_as_no_rule(demo_main) -> None:
    dialog = open_rules_tab(demo_main)
    set_choice(dialog.form.rules.reading.duplicate, "")
    assert "two different orders for one unit: it holds" in dialog.summary.text()
    dialog.save_button.click()
    assert "duplicate_orders" not in formats.effective_format(demo_main.app.db).rules
