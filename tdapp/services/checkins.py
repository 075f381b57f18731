"""Players checking in for the next round from their phone (or at the TD's table).

A check-in is a player's word, shown beside the roll call; it never changes the roll call's
own answers (``roll_call`` rows): the TD's present or absent stays the last word. Check-in is
open for one round at a time, the next one not yet seated (``check_in_round``): once its
board call is published, a phone's "I am here" would come too late to count.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import exists, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tdapp.services.changes import Change, ServiceError
from tdapp.services.live import declare
from tdapp.services.players import player_in
from tdapp.store.database import TournamentDb
from tdapp.store.models import Board, CheckIn, Player, Round, utc_now

VIA = {"phone": "from their phone", "td": "at the TD's table"}


@dataclass(frozen=True)
class CheckInRow:
    at: dt.datetime  # UTC, naive as the file keeps it
    via: str  # "phone" or "td"


def open_round(session: Session) -> int | None:
    """The round check-in is open for (``check_in_round``), in the caller's session."""
    seated = exists().where(Board.round_id == Round.id)
    return session.scalar(select(Round.number).where(Round.status == "planned", ~seated)
                          .order_by(Round.number).limit(1))


def check_in_round(db: TournamentDb) -> int | None:
    """The round players check in for now: the first one not yet seated (no board call
    published), or None when every round is seated."""
    with db.read() as session:
        return open_round(session)


def _refuse_closed(session: Session, round_number: int) -> None:
    now_open = open_round(session)
    if now_open == round_number:
        return
    if session.scalar(select(Round.id).where(Round.number == round_number)) is None:
        raise ServiceError(f"There is no round {round_number} in this tournament.")
    if now_open is None:
        raise ServiceError(f"Check-in for round {round_number} is closed: every round is "
                           "seated already.")
    if round_number < now_open:
        raise ServiceError(f"Check-in for round {round_number} is closed: it is seated "
                           f"already. Check-in is open for round {now_open}.")
    raise ServiceError(f"Check-in for round {round_number} is not open yet: check in for "
                       f"round {now_open} first.")


def _player(session: Session, player_id: int) -> Player:
    player = player_in(session, player_id)
    if player.withdrawn:
        raise ServiceError(f"{player.name} has withdrawn from the tournament: see the TD.")
    return player


def check_in(db: TournamentDb, player_id: int, round_number: int, via: str = "phone") -> Change:
    """The player is here for ``round_number``. Twice is fine: the first check-in stands and
    nothing new is recorded."""
    if via not in VIA:
        raise ServiceError(f"Unknown way to check in: {via!r}.")
    with db.read() as session:
        _refuse_closed(session, round_number)
        name = _player(session, player_id).name
        already = session.scalar(select(CheckIn.id).where(
            CheckIn.round_number == round_number, CheckIn.player_id == player_id))
    if already is not None:
        return Change(f"{name} is checked in for round {round_number} already", room=True,
                      history=False)
    what = f"{name} checked in for round {round_number} {VIA[via]}"
    try:
        with db.action(what) as session:
            _refuse_closed(session, round_number)  # again, inside the action
            _player(session, player_id)
            session.add(CheckIn(round_number=round_number, player_id=player_id, via=via,
                                at=utc_now()))
            return declare(session, Change(what, room=True, roll_call=True, ids=(player_id,)))
    except IntegrityError:
        # A second tap (or another page) checked the player in at the same moment: that
        # check-in stands, as when they check in twice.
        if player_id not in check_ins(db, round_number):
            raise
        return Change(f"{name} is checked in for round {round_number} already", room=True,
                      history=False)


def cancel_check_in(db: TournamentDb, player_id: int, round_number: int) -> Change:
    """Take a check-in back (a player who checked in by mistake, or leaves). Nothing recorded
    when there was none."""
    with db.read() as session:
        _refuse_closed(session, round_number)
        name = player_in(session, player_id).name
    what = f"{name}'s check-in for round {round_number} taken back"
    with db.action(what) as session:
        _refuse_closed(session, round_number)
        row = session.scalar(select(CheckIn).where(
            CheckIn.round_number == round_number, CheckIn.player_id == player_id))
        if row is None:
            return Change(f"{name} was not checked in for round {round_number}", room=True,
                          history=False)
        session.delete(row)
        return declare(session, Change(what, room=True, roll_call=True, ids=(player_id,)))


def check_ins(db: TournamentDb, round_number: int) -> dict[int, CheckInRow]:
    """Who checked in for ``round_number``: player id -> when and how."""
    with db.read() as session:
        return {int(pid): CheckInRow(at, str(via)) for pid, at, via in session.execute(
            select(CheckIn.player_id, CheckIn.at, CheckIn.via)
            .where(CheckIn.round_number == round_number))}
