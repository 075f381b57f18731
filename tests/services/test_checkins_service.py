"""Check-in from a phone (issue 25): "Check in for the next round (shown live in the roll
call; the TD keeps the last word)." On both engines (TDAPP_TEST_ENGINE=postgres)."""

from __future__ import annotations

import pytest

from tdapp.services import checkins, history, players, rollcall, rounds
from tdapp.services.changes import ServiceError


def _someone(db) -> int:
    return players.list_players(db)[3].id


def test_check_in_is_for_the_next_round_not_yet_seated(demo_db) -> None:
    assert checkins.check_in_round(demo_db) == 3  # rounds 1 and 2 played
    rounds.set_round_status(demo_db, 3, "called")  # its board call published
    assert checkins.check_in_round(demo_db) == 4
    rounds.set_round_status(demo_db, 4, "called")
    assert checkins.check_in_round(demo_db) is None


def test_a_check_in_is_recorded_once_and_shown(demo_db) -> None:
    player_id = _someone(demo_db)
    change = checkins.check_in(demo_db, player_id, 3)
    assert change.room and change.roll_call and change.ids == (player_id,)
    row = checkins.check_ins(demo_db, 3)[player_id]
    assert row.via == "phone"
    actions = len(history.list_actions(demo_db))
    again = checkins.check_in(demo_db, player_id, 3, via="td")
    assert not again.history and len(history.list_actions(demo_db)) == actions
    assert checkins.check_ins(demo_db, 3) == {player_id: row}  # the first one stands
    assert checkins.check_ins(demo_db, 2) == {}


def test_the_td_keeps_the_last_word_a_check_in_never_changes_the_roll_call(demo_db) -> None:
    player_id = _someone(demo_db)
    rollcall.set_answers(demo_db, 3, [player_id], status="absent")
    before = rollcall.roll_call(demo_db, 3)
    checkins.check_in(demo_db, player_id, 3)
    assert rollcall.roll_call(demo_db, 3) == before
    assert next(r for r in before if r.player_id == player_id).status == "absent"


def test_check_in_and_its_taking_back_are_undone(demo_db) -> None:
    player_id = _someone(demo_db)
    name = players.get_player(demo_db, player_id).name
    checkins.check_in(demo_db, player_id, 3, via="td")
    assert history.undo_redo_state(demo_db)[0] == (
        f"{name} checked in for round 3 at the TD's table")
    history.undo(demo_db)
    assert checkins.check_ins(demo_db, 3) == {}
    history.redo(demo_db)
    assert checkins.check_ins(demo_db, 3)[player_id].via == "td"
    checkins.cancel_check_in(demo_db, player_id, 3)
    assert checkins.check_ins(demo_db, 3) == {}
    history.undo(demo_db)
    assert player_id in checkins.check_ins(demo_db, 3)


def test_taking_back_no_check_in_records_nothing(demo_db) -> None:
    actions = len(history.list_actions(demo_db))
    assert not checkins.cancel_check_in(demo_db, _someone(demo_db), 3).history
    assert len(history.list_actions(demo_db)) == actions


@pytest.mark.parametrize(("round_number", "words"), [
    (2, "Check-in for round 2 is closed: it is seated already. Check-in is open for round 3."),
    (4, "Check-in for round 4 is not open yet: check in for round 3 first."),
    (9, "There is no round 9 in this tournament."),
])
def test_check_in_for_another_round_is_refused_in_words(demo_db, round_number: int,
                                                         words: str) -> None:
    with pytest.raises(ServiceError) as refused:
        checkins.check_in(demo_db, _someone(demo_db), round_number)
    assert str(refused.value) == words
    assert checkins.check_ins(demo_db, round_number) == {}


def test_check_in_closes_when_the_round_is_seated(demo_db) -> None:
    player_id = _someone(demo_db)
    checkins.check_in(demo_db, player_id, 3)
    rounds.set_round_status(demo_db, 3, "called")
    with pytest.raises(ServiceError, match="round 3 is closed"):
        checkins.cancel_check_in(demo_db, player_id, 3)
    rounds.set_round_status(demo_db, 4, "called")
    with pytest.raises(ServiceError, match="every round is seated already"):
        checkins.check_in(demo_db, player_id, 4)
    assert player_id in checkins.check_ins(demo_db, 3)  # kept for the TD's roll call


def test_a_withdrawn_or_unknown_player_cannot_check_in(demo_db) -> None:
    player_id = _someone(demo_db)
    players.set_withdrawn(demo_db, player_id, True)
    with pytest.raises(ServiceError, match="has withdrawn from the tournament: see the TD"):
        checkins.check_in(demo_db, player_id, 3)
    with pytest.raises(ServiceError, match="no longer in the tournament"):
        checkins.check_in(demo_db, 99999, 3)
    with pytest.raises(ServiceError, match="Unknown way to check in"):
        checkins.check_in(demo_db, _someone(demo_db), 3, via="carrier pigeon")
    assert checkins.check_ins(demo_db, 3) == {}
