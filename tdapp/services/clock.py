"""The round clock in the tournament file: load a round's clock, save it after every action.

A clock's state is absolute instants plus its own adjustment log (``RoundClock.to_dict``), kept
in ``Round.clock_state``, so a program restarted after a crash shows the right time at once.
Saves go through ``TournamentDb.system()``: committed at once but not audited, since they come
many times a minute and the clock's own log already records every adjustment, who did what and
when. The page may keep a little of its own beside the clock (the ticker text) under ``page``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from tdapp.core.clock import ClockError, RoundClock, TimeSource, get_clock_format, new_round_clock
from tdapp.core.clock.formats import ClockFormat
from tdapp.core.clock.round_clock import with_boards
from tdapp.services import sealed
from tdapp.services.changes import ServiceError
from tdapp.services.clock_secret import SEALED_END_KEY, SEALED_END_LABEL
from tdapp.services.formats import effective_format
from tdapp.services.rounds import get_round
from tdapp.store import td_secrets
from tdapp.store.database import TournamentDb
from tdapp.store.models import Board, Round

LAST_YEAR = 1910  # a round's schedule runs to here unless the format ends its games sooner
PAGE_KEY = "page"  # the page's own data beside the clock's state; RoundClock ignores it
# The hidden end time is kept sealed (services.sealed) under SEALED_END_KEY (services.clock_secret);
# "hidden_end" stays None in the file, so one SQL query on a copy of the file no longer reveals it.
PLAYING = ("playing", "called")


def clock_format(db: TournamentDb) -> ClockFormat:
    """The clock rules of the tournament's format (its own copy's, when the TD made one)."""
    fmt = effective_format(db)
    name = getattr(fmt, "clock_schedule", None) or fmt.name
    try:
        return get_clock_format(name)
    except KeyError as exc:
        raise ServiceError(f"clock schedule: {exc.args[0]}") from None


def current_round(db: TournamentDb) -> int | None:
    """The round being played (playing, else board call published), else the next planned
    round, else the last round; ``None`` when the tournament has no rounds."""
    with db.read() as session:
        rows = session.execute(select(Round.number, Round.status).order_by(Round.number)).all()
    for wanted in (("playing",), ("called",), ("planned",)):
        numbers = [number for number, status in rows if status in wanted]
        if numbers:
            return numbers[0]
    return rows[-1][0] if rows else None


def round_boards(db: TournamentDb, round_number: int) -> list[int]:
    with db.read() as session:
        round_id = get_round(session, round_number).id
        return list(session.scalars(
            select(Board.number).where(Board.round_id == round_id).order_by(Board.number)))


def load_clock(db: TournamentDb, round_number: int, time: TimeSource) -> RoundClock:
    """The round's clock as last saved, or a new one from the format's schedule.

    The clock carries the round's boards: a board called after the clock was made joins it.
    A clock nobody has touched yet (its log is empty) is made afresh, so it follows a board
    call redone or a format changed since it was saved.
    """
    with db.read() as session:
        round_ = get_round(session, round_number)
        state = td_secrets.with_hidden_end(session, round_.id, round_.clock_state)
    boards = round_boards(db, round_number)
    if not state or not state.get("log"):  # never touched: as the format and boards are now
        return new_clock(db, boards, time)
    state = _with_hidden_end_opened(state)
    try:
        clock = RoundClock.from_dict(state, time)
    except (ClockError, KeyError, TypeError, ValueError) as exc:
        raise ServiceError(f"Round {round_number}: the saved clock cannot be read ({exc}).") \
            from None
    return with_boards(clock, boards, time)


def new_clock(db: TournamentDb, boards: list[int], time: TimeSource) -> RoundClock:
    fmt = clock_format(db)
    return new_round_clock(fmt, time, boards, last=fmt.rules.end_year or LAST_YEAR)


def save_clock(db: TournamentDb, round_number: int, clock: RoundClock, *,
               page: dict[str, Any] | None = None) -> None:
    """Write the clock's state into the round, committed at once (not audited: see above).

    ``page`` replaces the page's own data when given; otherwise the stored one is kept.
    """
    state = clock.to_dict()
    # A file seals the hidden end time with the TD's key; a venue server keeps it in the table
    # only the TD's role reads (store.td_secrets), so it is passed on as it is there.
    in_file = not db.on_server
    secret = state.get("hidden_end")
    box = None
    if in_file:
        state["hidden_end"] = None
        box = sealed.seal(secret, SEALED_END_LABEL) if secret is not None else None
    with db.system("the clock's last change") as session:
        round_ = get_round(session, round_number)
        if in_file and box is None and _set_but_unreadable(clock, round_.clock_state or {}):
            box = (round_.clock_state or {})[SEALED_END_KEY]  # kept for the laptop that can
        if box is not None:
            state[SEALED_END_KEY] = box
        kept = (round_.clock_state or {}).get(PAGE_KEY)
        if page is not None:
            kept = dict(page)
        if kept:
            state[PAGE_KEY] = kept
        round_.clock_state = td_secrets.without_hidden_end(session, round_.id, state)


def _with_hidden_end_opened(state: dict[str, Any]) -> dict[str, Any]:
    """The state with its sealed hidden end time opened, when this laptop has the key (else
    without one: :func:`hidden_end_notice` says so)."""
    box = state.get(SEALED_END_KEY)
    if not sealed.is_sealed(box):
        return state  # a file from before sealing keeps its plain time until the next save
    try:
        return {**state, "hidden_end": sealed.unseal(box, SEALED_END_LABEL)}
    except sealed.SealError:
        return {**state, "hidden_end": None}


def _set_but_unreadable(clock: RoundClock, stored: dict[str, Any]) -> bool:
    """A hidden end time set on another laptop, never cleared here: its seal is kept."""
    if not sealed.is_sealed(stored.get(SEALED_END_KEY)):
        return False
    events = [e.action for e in clock.log if e.action.startswith("hidden-end-")]
    return bool(events) and events[-1] == "hidden-end-set"


def hidden_end_notice(db: TournamentDb, round_number: int) -> str | None:
    """Why a round's hidden end time, set on another laptop, cannot be read here, and what the
    TD can do; None when there is nothing to say."""
    with db.read() as session:
        state = get_round(session, round_number).clock_state or {}
    box = state.get(SEALED_END_KEY)
    if not sealed.is_sealed(box):
        return None
    try:
        sealed.unseal(box, SEALED_END_LABEL)
    except sealed.SealError as exc:
        return (f"Round {round_number}'s hidden end time was set on another laptop and cannot "
                f"be read here ({exc}). Import the key of the laptop that set it (Key… > "
                f"Import), or set or draw the end time again here.")
    return None


def page_data(db: TournamentDb, round_number: int, *, earlier: bool = True) -> dict[str, Any]:
    """What the clock page keeps beside the round's clock (ticker text, projector theme).

    With ``earlier``, a round that has none yet takes the latest earlier round's, so the
    ticker typed during round 2 is still there when round 3's clock is first shown.
    """
    with db.read() as session:
        get_round(session, round_number)  # a clear error for a round that does not exist
        query = select(Round.clock_state).where(Round.number <= round_number)
        if not earlier:
            query = query.where(Round.number == round_number)
        for state in session.scalars(query.order_by(Round.number.desc())):
            data = (state or {}).get(PAGE_KEY)
            if isinstance(data, dict) and data:
                return dict(data)
    return {}
