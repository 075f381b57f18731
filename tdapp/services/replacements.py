"""A player who leaves a game: record the replacement (or civil disorder), read it back.

The seat passes to the replacement (the board's seating then names who finishes the position);
the row keeps who left, from which phase, and how the TD scores each of them. Rules are in
:mod:`tdapp.core.game.replacement`; the standings read the rows through
:func:`board_replacements_by_id`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from tdapp.core.board.position import FALL, SPRING, WINTER, Phase
from tdapp.core.game.errors import GameRuleRefusal
from tdapp.core.game.phases import as_phase, last_completed_fall, phase_title
from tdapp.core.game.replacement import (
    FINISHER_DEFAULT,
    LEAVER_DEFAULT,
    Replacement,
    check_replacement,
    check_scoring,
    civil_disorder_powers,
    describe,
)
from tdapp.core.powers import POWERS, SOLO_CENTERS
from tdapp.core.scoring.base import GameResult, ScoringError
from tdapp.core.scoring.registry import get_system
from tdapp.services.changes import Change, ServiceError
from tdapp.services.formats import session_format, session_systems
from tdapp.store.database import TournamentDb
from tdapp.store.models import Board, GamePhase, Player, Round, Seat, SeatReplacement


@dataclass(frozen=True)
class Departure:
    """What the TD decides when a player leaves: who takes over (None: civil disorder), the
    phase the new player starts (``S1905M``), and how the leaver and the finisher are scored."""

    power: str
    phase: str
    replaced_by: int | None = None
    leaver_scoring: str = LEAVER_DEFAULT
    leaver_score: float | None = None
    finisher_scoring: str = FINISHER_DEFAULT
    finisher_score: float | None = None
    note: str = ""


@dataclass(frozen=True)
class ReplacementRow:
    """One departure as the results, standings notes and exports show it."""

    id: int
    round_number: int
    board_number: int
    power: str
    phase: str
    left: str
    replaced_by: str | None  # None: civil disorder
    leaver_scoring: str
    leaver_score: float | None
    finisher_scoring: str
    finisher_score: float | None
    note: str
    text: str  # "England: Ann left in S1905M, Bob took over"
    left_id: int
    replaced_by_id: int | None


@dataclass(frozen=True)
class ScoreWhenLeft:
    """The leaver's score computed from the game when they left (``score`` None: it cannot be
    computed, and ``words`` say why: the TD types it)."""

    score: float | None
    words: str


def _phase_key(phase: Phase) -> tuple[int, int, str]:
    return phase.year, [SPRING, FALL, WINTER].index(phase.season), phase.kind


def score_when_left(db: TournamentDb, board_id: int, power: str, phase: str) -> ScoreWhenLeft:
    """What ``power`` would have scored had the game ended when its player left: the centres
    every power held at the start of ``phase`` (the position order entry recorded then, or the
    latest one before it), scored by the round's system as a game ended by time that year.
    A prefill for the TD, who decides (WDC 2025 III.3: "Scoring of this position will be at
    the discretion of the TD")."""
    power = power.strip().upper()
    with db.read() as session:
        board = session.get(Board, board_id)
        if board is None:
            raise ServiceError("That board is no longer in the tournament.")
        round_row = session.get(Round, board.round_id)
        round_number = round_row.number if round_row is not None else 1
        fmt, custom = session_format(session), session_systems(session)
        rows = [(str(phase_name), position) for phase_name, position in session.execute(
            select(GamePhase.phase, GamePhase.position).where(GamePhase.board_id == board_id)
            .order_by(GamePhase.seq))]
    if not rows:
        return ScoreWhenLeft(None, "This board's orders are not entered in tdapp, so its "
                                   "centres then are not known: type the score.")
    try:
        left = as_phase(phase.strip().upper())
    except ValueError:
        return ScoreWhenLeft(None, "Write the phase like S1905M to have the score computed.")
    known = [(as_phase(name), position) for name, position in rows]
    before = [(p, pos) for p, pos in known if _phase_key(p) <= _phase_key(left)]
    if not before:
        return ScoreWhenLeft(None, f"The game entered here starts at {rows[0][0]}, after "
                                   f"{left}: type the score.")
    at, position = before[-1]
    owned = (position or {}).get("centers") or {}
    counts = {p: len(owned.get(p, [])) for p in POWERS}
    year = max(1901, last_completed_fall(at))
    solo = next((p for p, c in counts.items() if c >= SOLO_CENTERS), None)
    game = GameResult(centers=counts, end_year=year, solo=solo,
                      eliminated={p: year for p, c in counts.items() if c == 0})
    system = get_system(fmt.scoring_for(round_number), custom)
    try:
        score = float(system.score(game)[power])
    except (ScoringError, KeyError) as exc:
        return ScoreWhenLeft(None, f"{system.title} cannot score the game as it stood then "
                                   f"({exc}): type the score.")
    when = phase_title(at) if at == left else f"{phase_title(at)} (the last phase entered)"
    return ScoreWhenLeft(score, f"{power.title()} held {counts.get(power, 0)} centres at "
                                f"{when}: {score:.2f} by {system.title} as if the game had "
                                "ended then.")


def record_departure(db: TournamentDb, board_id: int, departure: Departure) -> Change:
    """A player left ``departure.power`` on the board: the seat passes to the replacement, or
    stays with the leaver in civil disorder (its units hold). Refused in words when the rules
    forbid it (WDC 2025 III.3: an eliminated player may not replace another power)."""
    power = departure.power.strip().upper()
    phase = _phase(departure.phase)
    _check_scorings(departure)
    with db.read() as session:
        board, seat = _board_and_seat(session, board_id, power)
        label = _label(session, board)
        leaver, seat_id = seat.player_id, seat.id
        seated = {s.power: str(s.player_id) for s in board.seats}
        eliminated = _eliminated(session, board)
        departed = {str(r.left_player_id) for r in _rows_of(session, board_id)}
        if departure.replaced_by is not None and session.get(Player, departure.replaced_by) is None:
            raise ServiceError("That replacement player is not in this tournament.")
        names = _names(session)
    try:
        check_replacement(power, str(leaver), _str(departure.replaced_by), seated, eliminated,
                          departed)
    except GameRuleRefusal as exc:
        raise ServiceError(str(exc)) from exc
    who = names.get(leaver, "?")
    after = ("civil disorder" if departure.replaced_by is None
             else f"{names.get(departure.replaced_by, '?')} took over")
    what = f"{who} left {power.title()} ({phase_title(phase)}), {after}, {label}"
    with db.action(what) as session:
        taken = session.get(Seat, seat_id)
        if taken is None or taken.player_id != leaver:
            raise ServiceError("The board changed meanwhile: look at it again and retry.")
        session.add(SeatReplacement(
            seat_id=seat_id, phase=phase, left_player_id=leaver,
            replaced_by_id=departure.replaced_by,
            leaver_scoring=departure.leaver_scoring, leaver_score=departure.leaver_score,
            finisher_scoring=departure.finisher_scoring,
            finisher_score=departure.finisher_score, note=departure.note.strip()))
        if departure.replaced_by is not None:
            taken.player_id = departure.replaced_by
    return Change(what, games=True, boards=True, results=True, ids=(board_id,))


def set_scoring(db: TournamentDb, replacement_id: int, departure: Departure) -> Change:
    """Change how the leaver and the finisher of a recorded departure are scored."""
    _check_scorings(departure)
    with db.read() as session:
        row = session.get(SeatReplacement, replacement_id)
        if row is None:
            raise ServiceError("That departure is no longer recorded.")
        seat = session.get(Seat, row.seat_id)
        assert seat is not None
        board_id, power = seat.board_id, seat.power
        label = _label(session, session.get(Board, board_id))
        who = _names(session).get(row.left_player_id, "?")
    what = f"Scoring of {who}'s departure from {power.title()}, {label}"
    with db.action(what) as session:
        row = session.get(SeatReplacement, replacement_id)
        assert row is not None
        row.leaver_scoring, row.leaver_score = departure.leaver_scoring, departure.leaver_score
        row.finisher_scoring = departure.finisher_scoring
        row.finisher_score = departure.finisher_score
    return Change(what, games=True, results=True, ids=(board_id,))


def replacements(db: TournamentDb, board_id: int | None = None) -> list[ReplacementRow]:
    """Departures of one board (or of the whole tournament), in round, board, order."""
    with db.read() as session:
        names = _names(session)
        query = (select(SeatReplacement, Seat, Board, Round.number)
                 .join(Seat, SeatReplacement.seat_id == Seat.id)
                 .join(Board, Seat.board_id == Board.id).join(Round, Board.round_id == Round.id))
        if board_id is not None:
            query = query.where(Board.id == board_id)
        out = []
        for row, seat, board, number in session.execute(
                query.order_by(Round.number, Board.number, SeatReplacement.id)):
            core = _core(row, seat.power)
            text_names = {str(k): v for k, v in names.items()}
            out.append(ReplacementRow(
                row.id, number, board.number, seat.power, row.phase,
                names.get(row.left_player_id, "?"),
                names.get(row.replaced_by_id, "?") if row.replaced_by_id is not None else None,
                row.leaver_scoring, row.leaver_score, row.finisher_scoring, row.finisher_score,
                row.note, describe(core, text_names), row.left_player_id, row.replaced_by_id))
        return out


def board_replacements_by_id(session: Session) -> dict[int, tuple[Replacement, ...]]:
    """Board id -> its departures as the core's plain values (for the standings)."""
    out: dict[int, list[Replacement]] = defaultdict(list)
    query = (select(SeatReplacement, Seat.power, Seat.board_id)
             .join(Seat, SeatReplacement.seat_id == Seat.id).order_by(SeatReplacement.id))
    for row, power, board_id in session.execute(query):
        out[board_id].append(_core(row, power))
    return {k: tuple(v) for k, v in out.items()}


def board_civil_disorder(db: TournamentDb, board_id: int) -> set[str]:
    """Powers of the board left in civil disorder (for the draw-vote dialog)."""
    with db.read() as session:
        return civil_disorder(session, board_id)


def civil_disorder(session: Session, board_id: int) -> set[str]:
    """Powers of the board left in civil disorder: their units hold, they vote for every draw."""
    return civil_disorder_powers(
        _core(row, power) for row, power in session.execute(
            select(SeatReplacement, Seat.power).join(Seat, SeatReplacement.seat_id == Seat.id)
            .where(Seat.board_id == board_id).order_by(SeatReplacement.id)))


# ------------------------------------------------------------------------------------ helpers
def _core(row: SeatReplacement, power: str) -> Replacement:
    return Replacement(power=power, phase=row.phase, left=str(row.left_player_id),
                       replaced_by=_str(row.replaced_by_id),
                       leaver_scoring=row.leaver_scoring, leaver_score=row.leaver_score,
                       finisher_scoring=row.finisher_scoring, finisher_score=row.finisher_score)


def _str(value: int | None) -> str | None:
    return None if value is None else str(value)


def _phase(text: str) -> str:
    try:
        return str(as_phase(text.strip().upper()))
    except ValueError as exc:
        raise ServiceError(f"'{text}' is not a phase: write it like S1905M (Spring 1905 "
                           "movement), F1905R or W1905A.") from exc


def _check_scorings(departure: Departure) -> None:
    try:
        check_scoring(departure.leaver_scoring, departure.leaver_score, "leaving player")
        if departure.replaced_by is not None:
            check_scoring(departure.finisher_scoring, departure.finisher_score, "replacement")
    except GameRuleRefusal as exc:
        raise ServiceError(str(exc)) from exc


def _board_and_seat(session: Session, board_id: int, power: str) -> tuple[Board, Seat]:
    board = session.get(Board, board_id)
    if board is None:
        raise ServiceError("That board no longer exists.")
    for seat in board.seats:
        if seat.power == power:
            return board, seat
    raise ServiceError(f"Nobody plays {power.title()} on this board.")


def _eliminated(session: Session, board: Board) -> set[str]:
    """Powers out of the game: eliminated in the result, or with no centre and no unit in the
    last position played through order entry."""
    out = {s.power for s in board.seats if s.eliminated_year is not None}
    last = session.scalars(select(GamePhase).where(
        GamePhase.board_id == board.id, GamePhase.seq >= 0)
        .order_by(GamePhase.seq.desc()).limit(1)).first()
    if last is not None:
        centers = last.position.get("centers", {}) or {}
        units = last.position.get("units", {}) or {}
        out |= {s.power for s in board.seats
                if not centers.get(s.power) and not units.get(s.power)}
    return out


def _rows_of(session: Session, board_id: int) -> list[SeatReplacement]:
    return list(session.scalars(
        select(SeatReplacement).join(Seat, SeatReplacement.seat_id == Seat.id)
        .where(Seat.board_id == board_id)))


def _names(session: Session) -> dict[int, str]:
    return dict(session.execute(select(Player.id, Player.name)).all())


def _label(session: Session, board: Board | None) -> str:
    round_ = session.get(Round, board.round_id) if board is not None else None
    if board is None or round_ is None:
        raise ServiceError("That board no longer exists.")
    return f"round {round_.number} board {board.number}"
