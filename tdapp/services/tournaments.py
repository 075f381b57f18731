"""Creating a tournament, reading and editing its description."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import select

from tdapp.core.formats import get_format
from tdapp.core.text import length_problem, strip_invisible
from tdapp.services import text
from tdapp.services.changes import Change, ServiceError
from tdapp.services.formats import rescore_boards, session_systems
from tdapp.store.database import TournamentDb
from tdapp.store.locations import create_location
from tdapp.store.models import RollCall, Round, Tournament


@dataclass(frozen=True)
class TournamentInfo:
    name: str
    format_name: str
    rounds_planned: int
    venue: str = ""
    start_date: dt.date | None = None
    end_date: dt.date | None = None
    # The venue's position, for the "distance from home" tie-breaker (both or neither).
    venue_latitude: float | None = None
    venue_longitude: float | None = None

    def problems(self) -> list[str]:
        """What is wrong with these details, in the TD's words (empty when fine)."""
        found = []
        if not self.name.strip():
            found.append("The tournament needs a name.")
        for value, label, limit in ((self.name, "The tournament's name", text.NAME_LIMIT),
                                    (self.venue, "The venue", text.PLACE_LIMIT)):
            problem = length_problem(value, label, limit)
            if problem:
                found.append(problem)
        try:
            get_format(self.format_name)
        except KeyError:
            found.append(f"There is no tournament format called {self.format_name!r}.")
        if not 1 <= self.rounds_planned <= 20:
            found.append("The number of rounds must be between 1 and 20.")
        if self.start_date and self.end_date and self.end_date < self.start_date:
            found.append("The last day is before the first day.")
        found.extend(_coordinate_problems(self.venue_latitude, self.venue_longitude))
        return found


def _coordinate_problems(latitude: float | None, longitude: float | None) -> list[str]:
    if (latitude is None) != (longitude is None):
        return ["The venue location needs both a latitude and a longitude (or neither)."]
    found = []
    if latitude is not None and not -90 <= latitude <= 90:
        found.append("The venue latitude must be between -90 and 90.")
    if longitude is not None and not -180 <= longitude <= 180:
        found.append("The venue longitude must be between -180 and 180.")
    return found


def _clean(value: str) -> str:
    """A typed name without invisible or bidi-override characters (services.text)."""
    return " ".join(strip_invisible(value).split())


def create_tournament(path: Path | str, info: TournamentInfo) -> TournamentDb:
    """Write a new tournament (a file, or a venue server's database URL) with its rounds
    planned, and return it open."""
    problems = info.problems()
    if problems:
        raise ServiceError(" ".join(problems))
    db = create_location(path)
    try:
        with db.action(f"Create tournament {info.name}") as session:
            session.add(
                Tournament(
                    name=_clean(info.name), format_name=info.format_name,
                    rounds_planned=info.rounds_planned, venue=_clean(info.venue),
                    start_date=info.start_date, end_date=info.end_date,
                    venue_latitude=info.venue_latitude, venue_longitude=info.venue_longitude,
                )
            )
            session.add_all(Round(number=n) for n in range(1, info.rounds_planned + 1))
    except BaseException:
        # a tournament file without its tournament is no file: closed, unlocked and removed
        on_server = db.on_server
        db.close()
        if not on_server:
            for leftover in ("", "-wal", "-shm", "-journal"):
                Path(f"{path}{leftover}").unlink(missing_ok=True)
        raise
    return db


def tournament_info(db: TournamentDb) -> TournamentInfo:
    with db.read() as session:
        row = session.scalars(select(Tournament)).one()
        return TournamentInfo(
            name=row.name, format_name=row.format_name, rounds_planned=row.rounds_planned,
            venue=row.venue, start_date=row.start_date, end_date=row.end_date,
            venue_latitude=row.venue_latitude, venue_longitude=row.venue_longitude,
        )


def update_tournament(db: TournamentDb, info: TournamentInfo) -> Change:
    """Edit name, dates, venue, format or number of rounds (never below a round already used)."""
    problems = info.problems()
    if problems:
        raise ServiceError(" ".join(problems))
    with db.action(f"Edit tournament details of {info.name}") as session:
        row = session.scalars(select(Tournament)).one()
        rounds = session.scalars(select(Round).order_by(Round.number)).all()
        used = [r.number for r in rounds if r.status != "planned" or r.boards]
        if used and info.rounds_planned < max(used):
            raise ServiceError(
                f"Round {max(used)} already has boards; the tournament cannot have fewer rounds."
            )
        format_changed = info.format_name != row.format_name
        row.name, row.format_name, row.venue = (_clean(info.name), info.format_name,
                                                _clean(info.venue))
        row.start_date, row.end_date = info.start_date, info.end_date
        row.rounds_planned = info.rounds_planned
        row.venue_latitude, row.venue_longitude = info.venue_latitude, info.venue_longitude
        existing = {r.number: r for r in rounds}
        for number in range(1, info.rounds_planned + 1):
            if number not in existing:
                session.add(Round(number=number))
        for number, round_ in existing.items():
            if number > info.rounds_planned:
                for answer in session.scalars(select(RollCall).where(RollCall.round_id == round_.id)):
                    session.delete(answer)  # one by one, so that Undo brings them back
                session.delete(round_)
        if format_changed:  # another built-in format: the TD's own copy of the old one goes,
            # and boards already played are scored again under the new one, in this same action
            row.custom_format = None
            session.flush()
            rescore_boards(session, get_format(info.format_name), session_systems(session))
            return Change("Tournament format changed", tournament=True, rounds=True,
                          results=True, boards=True)
    return Change("Tournament details changed", tournament=True, rounds=True)
