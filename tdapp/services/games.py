"""A board played through order entry: order sheets as typed, adjudication, corrections,
draw votes and the end of the game.

Each public function that changes something is one person's action (``TournamentDb.action``),
so every sheet saved, every adjudication and every correction is in the audit log and can be
undone. Positions are stored in the CONTRACTS shape; phases are adjudicated by the same core path
as ``tdapp adjudicate`` (contract shape -> shared order reading -> judge -> contract shape).

The game's rules (phases in words, reading sheets, builds owed and carried, draw votes, grace
periods, corrections, the end of the game) are in :mod:`tdapp.core.game`; this module loads the
rows, asks those rules, records the action and returns what changed.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from tdapp.core.board.contract import position_to_contract
from tdapp.core.board.position import Position
from tdapp.core.formats import TournamentFormat, parse_options_for
from tdapp.core.formats.model import CorrectionRule, GraceRule
from tdapp.core.formats.options import BuildErrors, DrawParticipants
from tdapp.core.game.builds import build_error, carried_words, with_carried
from tdapp.core.game.corrections import (
    WrittenOrder,
    correction_allowed,
    no_longer_valid,
    void_orders,
    written_orders,
)
from tdapp.core.game.draws import (
    VotePreview,
    draw_vote_open,
    eligible_voters,
    next_vote_secret,
    open_veto,
    proposed_draw,
    vote_preview,
    voted_this_season,
)
from tdapp.core.game.ending import (
    fall_in_hand,
    game_end,
    game_end_after,
    supply_centre_chart,
)
from tdapp.core.game.errors import GameRuleRefusal
from tdapp.core.game.grace import grace_refusal
from tdapp.core.game.phases import (
    phase_title,
    season_title,
    settling_phase,
    vote_season,
)
from tdapp.core.game.play import adjudicate_position
from tdapp.core.game.record import (
    ENTERED,
    GRACE,
    NO_ORDERS,
    SHEET_STATUSES,
    PhaseRow,
    SheetRow,
    VoteRow,
    saved_status,
)
from tdapp.core.orders.options import ParseOptions
from tdapp.core.powers import POWERS
from tdapp.services.changes import Change, ServiceError, StaleEdit
from tdapp.services.formats import session_format
from tdapp.services.live import declare
from tdapp.services.replacements import civil_disorder
from tdapp.services.results import BoardResult, record_result
from tdapp.services.text import ORDERS_LIMIT, typed_text
from tdapp.store import audit
from tdapp.store.database import TournamentDb
from tdapp.store.models import (
    Board,
    DrawVote,
    GamePhase,
    PhaseOrders,
    Player,
    Round,
    Seat,
    utc_now,
)


# ---------------------------------------------------------------------------- plain rows
@dataclass(frozen=True)
class GameState:
    """Everything a board's game view shows, as plain values."""

    board_id: int
    round_number: int
    board_number: int
    status: str
    end_reason: str | None
    format_name: str
    format_title: str
    players: dict[str, str]
    phases: tuple[PhaseRow, ...]
    votes: tuple[VoteRow, ...]
    grace: GraceRule | None = None  # the format's grace period, if it has one
    corrections: CorrectionRule = CorrectionRule()  # the format's late-correction rule
    named_draws: bool = False  # a draw proposal may name the powers in it (non-DIAS)

    @property
    def started(self) -> bool:
        return bool(self.phases)

    @property
    def current(self) -> PhaseRow | None:
        return self.phases[-1] if self.phases else None

    @property
    def finished(self) -> bool:
        return self.status in ("finished", "scored")


@dataclass(frozen=True)
class CorrectionReport:
    change: Change
    recomputed: tuple[str, ...]  # the phases adjudicated again
    invalid: tuple[str, ...]  # later orders that no longer read or no longer apply, in words
    dropped: tuple[str, ...]  # phases that no longer happen (their sheets are gone)
    carried: tuple[str, ...] = ()  # build errors carried to the next build phase, in words


@dataclass(frozen=True)
class VoteOutcome:
    change: Change
    passed: bool
    secret: bool
    eligible: tuple[str, ...]


# ----------------------------------------------------------------------------- helpers
_R = TypeVar("_R")


