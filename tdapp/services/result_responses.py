"""Players confirming or disputing their board's result from the players' page, and the TD
settling a dispute.

A response answers the result as it stands: it keeps the board's version (``board.version``,
which every entry or correction of the result moves). When the result is corrected, earlier
responses are stale: they are not counted, and the player is asked again. An unsettled
dispute of the current result marks the board until the TD settles it; a player who answers
again after a settled dispute starts a new answer (the settled one stays in History).

On a venue server the assistants' role may write responses only for the boards the TD gave it
(store.board_rights), and never settle one (only its answer's columns, store.grants).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tdapp.services.changes import Change, ServiceError
from tdapp.services.live import declare
from tdapp.services.players import player_in
from tdapp.services.text import typed_text
from tdapp.store.database import TournamentDb
from tdapp.store.models import Board, Player, ResultResponse, Round, Seat, utc_now

KINDS = {"confirm": "confirmed", "dispute": "disputed"}
NOTE_LIMIT = 500  # a player's note with a dispute, the TD's when settling


@dataclass(frozen=True)
class DisputeRow:
    player_id: int
    player: str
    note: str
    at: dt.datetime  # UTC, naive as the file keeps it
    settled_at: dt.datetime | None = None  # None: the TD has not settled it


@dataclass(frozen=True)
class BoardResponses:
    """One board's answers to its current result."""

    board_id: int
    board_number: int
    seats: int
    confirmed: tuple[str, ...]  # player names, by name
    disputes: tuple[DisputeRow, ...]  # of the current result, settled or not
    disputed: bool  # an unsettled dispute of the current result
    settled_note: str  # the TD's note when settling (the latest), or ""
    result_entered: bool = False
    stale: int = 0  # answers to an earlier result, no longer counted (asked again)


def result_entered(board: Board) -> bool:
    return board.status in ("finished", "scored") and board.end_year is not None


def _board(session: Session, board_id: int) -> Board:
    board = session.get(Board, board_id)
    if board is None:
        raise ServiceError("That board no longer exists.")
    return board


def _label(board: Board) -> str:
    return f"round {board.round.number} board {board.number}"


def _check_responder(session: Session, board: Board, player_id: int) -> str:
    """The player's name, when they play on this board and it has a result to answer."""
    player = player_in(session, player_id)
    seated = session.scalar(select(Seat.id).where(Seat.board_id == board.id,
                                                  Seat.player_id == player_id).limit(1))
    if seated is None:
        raise ServiceError(f"{player.name} does not play on {_label(board)}: only its own "
                           "players may confirm or dispute its result.")
    if not result_entered(board):
        raise ServiceError(f"{_label(board).capitalize()} has no result yet: there is "
                           "nothing to confirm or dispute.")
    return player.name


def respond_to_result(db: TournamentDb, player_id: int, board_id: int, kind: str,
                      note: str = "", *, board_version: int | None = None) -> Change:
    """The player confirms (``kind`` "confirm") or disputes ("dispute", with a note for the
    TD) the board's result as it stands. ``board_version``: the result's version the player
    saw; when it was corrected since, nothing is recorded and they are told to look again.
    The same answer twice records nothing."""
    if kind not in KINDS:
        raise ServiceError(f"Unknown answer {kind!r}: confirm or dispute.")
    note = typed_text(note, "The note", NOTE_LIMIT, multiline=True)
    try:
        return _respond(db, player_id, board_id, kind, note, board_version)
    except IntegrityError:
        # The same player's answer recorded at the same moment (a second tap, another page):
        # this one is given again over it, as a change of mind would be.
        return _respond(db, player_id, board_id, kind, note, board_version)


