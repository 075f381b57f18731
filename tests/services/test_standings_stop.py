"""The standings recompute can stop between its steps (issue 13: "offers Cancel where the work
can stop"): it calls ``check()`` before each read of the file and after the ranking."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tdapp.services.files import open_tournament
from tdapp.services.standings_views import COMPLETED, NOW, standings_view


class Stop(Exception):  # noqa: N818 - what the caller's check raises
    pass


@pytest.fixture
def db(demo_file: Path, tmp_path: Path):
    database = open_tournament(Path(shutil.copy(demo_file, tmp_path / "demo.tdt")))
    yield database
    database.close()


@pytest.mark.parametrize("mode", [COMPLETED, NOW])
def test_the_checks_change_nothing_when_nobody_stops(db, mode: str) -> None:
    calls: list[int] = []
    checked = standings_view(db, mode, check=lambda: calls.append(1))
    assert checked == standings_view(db, mode)
    assert len(calls) >= 7  # every read of the file and the ranking have a stop before them


@pytest.mark.parametrize("stop_at", [1, 3, 5])
def test_a_check_that_raises_stops_the_recompute_there(db, stop_at: int) -> None:
    calls: list[int] = []

    def check() -> None:
        calls.append(1)
        if len(calls) == stop_at:
            raise Stop

    with pytest.raises(Stop):
        standings_view(db, COMPLETED, check=check)
    assert len(calls) == stop_at  # nothing ran past the stop
