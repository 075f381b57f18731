"""The built-in towns table: lookups a TD types, and sane data."""

from __future__ import annotations

import pytest

from tdapp.core.places import PLACES, find_place, nearest_place, places_matching


def test_every_place_is_on_the_globe_and_named_once() -> None:
    labels = [p.label for p in PLACES]
    assert len(labels) == len(set(labels)) >= 150
    for place in PLACES:
        assert -90 <= place.latitude <= 90 and -180 <= place.longitude <= 180, place


@pytest.mark.parametrize(("typed", "label"), [
    ("Leeds", "Leeds, UK"), ("  leeds ", "Leeds, UK"), ("Liege", "Liège, Belgium"),
    ("st louis", "St. Louis, USA"), ("Portland, USA", "Portland, USA"),
    ("sao paulo, brazil", "São Paulo, Brazil"),
])
def test_find_place_accepts_what_a_td_types(typed: str, label: str) -> None:
    place = find_place(typed)
    assert place is not None and place.label == label


def test_find_place_says_none_for_unknown_towns_and_wrong_countries() -> None:
    assert find_place("Atlantis") is None
    assert find_place("Leeds, France") is None
    assert find_place("") is None


def test_known_distances_are_right() -> None:
    from tdapp.core.tournament.model import great_circle_km

    london, paris = find_place("London"), find_place("Paris")
    assert london and paris
    km = great_circle_km((london.latitude, london.longitude), (paris.latitude, paris.longitude))
    assert 335 < km < 350  # London-Paris is about 344 km


def test_suggestions_and_nearest_town() -> None:
    assert [p.town for p in places_matching("bru")] == ["Brussels"]
    assert "Vienna" in [p.town for p in places_matching("austria")]
    assert len(places_matching("", limit=5)) == 5
    near = nearest_place(53.80, -1.55)
    assert near is not None and near.town == "Leeds"
    assert nearest_place(0.0, -30.0) is None  # mid-Atlantic
