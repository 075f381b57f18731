"""Issue 24 item 12d: imported players get a home location, so the "further from home"
tie-breaker (seed 002, VIII.1.b.vi) is available for them; the towns the gazetteer does not know
are named."""

from __future__ import annotations

from pathlib import Path

from tdapp.services import player_import, players
from tdapp.services.players import PlayerData
from tdapp.services.tournaments import TournamentInfo, create_tournament


def test_imported_towns_are_located_and_the_unknown_named(tournament_path: Path) -> None:
    db = create_tournament(tournament_path, TournamentInfo("WDC 2018", "wdc-2018", 5))
    try:
        incoming = [PlayerData("Ann", home_town="Chapel Hill, NC"),
                    PlayerData("Bea", home_town="Paris", country="France"),
                    PlayerData("Cal", home_town="Nowhereville"),
                    PlayerData("Dee", home_town="Leeds", latitude=1.0, longitude=2.0),
                    PlayerData("Eve"), PlayerData("Jörg", home_town="München")]
        located, missing = player_import.locate_homes(incoming)
        assert missing == ["Nowhereville (Cal)"]
        change = player_import.import_players(db, incoming, "wdc.csv")
        assert change.description == "Import 6 players from wdc.csv (1 home town not found)"
        by_name = {p.name: p for p in players.list_players(db)}
        assert round(by_name["Ann"].latitude or 0, 1) == 35.9
        assert round(by_name["Bea"].longitude or 0, 1) == 2.4
        assert by_name["Cal"].latitude is None
        assert (by_name["Dee"].latitude, by_name["Dee"].longitude) == (1.0, 2.0)  # the file's
        assert by_name["Eve"].latitude is None
        assert round(by_name["Jörg"].latitude or 0, 1) == 48.1  # Munich, by its German name
        assert located[0].latitude == by_name["Ann"].latitude
    finally:
        db.close()
