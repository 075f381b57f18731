"""A player's own page (issue 25): their board in the current round's published call, its
result and their answer, and the check-in for the next round. On both engines
(TDAPP_TEST_ENGINE=postgres)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select

from tdapp.services import checkins, players, rounds
from tdapp.services.changes import ServiceError
from tdapp.services.player_view import player_view
from tdapp.services.result_responses import respond_to_result
from tdapp.services.results import record_result
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.models import GamePhase, Seat
from tests.venue_stations import THEIRS, board_in_play


def _seat(db, number: int = 1, index: int = 0) -> tuple[rounds.BoardRow, rounds.SeatRow]:
    board = next(b for b in rounds.board_call(db, 2) if b.number == number)
    return board, board.seats[index]


def test_a_player_sees_their_board_and_its_result(demo_db) -> None:
    board, seat = _seat(demo_db)
    view = player_view(demo_db, seat.player_id)
    assert (view.player_id, view.name, view.round_number) == (seat.player_id,
                                                             seat.player_name, 2)
    assert (view.check_in_round, view.checked_in, view.withdrawn) == (3, False, False)
    (mine,) = view.boards
    assert (mine.board_id, mine.round_number, mine.board_number, mine.power) == (
        board.board_id, 2, board.number, seat.power)
    assert mine.result_entered and not mine.game_in_progress and mine.my_response is None
    assert mine.result_words.startswith(f"Ended {board.end_year} (")
    assert f"{seat.power.title()} {seat.centers}" in mine.result_words
    assert mine.surviving == (seat.centers > 0)


def test_the_view_follows_the_players_answer_and_check_in(demo_db) -> None:
    board, seat = _seat(demo_db)
    shown = player_view(demo_db, seat.player_id).boards[0]
    respond_to_result(demo_db, seat.player_id, board.board_id, "dispute", "wrong",
                      board_version=shown.result_version)
    checkins.check_in(demo_db, seat.player_id, 3)
    view = player_view(demo_db, seat.player_id)
    assert view.boards[0].my_response == "dispute" and view.checked_in
    record_result(demo_db, board.board_id, THEIRS)  # corrected: the player is asked again
    again = player_view(demo_db, seat.player_id).boards[0]
    assert again.my_response is None and again.asked_again
    assert "Austria 10" in again.result_words
    assert again.result_version > shown.result_version
    with pytest.raises(ServiceError, match="changed since you looked"):
        respond_to_result(demo_db, seat.player_id, board.board_id, "confirm",
                          board_version=shown.result_version)


def test_a_player_on_two_boards_sees_both(demo_db) -> None:
    first, seat = _seat(demo_db, 1)
    second, _other = _seat(demo_db, 2)
    with demo_db.system() as session:
        moved = session.scalar(select(Seat).where(Seat.board_id == second.board_id,
                                                  Seat.power == "TURKEY"))
        moved.player_id = seat.player_id
    view = player_view(demo_db, seat.player_id)
    assert [(b.board_number, b.power) for b in view.boards] == [
        (1, seat.power), (2, "TURKEY")]


def test_only_the_published_call_of_the_current_round(demo_db) -> None:
    _board, seat = _seat(demo_db)
    rounds.set_round_status(demo_db, 3, "called")  # called without boards yet
    view = player_view(demo_db, seat.player_id)
    assert view.round_number == 3 and view.boards == ()
    assert view.check_in_round == 4


def test_a_board_played_through_order_entry(demo_db) -> None:
    board_id = board_in_play(demo_db)
    board = next(b for b in rounds.board_call(demo_db, 2) if b.board_id == board_id)
    view = player_view(demo_db, board.seats[0].player_id)
    (mine,) = view.boards
    assert mine.game_in_progress and mine.surviving
    assert not mine.result_entered and mine.result_words == ""
    with demo_db.system() as session:  # the player's power has lost its last centre
        phase = session.scalar(select(GamePhase).where(GamePhase.board_id == board_id))
        centres = dict(phase.position["centers"])
        centres.pop(mine.power)
        phase.position = {**phase.position, "centers": centres}
    assert not player_view(demo_db, board.seats[0].player_id).boards[0].surviving


def test_before_any_board_call_nothing_is_shown(tournament_path: Path | str) -> None:
    db = create_tournament(tournament_path, TournamentInfo("Open", "wdc-2025", 4))
    try:
        players.add_player(db, players.PlayerData("<img src=x onerror=alert(1)>"))
        player_id = players.list_players(db)[0].id
        view = player_view(db, player_id)
        assert view.name == "<img src=x onerror=alert(1)>"  # plain data
        assert (view.round_number, view.boards, view.check_in_round) == (None, (), 1)
    finally:
        db.close()


def test_a_withdrawn_player_is_told_and_an_unknown_one_refused(demo_db) -> None:
    _board, seat = _seat(demo_db)
    players.set_withdrawn(demo_db, seat.player_id, True)
    assert player_view(demo_db, seat.player_id).withdrawn
    with pytest.raises(ServiceError, match="no longer in the tournament"):
        player_view(demo_db, 99999)
