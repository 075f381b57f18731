"""The tournament's format and its own scoring systems.

A tournament plays a built-in format (``Tournament.format_name``) or the TD's copy of one with
changes (``Tournament.custom_format``, the format's JSON with the built-in it came from under
``"base"``). Formula scoring systems the TD wrote live in ``CustomScoring``. Results, standings
and exports read both through :func:`effective_format` and :func:`scoring_systems`.

Boards keep their scores on the seats, so a change that alters how a round is scored (another
system for a round, an edited formula) rescores the finished boards in the same action: the
standings follow at once, and Undo brings the old format and the old scores back together.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from tdapp.core.formats import (
    FormatError,
    TournamentFormat,
    format_from_dict,
    format_to_dict,
    get_format,
)
from tdapp.core.formats.systems import check_format
from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult, ScoringError
from tdapp.core.scoring.formula import FormulaError, FormulaSystem
from tdapp.core.scoring.registry import UnknownSystem, custom_name_problem, get_system
from tdapp.core.scoring.registry import system_names as built_in_names
from tdapp.services.changes import Change, ServiceError
from tdapp.services.text import FORMULA_LIMIT, NAME_LIMIT, typed_text
from tdapp.store.database import TournamentDb
from tdapp.store.models import Board, CenterCount, CustomScoring, Round, Tournament

SCORE_TOLERANCE = 1e-9


class FormatRefused(ServiceError):
    """A format that cannot be saved; ``field`` names the part at fault (FormatError's field)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        self.field = field
        super().__init__(message)


class FormulaRefused(ServiceError):
    """A formula system that cannot be saved; ``column`` (1-based) points into the formula."""

    def __init__(self, message: str, column: int | None = None, field: str = "formula") -> None:
        self.column = column
        self.field = field
        super().__init__(message)


@dataclass(frozen=True)
class FormatState:
    """What the format dialog starts from: the format in force and where it came from."""

    fmt: TournamentFormat
    base: str  # the built-in format it is, or was copied from
    custom: bool
    problem: str = ""  # why the tournament's own format cannot be read (then ``fmt`` is the base)


@dataclass(frozen=True)
class SystemRow:
    name: str
    title: str
    formula: str


class FormatUnreadable(ServiceError):
    """The tournament's own format, as saved, cannot be used (a misspelt option, a field of
    another version); ``field`` names the part at fault (FormatError's field)."""

    def __init__(self, message: str, field: str | None) -> None:
        super().__init__(message)
        self.field = field


# ------------------------------------------------------------------------------ reading
def session_systems(session: Session) -> tuple[FormulaSystem, ...]:
    """The tournament's formula systems, read in ``session``."""
    rows = session.scalars(select(CustomScoring).order_by(CustomScoring.name))
    return tuple(FormulaSystem(r.name, r.title, r.formula) for r in rows)


def session_format(session: Session) -> TournamentFormat:
    """The format in force, read in ``session``: the TD's own copy when there is one."""
    row = session.scalars(select(Tournament)).one()
    if row.custom_format:
        try:
            return format_from_dict(row.custom_format)
        except FormatError as exc:  # a file from another version, or edited by hand
            raise FormatUnreadable(f"The tournament's own format cannot be read ({exc}); "
                                   "choose the format again in Tournament > Format…",
                                   exc.field) from exc
    return get_format(row.format_name)


def effective_format(db: TournamentDb) -> TournamentFormat:
    with db.read() as session:
        return session_format(session)


def format_state(db: TournamentDb) -> FormatState:
    with db.read() as session:
        row = session.scalars(select(Tournament)).one()
        saved = row.custom_format
        custom = bool(saved)
        base = str(saved.get("base", row.format_name)) if saved else row.format_name
        try:
            return FormatState(session_format(session), base, custom)
        except ServiceError as exc:  # unreadable: the dialog starts from the built-in
            return FormatState(get_format(row.format_name), row.format_name, False, str(exc))


def scoring_systems(db: TournamentDb) -> tuple[FormulaSystem, ...]:
    with db.read() as session:
        return session_systems(session)


def list_scoring_systems(db: TournamentDb) -> list[SystemRow]:
    return [SystemRow(s.name, s.title, s.formula) for s in scoring_systems(db)]


def system_names(db: TournamentDb) -> list[str]:
    """Every system a round may use: the tournament's own first, then the built-ins."""
    return [s.name for s in scoring_systems(db)] + list(built_in_names())


# ------------------------------------------------------------------------------ checks


def _format_document(fmt: TournamentFormat, base: str) -> dict[str, Any]:
    return {"base": base, **format_to_dict(fmt)}


# ------------------------------------------------------------------------------ rescoring
def _histories(session: Session) -> dict[int, dict[int, dict[str, int]]]:
    """board id -> year -> power -> centres, in one query of plain columns."""
    out: dict[int, dict[int, dict[str, int]]] = {}
    counts = select(CenterCount.board_id, CenterCount.year, CenterCount.power,
                    CenterCount.centers)
    for board_id, year, power, centers in session.execute(counts):
        out.setdefault(board_id, {}).setdefault(year, {})[power] = centers
    return out


def _board_game(board: Board, history: dict[int, dict[str, int]] | None) -> GameResult:
    seats = {s.power: s for s in board.seats}
    return GameResult(
        centers={p: (seats[p].centers or 0) if p in seats else 0 for p in POWERS},
        end_year=board.end_year or 1901, solo=board.solo_power,
        eliminated={s.power: s.eliminated_year for s in board.seats
                    if s.eliminated_year is not None},
        history=history or None,
        draw=tuple(board.draw_powers) if board.draw_powers else None,
        selection_order=tuple(board.selection_order) if board.selection_order else None,
    )


def rescore_boards(session: Session, fmt: TournamentFormat,
                   custom: Iterable[FormulaSystem], only: set[str] | None = None) -> int:
    """Score every finished board again under ``fmt`` (only rounds scored by ``only`` when
    given); write the seats whose score changed and return how many boards changed.

    Everything is read before anything is written, so no query flushes half the changes."""
    systems = tuple(custom)
    histories = _histories(session)
    query = (select(Board, Round.number).join(Round).options(selectinload(Board.seats))
             .where(Board.status.in_(("finished", "scored"))).order_by(Round.number, Board.number))
    boards = session.execute(query).all()
    changed = 0
    for board, round_number in boards:
        name = fmt.scoring_for(round_number)
        if only is not None and name not in only:
            continue
        try:
            scores = get_system(name, systems).score(_board_game(board, histories.get(board.id)))
        except (ScoringError, UnknownSystem) as exc:
            raise ServiceError(f"Round {round_number} board {board.number} cannot be scored "
                               f"with {name}: {exc}") from exc
        moved = False
        for seat in board.seats:
            new = scores.get(seat.power)
            if new is None:
                continue
            if seat.score is None or abs(seat.score - new) > SCORE_TOLERANCE:
                seat.score = new
                moved = True
        changed += moved
    return changed


def _rescored_words(count: int) -> str:
    return f"; {count} board{'s' if count != 1 else ''} rescored" if count else ""


def _rescored(description: str) -> Change:
    """A format or scoring change rescores the boards: results and standings move."""
    return Change(description, tournament=True, results=True, boards=True)


# ------------------------------------------------------------------------------ formats
def save_custom_format(db: TournamentDb, fmt: TournamentFormat, base: str) -> Change:
    """Make ``fmt`` (a copy of the built-in ``base`` with changes) the tournament's format."""
    try:
        get_format(base)
    except KeyError as exc:
        raise FormatRefused(str(exc.args[0]), "base") from None
    try:  # the title the TD typed: invisible characters out, length bounded
        fmt = replace(fmt, title=typed_text(fmt.title, "The format's title", NAME_LIMIT,
                                            collapse_spaces=True))
    except ServiceError as exc:
        raise FormatRefused(str(exc), "title") from None
    with db.action(f"Tournament format: {fmt.title}") as session:
        custom = session_systems(session)
        try:
            check_format(fmt, custom)
        except FormatError as exc:
            raise FormatRefused(str(exc), exc.field) from None
        _refuse_dropping_played_rounds(session, fmt.rounds)
        row = session.scalars(select(Tournament)).one()
        row.format_name = base
        row.custom_format = _format_document(fmt, base)
        if row.rounds_planned < fmt.rounds:
            existing = {r.number for r in session.scalars(select(Round))}
            session.add_all(Round(number=n) for n in range(1, fmt.rounds + 1) if n not in existing)
            row.rounds_planned = fmt.rounds
        count = rescore_boards(session, fmt, custom)
    return Change(f"Format changed to {fmt.title}{_rescored_words(count)}", tournament=True,
                  results=True, boards=True, rounds=True)


def _refuse_dropping_played_rounds(session: Session, rounds: int) -> None:
    used = session.scalars(select(Round.number).join(Board).where(Round.number > rounds)
                           .order_by(Round.number.desc())).first()
    if used is not None:
        raise FormatRefused(f"round {used} already has boards; the format cannot end before it",
                            "rounds")


def use_builtin_format(db: TournamentDb, name: str) -> Change:
    """Play the built-in format ``name`` as it is (dropping the TD's own copy)."""
    try:
        fmt = get_format(name)
    except KeyError as exc:
        raise FormatRefused(str(exc.args[0]), "base") from None
    with db.action(f"Tournament format: {fmt.title}") as session:
        _refuse_dropping_played_rounds(session, fmt.rounds)
        row = session.scalars(select(Tournament)).one()
        row.format_name, row.custom_format = fmt.name, None
        count = rescore_boards(session, fmt, session_systems(session))
    return _rescored(f"Format changed to {fmt.title}{_rescored_words(count)}")


# ------------------------------------------------------------------------------ formula systems
def make_system(name: str, title: str, formula: str) -> FormulaSystem:
    """A formula system, or :class:`FormulaRefused` saying what is wrong (and where)."""
    problem = custom_name_problem(name)
    if problem:
        raise FormulaRefused(problem, field="name")
    try:
        title = typed_text(title, "The system's title", NAME_LIMIT, collapse_spaces=True)
        if len(formula) > FORMULA_LIMIT:
            raise FormulaRefused(f"The formula is {len(formula):,} characters long; it may be "
                                 f"at most {FORMULA_LIMIT:,}.", field="formula")
    except ServiceError as exc:
        if isinstance(exc, FormulaRefused):
            raise
        raise FormulaRefused(str(exc), field="title") from None
    if not title:
        raise FormulaRefused("The system needs a title.", field="title")
    try:
        return FormulaSystem(name, title, formula)
    except FormulaError as exc:
        raise FormulaRefused(str(exc), exc.column) from None


def save_scoring_system(db: TournamentDb, name: str, title: str, formula: str) -> Change:
    """Add the formula system ``name``, or change its title and formula; boards of rounds
    scored with it are rescored in the same action."""
    system = make_system(name, title, formula)
    with db.action(f"Scoring system {name}") as session:
        row = session.scalars(select(CustomScoring).where(CustomScoring.name == name)).first()
        if row is None:
            session.add(CustomScoring(name=name, title=system.title, formula=formula))
        else:
            row.title, row.formula = system.title, formula
        session.flush()
        count = rescore_boards(session, session_format(session), session_systems(session),
                               only={name})
    return _rescored(f"Scoring system {name} saved{_rescored_words(count)}")


def delete_scoring_system(db: TournamentDb, name: str) -> Change:
    """Remove a formula system the format does not use."""
    with db.action(f"Delete scoring system {name}") as session:
        fmt = session_format(session)
        used = sorted({r.number for r in fmt.round_rules if r.scoring == name})
        if used or fmt.scoring == name:
            rounds = ", ".join(map(str, used)) or "every round"
            raise ServiceError(f"The format scores round {rounds} with {name}; "
                               "choose another system there first.")
        row = session.scalars(select(CustomScoring).where(CustomScoring.name == name)).first()
        if row is None:
            raise ServiceError(f"There is no scoring system called {name!r}.")
        session.delete(row)
    return Change(f"Scoring system {name} deleted", tournament=True)