def _stale_safe(action: Callable[..., _R]) -> Callable[..., _R]:
    """Someone else (another laptop) changed the board first: say so, never a traceback."""
    @functools.wraps(action)
    def run(*args: Any, **kwargs: Any) -> _R:
        try:
            return action(*args, **kwargs)
        except StaleDataError as exc:
            raise StaleEdit(f"This board was changed by someone else meanwhile "
                            f"{_last_board_change(args)}; look again and repeat."
                            .replace(" ;", ";")) from exc

    return run


def _last_board_change(args: tuple[Any, ...]) -> str:
    """Who changed the board's game last, and when (for the conflict message)."""
    if not args or not isinstance(args[0], TournamentDb):
        return ""
    with args[0].read() as session:
        return audit.last_change_words(session, ("game_phase", "phase_orders", "board"))


def _check_phase(row: GamePhase, expected: str | None) -> None:
    _check_open_phase(row.phase, expected)


def _check_open_phase(current: str, expected: str | None) -> None:
    if expected is not None and current != expected:
        raise StaleEdit(f"{expected} is over already (the board is at {current}); "
                        "look again.")


def _format(session: Session) -> TournamentFormat:
    """The format in force (the TD's own copy when there is one): every rule comes from it."""
    return session_format(session)


def format_rules(db: TournamentDb) -> tuple[ParseOptions, dict[str, str], str]:
    """The order-reading options, the judge's rules and the civil-disorder rule's name."""
    with db.read() as session:
        fmt = _format(session)
    return parse_options_for(fmt), fmt.adjudicator_rules(), fmt.civil_disorder


def _board(session: Session, board_id: int) -> Board:
    board = session.get(Board, board_id)
    if board is None:
        raise ServiceError("That board no longer exists.")
    return board


def _label(session: Session, board: Board) -> str:
    round_number = board.round.number
    return f"round {round_number} board {board.number}"


def _names(db: TournamentDb, board_id: int) -> tuple[str, str]:
    """The board's label and its open phase, for naming an action in the audit log (and in
    Edit > Undo, so the phase is named as people say it: "Spring 1901 movement")."""
    with db.read() as session:
        board = _board(session, board_id)
        phases = _phases(session, board_id)
        return _label(session, board), phase_title(phases[-1].phase) if phases else ""


def _phases(session: Session, board_id: int) -> list[GamePhase]:
    """The phases played, in order (phases set aside by a correction have ``seq`` < 0)."""
    return list(session.scalars(
        select(GamePhase).where(GamePhase.board_id == board_id, GamePhase.seq >= 0)
        .order_by(GamePhase.seq)))


def _sheets(session: Session, phase_id: int) -> dict[str, PhaseOrders]:
    rows = session.scalars(select(PhaseOrders).where(PhaseOrders.phase_id == phase_id))
    return {row.power: row for row in rows}


def _current(session: Session, board: Board) -> GamePhase:
    phases = _phases(session, board.id)
    if not phases:
        raise ServiceError("This board's game has not been started.")
    if board.status in ("finished", "scored"):
        raise ServiceError("This board's game is over.")
    return phases[-1]


def _check_power(power: str) -> str:
    if power not in POWERS:
        raise ServiceError(f"Unknown power {power!r}.")
    return power


# ---------------------------------------------------------------------------- reading
def game_state(db: TournamentDb, board_id: int) -> GameState:
    with db.read() as session:
        board = _board(session, board_id)
        fmt = _format(session)
        round_number = board.round.number
        names = dict(session.execute(
            select(Seat.power, Player.name).join(Player, Seat.player_id == Player.id)
            .where(Seat.board_id == board_id)).all())
        phases = tuple(_phase_row(session, row) for row in _phases(session, board_id))
        votes = tuple(
            VoteRow(v.phase, tuple(v.powers), v.passed, v.secret, v.votes,
                    tuple(v.vetoed_by or ()))
            for v in session.scalars(select(DrawVote).where(DrawVote.board_id == board_id)
                                     .order_by(DrawVote.id)))
        return GameState(board_id, round_number, board.number, board.status, board.end_reason,
                         fmt.name, fmt.title, names, phases, votes, fmt.grace, fmt.corrections,
                         fmt.draw_votes.participants == DrawParticipants.NAMED)