def _respond(db: TournamentDb, player_id: int, board_id: int, kind: str, note: str,
             board_version: int | None) -> Change:
    with db.read() as session:
        board = _board(session, board_id)
        name = _check_responder(session, board, player_id)
        label = _label(board)
    what = f"{name} {KINDS[kind]} the result of {label}"
    with db.action(what) as session:
        board = _board(session, board_id)
        _check_responder(session, board, player_id)
        if board_version is not None and board_version != board.version:
            raise ServiceError(f"The result of {label} was changed since you looked: look "
                               "at it again, then confirm or dispute it. Nothing was recorded.")
        row = session.scalar(select(ResultResponse).where(
            ResultResponse.board_id == board_id, ResultResponse.player_id == player_id))
        if row is not None and row.settled_at is None and (row.kind, row.note,
                                                           row.board_version) == (
                kind, note, board.version):
            return Change(f"{name} had {KINDS[kind]} the result of {label} already",
                          room=True, history=False)
        now = utc_now()
        if row is not None and row.settled_at is not None:
            # A new answer after the TD settled: a fresh row (only the TD writes the settled
            # columns; the settled one stays in History).
            session.delete(row)
            session.flush()  # the unit of work inserts before it deletes: (board, player) key
            row = None
        if row is None:
            session.add(ResultResponse(board_id=board_id, player_id=player_id, kind=kind,
                                       note=note, board_version=board.version, at=now,
                                       settled_at=None, settled_note=""))
        else:
            row.kind, row.note, row.board_version, row.at = kind, note, board.version, now
        return declare(session, Change(what, room=True, results=True, ids=(board_id,)))


def responses_for_round(db: TournamentDb, round_number: int) -> list[BoardResponses]:
    """Each board of the round with its players' answers to its current result."""
    with db.read() as session:
        round_id = session.scalar(select(Round.id).where(Round.number == round_number))
        if round_id is None:
            raise ServiceError(f"There is no round {round_number} in this tournament.")
        boards = list(session.scalars(select(Board).where(Board.round_id == round_id)
                                      .order_by(Board.number)))
        seats: dict[int, int] = {}
        for board_id, in session.execute(select(Seat.board_id).where(
                Seat.board_id.in_([b.id for b in boards]))):
            seats[board_id] = seats.get(board_id, 0) + 1
        answers: dict[int, list[tuple[ResultResponse, str]]] = {}
        for response, name in session.execute(
                select(ResultResponse, Player.name)
                .join(Player, Player.id == ResultResponse.player_id)
                .where(ResultResponse.board_id.in_([b.id for b in boards]))
                .order_by(Player.name, ResultResponse.at)):
            answers.setdefault(response.board_id, []).append((response, str(name)))
        return [_board_responses(board, seats.get(board.id, 0), answers.get(board.id, []))
                for board in boards]


def _board_responses(board: Board, seats: int,
                     answers: list[tuple[ResultResponse, str]]) -> BoardResponses:
    current = [(r, n) for r, n in answers if r.board_version == board.version]
    disputes = tuple(DisputeRow(r.player_id, n, r.note, r.at, r.settled_at)
                     for r, n in current if r.kind == "dispute")
    settled = sorted((r for r, _n in answers if r.settled_at is not None),
                     key=lambda r: r.settled_at or r.at)
    return BoardResponses(
        board_id=board.id, board_number=board.number, seats=seats,
        confirmed=tuple(n for r, n in current if r.kind == "confirm"),
        disputes=disputes, disputed=any(d.settled_at is None for d in disputes),
        settled_note=settled[-1].settled_note if settled else "",
        result_entered=result_entered(board),
        stale=sum(1 for r, _n in answers if r.board_version != board.version),
    )


def settle_dispute(db: TournamentDb, board_id: int, note: str = "") -> Change:
    """The TD has looked into the board's disputes (corrected the result, or kept it): every
    unsettled dispute of the board is settled, with the TD's note for the players."""
    note = typed_text(note, "The note", NOTE_LIMIT, multiline=True)
    with db.read() as session:
        label = _label(_board(session, board_id))
    what = f"Dispute of {label} settled"
    with db.action(what) as session:
        open_disputes = list(session.scalars(select(ResultResponse).where(
            ResultResponse.board_id == board_id, ResultResponse.kind == "dispute",
            ResultResponse.settled_at.is_(None))))
        if not open_disputes:
            raise ServiceError(f"{label.capitalize()} has no dispute to settle.")
        now = utc_now()
        for row in open_disputes:
            row.settled_at, row.settled_note = now, note
        return declare(session, Change(what, room=True, results=True, ids=(board_id,)))
