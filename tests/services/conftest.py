"""Fixtures of the services' tests: the demo tournament on this test's own engine."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tdapp.store.database import TournamentDb
from tdapp.store.locations import open_location


@pytest.fixture
def demo_db(tournament_path: Path | str, demo_file: Path) -> Iterator[TournamentDb]:
    """The demo tournament (49 players, WDC 2025, rounds 1 and 2 played, round 3 not seated)
    copied for this test: a .tdt file, or a fresh database on the venue server
    (TDAPP_TEST_ENGINE=postgres)."""
    if isinstance(tournament_path, str):
        from tdapp.store.copying import copy_tournament

        copy_tournament(demo_file, tournament_path)
    else:
        shutil.copy(demo_file, tournament_path)
    db = open_location(tournament_path)
    yield db
    db.close()
