"""Major towns and their coordinates, so a TD can pick a venue or a home town by name.

Pure data for the "distance from home" tie-breaker: a town's centre is close enough (the
tie-breaker compares hundreds of kilometres, not streets). Coordinates are decimal degrees,
north and east positive. Anything missing can still be typed as numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import asin, cos, radians, sin, sqrt

from tdapp.core.collation import fold


@dataclass(frozen=True)
class Place:
    town: str
    country: str
    latitude: float
    longitude: float

    @property
    def label(self) -> str:
        return f"{self.town}, {self.country}"


_TABLE: tuple[tuple[str, str, float, float], ...] = (
    # Britain and Ireland
    ("London", "UK", 51.507, -0.128), ("Birmingham", "UK", 52.486, -1.890),
    ("Manchester", "UK", 53.481, -2.242), ("Leeds", "UK", 53.801, -1.549),
    ("Liverpool", "UK", 53.408, -2.992), ("Sheffield", "UK", 53.381, -1.470),
    ("Bristol", "UK", 51.455, -2.588), ("Nottingham", "UK", 52.954, -1.158),
    ("Newcastle upon Tyne", "UK", 54.978, -1.618), ("Cambridge", "UK", 52.205, 0.122),
    ("Oxford", "UK", 51.752, -1.258), ("Brighton", "UK", 50.822, -0.137),
    ("Edinburgh", "UK", 55.953, -3.188), ("Glasgow", "UK", 55.864, -4.252),
    ("Cardiff", "UK", 51.481, -3.179), ("Belfast", "UK", 54.597, -5.930),
    ("Dublin", "Ireland", 53.350, -6.260), ("Cork", "Ireland", 51.899, -8.475),
    # France, Benelux
    ("Paris", "France", 48.857, 2.352), ("Lyon", "France", 45.764, 4.836),
    ("Marseille", "France", 43.296, 5.370), ("Toulouse", "France", 43.605, 1.444),
    ("Nice", "France", 43.710, 7.262), ("Nantes", "France", 47.218, -1.554),
    ("Strasbourg", "France", 48.573, 7.752), ("Lille", "France", 50.629, 3.057),
    ("Bordeaux", "France", 44.838, -0.579), ("Rennes", "France", 48.117, -1.678),
    ("Montpellier", "France", 43.611, 3.877), ("Grenoble", "France", 45.188, 5.724),
    ("Brussels", "Belgium", 50.850, 4.352), ("Antwerp", "Belgium", 51.219, 4.402),
    ("Ghent", "Belgium", 51.054, 3.717), ("Liège", "Belgium", 50.633, 5.567),
    ("Namur", "Belgium", 50.467, 4.867), ("Luxembourg", "Luxembourg", 49.612, 6.130),
    ("Amsterdam", "Netherlands", 52.370, 4.895), ("Rotterdam", "Netherlands", 51.924, 4.478),
    ("The Hague", "Netherlands", 52.070, 4.300), ("Utrecht", "Netherlands", 52.091, 5.122),
    # Germany, Austria, Switzerland
    ("Berlin", "Germany", 52.520, 13.405), ("Hamburg", "Germany", 53.551, 9.994),
    ("Munich", "Germany", 48.135, 11.582), ("Cologne", "Germany", 50.938, 6.960),
    ("Frankfurt", "Germany", 50.110, 8.682), ("Stuttgart", "Germany", 48.776, 9.183),
    ("Düsseldorf", "Germany", 51.228, 6.774), ("Leipzig", "Germany", 51.340, 12.375),
    ("Dresden", "Germany", 51.050, 13.738), ("Hanover", "Germany", 52.376, 9.732),
    ("Bonn", "Germany", 50.737, 7.098), ("Nuremberg", "Germany", 49.452, 11.077),
    ("Vienna", "Austria", 48.208, 16.373), ("Graz", "Austria", 47.071, 15.440),
    ("Salzburg", "Austria", 47.809, 13.055), ("Innsbruck", "Austria", 47.269, 11.404),
    ("Zurich", "Switzerland", 47.377, 8.540), ("Geneva", "Switzerland", 46.204, 6.143),
    ("Bern", "Switzerland", 46.948, 7.447), ("Basel", "Switzerland", 47.560, 7.589),
    ("Lausanne", "Switzerland", 46.520, 6.633),
    # Southern Europe
    ("Rome", "Italy", 41.903, 12.496), ("Milan", "Italy", 45.464, 9.190),
    ("Turin", "Italy", 45.070, 7.687), ("Naples", "Italy", 40.852, 14.268),
    ("Florence", "Italy", 43.770, 11.255), ("Bologna", "Italy", 44.494, 11.343),
    ("Venice", "Italy", 45.441, 12.316), ("Genoa", "Italy", 44.405, 8.946),
    ("Madrid", "Spain", 40.417, -3.704), ("Barcelona", "Spain", 41.385, 2.173),
    ("Valencia", "Spain", 39.470, -0.376), ("Seville", "Spain", 37.389, -5.984),
    ("Bilbao", "Spain", 43.263, -2.935), ("Lisbon", "Portugal", 38.722, -9.139),
    ("Porto", "Portugal", 41.158, -8.629), ("Athens", "Greece", 37.984, 23.728),
    ("Thessaloniki", "Greece", 40.640, 22.944), ("Valletta", "Malta", 35.899, 14.514),
    ("Nicosia", "Cyprus", 35.186, 33.382),
    # Nordic and Baltic
    ("Copenhagen", "Denmark", 55.676, 12.568), ("Aarhus", "Denmark", 56.163, 10.204),
    ("Oslo", "Norway", 59.914, 10.752), ("Bergen", "Norway", 60.391, 5.322),
    ("Trondheim", "Norway", 63.431, 10.395), ("Stockholm", "Sweden", 59.329, 18.069),
    ("Gothenburg", "Sweden", 57.709, 11.975), ("Malmö", "Sweden", 55.605, 13.004),
    ("Uppsala", "Sweden", 59.859, 17.639), ("Helsinki", "Finland", 60.170, 24.938),
    ("Tampere", "Finland", 61.498, 23.761), ("Reykjavik", "Iceland", 64.147, -21.943),
    ("Tallinn", "Estonia", 59.437, 24.754), ("Riga", "Latvia", 56.950, 24.105),
    ("Vilnius", "Lithuania", 54.687, 25.280),
    # Central and Eastern Europe
    ("Warsaw", "Poland", 52.230, 21.012), ("Kraków", "Poland", 50.065, 19.945),
    ("Wrocław", "Poland", 51.108, 17.039), ("Gdańsk", "Poland", 54.352, 18.646),
    ("Poznań", "Poland", 52.406, 16.925), ("Prague", "Czechia", 50.076, 14.438),
    ("Brno", "Czechia", 49.195, 16.608), ("Bratislava", "Slovakia", 48.149, 17.107),
    ("Budapest", "Hungary", 47.498, 19.040), ("Ljubljana", "Slovenia", 46.057, 14.506),
    ("Zagreb", "Croatia", 45.815, 15.982), ("Belgrade", "Serbia", 44.787, 20.457),
    ("Sarajevo", "Bosnia and Herzegovina", 43.856, 18.413),
    ("Bucharest", "Romania", 44.427, 26.103), ("Cluj-Napoca", "Romania", 46.771, 23.624),
    ("Sofia", "Bulgaria", 42.698, 23.322), ("Kyiv", "Ukraine", 50.450, 30.523),
    ("Lviv", "Ukraine", 49.840, 24.030), ("Moscow", "Russia", 55.756, 37.617),
    ("Saint Petersburg", "Russia", 59.934, 30.336), ("Minsk", "Belarus", 53.904, 27.562),
    ("Istanbul", "Turkey", 41.008, 28.978), ("Ankara", "Turkey", 39.933, 32.860),
    ("Izmir", "Turkey", 38.424, 27.143), ("Tbilisi", "Georgia", 41.716, 44.783),
    # North America
    ("New York", "USA", 40.713, -74.006), ("Boston", "USA", 42.360, -71.059),
    ("Philadelphia", "USA", 39.953, -75.165), ("Washington", "USA", 38.907, -77.037),
    ("Baltimore", "USA", 39.290, -76.612), ("Pittsburgh", "USA", 40.441, -79.996),
    ("Atlanta", "USA", 33.749, -84.388), ("Miami", "USA", 25.762, -80.192),
    ("Orlando", "USA", 28.538, -81.379), ("Charlotte", "USA", 35.227, -80.843),
    ("Raleigh", "USA", 35.780, -78.639), ("Chicago", "USA", 41.878, -87.630),
    ("Detroit", "USA", 42.331, -83.046), ("Columbus", "USA", 39.961, -82.999),
    ("Cleveland", "USA", 41.499, -81.694), ("Indianapolis", "USA", 39.768, -86.158),
    ("Minneapolis", "USA", 44.978, -93.265), ("St. Louis", "USA", 38.627, -90.199),
    ("Kansas City", "USA", 39.100, -94.579), ("Nashville", "USA", 36.163, -86.781),
    ("New Orleans", "USA", 29.951, -90.072), ("Dallas", "USA", 32.777, -96.797),
    ("Houston", "USA", 29.760, -95.370), ("Austin", "USA", 30.267, -97.743),
    ("San Antonio", "USA", 29.424, -98.494), ("Denver", "USA", 39.739, -104.990),
    ("Salt Lake City", "USA", 40.761, -111.891), ("Phoenix", "USA", 33.448, -112.074),
    ("Las Vegas", "USA", 36.170, -115.140), ("Los Angeles", "USA", 34.052, -118.244),
    ("San Diego", "USA", 32.716, -117.161), ("San Francisco", "USA", 37.775, -122.419),
    ("San Jose", "USA", 37.339, -121.895), ("Sacramento", "USA", 38.582, -121.494),
    ("Portland", "USA", 45.515, -122.679), ("Seattle", "USA", 47.606, -122.332),
    ("Honolulu", "USA", 21.307, -157.858), ("Toronto", "Canada", 43.653, -79.383),
    ("Ottawa", "Canada", 45.421, -75.697), ("Montreal", "Canada", 45.502, -73.567),
    ("Quebec City", "Canada", 46.813, -71.208), ("Vancouver", "Canada", 49.283, -123.121),
    ("Calgary", "Canada", 51.045, -114.072), ("Edmonton", "Canada", 53.546, -113.494),
    ("Winnipeg", "Canada", 49.895, -97.138), ("Halifax", "Canada", 44.649, -63.575),
    ("Mexico City", "Mexico", 19.433, -99.133), ("Guadalajara", "Mexico", 20.659, -103.350),
    # South America
    ("São Paulo", "Brazil", -23.551, -46.633), ("Rio de Janeiro", "Brazil", -22.907, -43.173),
    ("Buenos Aires", "Argentina", -34.604, -58.382), ("Santiago", "Chile", -33.449, -70.669),
    ("Lima", "Peru", -12.046, -77.043), ("Bogotá", "Colombia", 4.711, -74.072),
    ("Montevideo", "Uruguay", -34.901, -56.165),
    # Asia, Africa, Middle East
    ("Tokyo", "Japan", 35.676, 139.650), ("Osaka", "Japan", 34.694, 135.502),
    ("Seoul", "South Korea", 37.567, 126.978), ("Beijing", "China", 39.904, 116.407),
    ("Shanghai", "China", 31.230, 121.474), ("Hong Kong", "China", 22.320, 114.169),
    ("Taipei", "Taiwan", 25.033, 121.565), ("Singapore", "Singapore", 1.352, 103.820),
    ("Kuala Lumpur", "Malaysia", 3.139, 101.687), ("Bangkok", "Thailand", 13.756, 100.502),
    ("Manila", "Philippines", 14.600, 120.984), ("Jakarta", "Indonesia", -6.208, 106.846),
    ("Mumbai", "India", 19.076, 72.878), ("Delhi", "India", 28.704, 77.102),
    ("Bangalore", "India", 12.972, 77.595), ("Dubai", "United Arab Emirates", 25.205, 55.271),
    ("Tel Aviv", "Israel", 32.085, 34.782), ("Jerusalem", "Israel", 31.769, 35.216),
    ("Cairo", "Egypt", 30.044, 31.236), ("Cape Town", "South Africa", -33.925, 18.424),
    ("Johannesburg", "South Africa", -26.204, 28.047), ("Nairobi", "Kenya", -1.292, 36.822),
    # Oceania
    ("Sydney", "Australia", -33.869, 151.209), ("Melbourne", "Australia", -37.814, 144.963),
    ("Brisbane", "Australia", -27.470, 153.026), ("Perth", "Australia", -31.951, 115.861),
    ("Adelaide", "Australia", -34.929, 138.601), ("Canberra", "Australia", -35.281, 149.130),
    ("Hobart", "Australia", -42.882, 147.327), ("Auckland", "New Zealand", -36.849, 174.763),
    ("Wellington", "New Zealand", -41.287, 174.776),
    ("Christchurch", "New Zealand", -43.532, 172.637),
)

PLACES: tuple[Place, ...] = tuple(Place(*row) for row in _TABLE)

# Other names people type for a country of the table (folded: lower case, no accents).
COUNTRY_ALIASES: dict[str, str] = {
    "united kingdom": "uk", "great britain": "uk", "gb": "uk", "england": "uk",
    "scotland": "uk", "wales": "uk", "northern ireland": "uk", "britain": "uk",
    "united states": "usa", "united states of america": "usa", "us": "usa",
    "czech republic": "czechia", "holland": "netherlands", "deutschland": "germany",
    "osterreich": "austria", "schweiz": "switzerland", "suisse": "switzerland",
    "italia": "italy", "espana": "spain", "turkiye": "turkey", "uae": "united arab emirates",
    "korea": "south korea", "the netherlands": "netherlands",
}


def _fold(text: str) -> str:
    """Lower case without accents or punctuation, so "Liege" finds Liège and "st louis" St. Louis."""
    plain = fold(text)  # "Tromso" finds Tromsø too
    return " ".join("".join(ch if ch.isalnum() else " " for ch in plain).split())


def find_place(text: str) -> Place | None:
    """The place a TD means by "Leeds", "leeds, uk" or "Liege" (None when it is not known).

    A town alone matches the first in the table (the larger or better-known one); "town,
    country" picks exactly."""
    if "," in text:
        town, _, country = text.rpartition(",")
        wanted_country = _fold(country)
        wanted_country = COUNTRY_ALIASES.get(wanted_country, wanted_country)
    else:
        town, wanted_country = text, ""
    wanted_town = _fold(town)
    if not wanted_town:
        return None
    for place in PLACES:
        if _fold(place.town) == wanted_town and (
                not wanted_country or _fold(place.country) == wanted_country):
            return place
    return None


