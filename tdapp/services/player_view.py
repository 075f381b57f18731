"""What one player sees on their own page (``/p/CODE``): their board or boards of the current
round's published call, its result and their answer to it, and whether they have checked in
for the next round. Only the player's own rows: nothing of another player's answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from tdapp.core.game.draws import eligible_voters
from tdapp.core.powers import POWERS
from tdapp.services.changes import ServiceError
from tdapp.services.checkins import open_round
from tdapp.services.result_responses import result_entered
from tdapp.services.results import END_REASONS
from tdapp.store.database import TournamentDb
from tdapp.store.models import Board, CheckIn, GamePhase, Player, ResultResponse, Round, Seat

PUBLISHED = ("called", "playing", "finished")  # a round whose board call players may see


@dataclass(frozen=True)
class PlayerBoard:
    board_id: int
    round_number: int
    board_number: int
    power: str
    top_board: bool
    result_entered: bool
    result_words: str  # "Ended 1907 (Time called): Austria 5, England 6, …", or ""
    my_response: str | None  # "confirm", "dispute", or None (none to this result)
    game_in_progress: bool  # a game played through order entry, not over
    # the player's power has a supply centre (as draw votes count voters): in the result, or
    # in the game's latest phase; True while neither is known
    surviving: bool
    asked_again: bool = False  # they answered an earlier result, since corrected
    settled_note: str = ""  # the TD's note when settling this player's dispute
    # the result's version as shown: respond_to_result(board_version=...) refuses an answer
    # to a result corrected since
    result_version: int = 0


@dataclass(frozen=True)
class PlayerView:
    player_id: int
    name: str
    round_number: int | None  # the current round with a published board call, or None
    boards: tuple[PlayerBoard, ...]  # the player's boards in it (two boards possible)
    check_in_round: int | None
    checked_in: bool
    withdrawn: bool = False


def _current_round(session: Session) -> Round | None:
    return session.scalar(select(Round).where(Round.status.in_(PUBLISHED))
                          .order_by(Round.number.desc()).limit(1))


def _words(board: Board) -> str:
    if not result_entered(board):
        return ""
    order = {p: i for i, p in enumerate(POWERS)}
    centres = ", ".join(f"{seat.power.title()} {seat.centers if seat.centers is not None else 0}"
                        for seat in sorted(board.seats, key=lambda s: order.get(s.power, 99)))
    how = END_REASONS.get(board.end_reason or "", board.end_reason or "")
    return f"Ended {board.end_year} ({how}): {centres}"


def _surviving(board: Board, seat: Seat, phases: Sequence[GamePhase]) -> bool:
    if result_entered(board):
        return seat.eliminated_year is None and (seat.centers or 0) > 0
    if phases:  # the draw votes' rule: a power with a supply centre votes
        return seat.power in eligible_voters(phases[-1].position or {})
    return True


def _player_board(session: Session, board: Board, seat: Seat, player_id: int) -> PlayerBoard:
    phases = list(session.scalars(select(GamePhase).where(
        GamePhase.board_id == board.id, GamePhase.seq >= 0).order_by(GamePhase.seq)))
    response = session.scalar(select(ResultResponse).where(
        ResultResponse.board_id == board.id, ResultResponse.player_id == player_id))
    current = response is not None and response.board_version == board.version
    return PlayerBoard(
        board_id=board.id, round_number=board.round.number, board_number=board.number,
        power=seat.power, top_board=board.top_board, result_entered=result_entered(board),
        result_words=_words(board),
        my_response=response.kind if response is not None and current else None,
        game_in_progress=bool(phases) and board.status not in ("finished", "scored"),
        surviving=_surviving(board, seat, phases),
        asked_again=response is not None and not current and result_entered(board),
        settled_note=(response.settled_note if response is not None and current
                      and response.settled_at is not None else ""),
        result_version=board.version,
    )


def player_view(db: TournamentDb, player_id: int) -> PlayerView:
    """The player's own page: name, current round and their boards in it, check-in."""
    with db.read() as session:
        player = session.get(Player, player_id)
        if player is None:
            raise ServiceError("That player is no longer in the tournament.")
        round_ = _current_round(session)
        boards: list[PlayerBoard] = []
        if round_ is not None:
            for board, seat in session.execute(
                    select(Board, Seat).join(Seat, Seat.board_id == Board.id)
                    .where(Board.round_id == round_.id, Seat.player_id == player_id)
                    .order_by(Board.number)).all():
                boards.append(_player_board(session, board, seat, player_id))
        open_round_number = open_round(session)
        checked_in = open_round_number is not None and session.scalar(
            select(CheckIn.id).where(CheckIn.round_number == open_round_number,
                                     CheckIn.player_id == player_id)) is not None
        return PlayerView(player.id, player.name, round_.number if round_ else None,
                          tuple(boards), open_round_number, checked_in, player.withdrawn)
