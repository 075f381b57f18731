"""Invented players and plausible games for the demo tournament (deterministic for a seed)."""

from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass

from tdapp.core.formats import TournamentFormat
from tdapp.core.powers import POWERS, SOLO_CENTERS

FIRST_NAMES = (
    "Anna", "Björn", "Chloé", "Dmitri", "Elif", "François", "Giulia", "Hannes", "Inès", "Jakub",
    "Katarzyna", "Lars", "María", "Niamh", "Oskar", "Paloma", "Quentin", "Rūta", "Søren", "Tomás",
    "Ulla", "Václav", "Wiebke", "Xavier", "Yusuf", "Zofia", "Aidan", "Bianca", "Conor", "Dagmar",
    "Emeka", "Fiona", "Gustavo", "Hélène", "Ivo", "Jorge", "Kirsi", "Luca", "Margarethe", "Nils",
)
LAST_NAMES = (
    "Andersson", "Brennan", "Castellanos", "Dubois", "Eriksen", "Fischer", "García", "Horváth",
    "Ivanova", "Jansen", "Kowalski", "Lefèvre", "Müller", "Novák", "O'Sullivan", "Petrović",
    "Quinn", "Rossi", "Schäfer", "Takahashi", "Umarov", "Van den Berg", "Wójcik", "Yilmaz",
    "Zimmermann", "Ashworth", "Bergström", "Costa", "Dąbrowski", "Esposito",
)
# (town, country, latitude, longitude, club)
HOME_TOWNS = (
    ("San Francisco", "United States", 37.77, -122.42, "Bay Area Diplomacy"),
    ("Chicago", "United States", 41.88, -87.63, "Windy City Weasels"),
    ("Toronto", "Canada", 43.65, -79.38, "Toronto Diplomacy Club"),
    ("London", "United Kingdom", 51.51, -0.13, "London Diplomacy Club"),
    ("Manchester", "United Kingdom", 53.48, -2.24, ""),
    ("Paris", "France", 48.86, 2.35, "Association Francophone de Diplomatie"),
    ("Lyon", "France", 45.76, 4.84, ""),
    ("Brussels", "Belgium", 50.85, 4.35, "Diplomacy Belgium"),
    ("Amsterdam", "Netherlands", 52.37, 4.90, "Dutch Diplomacy League"),
    ("Berlin", "Germany", 52.52, 13.40, "Diplomacy Berlin"),
    ("Munich", "Germany", 48.14, 11.58, ""),
    ("Vienna", "Austria", 48.21, 16.37, "Wiener Diplomaten"),
    ("Rome", "Italy", 41.90, 12.50, "Roma Diplomacy"),
    ("Madrid", "Spain", 40.42, -3.70, ""),
    ("Lisbon", "Portugal", 38.72, -9.14, ""),
    ("Stockholm", "Sweden", 59.33, 18.07, "Stockholm Diplomacy"),
    ("Oslo", "Norway", 59.91, 10.75, ""),
    ("Copenhagen", "Denmark", 55.68, 12.57, "Danish Diplomacy Club"),
    ("Warsaw", "Poland", 52.23, 21.01, "Polska Dyplomacja"),
    ("Prague", "Czechia", 50.08, 14.44, ""),
    ("Dublin", "Ireland", 53.35, -6.26, "Irish Diplomacy"),
    ("Sydney", "Australia", -33.87, 151.21, "Sydney Diplomacy League"),
    ("Tokyo", "Japan", 35.68, 139.69, ""),
    ("Oakland", "United States", 37.80, -122.27, "Bay Area Diplomacy"),
)
LOCAL_STATUS_WEIGHTS = (("board_member", 2), ("club_member", 6), ("local", 4), ("traveller", 18))


UNTIMED_LAST_YEAR = 1909  # a format without a last year: games end by time around then
FULL_LENGTH_SHARE = 0.5  # of a format with a last year, the games no draw vote ends sooner

@dataclass(frozen=True)
class DemoPlayer:
    name: str
    home_town: str
    country: str
    latitude: float
    longitude: float
    club: str
    local_status: str
    email: str


def demo_players(count: int, rng: random.Random) -> list[DemoPlayer]:
    """``count`` distinct invented players with home towns spread over the Diplomacy world."""
    names: set[str] = set()
    players: list[DemoPlayer] = []
    statuses = [s for s, w in LOCAL_STATUS_WEIGHTS for _ in range(w)]
    while len(players) < count:
        name = f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"
        if name in names:
            continue
        names.add(name)
        town, country, lat, lon, club = rng.choice(HOME_TOWNS)
        local = rng.choice(statuses) if town in ("San Francisco", "Oakland") else "traveller"
        handle = name.lower().replace(" ", ".").replace("'", "")
        ascii_handle = unicodedata.normalize("NFKD", handle).encode("ascii", "ignore").decode()
        players.append(DemoPlayer(name, town, country, lat, lon, club, local,
                                  f"{ascii_handle}@example.org"))
    return players