def _phase_row(session: Session, row: GamePhase) -> PhaseRow:
    sheets = {p: SheetRow(p, s.text, s.status, s.grace_started_at, s.version)
              for p, s in _sheets(session, row.id).items()}
    return PhaseRow(row.id, row.seq, row.phase, dict(row.position),
                    list(row.results) if row.results is not None else None,
                    row.adjudicated_at, sheets)


def sheet_version(db: TournamentDb, board_id: int, power: str) -> int:
    """The version of ``power``'s sheet in the open phase (0: none saved): what a station
    saving it next says it saw (``save_orders(expected_version=...)``). A save that changed
    nothing (the same text again) keeps the version."""
    with db.read() as session:
        phases = _phases(session, board_id)
        sheet = _sheets(session, phases[-1].id).get(power) if phases else None
        return sheet.version if sheet is not None else 0


def history(db: TournamentDb, board_id: int) -> tuple[PhaseRow, ...]:
    """Every phase of the board, the open one last."""
    return game_state(db, board_id).phases


# ----------------------------------------------------------------------------- actions
@_stale_safe
def start_game(db: TournamentDb, board_id: int) -> Change:
    """The board's game at Spring 1901 from the standard start."""
    label, _ = _names(db, board_id)
    with db.action(f"Start the game of {label}") as session:
        board = _board(session, board_id)
        if _phases(session, board_id):
            raise ServiceError("This board's game has already been started.")
        if board.status in ("finished", "scored"):
            raise ServiceError("This board already has a result.")
        session.add(GamePhase(board_id=board_id, seq=0, phase="S1901M",
                              position=position_to_contract(Position.initial())))
        board.status = "playing"
        change = declare(session, Change(f"Game of {label} started", games=True, boards=True,
                                         ids=(board_id,)))
    return change


@_stale_safe
def save_orders(db: TournamentDb, board_id: int, power: str, text: str,
                phase: str | None = None, expected_version: int | None = None) -> Change:
    """One power's sheet for the open phase (``phase``, when given, must still be the open
    one), exactly as typed (less invisible control characters), replacing the earlier text.
    ``expected_version``: the sheet's version the typist saw (0: none saved yet); when the
    sheet changed since (another station, or a sheet typed offline on two stations), the
    save is a conflict (:class:`StaleEdit`, both texts), never a silent overwrite."""
    _check_power(power)
    text = typed_text(text, "The order sheet", ORDERS_LIMIT, multiline=True, strip=False)
    label, name = _names(db, board_id)
    with db.action(f"{power.title()} orders {name}, {label}") as session:
        board = _board(session, board_id)
        phase_row = _current(session, board)
        _check_phase(phase_row, phase)
        sheet = _sheets(session, phase_row.id).get(power)
        _check_sheet_version(session, db, board, phase_row, power, sheet, text,
                             expected_version)
        if sheet is None:
            session.add(PhaseOrders(phase_id=phase_row.id, power=power, text=text,
                                    status=ENTERED))
        else:
            sheet.text = text
            sheet.status = saved_status(sheet.status)
        change = declare(session, Change(f"{power.title()} orders for {phase_row.phase}",
                                         games=True, ids=(board_id,)))
    return change


def _check_sheet_version(session: Session, db: TournamentDb, board: Board, row: GamePhase,
                         power: str, sheet: PhaseOrders | None, text: str,
                         expected: int | None) -> None:
    """Someone else saved this sheet since the typist saw it: both texts, and saving
    theirs over with this one (``retry``) as the TD's choice."""
    stored = sheet.version if sheet is not None else 0
    if expected is None or expected == stored:
        return
    who = audit.last_change_words(session, ("phase_orders",), sheet.id if sheet else None)
    theirs = sheet.text if sheet is not None else ""
    stale = StaleEdit(
        f"{power.title()}'s orders for {phase_title(row.phase)} on board {board.number} were "
        f"changed by someone else {who}. Theirs: {_one_line(theirs)}. Yours (not saved): "
        f"{_one_line(text)}. Look again, then save yours if it is the right one."
        .replace("else .", "else."),
        rows=((f"{power.title()}'s orders", theirs, text),), version=stored)
    stale.retry = functools.partial(save_orders, db, board.id, power, text, row.phase, stored)
    raise stale


