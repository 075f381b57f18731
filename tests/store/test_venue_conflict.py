"""Two stations change the same thing on one venue server: the second is told who and when, is
shown both versions side by side, and may still save theirs over with its own (nothing typed is
lost).

Issue 16: "Two people changing the same thing: the second is told, in words, who changed what
and when, and shown both versions (the version columns are already there); nothing typed is
lost."
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import select

from tdapp.services import players
from tdapp.services.changes import StaleEdit
from tdapp.services.results import BoardResult, record_result
from tdapp.store.copying import copy_tournament
from tdapp.store.models import Board
from tdapp.store.pg import open_server_tournament
from tests.venue_helpers import drop_database, fresh_database_url

pytestmark = pytest.mark.postgres

THEIRS = BoardResult({"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 4, "ITALY": 3,
                      "RUSSIA": 2, "TURKEY": 1}, end_year=1908)
YOURS = BoardResult({"AUSTRIA": 9, "ENGLAND": 9, "FRANCE": 6, "GERMANY": 4, "ITALY": 3,
                     "RUSSIA": 2, "TURKEY": 1}, end_year=1908)


@pytest.fixture
def shared(venue_server, demo_file: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """The demo tournament copied to a fresh database on the session's server: its TD URL."""
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path))
    url = fresh_database_url(venue_server.url_td, "conflict")
    copy_tournament(demo_file, url)
    yield url
    drop_database(url)


@pytest.fixture
def stations(shared: str):
    first, second = open_server_tournament(shared), open_server_tournament(shared)
    first.who, second.who = "ann on desk-1", "bob on desk-2"
    yield first, second
    first.close()
    second.close()


def finished_board(db) -> tuple[int, int]:
    with db.read() as session:
        board = session.scalars(select(Board).where(Board.end_year.is_not(None))
                                .order_by(Board.id)).first()
        return board.id, board.version


def centres(db, board_id: int) -> dict[str, int]:
    with db.read() as session:
        return {seat.power: seat.centers for seat in session.get(Board, board_id).seats}


def test_a_board_result_conflict_shows_both_results_line_by_line(stations) -> None:
    first, second = stations
    board_id, seen = finished_board(first)
    record_result(first, board_id, THEIRS, expected_version=seen)
    with pytest.raises(StaleEdit) as refused:
        record_result(second, board_id, YOURS, expected_version=seen)
    rows = {what: (theirs, yours) for what, theirs, yours in refused.value.rows}
    assert rows["Austria"] == ("10", "9") and rows["England"] == ("8", "9")
    assert rows["Ended"] == ("1908 (time)", "1908 (time)")
    assert "by ann on desk-1 at " in str(refused.value)
    assert centres(second, board_id)["AUSTRIA"] == 10  # theirs stands until the TD decides


def test_yours_can_still_be_saved_over_theirs_from_the_conflict(stations) -> None:
    first, second = stations
    board_id, seen = finished_board(first)
    record_result(first, board_id, THEIRS, expected_version=seen)
    with pytest.raises(StaleEdit) as refused:
        record_result(second, board_id, YOURS, expected_version=seen)
    assert refused.value.retry is not None
    change = refused.value.retry()  # "Save mine over theirs"
    assert change.results
    assert centres(first, board_id)["AUSTRIA"] == 9 and centres(first, board_id)["ENGLAND"] == 9


def test_a_retry_after_a_third_change_is_itself_a_conflict(stations) -> None:
    """Saving yours over theirs is checked again: a change made meanwhile is not overwritten."""
    first, second = stations
    board_id, seen = finished_board(first)
    record_result(first, board_id, THEIRS, expected_version=seen)
    with pytest.raises(StaleEdit) as refused:
        record_result(second, board_id, YOURS, expected_version=seen)
    _, now = finished_board(first)
    record_result(first, board_id, replace(THEIRS, end_year=1909), expected_version=now)
    with pytest.raises(StaleEdit):
        refused.value.retry()
    assert centres(second, board_id)["AUSTRIA"] == 10


def test_a_player_edit_conflict_lists_the_fields_that_differ(stations) -> None:
    first, second = stations
    row = players.list_players(first)[0]
    data = players.get_player(first, row.id)
    seen = data.version
    typed = players.PlayerData(**{name: getattr(data, name) for name in players._DATA_FIELDS})
    players.update_player(first, row.id, replace(typed, club="Ann's club"), seen)
    with pytest.raises(StaleEdit) as refused:
        players.update_player(second, row.id, replace(typed, club="Bob's club",
                                                      home_town="Bobtown"), seen)
    rows = {what: (theirs, yours) for what, theirs, yours in refused.value.rows}
    assert rows["Club"] == ("Ann's club", "Bob's club")
    assert rows["Home town"] == (data.home_town, "Bobtown")
    assert "Name" not in rows  # only what differs
    refused.value.retry()
    again = players.get_player(first, row.id)
    assert (again.club, again.home_town) == ("Bob's club", "Bobtown")
