"""Issue 24 item 10: the qualifying event's date defaulted to 2000-01-01, and typing a date over
it kept the year 2000, which put the event outside the season unnoticed. Seed 000 2.2.1:
qualifying events run "beginning in February and ending in January of the following calendar
year". The date now defaults to today and a date outside the window is said (and asked about,
or refused where the season's file would refuse it)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from PySide6.QtWidgets import QDialog, QMessageBox

from tdapp.gui.season.view import EventDialog
from tests.gui import screens

from .test_season_more import season_file

TODAY = dt.date(2025, 6, 1)  # in the season February 2025 to January 2026


def test_the_date_defaults_to_today(qtbot) -> None:
    form = EventDialog(None, "Whipping", "", 12, 40, today=TODAY)
    qtbot.addWidget(form)
    assert form.date_text() == "2025-06-01"
    assert not form.date_note.text() and form.ok_button.isEnabled()
    assert EventDialog(None).date_text() == dt.date.today().isoformat()


def test_a_date_outside_the_season_is_said_and_asked_about(qtbot, dialog_answers) -> None:
    form = EventDialog(None, "Whipping", "", 12, 40, today=TODAY)
    qtbot.addWidget(form)
    form.show()
    form.date.selectAll()
    qtbot.keyClicks(form.date, "2000-01-01")  # typed over the whole date: all of it is taken
    assert form.date_text() == "2000-01-01"
    note = form.date_note.text()
    assert note.startswith("Not in this season: 2000-01-01 is outside the season "
                           "(February 2025 to January 2026; 2.2.1")
    assert form.ok_button.isEnabled()  # the season's first event may be an old one: asked
    screens.save(form, "season/event-date-outside.png")
    dialog_answers.next_answer = QMessageBox.StandardButton.No
    form.accept()
    assert dialog_answers.shown[-1][1] == "Date outside the season"
    assert form.result() != QDialog.DialogCode.Accepted and form.isVisible()
    dialog_answers.next_answer = QMessageBox.StandardButton.Yes
    form.accept()
    assert form.result() == QDialog.DialogCode.Accepted
    # January belongs to the season that began the February before
    form.date.setText("2026-01-20")
    assert not form.date_note.text()


def test_not_a_date_and_outside_a_dated_season_wait_for_a_fix(qtbot) -> None:
    form = EventDialog(None, "Whipping", "", 12, 40, season=2025, today=TODAY)
    qtbot.addWidget(form)
    form.date.setText("2025-13-01")
    assert "'2025-13-01' is not a date: type it as YYYY-MM-DD" in form.date_note.text()
    assert not form.ok_button.isEnabled()
    form.date.setText("2026-03-14")
    assert form.date_note.text().startswith("2026-03-14 is outside the season (February 2025 "
                                            "to January 2026")
    assert not form.ok_button.isEnabled()
    form.accept()
    assert form.result() != QDialog.DialogCode.Accepted
    form.date.setText("2025-09-14")
    assert form.ok_button.isEnabled() and not form.date_note.isVisible()


def test_the_season_window_gives_the_dialog_its_season(main, tmp_path: Path) -> None:
    season = main.season
    assert season.load(season_file(tmp_path))
    assert season.year == 2025  # its events are dated March to May 2025