def _one_line(text: str) -> str:
    return "; ".join(line.strip() for line in text.splitlines() if line.strip()) or "(empty)"


@_stale_safe
def set_sheet_status(db: TournamentDb, board_id: int, power: str, status: str,
                     now: dt.datetime | None = None, phase: str | None = None) -> Change:
    """Mark a power "no-orders" (all hold), "grace" (its grace period starts), "late" or back
    to "entered". A grace period follows the format's rule. ``phase``, when given, must still
    be the open one (a mark kept while the venue server was gone, sent later)."""
    _check_power(power)
    if status not in SHEET_STATUSES:
        raise ServiceError(f"Unknown sheet status {status!r}.")
    label, name = _names(db, board_id)
    with db.action(f"{power.title()} {name}: {SHEET_STATUSES[status].lower()}, {label}"
                   ) as session:
        board = _board(session, board_id)
        open_row = _current(session, board)
        _check_phase(open_row, phase)
        fmt = _format(session)
        if status == GRACE:
            _check_grace(session, board_id, power, open_row.phase, fmt)
        sheet = _sheets(session, open_row.id).get(power)
        if sheet is None:
            sheet = PhaseOrders(phase_id=open_row.id, power=power, text="")
            session.add(sheet)
        sheet.status = status
        sheet.grace_started_at = (now or utc_now()) if status == GRACE else None
        change = declare(session, Change(f"{power.title()}: {SHEET_STATUSES[status]}",
                                         games=True, ids=(board_id,)))
    return change


def _check_grace(session: Session, board_id: int, power: str, phase: str,
                 fmt: TournamentFormat) -> None:
    used = session.scalars(
        select(PhaseOrders).join(GamePhase, PhaseOrders.phase_id == GamePhase.id)
        .where(GamePhase.board_id == board_id, PhaseOrders.power == power,
               PhaseOrders.grace_started_at.is_not(None))).all()
    refusal = grace_refusal(fmt, power, phase, len(used))
    if refusal is not None:
        raise ServiceError(refusal)


def _sheet_rows(session: Session, phase_id: int) -> dict[str, SheetRow]:
    return {p: SheetRow(p, s.text, s.status, s.grace_started_at, s.version)
            for p, s in _sheets(session, phase_id).items()}


def _store_outcome(row: GamePhase, out: Mapping[str, Any], when: dt.datetime) -> None:
    row.results = list(out["results"])
    row.adjudicated_at = when


@_stale_safe
def adjudicate(db: TournamentDb, board_id: int, now: dt.datetime | None = None,
               phase: str | None = None) -> Change:
    """Adjudicate the open phase (``phase``, when given, must still be the open one), store its
    results and open the next one; end the game when the format says so (solo, last year)."""
    label, name = _names(db, board_id)
    with db.action(f"Adjudicate {name}, {label}") as session:
        board = _board(session, board_id)
        row = _current(session, board)
        _check_phase(row, phase)
        fmt = _format(session)
        out = adjudicate_position(row.position, _sheet_rows(session, row.id), fmt)
        _store_outcome(row, out, now or utc_now())
        nxt = out["next"]
        _open_phase(session, board_id, row.seq + 1, nxt)
        done = row.phase
        ending = game_end_after(done, out, fmt)
    change = Change(f"{done} adjudicated, {label}", games=True, ids=(board_id,))
    if ending is not None:
        change = _ended(change, end_game(db, board_id, ending))
    return change


def _ended(change: Change, ended: Change) -> Change:
    """A game action that also ended the game: its change says the result and the board
    changed too, so the Boards and Rounds pages count the board finished at once (issue 24:
    they showed it "playing" until the TD saved the result by hand)."""
    return replace(change, results=True, boards=True, rounds=change.rounds or ended.rounds)


