"""The venue's coordinates: saved, read back, validated, used by the standings."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tdapp.services import history
from tdapp.services.changes import ServiceError
from tdapp.services.standings_data import tournament_model
from tdapp.services.tournaments import (
    TournamentInfo,
    create_tournament,
    tournament_info,
    update_tournament,
)
from tdapp.store.locations import open_location
from tests.venue_helpers import tournament_exists

INFO = TournamentInfo("Venue Open", "wdc-2025", 4, venue="Town Hall",
                      venue_latitude=53.801, venue_longitude=-1.549)


def test_venue_coordinates_are_kept_and_reach_the_standings(tournament_path: Path) -> None:
    create_tournament(tournament_path, INFO).close()
    db = open_location(tournament_path)
    assert tournament_info(db) == INFO
    assert tournament_model(db).venue == (53.801, -1.549)
    db.close()


def test_old_callers_without_coordinates_still_work(tournament_path: Path) -> None:
    db = create_tournament(tournament_path, TournamentInfo("Plain Open", "wdc-2025", 4))
    info = tournament_info(db)
    assert (info.venue_latitude, info.venue_longitude) == (None, None)
    assert tournament_model(db).venue is None
    db.close()


def test_moving_the_venue_is_undoable(tournament_path: Path) -> None:
    db = create_tournament(tournament_path, INFO)
    update_tournament(db, replace(INFO, venue_latitude=48.857, venue_longitude=2.352))
    assert tournament_model(db).venue == (48.857, 2.352)
    update_tournament(db, replace(INFO, venue_latitude=None, venue_longitude=None))
    assert tournament_model(db).venue is None
    history.undo(db)
    assert tournament_info(db).venue_latitude == 48.857
    db.close()


@pytest.mark.parametrize(("lat", "lon", "words"), [
    (53.8, None, "needs both a latitude and a longitude"),
    (None, 2.0, "needs both a latitude and a longitude"),
    (91.0, 0.0, "venue latitude must be between -90 and 90"),
    (0.0, -180.5, "venue longitude must be between -180 and 180"),
])
def test_bad_coordinates_are_refused_in_words(tournament_path: Path, lat, lon, words) -> None:
    with pytest.raises(ServiceError, match=words):
        create_tournament(tournament_path,
                          replace(INFO, venue_latitude=lat, venue_longitude=lon))
    assert not tournament_exists(tournament_path)
