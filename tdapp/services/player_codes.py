"""Each player's own code for the players' page: made, listed for the TD's slips, replaced when
lost or leaked, and looked up from what a player typed (by its hash only).

On a venue server the codes are the TD's role's alone, hashes included (store.grants): the
TD's station lists them for the sheet, and only a players' page served with the TD's login
(the TD's laptop, or one joined with the TD's address) takes players' codes; from an
assistant's login the page shows the room and says where codes work.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session

from tdapp.core.collation import name_key
from tdapp.core.tournament import player_codes as rules
from tdapp.services.changes import Change, ServiceError
from tdapp.services.live import declare
from tdapp.services.players import player_in
from tdapp.store.database import TournamentDb
from tdapp.store.models import Player, PlayerCode, utc_now

# A fresh code that is already someone's is drawn again (odds of 1 in 10**9 per player).
_DRAWS = 20


@dataclass(frozen=True)
class CodeRow:
    """A player's code for the TD's codes sheet (``code`` stored form; ``shown`` printed)."""

    player_id: int
    name: str
    code: str

    @property
    def shown(self) -> str:
        return rules.shown(self.code)


@dataclass(frozen=True)
class PlayerCard:
    """Who a typed code belongs to: nothing more than the page needs to greet them."""

    player_id: int
    name: str


def _fresh(session: Session, taken: set[str]) -> tuple[str, str]:
    """A new code and its hash, unlike every code of the file (``taken``: their hashes)."""
    for _ in range(_DRAWS):
        code = rules.new_code()
        digest = rules.code_hash(code)
        if digest not in taken:
            taken.add(digest)
            return code, digest
    raise ServiceError("No new player code could be drawn; try again.")  # pragma: no cover


def _hashes(session: Session) -> set[str]:
    return set(session.scalars(select(PlayerCode.code_hash)))


def ensure_codes(db: TournamentDb) -> Change:
    """A code for every player without one (withdrawn players too: they may come back). One
    action, one Undo; nothing recorded when every player has a code already."""
    try:
        return _ensure_codes(db)
    except IntegrityError:
        # Another station gave codes at the same moment: theirs stand, the rest get one now.
        return _ensure_codes(db)


def _ensure_codes(db: TournamentDb) -> Change:
    with db.read() as session:
        missing = _without_code(session)
    if not missing:
        return Change("Every player has a code already", room=True, history=False)
    what = (f"Player's page code for {missing[0][1]}" if len(missing) == 1
            else f"Players' page codes for {len(missing)} players")
    with db.action(what) as session:
        taken = _hashes(session)
        now = utc_now()
        ids = []
        for player_id, _name in _without_code(session):  # read again inside the action
            code, digest = _fresh(session, taken)
            session.add(PlayerCode(player_id=player_id, code=code, code_hash=digest,
                                   created_at=now))
            ids.append(player_id)
        return declare(session, Change(what, room=True, ids=tuple(ids)))


def _without_code(session: Session) -> list[tuple[int, str]]:
    has_code = select(PlayerCode.player_id)
    return [(int(pid), str(name)) for pid, name in session.execute(
        select(Player.id, Player.name).where(Player.id.not_in(has_code))
        .order_by(Player.name, Player.id))]


CODES_NEED_THE_TD = ("Players' codes work only on a players' page served with the TD's login "
                     "(on the TD's laptop); this one is connected as an assistant.")


@contextmanager
def _codes_read(db: TournamentDb, refusal: str) -> Iterator[Session]:
    """A read of the codes' table: on a venue server only the TD's role may (store.grants),
    so an assistant's login is refused with ``refusal``, in words."""
    try:
        with db.read() as session:
            yield session
    except DBAPIError as exc:
        if db.on_server and "permission denied" in str(exc).lower():
            raise ServiceError(refusal) from exc
        raise


def list_codes(db: TournamentDb) -> list[CodeRow]:
    """Every player's code, by name as people sort them (for the TD's codes sheet). On a
    venue server only the TD's station may read the codes: an assistant's is refused."""
    with _codes_read(db, "Only the TD's station may see the players' codes (this one is "
                         "connected as an assistant).") as session:
        rows = session.execute(
            select(PlayerCode.player_id, Player.name, PlayerCode.code)
            .join(Player, Player.id == PlayerCode.player_id)).all()
    return sorted((CodeRow(int(pid), str(name), str(code)) for pid, name, code in rows),
                  key=lambda row: (name_key(row.name), row.player_id))


def replace_code(db: TournamentDb, player_id: int) -> Change:
    """A new code for a player whose code was lost or seen by someone else: the old one stops
    working at once (a player without a code gets their first)."""
    with db.read() as session:
        name = player_in(session, player_id).name
    what = f"New players' page code for {name}"
    with db.action(what) as session:
        taken = _hashes(session)
        code, digest = _fresh(session, taken)
        row = session.scalar(select(PlayerCode).where(PlayerCode.player_id == player_id))
        if row is None:
            session.add(PlayerCode(player_id=player_id, code=code, code_hash=digest,
                                   created_at=utc_now()))
        else:
            row.code, row.code_hash, row.created_at = code, digest, utc_now()
        return declare(session, Change(what, room=True, ids=(player_id,)))


def code_book(db: TournamentDb) -> dict[str, PlayerCard]:
    """Every player's card by their code's hash (what ``player_for_code`` looks up, read at
    once: a page server keeps it per change). On an assistant's login, a ServiceError saying
    where codes work."""
    with _codes_read(db, CODES_NEED_THE_TD) as session:
        rows = session.execute(
            select(PlayerCode.code_hash, Player.id, Player.name)
            .join(Player, Player.id == PlayerCode.player_id)).all()
    return {str(digest): PlayerCard(int(pid), str(name)) for digest, pid, name in rows}


def player_for_code(db: TournamentDb, typed: str) -> PlayerCard | None:
    """The player whose code this is, or None (never a hint of how near a wrong code came).
    Looks the code up by its hash. On an assistant's login, a ServiceError saying where codes
    work (the codes are the TD's alone)."""
    code = rules.normalise(typed)
    if code is None:
        return None
    with _codes_read(db, CODES_NEED_THE_TD) as session:
        row = session.execute(
            select(Player.id, Player.name).join(PlayerCode, PlayerCode.player_id == Player.id)
            .where(PlayerCode.code_hash == rules.code_hash(code))).first()
    return PlayerCard(int(row[0]), str(row[1])) if row is not None else None