# ------------------------------------------------------------------------ corrections
@_stale_safe
def correct_orders(db: TournamentDb, board_id: int, seq: int, power: str, text: str,
                   override: bool = False, now: dt.datetime | None = None) -> CorrectionReport:
    """Fix a power's sheet in an adjudicated phase and adjudicate everything after it again.

    Later sheets are kept as typed and read again against the new positions; the report says
    which of their orders no longer apply. After the format's limit only the TD may correct
    (``override``)."""
    _check_power(power)
    text = typed_text(text, "The order sheet", ORDERS_LIMIT, multiline=True, strip=False)
    when = now or utc_now()
    label, _ = _names(db, board_id)
    with db.read() as session:
        fmt = _format(session)
        rows = _phases(session, board_id)
        target = next((r for r in rows if r.seq == seq), None)
        if target is None:
            raise ServiceError(f"This board has no phase number {seq}.")
        allowed, rule_text = correction_allowed(rows, seq, fmt.corrections)
        what = (f"Correct {power.title()} orders {phase_title(target.phase)}"
                f"{'' if allowed else ' (TD override)'}, {label}")
    with db.action(what) as session:
        board = _board(session, board_id)
        if board.status in ("finished", "scored"):
            raise ServiceError("This board's game is over; its result stands.")
        fmt = _format(session)
        rows = _phases(session, board_id)
        target = next((r for r in rows if r.seq == seq), None)
        if target is None:
            raise ServiceError(f"This board has no phase number {seq}.")
        if target.results is None:
            raise ServiceError(f"{phase_title(target.phase)} is not adjudicated yet: just "
                               "change the sheet.")
        allowed, rule_text = correction_allowed(rows, seq, fmt.corrections)
        if not allowed and not override:
            raise ServiceError(f"Too late to correct {phase_title(target.phase)}: "
                               f"{rule_text.rstrip('.')}. The TD may override.")
        sheet = _sheets(session, target.id).get(power)
        if sheet is None:
            session.add(PhaseOrders(phase_id=target.id, power=power, text=text, status=ENTERED))
        else:
            sheet.text = text
            if sheet.status == NO_ORDERS:
                sheet.status = ENTERED
        session.flush()
        report = _recompute(session, rows, target, fmt, when)
    change = Change(f"{target.phase} corrected, {label}", games=True, ids=(board_id,))
    if report.ending is not None:
        change = _ended(change, end_game(db, board_id, report.ending))
    return CorrectionReport(change, tuple(report.recomputed), report.invalid, report.dropped,
                            report.carried)


def _copy_sheets(session: Session, row: GamePhase, sheets: Mapping[str, SheetRow]) -> None:
    """Give ``row`` exactly these sheets (its own are replaced)."""
    for sheet in _sheets(session, row.id).values():
        session.delete(sheet)
    session.flush()
    for power, kept in sheets.items():
        session.add(PhaseOrders(phase_id=row.id, power=power, text=kept.text, status=kept.status,
                                grace_started_at=kept.grace_started_at))
    session.flush()


def _set_aside(session: Session, board_id: int) -> dict[str, GamePhase]:
    """Phases no longer reached after a correction whose sheets are kept (``seq`` < 0), by
    name: the sheets come back if the game reaches that phase again."""
    rows = session.scalars(select(GamePhase).where(GamePhase.board_id == board_id,
                                                   GamePhase.seq < 0))
    return {row.phase: row for row in rows}


def _open_phase(session: Session, board_id: int, seq: int, position: dict[str, Any]
                ) -> GamePhase:
    """A new open phase at ``seq``; a phase set aside under the same name brings its sheets."""
    row = _set_aside(session, board_id).get(position["phase"])
    if row is None:
        row = GamePhase(board_id=board_id, seq=seq, phase=position["phase"], position=position)
        session.add(row)
    else:
        row.seq, row.position, row.results, row.adjudicated_at = seq, position, None, None
    session.flush()
    return row


@dataclass
class _Recomputed:
    recomputed: list[str]
    invalid: tuple[str, ...]
    dropped: tuple[str, ...]
    ending: str | None
    carried: tuple[str, ...] = ()


