"""The venue's location on the Tournament page and in New tournament: a town from the table,
typed numbers, refusals in words, saved and undone."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from tdapp.services.standings_data import tournament_model
from tdapp.services.tournaments import tournament_info
from tests.gui.teams.screens import save_screen


def _page(main, path: Path):
    assert main.files.open_path(path)
    main.window.show_page("Tournament")
    return main.window.tournament_page


def test_pick_the_venue_town_and_apply(main, qtbot, filled_file: Path) -> None:
    page = _page(main, filled_file)
    picker = page.form.venue_location
    assert "Not set" in picker.where.text() and not page.save_button.isEnabled()
    place = picker.choose("leeds, england")
    assert place is not None and place.label == "Leeds, UK"
    assert (picker.latitude.text(), picker.longitude.text()) == ("53.801", "-1.549")
    assert page.save_button.isEnabled()
    page.save_button.click()
    info = tournament_info(main.app.db)
    assert (info.venue_latitude, info.venue_longitude) == (53.801, -1.549)
    assert tournament_model(main.app.db).venue == (53.801, -1.549)
    assert not page.save_button.isEnabled()
    main.window.menus.undo_action.trigger()
    assert tournament_info(main.app.db).venue_latitude is None
    assert picker.latitude.text() == ""  # the page shows the file again


def test_typed_numbers_name_their_town_and_bad_ones_are_refused(main, qtbot,
                                                                filled_file: Path) -> None:
    page = _page(main, filled_file)
    picker = page.form.venue_location
    picker.latitude.setText("48.8566")
    picker.latitude.textEdited.emit("48.8566")
    assert "Type both latitude and longitude" in picker.where.text()
    picker.longitude.setText("2,3522")  # a comma as decimal point, as many TDs type it
    picker.longitude.textEdited.emit("2,3522")
    assert picker.where.text() == "48.86° N, 2.35° E — Paris, France"
    assert picker.town.currentText() == "Paris, France"
    picker.longitude.setText("200")
    picker.longitude.textEdited.emit("200")
    assert "Venue longitude must be between -180 and 180" in picker.where.text()
    assert page.save_button.isEnabled()
    page.save_button.click()
    assert "Venue longitude must be between -180 and 180" in page.problems.text()
    assert tournament_info(main.app.db).venue_longitude is None
    picker.choose("Xanadu-on-Sea")  # not "Atlantis": the gazetteer has one, in South Africa
    assert "not in the towns list" in picker.where.text()
    picker.longitude.setText("-3.7038")
    picker.latitude.setText("40.4168")
    picker.latitude.textEdited.emit("40.4168")
    page.save_button.click()
    info = tournament_info(main.app.db)
    assert (info.venue_latitude, info.venue_longitude) == (40.4168, -3.7038)
    picker.clear()
    page.save_button.click()
    assert tournament_info(main.app.db).venue_latitude is None


def test_new_tournament_with_a_venue_town(main, qtbot, tmp_path: Path) -> None:
    dialog = main.files.new_tournament()
    dialog.form.name.setText("Oslo Open")
    dialog.form.name.textEdited.emit("Oslo Open")
    dialog.form.venue.setText("Scandic Hotel")
    dialog.form.venue_location.town.setEditText("oslo")
    qtbot.keyClick(dialog.form.venue_location.town.lineEdit(), Qt.Key.Key_Return)
    assert dialog.isVisible()  # Enter picked the town; it did not create the file yet
    assert dialog.form.venue_location.town.currentText() == "Oslo, Norway"
    dialog.location.setText(str(tmp_path / "oslo.tdt"))
    save_screen(main.window, "new-tournament-venue", dialog)
    dialog.accept()
    info = tournament_info(main.app.db)
    assert info.name == "Oslo Open"
    assert (info.venue_latitude, info.venue_longitude) == (59.914, 10.752)


def test_screenshot_of_the_tournament_page(main, qtbot) -> None:
    assert main.files.open_demo()
    page = main.window.tournament_page
    main.window.show_page("Tournament")
    page.form.venue_location.choose("Vienna")
    page.save_button.click()
    save_screen(main.window, "tournament-venue-location")