def places_matching(text: str, limit: int = 20) -> list[Place]:
    """Places whose town or country starts with ``text`` (a picker's suggestions)."""
    wanted = _fold(text)
    if not wanted:
        return list(PLACES[:limit])
    found = [p for p in PLACES if _fold(p.town).startswith(wanted)
             or _fold(p.label).startswith(wanted)]
    found += [p for p in PLACES if p not in found and _fold(p.country).startswith(wanted)]
    return found[:limit]


def nearest_place(latitude: float, longitude: float, within_km: float = 15.0) -> Place | None:
    """The table's town at these coordinates (so typed or saved numbers show a town's name)."""
    def km(place: Place) -> float:
        lat1, lat2 = radians(latitude), radians(place.latitude)
        dlat, dlon = lat2 - lat1, radians(place.longitude - longitude)
        h = sin(dlat / 2) ** 2 + cos(lat1) * cos(lat2) * sin(dlon / 2) ** 2
        return 2 * 6371.0 * asin(min(1.0, sqrt(h)))

    best = min(PLACES, key=km)
    return best if km(best) <= within_km else None


def _km(latitude: float, longitude: float, place: Place) -> float:
    lat1, lat2 = radians(latitude), radians(place.latitude)
    dlat, dlon = lat2 - lat1, radians(place.longitude - longitude)
    h = sin(dlat / 2) ** 2 + cos(lat1) * cos(lat2) * sin(dlon / 2) ** 2
    return 2 * 6371.0 * asin(min(1.0, sqrt(h)))