def _recompute(session: Session, rows: list[GamePhase], target: GamePhase,
               fmt: TournamentFormat, when: dt.datetime) -> _Recomputed:
    """Adjudicate ``target`` and every phase after it again; rows are reused by ``seq``.

    Later sheets follow their phase by name. A phase no longer reached keeps its sheets set
    aside; a phase reached anew brings back sheets set aside earlier. Under a format that
    carries build errors, a Winter whose builds change after the next Spring was played ends
    the recomputing: the game stands as played from there and the difference is carried."""
    later = [r for r in rows if r.seq > target.seq]
    later_names = [r.phase for r in later]
    played = [_phase_row(session, r) for r in later]  # the game as it was, before any write
    carry_errors = fmt.corrections.build_errors == BuildErrors.NEXT_ADJUSTMENT
    aside = _set_aside(session, target.board_id)
    # What the later phases were: their sheets by phase name, and which orders were void.
    old_sheets = {name: _sheet_rows(session, r.id) for name, r in aside.items()}
    old_sheets.update({r.phase: _sheet_rows(session, r.id) for r in later})
    old_void: dict[WrittenOrder, str] = {}
    old_written: set[WrittenOrder] = set()
    for r in later:
        if r.results is not None:
            old_void.update(void_orders(r.phase, r.results))
            old_written |= written_orders(r.phase, r.results)
    was_adjudicated = {r.phase for r in later if r.results is not None}
    recomputed: list[str] = [target.phase]
    new_void: dict[WrittenOrder, str] = {}
    out = adjudicate_position(target.position, _sheet_rows(session, target.id), fmt)
    _store_outcome(target, out, when)
    ending = game_end_after(target.phase, out, fmt)
    done = target.phase
    seq = target.seq
    by_seq = {r.seq: r for r in later}
    reached: list[str] = []
    carried: list[str] = []
    while True:
        nxt = out["next"]
        seq += 1
        error = build_error(done, nxt, played) if carry_errors and ending is None else None
        if error is not None:
            start, diff, winter = error
            kept = played[start:]
            carried = _keep_as_played(session, target.board_id, seq, kept, by_seq, old_sheets,
                                      winter, diff)
            reached.extend(row.phase for row in kept)
            break
        row = by_seq.pop(seq, None)
        if row is None:
            row = GamePhase(board_id=target.board_id, seq=seq, phase=nxt["phase"], position=nxt)
            session.add(row)
            session.flush()
            _copy_sheets(session, row, old_sheets.get(nxt["phase"], {}))
        elif row.phase != nxt["phase"]:
            _copy_sheets(session, row, old_sheets.get(nxt["phase"], {}))
        reached.append(nxt["phase"])
        row.phase, row.position = nxt["phase"], nxt
        if ending is not None or nxt["phase"] not in was_adjudicated:
            row.results, row.adjudicated_at = None, None
            break
        out = adjudicate_position(nxt, _sheet_rows(session, row.id), fmt)
        _store_outcome(row, out, when)
        recomputed.append(row.phase)
        new_void.update(void_orders(row.phase, out["results"]))
        ending = game_end_after(row.phase, out, fmt)
        done = row.phase
    unused = [*by_seq.values(), *aside.values()]  # rows no longer used, old set-asides
    for row in unused:
        for sheet in _sheets(session, row.id).values():
            session.delete(sheet)  # one by one (audited) and before their phase
    session.flush()
    for row in unused:
        session.delete(row)
    session.flush()
    dropped = [name for name in old_sheets if name not in reached]
    lowest = -1
    for name in dropped:
        sheets = {p: sh for p, sh in old_sheets[name].items() if sh.text.strip()
                  or sh.status != ENTERED}
        if not sheets:
            continue
        kept_aside = GamePhase(board_id=target.board_id, seq=lowest, phase=name, position={})
        lowest -= 1
        session.add(kept_aside)
        session.flush()
        _copy_sheets(session, kept_aside, sheets)
    invalid = no_longer_valid(new_void, old_written, old_void)
    return _Recomputed(recomputed, invalid, tuple(n for n in dropped if n in later_names),
                       ending, tuple(carried))


