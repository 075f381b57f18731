"""The roll call of a round: who is present, absent, standing by, late, or willing to play two boards."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from tdapp.core.powers import BOARD_SIZE
from tdapp.services.changes import Change, ServiceError
from tdapp.services.final_call import final_call
from tdapp.services.formats import session_format
from tdapp.services.live import declare
from tdapp.store.database import TournamentDb
from tdapp.store.models import Board, Player, RollCall, Round, Seat

STATUSES: dict[str, str] = {
    "present": "Present",
    "absent": "Absent",
    "standby": "Standby",
    "late": "Late arrival",
}


SEATABLE = ("present", "late", "standby")  # the answers that can put a player on a board


@dataclass(frozen=True)
class RollCallRow:
    player_id: int
    name: str
    home_town: str
    status: str
    two_boards: bool
    volunteer_sit_out: bool
    competing: bool
    recorded: bool  # False: not answered yet this round (status carried over or "absent")
    carried: bool = False  # not answered, and the status shown is last round's answer
    limit: str = ""  # why the player may not play this round (WDC 2018's three of four), or ""
    # why a knock-out's final does not call the player (DBN 2025), or "": an unanswered player
    # shows absent, while the TD's own answer still holds (an alternate called by hand)
    not_called: str = ""


@dataclass(frozen=True)
class RollCallCount:
    present: int
    standby: int
    late: int
    absent: int
    two_boards: int
    rounds_used: int = 0  # have played the most rounds the format allows (WDC 2018)
    not_called: int = 0  # absent because a knock-out's final does not call them (DBN 2025)

    @property
    def boards(self) -> int:
        return self.present // BOARD_SIZE

    @property
    def over(self) -> int:
        return self.present % BOARD_SIZE

    def summary(self) -> str:
        """E.g. "45 present — 6 boards + 3 over"; then standbys, late arrivals, volunteers."""
        text = f"{self.present} present — {self.boards} board{'s' if self.boards != 1 else ''}"
        if self.over:
            text += f" + {self.over} over"
        extras = []
        if self.standby:
            extras.append(f"{self.standby} standby")
        if self.late:
            extras.append(f"{self.late} late")
        if self.two_boards:
            extras.append(f"{self.two_boards} willing to play two boards")
        if self.rounds_used:
            extras.append(f"{self.rounds_used} played the most rounds allowed, so absent")
        if self.not_called:
            extras.append(f"{self.not_called} not in the final, so absent")
        return f"{text} ({', '.join(extras)})" if extras else text


def _round(session: Session, number: int) -> Round:
    round_ = session.scalar(select(Round).where(Round.number == number))
    if round_ is None:
        raise ServiceError(f"There is no round {number} in this tournament.")
    return round_


@dataclass(frozen=True)
class _Carried:
    status: str
    two_boards: bool = False


def _carried_answers(session: Session, round_number: int) -> dict[int, RollCall | _Carried]:
    """What each player's roll call starts from: the latest answer of any earlier round (an
    answer typed in round 1 and never changed still holds in round 3), and present for a player
    who played in the previous round without an answer there."""
    earlier = session.scalars(select(RollCall).join(Round, RollCall.round_id == Round.id)
                              .where(Round.number < round_number).order_by(Round.number))
    carried: dict[int, RollCall | _Carried] = {a.player_id: a for a in earlier}  # later wins
    previous = session.scalar(select(Round).where(Round.number == round_number - 1))
    if previous is not None:
        answered = set(session.scalars(select(RollCall.player_id)
                                       .where(RollCall.round_id == previous.id)))
        played = session.scalars(select(Seat.player_id).join(Board, Seat.board_id == Board.id)
                                 .where(Board.round_id == previous.id))
        for player_id in set(played) - answered:
            if player_id is not None:
                carried[player_id] = _Carried("present")
    return carried


def roll_call(db: TournamentDb, round_number: int) -> list[RollCallRow]:
    """Every player not withdrawn, with their answer; unanswered ones carry over the last round's
    status (a player present yesterday is likely present today), or absent in round 1. In a
    knock-out's final the finalists are proposed present and nobody else (seed 000 4.1.2)."""
    call = final_call(db, round_number)
    known = call is not None and not call.issues
    out_of_final = call.not_called if call is not None and known else {}
    # The finalists are called: each played one semi-final round at most, so an answer carried
    # over from another round says nothing about the final.
    in_final = set(call.called) if call is not None and known else set()
    with db.read() as session:
        round_ = _round(session, round_number)
        answers = {
            a.player_id: a
            for a in session.scalars(select(RollCall).where(RollCall.round_id == round_.id))
        }
        previous = _carried_answers(session, round_number)
        limits = round_limits(session, round_number)
        rows = []
        for player in session.scalars(
            select(Player).where(Player.withdrawn.is_(False)).order_by(Player.name)
        ):
            answer = answers.get(player.id)
            carried = previous.get(player.id)
            source = answer or carried
            status = source.status if source else "absent"
            if answer is None and status == "late":
                status = "present"
            limit = limits.get(player.id, "")
            if answer is None and limit and status in SEATABLE:
                status = "absent"  # a carried "present" never calls a fourth preliminary
            not_called = out_of_final.get(player.id, "")
            if answer is None and not_called:
                status = "absent"
            elif answer is None and player.id in in_final:
                status = "present"
            rows.append(
                RollCallRow(
                    player_id=player.id, name=player.name, home_town=player.home_town,
                    status=status, two_boards=bool(source and source.two_boards),
                    volunteer_sit_out=bool(answer and answer.volunteer_sit_out),
                    competing=player.competing, recorded=answer is not None,
                    carried=answer is None and carried is not None, limit=limit,
                    not_called=not_called,
                )
            )
        return rows


