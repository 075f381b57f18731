"""The "further from home" town picker offers the gazetteer's towns (issue 14)."""

from __future__ import annotations

from tdapp.gui.common.location import LocationPicker

from .shots import shot


def test_a_town_outside_the_old_table_fills_the_coordinates(qtbot, tmp_path) -> None:
    picker = LocationPicker("Home")
    qtbot.addWidget(picker)
    picker.resize(520, 90)
    picker.show()
    assert picker.town.count() < 1000  # the built-in table at once: no wait when a page opens
    place = picker.choose("Hamar, Norway")
    assert picker.town.count() > 30_000  # the gazetteer's towns, read on first use
    assert place is not None and place.label == "Hamar, Norway"
    lat, lon = picker.location()
    assert lat is not None and abs(lat - 60.79) < 0.05 and abs(lon - 11.07) < 0.05
    assert "Hamar, Norway" in picker.where.text()
    shot(picker, "town-picker-hamar")


def test_opening_the_list_offers_the_gazetteer(qtbot) -> None:
    picker = LocationPicker("Home")
    qtbot.addWidget(picker)
    picker.show()
    picker.town.showPopup()
    assert picker.town.count() > 30_000 and picker.town.findText("Hamar, Norway") >= 0
    picker.town.hidePopup()
    picker.set_location(69.6489, 18.9551)
    assert picker.town.currentText() == "Tromsø, Norway"
