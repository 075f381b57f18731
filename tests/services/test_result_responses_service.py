"""Players confirm or dispute their board's result (issue 25): "Confirm or dispute their
board's result once it is entered; the TD sees each board's confirmations and any dispute, and
a disputed board is marked until the TD settles it." On both engines
(TDAPP_TEST_ENGINE=postgres)."""

from __future__ import annotations

import pytest

from tdapp.services import history, rounds
from tdapp.services.changes import ServiceError
from tdapp.services.result_responses import (
    respond_to_result,
    responses_for_round,
    settle_dispute,
)
from tdapp.services.results import record_result
from tdapp.store.models import Board
from tests.venue_stations import THEIRS


def _board(db, number: int = 1) -> rounds.BoardRow:
    return next(b for b in rounds.board_call(db, 2) if b.number == number)


def _responses(db, board_id: int):
    return next(b for b in responses_for_round(db, 2) if b.board_id == board_id)


def test_confirmations_are_counted_by_board(demo_db) -> None:
    board = _board(demo_db)
    first, second = board.seats[0], board.seats[1]
    change = respond_to_result(demo_db, first.player_id, board.board_id, "confirm")
    assert change.room and change.results and change.ids == (board.board_id,)
    respond_to_result(demo_db, second.player_id, board.board_id, "confirm")
    seen = _responses(demo_db, board.board_id)
    assert seen.seats == 7 and seen.result_entered
    assert set(seen.confirmed) == {first.player_name, second.player_name}
    assert not seen.disputed and seen.disputes == () and seen.stale == 0
    others = [b for b in responses_for_round(demo_db, 2) if b.board_id != board.board_id]
    assert others and all(b.confirmed == () for b in others)


def test_a_player_answers_only_for_their_own_board(demo_db) -> None:
    mine, theirs = _board(demo_db, 1), _board(demo_db, 2)
    player = mine.seats[0]
    with pytest.raises(ServiceError, match=f"{player.player_name} does not play on round 2 "
                                           "board 2: only its own players"):
        respond_to_result(demo_db, player.player_id, theirs.board_id, "dispute", "ha")
    assert _responses(demo_db, theirs.board_id).disputes == ()


def test_no_result_nothing_to_answer(demo_db) -> None:
    board = _board(demo_db)
    with demo_db.system() as session:
        row = session.get(Board, board.board_id)
        row.status, row.end_year, row.end_reason = "seated", None, None
    with pytest.raises(ServiceError, match="Round 2 board 1 has no result yet"):
        respond_to_result(demo_db, board.seats[0].player_id, board.board_id, "confirm")


def test_bad_answers_are_refused_in_words(demo_db) -> None:
    board = _board(demo_db)
    player = board.seats[0].player_id
    with pytest.raises(ServiceError, match="Unknown answer 'maybe': confirm or dispute"):
        respond_to_result(demo_db, player, board.board_id, "maybe")
    with pytest.raises(ServiceError, match="The note.*500"):
        respond_to_result(demo_db, player, board.board_id, "dispute", "x" * 501)
    with pytest.raises(ServiceError, match="no longer exists"):
        respond_to_result(demo_db, player, 99999, "confirm")


def test_a_dispute_marks_the_board_until_the_td_settles_it(demo_db) -> None:
    board = _board(demo_db)
    player = board.seats[2]
    respond_to_result(demo_db, player.player_id, board.board_id, "dispute",
                      "<b>France</b> had 9, not 8")
    seen = _responses(demo_db, board.board_id)
    assert seen.disputed and seen.confirmed == ()
    assert [(d.player_id, d.player, d.note, d.settled_at) for d in seen.disputes] == [
        (player.player_id, player.player_name, "<b>France</b> had 9, not 8", None)]
    change = settle_dispute(demo_db, board.board_id, "Checked the sheet: 8 is right.")
    assert change.room and change.results
    seen = _responses(demo_db, board.board_id)
    assert not seen.disputed and seen.settled_note == "Checked the sheet: 8 is right."
    assert seen.disputes[0].settled_at is not None  # still listed, as settled
    with pytest.raises(ServiceError, match="Round 2 board 1 has no dispute to settle"):
        settle_dispute(demo_db, board.board_id)


