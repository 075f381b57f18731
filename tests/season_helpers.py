"""A DBN season file for tests: three qualifying events of 40 players, one of them a Major."""

from __future__ import annotations

from pathlib import Path

from tdapp.core.tournament.season import QualifyingEvent
from tdapp.services import season as season_service


def big_event(name: str, offset: int, *, major: bool = False) -> QualifyingEvent:
    """40 players p01..p40; ``offset`` rotates who wins."""
    players = [f"p{n:02d}" for n in range(1, 41)]
    order = players[offset:] + players[:offset]
    return QualifyingEvent(name=name, date="2025-06-01", boards=12, players=40, major=major,
                           places={p: i + 1 for i, p in enumerate(order)})


def make_season(tmp_path: Path) -> Path:
    path = tmp_path / "dbn-2025.tds"
    season_service.new_season(path, "DBN Invitational 2025")
    season_service.add_event(path, big_event("Whipping", 0))
    season_service.add_event(path, big_event("WDC", 5, major=True))
    season_service.add_event(path, big_event("Carnage", 2))
    season_service.set_defending_champion(path, "champ")
    season_service.set_known_players(path, [f"p{n:02d}" for n in range(1, 31)])
    return path