def count(rows: Iterable[RollCallRow]) -> RollCallCount:
    rows = list(rows)
    by_status = {s: sum(1 for r in rows if r.status == s) for s in STATUSES}
    return RollCallCount(
        present=by_status["present"], standby=by_status["standby"], late=by_status["late"],
        absent=by_status["absent"],
        two_boards=sum(1 for r in rows if r.two_boards and r.status == "present"),
        rounds_used=sum(1 for r in rows if r.limit),
        not_called=sum(1 for r in rows if r.not_called and r.status == "absent"),
    )


def set_answers(
    db: TournamentDb,
    round_number: int,
    player_ids: Iterable[int],
    *,
    status: str | None = None,
    two_boards: bool | None = None,
    volunteer_sit_out: bool | None = None,
) -> Change:
    """Record the answer of one or more players (one action, one Undo)."""
    if status is not None and status not in STATUSES:
        raise ServiceError(f"Unknown roll-call status {status!r}.")
    ids = tuple(player_ids)
    if not ids:
        return Change("Nothing to record", roll_call=True)
    current = {r.player_id: r for r in roll_call(db, round_number)}
    label = STATUSES.get(status or "", "answer")
    who = current[ids[0]].name if len(ids) == 1 and ids[0] in current else f"{len(ids)} players"
    with db.action(f"Roll call round {round_number}: {who} {label.lower()}") as session:
        round_ = _round(session, round_number)
        answers = {
            a.player_id: a
            for a in session.scalars(
                select(RollCall).where(RollCall.round_id == round_.id, RollCall.player_id.in_(ids))
            )
        }
        for player_id in ids:
            if player_id not in current:
                raise ServiceError("A player in the selection is withdrawn or no longer exists.")
            answer = answers.get(player_id)
            if answer is None:
                shown = current[player_id]
                answer = RollCall(
                    round_id=round_.id, player_id=player_id, status=shown.status,
                    two_boards=shown.two_boards, volunteer_sit_out=shown.volunteer_sit_out,
                )
                session.add(answer)
            if status in SEATABLE:
                _check_round_limit(session, round_number, player_id, current[player_id].name)
            if status is not None:
                answer.status = status
            if two_boards is not None:
                answer.two_boards = two_boards
            if volunteer_sit_out is not None:
                answer.volunteer_sit_out = volunteer_sit_out
        change = declare(session, Change(f"Roll call of round {round_number} updated",
                                         roll_call=True, ids=ids))
    return change


def rounds_taken(session: Session, player_id: int, rounds: Iterable[int]) -> list[int]:
    """The rounds among ``rounds`` a player has played or is registered to play: a seated round
    counts when the player has a seat there (a sit-out is not a round played); a round not
    seated yet counts when the player is registered present or late for it."""
    return _taken(session, rounds).get(player_id, [])


def _taken(session: Session, rounds: Iterable[int]) -> dict[int, list[int]]:
    """``rounds_taken`` for every player at once."""
    wanted = tuple(rounds)
    out: dict[int, set[int]] = {}
    seated_rounds = set(session.scalars(
        select(Round.number).join(Board, Board.round_id == Round.id)
        .where(Round.number.in_(wanted))))
    for player_id, number in session.execute(
            select(Seat.player_id, Round.number).join(Board, Seat.board_id == Board.id)
            .join(Round, Board.round_id == Round.id).where(Round.number.in_(wanted))):
        if player_id is not None:
            out.setdefault(player_id, set()).add(number)
    for player_id, number in session.execute(
            select(RollCall.player_id, Round.number).join(Round, RollCall.round_id == Round.id)
            .where(RollCall.status.in_(("present", "late")), Round.number.in_(wanted))):
        if number not in seated_rounds:
            out.setdefault(player_id, set()).add(number)
    return {p: sorted(r) for p, r in out.items()}


def round_limits(session: Session, round_number: int) -> dict[int, str]:
    """WDC 2018: "Players may participate in no more than three of the four preliminary
    rounds." The players who have used their rounds of a capped group before round
    ``round_number``, each with the reason in the TD's words."""
    out: dict[int, str] = {}
    for group in session_format(session).counting:
        if group.max_played is None or round_number not in group.rounds:
            continue
        others = [r for r in group.rounds if r != round_number]
        for player_id, taken in _taken(session, others).items():
            if len(taken) >= group.max_played:
                out[player_id] = (
                    f"has already played or registered for rounds {_listed(taken)}: a player "
                    f"may play at most {group.max_played} of rounds {_listed(group.rounds)}")
    return out


def _listed(rounds: Iterable[int]) -> str:
    return ", ".join(str(r) for r in rounds)


def _check_round_limit(session: Session, round_number: int, player_id: int, name: str) -> None:
    """A registration (present, late or standby) beyond the format's ``max_played`` is
    refused, saying why."""
    why = round_limits(session, round_number).get(player_id)
    if why is not None:
        raise ServiceError(f"{name} {why}, so round {round_number} is refused.")