def test_undo_of_a_settle_marks_the_board_again_and_undo_of_the_dispute_clears_it(
        demo_db) -> None:
    board = _board(demo_db)
    player = board.seats[2]
    respond_to_result(demo_db, player.player_id, board.board_id, "dispute", "wrong")
    settle_dispute(demo_db, board.board_id, "kept")
    assert history.undo_redo_state(demo_db)[0] == "Dispute of round 2 board 1 settled"
    history.undo(demo_db)
    assert _responses(demo_db, board.board_id).disputed
    assert history.undo_redo_state(demo_db)[0] == (
        f"{player.player_name} disputed the result of round 2 board 1")
    history.undo(demo_db)
    assert _responses(demo_db, board.board_id).disputes == ()
    history.redo(demo_db)
    history.redo(demo_db)
    seen = _responses(demo_db, board.board_id)
    assert not seen.disputed and seen.settled_note == "kept"


def test_a_corrected_result_makes_old_answers_stale(demo_db) -> None:
    board = _board(demo_db)
    confirming, disputing = board.seats[0], board.seats[1]
    respond_to_result(demo_db, confirming.player_id, board.board_id, "confirm")
    respond_to_result(demo_db, disputing.player_id, board.board_id, "dispute", "wrong")
    record_result(demo_db, board.board_id, THEIRS)  # the TD corrects it
    seen = _responses(demo_db, board.board_id)
    assert seen.confirmed == () and seen.disputes == () and not seen.disputed
    assert seen.stale == 2
    # asked again: a new answer counts for the corrected result
    respond_to_result(demo_db, disputing.player_id, board.board_id, "confirm")
    seen = _responses(demo_db, board.board_id)
    assert seen.confirmed == (disputing.player_name,) and seen.stale == 1


def test_an_answer_to_a_result_changed_since_the_player_looked_is_refused(demo_db) -> None:
    board = _board(demo_db)
    player = board.seats[0].player_id
    looked = board.version
    record_result(demo_db, board.board_id, THEIRS)
    with pytest.raises(ServiceError, match="was changed since you looked"):
        respond_to_result(demo_db, player, board.board_id, "confirm", board_version=looked)
    assert _responses(demo_db, board.board_id).confirmed == ()
    respond_to_result(demo_db, player, board.board_id, "confirm",
                      board_version=_board(demo_db).version)
    assert len(_responses(demo_db, board.board_id).confirmed) == 1


def test_the_same_answer_twice_records_nothing_and_a_change_of_mind_counts(demo_db) -> None:
    board = _board(demo_db)
    player = board.seats[0]
    respond_to_result(demo_db, player.player_id, board.board_id, "confirm")
    actions = len(history.list_actions(demo_db))
    assert not respond_to_result(demo_db, player.player_id, board.board_id, "confirm").history
    assert len(history.list_actions(demo_db)) == actions
    respond_to_result(demo_db, player.player_id, board.board_id, "dispute", "on second thought")
    seen = _responses(demo_db, board.board_id)
    assert seen.confirmed == () and seen.disputed
    history.undo(demo_db)
    assert _responses(demo_db, board.board_id).confirmed == (player.player_name,)


def test_a_new_dispute_after_a_settle_marks_the_board_again(demo_db) -> None:
    board = _board(demo_db)
    player = board.seats[0]
    respond_to_result(demo_db, player.player_id, board.board_id, "dispute", "first")
    settle_dispute(demo_db, board.board_id, "looked")
    respond_to_result(demo_db, player.player_id, board.board_id, "dispute", "still wrong")
    seen = _responses(demo_db, board.board_id)
    assert seen.disputed and [d.note for d in seen.disputes] == ["still wrong"]
    history.undo(demo_db)  # the settled dispute comes back as it was
    seen = _responses(demo_db, board.board_id)
    assert not seen.disputed and [d.note for d in seen.disputes] == ["first"]
    assert seen.settled_note == "looked"


def test_responses_of_a_round_that_does_not_exist_are_refused(demo_db) -> None:
    with pytest.raises(ServiceError, match="There is no round 9"):
        responses_for_round(demo_db, 9)
    assert all(not b.result_entered and b.seats == 0 for b in responses_for_round(demo_db, 3))
