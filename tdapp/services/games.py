"""A board played through order entry: order sheets as typed, adjudication, corrections,
draw votes and the end of the game.

Each public function that changes something is one person's action (``TournamentDb.action``),
so every sheet saved, every adjudication and every correction is in the audit log and can be
undone. Positions are stored in the CONTRACTS shape; phases are adjudicated by the same core path
as ``tdapp adjudicate`` (contract shape -> shared order reading -> judge -> contract shape).
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from tdapp.core.adjudication import RuleOptions, adjudicate_phase
from tdapp.core.adjudication.adjustments import owed_counts
from tdapp.core.adjudication.reading import paper_reader, read_orders
from tdapp.core.board.contract import position_from_contract, position_to_contract
from tdapp.core.board.position import Phase, Position
from tdapp.core.formats import TournamentFormat
from tdapp.core.formats.model import CorrectionRule, GraceRule
from tdapp.core.orders.options import ParseOptions
from tdapp.core.orders.parser import parse_orders
from tdapp.core.orders.result import ParseResult
from tdapp.core.powers import POWERS, SOLO_CENTERS
from tdapp.services.changes import Change, ServiceError, StaleEdit
from tdapp.services.formats import session_format
from tdapp.services.results import BoardResult, record_result
from tdapp.services.text import ORDERS_LIMIT, typed_text
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

ENTERED, NO_ORDERS, LATE, GRACE = "entered", "no-orders", "late", "grace"
SHEET_STATUSES = {
    ENTERED: "Orders entered",
    NO_ORDERS: "No orders: every unit holds",
    LATE: "Orders handed in late",
    GRACE: "Grace period running",
}
TOPIC = "games"  # what a view of a board's game listens for in Change.topics


# ---------------------------------------------------------------------------- plain rows
@dataclass(frozen=True)
class SheetRow:
    power: str
    text: str
    status: str
    grace_started_at: dt.datetime | None = None


@dataclass(frozen=True)
class PhaseRow:
    id: int
    seq: int
    phase: str
    position: dict[str, Any]
    results: list[dict[str, Any]] | None
    adjudicated_at: dt.datetime | None
    sheets: dict[str, SheetRow]

    @property
    def adjudicated(self) -> bool:
        return self.results is not None

    @property
    def kind(self) -> str:
        return self.phase[-1]


@dataclass(frozen=True)
class VoteRow:
    phase: str
    powers: tuple[str, ...]
    passed: bool
    secret: bool
    votes: dict[str, bool] | None


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
            raise StaleEdit("This board was changed by someone else meanwhile; look again "
                            "and repeat.") from exc

    return run


def _check_phase(row: GamePhase, expected: str | None) -> None:
    if expected is not None and row.phase != expected:
        raise StaleEdit(f"{expected} is over already (the board is at {row.phase}); "
                        "look again.")


def _format(session: Session) -> TournamentFormat:
    """The format in force (the TD's own copy when there is one): every rule comes from it."""
    return session_format(session)


def parse_options(fmt: TournamentFormat) -> ParseOptions:
    """How ``fmt`` reads order sheets: the rule the format carries (a TD's own copy keeps the
    rule of the format it came from), messages naming the format."""
    return fmt.parse_options()


def format_rules(db: TournamentDb) -> tuple[ParseOptions, dict[str, str], str]:
    """The order-reading options, the judge's rules and the civil-disorder rule's name."""
    with db.read() as session:
        fmt = _format(session)
    return parse_options(fmt), fmt.adjudicator_rules(), fmt.civil_disorder


def _board(session: Session, board_id: int) -> Board:
    board = session.get(Board, board_id)
    if board is None:
        raise ServiceError("That board no longer exists.")
    return board


def _label(session: Session, board: Board) -> str:
    round_number = session.get(Round, board.round_id).number
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


def phase_title(phase: str) -> str:
    """``F1901R`` -> ``Fall 1901 retreats``."""
    p = Phase.parse(phase)
    season = {"S": "Spring", "F": "Fall", "W": "Winter"}[p.season]
    kind = {"M": "movement", "R": "retreats", "A": "adjustments"}[p.kind]
    return f"{season} {p.year} {kind}"


# ------------------------------------------------------------------- reading sheets (pure)
def orderable_units(position: Mapping[str, Any], power: str) -> list[str]:
    """The units ``power`` orders this phase: dislodged ones in a retreat phase."""
    kind = str(position["phase"])[-1]
    if kind == "R":
        return [d["unit"] for d in position.get("dislodged", {}).get(power, [])]
    if kind == "A":
        return []
    return list(position.get("units", {}).get(power, []))


def read_sheet(text: str, power: str, position: Mapping[str, Any],
               options: ParseOptions) -> list[ParseResult]:
    """Every order of one sheet as read against ``position`` (CONTRACTS shape)."""
    kind = str(position["phase"])[-1]
    view = position
    if kind == "R":
        view = {"units": {p: [d["unit"] for d in listed]
                          for p, listed in position.get("dislodged", {}).items()}}
    return parse_orders(text, power, view, kind, options)


def _unit_key(unit: str) -> str:
    """``F STP/NC`` -> ``STP``: units are matched by province."""
    return unit.split()[-1].split("/")[0]


def unordered_units(position: Mapping[str, Any], power: str, read: Sequence[ParseResult],
                    status: str = ENTERED) -> list[str]:
    """The units of ``power`` that no readable order of its sheet moves ("F NAP")."""
    units = orderable_units(position, power)
    if status == NO_ORDERS:
        return units
    ordered = {r.order.location.split("/")[0] for r in read
               if r.order is not None and r.error is None and hasattr(r.order, "location")}
    return [u for u in units if _unit_key(u) not in ordered]


def owed_adjustments(position: Mapping[str, Any]) -> dict[str, int]:
    """Builds (positive) or removals (negative) owed in an adjustment phase, a build error
    carried to it included: the judge's own count."""
    if str(position["phase"])[-1] != "A":
        return {}
    return owed_counts(position_from_contract(position), carried_total(position))


def legal_retreats(position: Mapping[str, Any], power: str) -> dict[str, list[str]]:
    """Dislodged unit -> where it may retreat (empty: it is disbanded)."""
    return {d["unit"]: list(d.get("retreats", []))
            for d in position.get("dislodged", {}).get(power, [])}


def free_home_centres(position: Mapping[str, Any], power: str) -> list[str]:
    """Home centres the power owns with no unit in them: where it may build."""
    from tdapp.core.board.standard_map import STANDARD_MAP

    owned = set(position.get("centers", {}).get(power, []))
    occupied = {_unit_key(u) for units in position.get("units", {}).values() for u in units}
    return [sc for sc in STANDARD_MAP.home_centers.get(power, ())
            if sc in owned and sc not in occupied]


def duplicate_orders(results: Sequence[ParseResult], rules: Mapping[str, str],
                     options: ParseOptions) -> dict[int, str]:
    """Orders of a sheet that give one unit a second order, by index, with what the format
    does about it (WDC 2025: the unit holds; EDC 2026: the last one written counts)."""
    by_unit: dict[str, list[int]] = {}
    for i, r in enumerate(results):
        if r.order is not None and r.error is None and hasattr(r.order, "location"):
            by_unit.setdefault(r.order.location.split("/")[0], []).append(i)
    notes: dict[int, str] = {}
    for indices in by_unit.values():
        if len({results[i].normalized for i in indices}) < 2:
            continue  # the same order written twice is one order
        unit = " ".join(results[indices[0]].normalized.split()[:2])
        last = rules.get("duplicate_orders") == "last"
        for i in indices:
            if last and i == indices[-1]:
                notes[i] = options.cite(f"{unit} has two orders: this last one counts")
            elif last:
                notes[i] = options.cite(f"{unit} has two orders: only the last one counts")
            else:
                notes[i] = options.cite(f"{unit} has two different orders: it holds")
    return notes


def _order_texts(sheet: SheetRow | None, position: Mapping[str, Any],
                 options: ParseOptions) -> list[str]:
    if sheet is None or sheet.status == NO_ORDERS or not sheet.text.strip():
        return []
    return [r.text for r in read_sheet(sheet.text, sheet.power, position, options)]


def adjudicate_position(position: Mapping[str, Any], sheets: Mapping[str, SheetRow],
                        fmt: TournamentFormat) -> dict[str, Any]:
    """One phase, by the core path ``tdapp adjudicate`` takes (position from the contract
    shape, orders read by the shared reader, the judge, the next position): its output shape
    (results, next, solo)."""
    options = parse_options(fmt)
    board = position_from_contract(position)
    orders = {p: _order_texts(sheets.get(p), position, options) for p in POWERS}
    entries = read_orders(board, orders, paper_reader(options=options))
    outcome = adjudicate_phase(board, entries, RuleOptions.from_mapping(fmt.adjudicator_rules()),
                               owed_offset=carried_total(position))
    nxt = position_to_contract(outcome.next)
    if outcome.adjustments:
        nxt["adjustments"] = dict(outcome.adjustments)
    if position.get("carried") and board.phase.kind != "A":  # until a Winter settles it
        nxt["carried"] = {k: dict(v) for k, v in position["carried"].items()}
    out: dict[str, Any] = {"phase": str(board.phase),
                           "results": [r.as_dict() for r in outcome.results], "next": nxt}
    if outcome.solo:
        out["solo"] = outcome.solo
    return out


# ------------------------------------------------- build errors carried to the next build phase
# A position may say ``"carried": {"W1902A": {"FRANCE": -1}}``: a correction found the builds
# of Winter 1902 wrong after the next Spring was played (EDC 2026), so France builds one fewer
# (or removes one more) at the next adjustment phase. The note rides along from phase to phase
# until an adjustment phase settles it. The judge takes it as an offset to the builds or
# removals owed (``owed_offset``): it holds that Winter even when nobody adjusts otherwise, and
# every unit and centre stays in play there, so a removal the player writes is carried out.
def carried_total(position: Mapping[str, Any]) -> dict[str, int]:
    """Power -> builds (+) or removals (-) carried to the next adjustment phase."""
    total: dict[str, int] = {}
    for diff in position.get("carried", {}).values():
        for power, n in diff.items():
            total[power] = total.get(power, 0) + int(n)
    return {p: n for p, n in total.items() if n}


def _build_error(done: str, nxt: Mapping[str, Any], old: Sequence[PhaseRow]
                 ) -> tuple[int, dict[str, int], str] | None:
    """A build error the game has played past: after the Fall ``done`` the corrected game owes
    other builds than were played, and the next Spring movement phase was adjudicated already.
    Returns where the played phases to keep begin in ``old``, the difference per power and the
    Winter's name; None when there is no such error."""
    d, n = Phase.parse(done), Phase.parse(nxt["phase"])
    if d.season != "F" or n.kind == "R":
        return None  # not the end of a Fall
    names = [row.phase for row in old]
    winter, spring = f"W{d.year}A", f"S{d.year + 1}M"
    if spring not in names or old[names.index(spring)].results is None:
        return None  # before the next Spring movement deadline: corrected at once
    before = owed_adjustments(old[names.index(winter)].position) if winter in names else {}
    now = owed_adjustments(nxt) if n.kind == "A" else {}
    diff = {p: now.get(p, 0) - before.get(p, 0) for p in POWERS
            if now.get(p, 0) != before.get(p, 0)}
    if not diff:
        return None
    return names.index(winter if winter in names else spring), diff, winter


def carried_words(winter: str, diff: Mapping[str, int], settled_at: str) -> list[str]:
    """``France: Winter 1902 gave 1 build too many; the game stands as played and France has 1
    build fewer (or 1 more removal) at Winter 1903 adjustments.``"""
    lines = []
    for power, n in diff.items():
        count = abs(n)
        plural = "s" if count != 1 else ""
        if n > 0:
            what = (f"gave {count} build{plural} too few", f"{count} more build{plural} "
                    f"(or {count} removal{plural} fewer)")
        else:
            what = (f"gave {count} build{plural} too many", f"{count} build{plural} fewer "
                    f"(or {count} more removal{plural})")
        lines.append(f"{power.title()}: {phase_title(winter)} {what[0]}; the game stands as "
                     f"played and {power.title()} has {what[1]} at {settled_at}.")
    return lines


# ---------------------------------------------------------------------------- reading
def game_state(db: TournamentDb, board_id: int) -> GameState:
    with db.read() as session:
        board = _board(session, board_id)
        fmt = _format(session)
        round_number = session.get(Round, board.round_id).number
        names = dict(session.execute(
            select(Seat.power, Player.name).join(Player, Seat.player_id == Player.id)
            .where(Seat.board_id == board_id)).all())
        phases = tuple(_phase_row(session, row) for row in _phases(session, board_id))
        votes = tuple(
            VoteRow(v.phase, tuple(v.powers), v.passed, v.secret, v.votes)
            for v in session.scalars(select(DrawVote).where(DrawVote.board_id == board_id)
                                     .order_by(DrawVote.id)))
        return GameState(board_id, round_number, board.number, board.status, board.end_reason,
                         fmt.name, fmt.title, names, phases, votes, fmt.grace, fmt.corrections,
                         fmt.draw_votes.participants == "named")


def _phase_row(session: Session, row: GamePhase) -> PhaseRow:
    sheets = {p: SheetRow(p, s.text, s.status, s.grace_started_at)
              for p, s in _sheets(session, row.id).items()}
    return PhaseRow(row.id, row.seq, row.phase, dict(row.position),
                    list(row.results) if row.results is not None else None,
                    row.adjudicated_at, sheets)


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
    return Change.of(f"Game of {label} started", TOPIC, "boards", ids=(board_id,))


@_stale_safe
def save_orders(db: TournamentDb, board_id: int, power: str, text: str,
                phase: str | None = None) -> Change:
    """One power's sheet for the open phase (``phase``, when given, must still be the open
    one), exactly as typed (less invisible control characters), replacing the earlier text."""
    _check_power(power)
    text = typed_text(text, "The order sheet", ORDERS_LIMIT, multiline=True, strip=False)
    label, name = _names(db, board_id)
    with db.action(f"{power.title()} orders {name}, {label}") as session:
        board = _board(session, board_id)
        phase_row = _current(session, board)
        _check_phase(phase_row, phase)
        sheet = _sheets(session, phase_row.id).get(power)
        if sheet is None:
            session.add(PhaseOrders(phase_id=phase_row.id, power=power, text=text,
                                    status=ENTERED))
        else:
            sheet.text = text
            sheet.status = saved_status(sheet.status)
    return Change.of(f"{power.title()} orders for {phase_row.phase}", TOPIC, ids=(board_id,))


def saved_status(before: str | None) -> str:
    """A sheet's status once its orders are typed: a sheet handed in during its grace period
    is late; one marked "no orders" is entered after all."""
    if before == GRACE:
        return LATE
    if before in (None, NO_ORDERS):
        return ENTERED
    return before


@_stale_safe
def set_sheet_status(db: TournamentDb, board_id: int, power: str, status: str,
                     now: dt.datetime | None = None) -> Change:
    """Mark a power "no-orders" (all hold), "grace" (its grace period starts), "late" or back
    to "entered". A grace period follows the format's rule."""
    _check_power(power)
    if status not in SHEET_STATUSES:
        raise ServiceError(f"Unknown sheet status {status!r}.")
    label, name = _names(db, board_id)
    with db.action(f"{power.title()} {name}: {SHEET_STATUSES[status].lower()}, {label}"
                   ) as session:
        board = _board(session, board_id)
        phase = _current(session, board)
        fmt = _format(session)
        if status == GRACE:
            _check_grace(session, board_id, power, phase.phase, fmt)
        sheet = _sheets(session, phase.id).get(power)
        if sheet is None:
            sheet = PhaseOrders(phase_id=phase.id, power=power, text="")
            session.add(sheet)
        sheet.status = status
        sheet.grace_started_at = (now or utc_now()) if status == GRACE else None
    return Change.of(f"{power.title()}: {SHEET_STATUSES[status]}", TOPIC, ids=(board_id,))


def _check_grace(session: Session, board_id: int, power: str, phase: str,
                 fmt: TournamentFormat) -> None:
    rule = fmt.grace
    if rule is None:
        raise ServiceError(f"{fmt.title} has no grace period: mark the power as no orders.")
    if rule.movement_only and not phase.endswith("M"):
        raise ServiceError(f"{fmt.title}: grace periods are for movement phases only.")
    used = session.scalars(
        select(PhaseOrders).join(GamePhase, PhaseOrders.phase_id == GamePhase.id)
        .where(GamePhase.board_id == board_id, PhaseOrders.power == power,
               PhaseOrders.grace_started_at.is_not(None))).all()
    if len(used) >= rule.per_game:
        raise ServiceError(
            f"{power.title()} has had its grace period this game ({fmt.title}: "
            f"{rule.per_game} per game); its units hold.")


def _sheet_rows(session: Session, phase_id: int) -> dict[str, SheetRow]:
    return {p: SheetRow(p, s.text, s.status, s.grace_started_at)
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
    change = Change.of(f"{done} adjudicated, {label}", TOPIC, ids=(board_id,))
    if ending is not None:
        end_game(db, board_id, ending)
    return change


def game_end_after(phase: str, out: Mapping[str, Any], fmt: TournamentFormat) -> str | None:
    """How the game ends after ``phase`` was adjudicated with output ``out``, if it does."""
    if out.get("solo"):
        return "solo"
    nxt = Phase.parse(out["next"]["phase"])
    done = Phase.parse(phase)
    fall_over = done.season == "F" and nxt.kind != "R"
    if not fall_over:
        return None
    forced = fmt.draw_votes.forced_draw_after
    if forced is not None and done.year >= forced:
        return "draw"
    if fmt.end_year is not None and done.year >= fmt.end_year:
        return "last-year"
    return None


# ------------------------------------------------------------------------ corrections
def correction_allowed(phases: Sequence[Any], seq: int,
                       rule: CorrectionRule) -> tuple[bool, str]:
    """Whether the phase ``seq`` may still be corrected without the TD under the format's
    ``rule``, and the rule's words. ``phases`` are rows with ``seq``, ``phase`` and ``results``
    (stored or plain)."""
    later = [p for p in phases if p.seq > seq and p.results is not None]
    if rule.until == "next-movement":
        late = any(p.phase.endswith("M") for p in later)
    else:
        late = bool(later)
    return (not late, rule.text)


def _void_keys(phase: str, results: Iterable[Mapping[str, Any]]) -> dict[tuple, str]:
    """(phase, power, text) -> message for every written order that was void."""
    return {(phase, r["power"], r["order"]): r.get("message", "")
            for r in results if r.get("order") and "void" in r.get("tags", ())}


def _written_keys(phase: str, results: Iterable[Mapping[str, Any]]) -> set[tuple]:
    return {(phase, r["power"], r["order"]) for r in results if r.get("order")}


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
    change = Change.of(f"{target.phase} corrected, {label}", TOPIC, ids=(board_id,))
    if report.ending is not None:
        end_game(db, board_id, report.ending)
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
    carry_errors = fmt.corrections.build_errors == "next-adjustment"
    aside = _set_aside(session, target.board_id)
    # What the later phases were: their sheets by phase name, and which orders were void.
    old_sheets = {name: _sheet_rows(session, r.id) for name, r in aside.items()}
    old_sheets.update({r.phase: _sheet_rows(session, r.id) for r in later})
    old_void: dict[tuple, str] = {}
    old_written: set[tuple] = set()
    for r in later:
        if r.results is not None:
            old_void.update(_void_keys(r.phase, r.results))
            old_written |= _written_keys(r.phase, r.results)
    was_adjudicated = {r.phase for r in later if r.results is not None}
    recomputed: list[str] = [target.phase]
    new_void: dict[tuple, str] = {}
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
        error = _build_error(done, nxt, played) if carry_errors and ending is None else None
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
        new_void.update(_void_keys(row.phase, out["results"]))
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
    invalid = tuple(
        f"{phase} {power.title()}: '{text}' — {message}"
        for (phase, power, text), message in new_void.items()
        if (phase, power, text) in old_written and (phase, power, text) not in old_void)
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
    position = dict(open_row.position)
    position["carried"] = {**position.get("carried", {}), winter: dict(diff)}
    if position["phase"].endswith("A"):
        owed = owed_adjustments(position)
        position.pop("adjustments", None)
        if owed:
            position["adjustments"] = owed
    open_row.position = position
    return carried_words(winter, diff, _next_build_phase(position["phase"]))


def _next_build_phase(phase: str) -> str:
    """The adjustment phase that settles a build error noticed in ``phase``."""
    p = Phase.parse(phase)
    return phase_title(f"W{p.year}A")


# ----------------------------------------------------------------------------- draw votes
def _season_key(phase: str) -> str:
    """Votes are one per Spring or Fall: a Winter phase belongs to its Fall."""
    p = Phase.parse(phase)
    return f"{'S' if p.season == 'S' else 'F'}{p.year}"


def eligible_voters(position: Mapping[str, Any]) -> tuple[str, ...]:
    """Powers with at least one supply centre."""
    return tuple(p for p in POWERS if position.get("centers", {}).get(p))


def draw_vote_open(fmt: TournamentFormat, phase: str) -> str | None:
    """Why no draw may be proposed in ``phase`` under the format (None when one may)."""
    rule = fmt.draw_votes
    p = Phase.parse(phase)
    first = Phase("S" if rule.from_season == "spring" else "F", rule.from_year, "M")
    season_rank = {"S": 0, "F": 1, "W": 1}
    if (p.year, season_rank[p.season]) < (first.year, season_rank[first.season]):
        return (f"{fmt.title}: draws may be proposed from {rule.from_season.title()} "
                f"{rule.from_year}.")
    return None


def next_vote_secret(fmt: TournamentFormat, votes: Sequence[VoteRow]) -> bool:
    """Secret until the format's number of failed secret votes (WDC 2025: three)."""
    limit = fmt.draw_votes.secret_votes
    if limit is None:
        return True
    failed = sum(1 for v in votes if v.secret and not v.passed)
    return failed < limit


@dataclass(frozen=True)
class VotePreview:
    """What the draw-vote dialog needs: who votes, whether the vote is secret, or why not;
    ``named`` when the format lets the proposal name the powers in the draw (non-DIAS)."""

    eligible: tuple[str, ...]
    secret: bool
    refusal: str | None
    named: bool = False


def proposed_draw(fmt: TournamentFormat, eligible: Sequence[str],
                powers: Sequence[str] | None) -> tuple[str, ...]:
    """The powers in a proposed draw: every power with a centre (DIAS), or, where the format
    lets a proposal name them, those named (each with a centre), in AEFGIRT order."""
    if not powers or set(powers) == set(eligible):
        return tuple(eligible)
    if fmt.draw_votes.participants != "named":
        raise ServiceError(f"{fmt.title}: a draw includes every power with a centre.")
    for power in powers:
        if power not in eligible:
            raise ServiceError(f"{power.title()} has no centre: it cannot be in the draw.")
    named = tuple(p for p in POWERS if p in set(powers))
    if len(named) < 2:
        raise ServiceError("A draw needs two powers at least (one alone would be a conceded "
                           "solo).")
    return named


def draw_vote_preview(db: TournamentDb, board_id: int) -> VotePreview:
    state = game_state(db, board_id)
    with db.read() as session:
        fmt = _format(session)
    current = state.current
    if current is None or state.finished:
        return VotePreview((), True, "Draw votes are held during a game in progress.")
    refusal = draw_vote_open(fmt, current.phase)
    key = _season_key(current.phase)
    if refusal is None and any(_season_key(v.phase) == key for v in state.votes):
        refusal = "A draw vote was held this season already: one per Spring or Fall."
    return VotePreview(eligible_voters(current.position), next_vote_secret(fmt, state.votes),
                       refusal, fmt.draw_votes.participants == "named")


@_stale_safe
def hold_draw_vote(db: TournamentDb, board_id: int, votes: Mapping[str, bool],
                   abandoned: Iterable[str] = (), powers: Sequence[str] | None = None
                   ) -> VoteOutcome:
    """A draw vote in the open phase. Eligible: powers with a centre; an abandoned power votes
    yes. ``powers`` are the powers in the proposed draw (every power with a centre unless the
    format lets the proposal name them). A secret vote keeps only whether it passed. A passed
    vote ends the game with those powers in the draw."""
    gone = set(abandoned)
    state = game_state(db, board_id)
    if not state.started or state.finished:
        raise ServiceError("Draw votes are held during a game in progress.")
    current = state.current
    assert current is not None
    with db.read() as session:
        fmt = _format(session)
    refusal = draw_vote_open(fmt, current.phase)
    if refusal:
        raise ServiceError(refusal)
    key = _season_key(current.phase)
    if any(_season_key(v.phase) == key for v in state.votes):
        season = "Spring" if key.startswith("S") else "Fall"
        raise ServiceError(f"A draw vote was held in {season} {key[1:]} already: one per season.")
    eligible = eligible_voters(current.position)
    included = proposed_draw(fmt, eligible, powers)
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
    change = Change.of(f"Draw vote {result}, {label}", TOPIC, ids=(board_id,))
    if passed:
        change = end_game(db, board_id, "draw", draw=included)
    return VoteOutcome(change, passed, secret, eligible)


# ----------------------------------------------------------------------------- the end
def center_history(phases: Sequence[PhaseRow]) -> dict[int, dict[str, int]]:
    """Centres per power at the end of each completed game year (after its Fall)."""
    out: dict[int, dict[str, int]] = {}
    for row in phases:
        p = Phase.parse(row.phase)
        year = p.year if p.season == "W" else p.year - 1
        if p.season == "F" or (p.season == "S" and p.kind != "M") or year < 1901:
            continue
        if year in out:
            continue
        centers = row.position.get("centers", {})
        out[year] = {power: len(centers.get(power, [])) for power in POWERS}
    return out


def supply_centre_chart(phases: Sequence[PhaseRow]) -> list[tuple[str, list[int]]]:
    """Rows for the chart: (year label, centres in AEFGIRT order), from the start."""
    start = position_to_contract(Position.initial())["centers"]
    rows = [("Start", [len(start.get(p, [])) for p in POWERS])]
    for year, counts in sorted(center_history(phases).items()):
        rows.append((str(year), [counts[p] for p in POWERS]))
    return rows


def eliminations(history_: Mapping[int, Mapping[str, int]]) -> dict[str, int]:
    """Power -> the first year it ended with no centre (and never came back)."""
    out: dict[str, int] = {}
    for power in POWERS:
        gone: int | None = None
        for year in sorted(history_):
            if history_[year].get(power, 0):
                gone = None  # (back) on the board
            elif gone is None:
                gone = year
        if gone is not None:
            out[power] = gone
    return out


def last_completed_fall(phase: str) -> int:
    p = Phase.parse(phase)
    return p.year if p.season == "W" else p.year - 1


def board_result(state: GameState, reason: str,
                 draw: Sequence[str] | None = None) -> BoardResult:
    """The board's result from its game: centres now, year by year, eliminations."""
    current = state.current
    if current is None:
        raise ServiceError("This board's game has not been started.")
    centers = {p: len(current.position.get("centers", {}).get(p, [])) for p in POWERS}
    hist = center_history(state.phases)
    completed = last_completed_fall(current.phase)
    if reason in ("draw", "called"):
        end_year = Phase.parse(current.phase).year
    else:
        end_year = max(completed, 1901)
    if completed >= 1901:
        hist.setdefault(completed, dict(centers))
    solo = next((p for p, c in centers.items() if c >= SOLO_CENTERS), None)
    if reason == "solo" and solo is None:
        raise ServiceError("No power has 18 centres: this game is not a solo.")
    if solo is not None:
        reason = "solo"
    draw_powers = tuple(draw) if reason == "draw" and draw else (
        tuple(p for p in POWERS if centers[p] > 0) if reason == "draw" else None)
    return BoardResult(centers=centers, end_year=end_year, end_reason=reason, solo=solo,
                       draw=draw_powers, eliminated=eliminations(hist), history=hist)


def end_game(db: TournamentDb, board_id: int, reason: str,
             draw: Sequence[str] | None = None) -> Change:
    """End the board's game ("solo", "draw", "last-year", "called" by the TD, "time" at the
    round's end) and write its result for scoring: nothing is typed again."""
    state = game_state(db, board_id)
    if state.finished:
        raise ServiceError("This board's game is over already.")
    result = board_result(state, reason, draw)
    return record_result(db, board_id, result)


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


def fall_in_hand(state: GameState) -> bool:
    """A Fall is being adjudicated: some of its sheets are in."""
    current = state.current
    return bool(current and current.phase.startswith("F")
                and any(s.text.strip() or s.status != ENTERED for s in current.sheets.values()))


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
        if fall_in_hand(state):
            waiting.append(board_id)
            continue
        end_game(db, board_id, "time")
        ended.append(board_id)
    return TimeUp(tuple(ended), tuple(waiting))
