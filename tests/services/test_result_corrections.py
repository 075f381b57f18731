"""A board's result corrected on two stations at once: the second correction, typed over the
first one's older version, is a conflict with both sides, never a silent overwrite, on a
.tdt file opened twice and on a venue server alike (TDAPP_TEST_ENGINE=postgres).

The issue: "Correcting a board that already has a result, on two stations at once: no
conflict, the last save silently wins (a correction changes only seat rows, so the version
never moves)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tdapp.services.changes import StaleEdit
from tdapp.services.results import record_result
from tdapp.store.database import TournamentDb, make_engine
from tests.venue_stations import THEIRS, YOURS, centres, finished_board


@pytest.fixture
def two_handles(tournament_path: Path | str, demo_file: Path
                ) -> Iterator[tuple[TournamentDb, TournamentDb]]:
    """The demo tournament opened twice: two stations on one server, or two handles on one
    .tdt file (what two windows' connections are)."""
    if isinstance(tournament_path, str):
        from tdapp.store.copying import copy_tournament
        from tdapp.store.pg import open_server_tournament

        copy_tournament(demo_file, tournament_path)
        handles = (open_server_tournament(tournament_path),
                   open_server_tournament(tournament_path))
    else:
        shutil.copy(demo_file, tournament_path)
        handles = (TournamentDb(tournament_path, make_engine(tournament_path)),
                   TournamentDb(tournament_path, make_engine(tournament_path)))
    handles[0].who, handles[1].who = "ann on desk-1", "bob on desk-2"
    yield handles
    for db in handles:
        db.close()


def test_a_correction_of_the_centres_alone_moves_the_version(two_handles) -> None:
    first, _second = two_handles
    board_id, _v = finished_board(first)
    record_result(first, board_id, THEIRS)
    _id, before = finished_board(first)
    record_result(first, board_id, YOURS, expected_version=before)  # same end, other centres
    _id, after = finished_board(first)
    assert after > before


def test_two_corrections_of_one_result_the_second_is_a_conflict_with_both_sides(
        two_handles) -> None:
    first, second = two_handles
    board_id, _v = finished_board(first)
    record_result(first, board_id, THEIRS)
    _id, seen = finished_board(second)  # both stations show THEIRS, at this version
    ann = replace(THEIRS, centers=dict(THEIRS.centers, AUSTRIA=11, ENGLAND=7))
    record_result(first, board_id, ann, expected_version=seen)
    with pytest.raises(StaleEdit) as refused:
        record_result(second, board_id, YOURS, expected_version=seen)
    rows = {what: (theirs, yours) for what, theirs, yours in refused.value.rows}
    assert rows["Austria"] == ("11", "9") and rows["England"] == ("7", "9")
    assert "ann on desk-1" in str(refused.value)
    assert centres(second, board_id)["AUSTRIA"] == 11  # Ann's correction stands
    assert refused.value.retry is not None
    refused.value.retry()  # "Save mine over theirs": Bob decides, nothing typed lost
    assert centres(first, board_id)["AUSTRIA"] == 9
