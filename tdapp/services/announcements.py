"""The TD's announcements for every phone on the players' page (and the projector).

Typed text is made safe as every other text (services.text: invisible characters out, at most
``ANNOUNCEMENT_LIMIT`` characters) and stays plain text: the page escapes it like a name. A
withdrawn announcement is kept (History, Undo), never shown. On a venue server only the TD's
role may announce (store.grants): the assistants' role reads them.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import select

from tdapp.services.changes import Change, ServiceError
from tdapp.services.live import declare
from tdapp.services.text import typed_text
from tdapp.store.database import TournamentDb
from tdapp.store.models import Announcement, utc_now

ANNOUNCEMENT_LIMIT = 500
_QUOTED = 40  # how much of an announcement History quotes


@dataclass(frozen=True)
class AnnouncementRow:
    id: int
    at: dt.datetime  # UTC, naive as the file keeps it
    text: str


def _quoted(text: str) -> str:
    line = " ".join(text.split())
    cut = line[:_QUOTED] + ("\u2026" if len(line) > _QUOTED else "")
    return f"\u201c{cut}\u201d"


def announce(db: TournamentDb, text: str) -> Change:
    """Show ``text`` on every players' page, newest first."""
    safe = typed_text(text, "An announcement", ANNOUNCEMENT_LIMIT, multiline=True)
    if not safe:
        raise ServiceError("An announcement needs some text.")
    what = f"Announcement {_quoted(safe)}"
    with db.action(what) as session:
        row = Announcement(text=safe, at=utc_now(), withdrawn=False)
        session.add(row)
        session.flush()
        return declare(session, Change(what, room=True, ids=(row.id,)))


def withdraw_announcement(db: TournamentDb, announcement_id: int) -> Change:
    """Take an announcement off the pages (it stays in History)."""
    with db.read() as session:
        row = session.get(Announcement, announcement_id)
        if row is None:
            raise ServiceError("That announcement no longer exists.")
        if row.withdrawn:
            return Change(f"Announcement {_quoted(row.text)} was withdrawn already", room=True,
                          history=False)
        what = f"Announcement {_quoted(row.text)} withdrawn"
    with db.action(what) as session:
        row = session.get(Announcement, announcement_id)
        if row is None:
            raise ServiceError("That announcement no longer exists.")
        row.withdrawn = True
        return declare(session, Change(what, room=True, ids=(announcement_id,)))


def announcements(db: TournamentDb) -> list[AnnouncementRow]:
    """The announcements shown now, newest first."""
    with db.read() as session:
        return [AnnouncementRow(int(i), at, str(text)) for i, at, text in session.execute(
            select(Announcement.id, Announcement.at, Announcement.text)
            .where(Announcement.withdrawn.is_(False))
            .order_by(Announcement.at.desc(), Announcement.id.desc()))]