class PlaceIndex:
    """Tens of thousands of towns (a gazetteer behind the built-in table) looked up by name or by
    coordinates without scanning them all: the table's towns come first, so "Portland" is still
    the table's Portland."""

    def __init__(self, places: tuple[Place, ...]) -> None:
        self.places = places
        self._by_town: dict[str, list[Place]] = {}
        self._by_band: dict[int, list[Place]] = {}  # whole degrees of latitude
        for place in places:
            self._by_town.setdefault(_fold(place.town), []).append(place)
            self._by_band.setdefault(int(place.latitude // 1), []).append(place)

    @property
    def labels(self) -> list[str]:
        return [p.label for p in self.places]

    def find(self, text: str) -> Place | None:
        """As :func:`find_place`: "town" is the first of that name, "town, country" exactly."""
        town, _, country = text.rpartition(",") if "," in text else (text, "", "")
        wanted_country = COUNTRY_ALIASES.get(_fold(country), _fold(country))
        for place in self._by_town.get(_fold(town), []):
            if not wanted_country or _fold(place.country) == wanted_country:
                return place
        return None

    def nearest(self, latitude: float, longitude: float, within_km: float = 15.0
                ) -> Place | None:
        band = int(latitude // 1)
        near = [p for b in (band - 1, band, band + 1) for p in self._by_band.get(b, [])]
        if not near:
            return None
        best = min(near, key=lambda p: _km(latitude, longitude, p))  # a tie: the table's town
        return best if _km(latitude, longitude, best) <= within_km else None