@dataclass(frozen=True)
class DemoGame:
    end_year: int
    centers: dict[str, int]
    history: dict[int, dict[str, int]]
    eliminated: dict[str, int]
    solo: str | None
    end_reason: str


def _year_step(counts: dict[str, int], strength: dict[str, float], neutrals: int,
               rng: random.Random) -> int:
    """One game year: neutrals are taken, then a few centres change hands by strength."""
    alive = [p for p in POWERS if counts[p] > 0]
    while neutrals and rng.random() < 0.85:
        taker = rng.choices(alive, weights=[strength[p] for p in alive])[0]
        counts[taker] += 1
        neutrals -= 1
    for _ in range(rng.randint(1, 3)):
        alive = [p for p in POWERS if counts[p] > 0]
        if len(alive) < 2:
            break
        winner = rng.choices(alive, weights=[strength[p] ** 2 for p in alive])[0]
        losers = [p for p in alive if p != winner]
        loser = rng.choices(losers, weights=[1 / strength[p] for p in losers])[0]
        counts[winner] += 1
        counts[loser] -= 1
    return neutrals


@dataclass(frozen=True)
class GameEnd:
    """How a format's games end. ``last_year``: the last year played. A game that stops before
    it (and without a solo) ends by ``early``: "time" (the round's time ran out) or "draw" (a
    draw vote passed), in a year from ``earliest``. ``full_share``: the share of games played to
    ``last_year``; None draws the end year evenly from ``earliest`` to ``last_year``."""

    last_year: int = 1909
    early: str = "time"
    earliest: int = 1906
    full_share: float | None = None

    def end_year(self, rng: random.Random) -> int:
        if self.full_share is None:
            return rng.randint(self.earliest, self.last_year)
        if rng.random() < self.full_share or self.earliest >= self.last_year:
            return self.last_year
        return rng.randint(self.earliest, self.last_year - 1)


def demo_game(rng: random.Random, last_year: int = 1909, end: GameEnd | None = None) -> DemoGame:
    """A plausible game: centre counts year by year, eliminations, and how it ended (by
    ``end``; without it, by time from 1906 until ``last_year``)."""
    end = end or GameEnd(last_year)
    last_year = end.last_year
    counts = {p: (4 if p == "RUSSIA" else 3) for p in POWERS}
    strength = {p: rng.uniform(0.6, 1.6) for p in POWERS}
    neutrals = 12
    end_year = end.end_year(rng)
    history: dict[int, dict[str, int]] = {}
    eliminated: dict[str, int] = {}
    solo = None
    for year in range(1901, end_year + 1):
        neutrals = _year_step(counts, strength, neutrals, rng)
        leader = max(POWERS, key=lambda p: counts[p])
        if counts[leader] >= SOLO_CENTERS and rng.random() < 0.5:
            solo = leader
        elif counts[leader] >= SOLO_CENTERS:  # held short of a solo by a stop-the-leader alliance
            excess = counts[leader] - (SOLO_CENTERS - 1)
            counts[leader] -= excess
            for _ in range(excess):
                counts[rng.choice([p for p in POWERS if p != leader and counts[p] > 0])] += 1
        for power in POWERS:
            if counts[power] == 0 and power not in eliminated:
                eliminated[power] = year
        history[year] = dict(counts)
        if solo:
            end_year = year
            break
    reason = "solo" if solo else (end.early if end_year < last_year else "last-year")
    return DemoGame(end_year, dict(counts), history, eliminated, solo, reason)


def last_year(fmt: TournamentFormat) -> int:
    """The last game year the demo plays: the format's own end (DBN 1915, EDC 1909), else a
    typical timed finish."""
    return fmt.end_year or UNTIMED_LAST_YEAR


def game_end(fmt: TournamentFormat) -> GameEnd:
    """How the format's games end. With a last year (DBN, EDC) a game runs to it unless a solo
    or a draw vote ends it sooner; without one (WDC) the round's time ends it."""
    if fmt.end_year is None:
        return GameEnd(UNTIMED_LAST_YEAR)
    first_vote = max(fmt.draw_votes.from_year, 1902)
    return GameEnd(fmt.end_year, early="draw", earliest=min(first_vote, fmt.end_year),
                   full_share=FULL_LENGTH_SHARE)
