"""Two stations change the same thing on one venue server: the second is told who and when, is
shown both versions side by side, and may still save theirs over with its own (nothing typed is
lost).

Issue 16: "Two people changing the same thing: the second is told, in words, who changed what
and when, and shown both versions (the version columns are already there); nothing typed is
lost."
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tdapp.services import players
from tdapp.services.changes import StaleEdit
from tdapp.services.results import record_result
from tests.venue_stations import THEIRS, YOURS, centres, finished_board

pytestmark = pytest.mark.postgres


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
