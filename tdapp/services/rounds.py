"""Rounds and their board calls: which player sits at which board as which power."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from tdapp.core.powers import POWERS
from tdapp.services.changes import Change, ServiceError
from tdapp.services.snapshots import take_snapshot
from tdapp.store.database import TournamentDb
from tdapp.store.models import Board, Player, Round, Seat

ROUND_STATUSES = {
    "planned": "Not seated yet",
    "called": "Board call published",
    "playing": "Playing",
    "finished": "Finished",
}


@dataclass(frozen=True)
class BoardPlan:
    """A board as the seating step proposes it."""

    number: int
    powers: Mapping[str, int]  # power -> player id
    top_board: bool = False


@dataclass(frozen=True)
class SeatRow:
    power: str
    player_id: int
    player_name: str
    centers: int | None
    score: float | None


@dataclass(frozen=True)
class BoardRow:
    board_id: int
    round_number: int
    number: int
    top_board: bool
    status: str
    end_year: int | None
    end_reason: str | None
    seats: tuple[SeatRow, ...]
    version: int | None = None  # the board's version as read (a result typed from this row)


@dataclass(frozen=True)
class RoundRow:
    id: int
    number: int
    status: str
    boards: int
    boards_finished: int


def get_round(session: Session, number: int) -> Round:
    round_ = session.scalar(select(Round).where(Round.number == number))
    if round_ is None:
        raise ServiceError(f"There is no round {number} in this tournament.")
    return round_


def list_rounds(db: TournamentDb) -> list[RoundRow]:
    with db.read() as session:
        rows = []
        for round_ in session.scalars(select(Round).order_by(Round.number)):
            finished = sum(1 for b in round_.boards if b.status in ("finished", "scored"))
            rows.append(RoundRow(round_.id, round_.number, round_.status, len(round_.boards),
                                 finished))
        return rows


def check_plan(boards: list[BoardPlan], known_players: set[int]) -> None:
    """Refuse, in words, a board call with a missing power, a player twice or an unknown one."""
    numbers = [b.number for b in boards]
    if len(set(numbers)) != len(numbers):
        raise ServiceError("Two boards have the same number.")
    for board in boards:
        if set(board.powers) != set(POWERS):
            missing = ", ".join(p.title() for p in POWERS if p not in board.powers)
            raise ServiceError(f"Board {board.number} has no player for {missing}.")
        players = list(board.powers.values())
        if len(set(players)) != len(players):
            raise ServiceError(f"Board {board.number} has the same player twice.")
        unknown = set(players) - known_players
        if unknown:
            raise ServiceError(f"Board {board.number} names a player who is not in the tournament.")


def save_board_call(db: TournamentDb, round_number: int, boards: list[BoardPlan]) -> Change:
    """Publish a round's boards, replacing an earlier call of the same round (before any result)."""
    with db.action(f"Board call of round {round_number}") as session:
        round_ = get_round(session, round_number)
        known = set(session.scalars(select(Player.id)))
        check_plan(boards, known)
        for old in list(round_.boards):
            if any(seat.centers is not None for seat in old.seats):
                raise ServiceError(
                    f"Board {old.number} of round {round_number} already has a result; "
                    "the round cannot be seated again."
                )
        for old in list(round_.boards):
            for seat in list(old.seats):
                session.delete(seat)  # one by one so that Undo restores them
            session.delete(old)
        session.flush()
        for plan in sorted(boards, key=lambda b: b.number):
            board = Board(round_id=round_.id, number=plan.number, top_board=plan.top_board)
            session.add(board)
            session.flush()
            session.add_all(
                Seat(board_id=board.id, power=power, player_id=player_id)
                for power, player_id in plan.powers.items()
            )
        round_.status = "called"
    return Change(f"Round {round_number} seated", rounds=True, boards=True)


def board_call(db: TournamentDb, round_number: int) -> list[BoardRow]:
    with db.read() as session:
        get_round(session, round_number)  # a clear error for a round that does not exist
    return all_boards(db, round_number)


def all_boards(db: TournamentDb, round_number: int | None = None) -> list[BoardRow]:
    """Every board (of one round, or of all), seats loaded in one query, by round and number."""
    with db.read() as session:
        names = dict(session.execute(select(Player.id, Player.name)).all())
        query = (
            select(Board, Round.number).join(Round)
            .options(selectinload(Board.seats))
            .order_by(Round.number, Board.number)
        )
        if round_number is not None:
            query = query.where(Round.number == round_number)
        return [_board_row(board, number, names) for board, number in session.execute(query)]


def _board_row(board: Board, round_number: int, names: Mapping[int, str]) -> BoardRow:
    order = {p: i for i, p in enumerate(POWERS)}
    seats = tuple(
        SeatRow(s.power, s.player_id, names.get(s.player_id, "?"), s.centers, s.score)
        for s in sorted(board.seats, key=lambda s: order.get(s.power, 99))
    )
    return BoardRow(board.id, round_number, board.number, board.top_board, board.status,
                    board.end_year, board.end_reason, seats, board.version)


def seating_history(db: TournamentDb, before_round: int) -> list[dict]:
    """Every board of earlier rounds, in the shape of the ``tdapp seat`` history."""
    with db.read() as session:
        history = []
        query = select(Round).where(Round.number < before_round).order_by(Round.number)
        for round_ in session.scalars(query):
            for board in round_.boards:
                history.append({
                    "round": round_.number, "board": board.number,
                    "powers": {s.power: s.player_id for s in board.seats},
                })
        return history


def set_round_status(db: TournamentDb, round_number: int, status: str) -> Change:
    """Move a round on; finishing one is a round boundary, so a snapshot is taken after it."""
    if status not in ROUND_STATUSES:
        raise ServiceError(f"Unknown round status {status!r}.")
    with db.action(f"Round {round_number}: {ROUND_STATUSES[status].lower()}") as session:
        get_round(session, round_number).status = status
    if status == "finished":
        take_snapshot(db, f"after round {round_number}", round_number)
    return Change(f"Round {round_number} {ROUND_STATUSES[status].lower()}", rounds=True)
