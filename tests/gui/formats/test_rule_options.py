"""The parts of the pool, knock-out and team rules that have their own widgets on the "Pool and
top board" tab: the pool's cut tie-breakers, the final's seeding order and the team options.
Each is changed as a TD would, saved, and read back from the tournament."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tdapp.core.formats import get_format, list_formats
from tdapp.core.scoring.registry import list_systems
from tdapp.gui.formats.fields import ERROR_NAME
from tdapp.gui.formats.format_dialog import FormatDialog
from tdapp.services import formats

STRUCTURE_TAB = 2


def _open(main):
    main.window.menus.format_action.trigger()
    dialog = main.formats.format_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.form.setCurrentIndex(STRUCTURE_TAB)
    return dialog


def _scroll_to(dialog, widget) -> None:
    """Bring ``widget`` into view in the tab's scroll area, for the picture."""
    area = widget.parentWidget()
    while area is not None and not hasattr(area, "ensureWidgetVisible"):
        area = area.parentWidget()
    assert area is not None
    dialog.resize(1280, 800)
    for _ in range(3):  # let a hidden error line give its height back before the picture
        QApplication.processEvents()
    area.ensureWidgetVisible(widget)


def test_the_pool_cut_tie_breakers_reorder_and_are_saved(qtbot, demo_main, screenshot) -> None:
    dialog = _open(demo_main)
    cut = dialog.form.box("pool-champion").cut_list
    start = cut.names()
    assert start[:2] == ("best-game", "head-to-head-best")  # WDC 2025's list at the cut
    cut.list.setCurrentRow(1)
    qtbot.mouseClick(cut.up_button, Qt.MouseButton.LeftButton)
    cut.choices.setCurrentIndex(cut.choices.findData("random-draw"))
    cut.add_button.click()
    wanted = ("head-to-head-best", "best-game", *start[2:], "random-draw")
    assert cut.names() == wanted
    assert cut.list.item(0).text().startswith("1. higher score in a game where")
    summary = dialog.summary.text()
    assert "a recorded random draw" in summary
    assert summary.index("Championship pool") < summary.index("Ties at the pool cut") \
        < summary.index("Champion<")  # said right below the pool it details
    screenshot(dialog, "format-dialog-pool-cut")
    dialog.save_button.click()
    fmt = formats.effective_format(demo_main.app.db)
    assert fmt.pool is not None and fmt.pool.cut_tie_breakers == wanted
    assert fmt.tie_breakers == get_format("wdc-2025").tie_breakers  # left alone


def test_the_final_seeding_order_is_changed_and_an_empty_one_is_marked(
        qtbot, demo_main, screenshot) -> None:
    dialog = _open(demo_main)
    dialog.start_from.setCurrentIndex(dialog.start_from.findData("dbn-2025"))
    form = dialog.form
    seeding = form.box("knockout").seeding
    assert form.box("knockout").isChecked() and seeding.names() == ("solo", "seed")
    assert not form.box("team").isChecked() and not form.box("team").least.isEnabled()  # DBN has no teams
    seeding.list.setCurrentRow(1)
    qtbot.mouseClick(seeding.up_button, Qt.MouseButton.LeftButton)
    assert seeding.names() == ("seed", "solo")
    assert "lower seed number first; then a solo" in dialog.summary.text()
    for _ in range(2):
        seeding.list.setCurrentRow(0)
        seeding.remove_button.click()
    assert not dialog.save_button.isEnabled()
    assert form.currentIndex() == STRUCTURE_TAB
    assert seeding.list.objectName() == ERROR_NAME
    assert form.errors[STRUCTURE_TAB].text() == \
        "Knock-out, final seeding: add at least one: a solo first, or the seed"
    _scroll_to(dialog, form.box("knockout"))
    screenshot(dialog, "format-dialog-final-seeding-error")
    seeding.choices.setCurrentIndex(seeding.choices.findData("seed"))
    seeding.add_button.click()
    assert dialog.save_button.isEnabled() and seeding.list.objectName() != ERROR_NAME
    _scroll_to(dialog, form.box("knockout"))
    screenshot(dialog, "format-dialog-final-seeding")
    dialog.save_button.click()
    fmt = formats.effective_format(demo_main.app.db)
    assert fmt.knockout is not None and fmt.knockout.final_seeding == ("seed",)
    assert fmt.knockout.qualifying_rounds == (1, 2, 3)


def test_the_team_options_are_saved_and_too_few_players_is_marked(
        qtbot, demo_main, screenshot) -> None:
    dialog = _open(demo_main)
    form = dialog.form
    assert form.box("team").isChecked()
    assert form.box("team").picks.isChecked() and form.box("team").apart.isChecked()
    assert form.box("team").drop.isChecked() and form.box("team").least.value() == 49
    form.box("team").picks.setChecked(False)
    form.box("team").apart.setChecked(False)
    form.box("team").drop.setChecked(False)
    form.box("team").size_box.setValue(5)
    form.box("team").least.setValue(4)
    assert not dialog.save_button.isEnabled()
    assert form.box("team").least.objectName() == ERROR_NAME
    assert form.errors[STRUCTURE_TAB].text() == \
        "Team, players needed: must be at least one full team (5 players), not 4"
    screenshot(dialog, "format-dialog-team-error")
    form.box("team").least.setValue(35)
    form.box("team").members.setCurrentIndex(form.box("team").members.findData("all"))
    assert not form.box("team").least.isEnabled()  # only a non-pool team needs players outside it
    assert dialog.save_button.isEnabled()
    words = dialog.summary.text()
    assert "round 4, teams of 5 from every player, team score = sum" in words
    assert "ties left to the TD" in words and "dropping" not in words
    assert "powers assigned as usual" in words
    _scroll_to(dialog, form.box("team"))
    screenshot(dialog, "format-dialog-team")
    dialog.save_button.click()
    team = formats.effective_format(demo_main.app.db).team
    assert team is not None
    assert (team.size, team.min_players, team.members_from) == (5, 35, "all")
    assert not team.team_picks_powers and not team.teammates_apart
    assert not team.drop_lowest_on_ties and team.round == 4


@pytest.mark.parametrize("fmt", list_formats(), ids=lambda f: f.name)
def test_every_built_in_reads_back_unchanged_through_the_new_widgets(qtbot, fmt) -> None:
    dialog = FormatDialog()
    qtbot.addWidget(dialog)
    dialog.form.set_systems([(s.name, s.title) for s in list_systems()])
    dialog.form.load(fmt)
    assert dialog.form.build(fmt, fmt.name, fmt.title) == fmt
    assert dialog.form.box("knockout").seeding.names() == (
        fmt.knockout.final_seeding if fmt.knockout else ("solo", "seed"))