def _keep_as_played(session: Session, board_id: int, seq: int, kept: Sequence[PhaseRow],
                    by_seq: dict[int, GamePhase], old_sheets: Mapping[str, dict[str, SheetRow]],
                    winter: str, diff: Mapping[str, int]) -> list[str]:
    """Put the phases played from ``kept[0]`` on back from ``seq`` on, as they were (rows
    reused by ``seq``), and note the build error on the open phase: it is settled at the next
    adjustment phase. Returns the note in words."""
    row: GamePhase | None = None
    for index, phase in enumerate(kept):
        row = by_seq.pop(seq + index, None)
        if row is None:
            row = GamePhase(board_id=board_id, seq=seq + index, phase=phase.phase,
                            position=phase.position)
            session.add(row)
            session.flush()
            _copy_sheets(session, row, old_sheets.get(phase.phase, {}))
        elif row.phase != phase.phase:
            _copy_sheets(session, row, old_sheets.get(phase.phase, {}))
        row.phase, row.position = phase.phase, dict(phase.position)
        row.results = list(phase.results) if phase.results is not None else None
        row.adjudicated_at = phase.adjudicated_at
    open_row = row  # the open phase is the last one kept
    assert open_row is not None  # the open phase is always among them
    open_row.position = with_carried(open_row.position, winter, diff)
    return carried_words(winter, diff, phase_title(settling_phase(open_row.phase)))


# ----------------------------------------------------------------------------- draw votes
def draw_vote_preview(db: TournamentDb, board_id: int) -> VotePreview:
    """What the draw-vote dialog needs (``draws.vote_preview``), the game read once."""
    state = game_state(db, board_id)
    with db.read() as session:
        fmt = _format(session)
    current = state.current
    in_game = current is not None and not state.finished
    return vote_preview(fmt, current.phase if current is not None and in_game else None,
                        current.position if current is not None else {}, state.votes)


@_stale_safe
def hold_draw_vote(db: TournamentDb, board_id: int, votes: Mapping[str, bool],
                   abandoned: Iterable[str] = (), powers: Sequence[str] | None = None,
                   phase: str | None = None) -> VoteOutcome:
    """A draw vote in the open phase. Eligible: powers with a centre; an abandoned power votes
    yes. ``powers`` are the powers in the proposed draw (every power with a centre unless the
    format lets the proposal name them). A secret vote keeps only whether it passed. A passed
    vote ends the game with those powers in the draw. ``phase``, when given, must still be the
    open one (a vote kept while the venue server was gone, sent later)."""
    state, current, fmt = _open_for_proposal(
        db, board_id, phase, "Draw votes are held during a game in progress.")
    with db.read() as session:
        # a seat left in civil disorder votes for every draw (WDC 2025 VII.3.c, DBN 5.8.3)
        gone = set(abandoned) | civil_disorder(session, board_id)
    eligible = eligible_voters(current.position)
    try:
        included = proposed_draw(fmt, eligible, powers)
    except GameRuleRefusal as exc:
        raise ServiceError(str(exc)) from exc
    missing = [p for p in eligible if p not in votes and p not in gone]
    if missing:
        raise ServiceError(f"{missing[0].title()} has not voted.")
    cast = {p: True if p in gone else bool(votes[p]) for p in eligible}
    passed = all(cast.values())
    secret = next_vote_secret(fmt, state.votes)
    label, _ = _names(db, board_id)
    result = "passed" if passed else "failed"
    with db.action(f"Draw vote {phase_title(current.phase)} {result}, {label}") as session:
        session.add(DrawVote(board_id=board_id, phase=current.phase, powers=list(included),
                             passed=passed, secret=secret, votes=None if secret else cast))
    change = Change(f"Draw vote {result}, {label}", games=True, ids=(board_id,))
    if passed:
        change = end_game(db, board_id, "draw", draw=included)
    return VoteOutcome(change, passed, secret, eligible)


def _open_for_proposal(db: TournamentDb, board_id: int, phase: str | None,
                       not_in_game: str) -> tuple[GameState, PhaseRow, TournamentFormat]:
    """The game, its open phase and the format, for a draw proposal (a vote or an open veto):
    refused outside a game in progress, when ``phase`` is given and no longer open, and when
    the format allows no proposal now."""
    state = game_state(db, board_id)
    if not state.started or state.finished:
        raise ServiceError(not_in_game)
    current = state.current
    assert current is not None
    _check_open_phase(current.phase, phase)
    with db.read() as session:
        fmt = _format(session)
    _refuse_draw_proposal(fmt, current.phase, state.votes)
    return state, current, fmt


def _refuse_draw_proposal(fmt: TournamentFormat, phase: str, votes: Sequence[VoteRow]) -> None:
    """Refuses a draw proposal the format does not allow yet, or a second one this season
    (the same rule for a vote and for an open veto)."""
    refusal = draw_vote_open(fmt, phase)
    if refusal:
        raise ServiceError(refusal)
    if voted_this_season(phase, votes):
        raise ServiceError(f"A draw vote was held in {season_title(vote_season(phase))} "
                           "already: one per season.")


@_stale_safe
def veto_draw_openly(db: TournamentDb, board_id: int, vetoed_by: Sequence[str],
                     phase: str | None = None) -> Change:
    """A draw proposal vetoed openly at the Game Table before any vote (seed 000 5.7.1): kept
    with the powers that vetoed it, in the open; no vote is held and it does not use up the
    season's draw vote. ``phase`` as for :func:`hold_draw_vote`."""
    state, current, fmt = _open_for_proposal(
        db, board_id, phase, "Draw proposals are made during a game in progress.")
    eligible = eligible_voters(current.position)
    try:
        vetoers = open_veto(eligible, vetoed_by)
    except GameRuleRefusal as exc:
        raise ServiceError(str(exc)) from exc
    label, _ = _names(db, board_id)
    who = ", ".join(p.title() for p in vetoers)
    with db.action(f"Draw proposal {phase_title(current.phase)} vetoed by {who}, {label}") \
            as session:
        session.add(DrawVote(board_id=board_id, phase=current.phase, powers=list(eligible),
                             passed=False, secret=False, votes=None, vetoed_by=list(vetoers)))
    return Change(f"Draw proposal vetoed by {who}, {label}", games=True, ids=(board_id,))


# ----------------------------------------------------------------------------- the end
def board_result(state: GameState, reason: str,
                 draw: Sequence[str] | None = None) -> BoardResult:
    """The board's result from its game: centres now, year by year, eliminations."""
    try:
        end = game_end(state.phases, reason, draw)
    except GameRuleRefusal as exc:
        raise ServiceError(str(exc)) from exc
    return BoardResult(centers=end.centers, end_year=end.end_year, end_reason=end.end_reason,
                       solo=end.solo, draw=end.draw, eliminated=end.eliminated,
                       history=end.history)


def end_game(db: TournamentDb, board_id: int, reason: str,
             draw: Sequence[str] | None = None) -> Change:
    """End the board's game ("solo", "draw", "last-year", "called" by the TD, "time" at the
    round's end) and write its result for scoring: nothing is typed again."""
    state = game_state(db, board_id)
    if state.finished:
        raise ServiceError("This board's game is over already.")
    result = board_result(state, reason, draw)
    with db.read() as session:  # the Paris order seating gave breaks a shared top (DBN 5.1.2)
        board = session.get(Board, board_id)
        order = tuple(board.selection_order) if board and board.selection_order else None
    return record_result(db, board_id, replace(result, selection_order=order))


def centre_chart_csv(db: TournamentDb, board_id: int) -> str:
    """The supply-centre chart as CSV text (year, then one column per power, AEFGIRT)."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["Year", *(p.title() for p in POWERS)])
    for label, counts in supply_centre_chart(history(db, board_id)):
        writer.writerow([label, *counts])
    return out.getvalue()


@dataclass(frozen=True)
class TimeUp:
    """What the round's end time did: boards ended, and boards left to finish their Fall."""

    ended: tuple[int, ...]
    fall_in_hand: tuple[int, ...]


def end_round_by_time(db: TournamentDb, round_number: int) -> TimeUp:
    """The round's time is up: every board still playing through order entry is scored on its
    last completed Fall, except those whose Fall is being adjudicated (finish it, then end)."""
    with db.read() as session:
        ids = list(session.scalars(
            select(Board.id).join(Round).where(Round.number == round_number,
                                               Board.status == "playing")
            .order_by(Board.number)))
    ended: list[int] = []
    waiting: list[int] = []
    for board_id in ids:
        state = game_state(db, board_id)
        if not state.started:
            continue
        if fall_in_hand(state.current):
            waiting.append(board_id)
            continue
        end_game(db, board_id, "time")
        ended.append(board_id)
    return TimeUp(tuple(ended), tuple(waiting))
