"""The players list: add, edit, withdraw, delete (only someone who never played), keep-apart."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from tdapp.core.collation import name_key
from tdapp.core.text import length_problem, strip_invisible
from tdapp.services import text
from tdapp.services.changes import Change, ServiceError, StaleEdit
from tdapp.store import audit
from tdapp.store.database import TournamentDb
from tdapp.store.models import (
    Board,
    CheckIn,
    KeepApart,
    Player,
    PlayerCode,
    ResultResponse,
    RollCall,
    Seat,
    TeamMember,
)

LOCAL_STATUSES: dict[str, str] = {
    "board_member": "Local board member",
    "club_member": "Local club member",
    "local": "Local non-member",
    "traveller": "Traveller",
}
MAX_BOARD = 999  # a pinned board number beyond any venue's tables is a typing slip
MAX_SEED = 9999
# A board has a result once it is finished (result typed) or scored; a called board that has not
# been played yet does not count as a board played.
RESULT_STATUSES = ("finished", "scored")


@dataclass(frozen=True)
class PlayerData:
    """The fields a TD types for a player."""

    name: str
    home_town: str = ""
    country: str = ""
    club: str = ""
    local_status: str = "traveller"
    email: str = ""
    notes: str = ""
    competing: bool = True
    power_preferences: str = ""
    latitude: float | None = None
    longitude: float | None = None
    # A board the player is always seated at (accessibility); the seating keeps it locked.
    pinned_board: int | None = None
    # A qualifying seed (DBN Invitational), lower is better.
    seed: int | None = None
    # Declined a top-board place (WDC 2018): the next in line is invited instead.
    declined_top_board: bool = False

    def problems(self) -> list[str]:
        found = []
        if not self.name.strip():
            found.append("A player needs a name.")
        if self.local_status not in LOCAL_STATUSES:
            found.append(f"Unknown local status {self.local_status!r}.")
        if self.email and "@" not in self.email:
            found.append(f"{self.email!r} is not an e-mail address.")
        prefs = self.power_preferences.upper()
        if any(ch not in "AEFGIRT" for ch in prefs) or len(set(prefs)) != len(prefs):
            found.append("Power preferences are letters of AEFGIRT, each at most once.")
        if self.pinned_board is not None and not 1 <= self.pinned_board <= MAX_BOARD:
            found.append(f"Pinned board must be a board number from 1 to {MAX_BOARD}.")
        if self.seed is not None and not 1 <= self.seed <= MAX_SEED:
            found.append(f"Seed must be a number from 1 to {MAX_SEED} (1 is the best).")
        for value, label, limit in (
            (self.name, "The player's name", text.NAME_LIMIT),
            (self.home_town, "The home town", text.PLACE_LIMIT),
            (self.country, "The country", text.COUNTRY_LIMIT),
            (self.club, "The club", text.PLACE_LIMIT),
            (self.email, "The e-mail address", text.EMAIL_LIMIT),
            (self.notes, "The notes", text.NOTE_LIMIT),
        ):
            problem = length_problem(value, label, limit)
            if problem:
                found.append(problem)
        return found

    def cleaned(self) -> PlayerData:
        """Invisible and bidi-override characters taken out (services.text), spaces tidied."""
        return replace(
            self, name=" ".join(strip_invisible(self.name).split()),
            home_town=strip_invisible(self.home_town).strip(),
            country=strip_invisible(self.country).strip(),
            club=strip_invisible(self.club).strip(), email=strip_invisible(self.email).strip(),
            power_preferences=strip_invisible(self.power_preferences).upper().strip(),
            notes=strip_invisible(self.notes, multiline=True),
        )


@dataclass(frozen=True)
class PlayerRow(PlayerData):
    """A player as the views show them."""

    id: int = 0
    withdrawn: bool = False
    boards_played: int = 0  # boards with a result: games actually played
    version: int = 1
    # Every board the player is seated at, results or not: someone seated is never deleted.
    boards_seated: int = 0


_DATA_FIELDS = tuple(f.name for f in fields(PlayerData))


def _row(player: Player, boards: Mapping[int, tuple[int, int]]) -> PlayerRow:
    seated, played = boards.get(player.id, (0, 0))
    return PlayerRow(
        **{name: getattr(player, name) for name in _DATA_FIELDS},
        id=player.id, withdrawn=player.withdrawn, boards_played=played,
        version=player.version, boards_seated=seated,
    )


def _board_counts(session: Session, player_id: int | None = None) -> dict[int, tuple[int, int]]:
    """Player id -> (boards seated at, boards played): only a board with a result is played."""
    has_result = case((Board.status.in_(RESULT_STATUSES), 1), else_=0)
    query = (select(Seat.player_id, func.count(Seat.id), func.coalesce(func.sum(has_result), 0))
             .join(Board, Board.id == Seat.board_id).group_by(Seat.player_id))
    if player_id is not None:
        query = query.where(Seat.player_id == player_id)
    return {pid: (seated, int(played)) for pid, seated, played in session.execute(query)}


def list_players(db: TournamentDb, *, include_withdrawn: bool = True) -> list[PlayerRow]:
    with db.read() as session:
        boards = _board_counts(session)
        query = select(Player)
        if not include_withdrawn:
            query = query.where(Player.withdrawn.is_(False))
        rows = [_row(p, boards) for p in session.scalars(query)]
    return sorted(rows, key=lambda row: name_key(row.name))


PLAYER_GONE = "That player is no longer in the tournament."


def player_in(session: Session, player_id: int) -> Player:
    """The player, in a service's own session; refused in words when deleted meanwhile."""
    player = session.get(Player, player_id)
    if player is None:
        raise ServiceError(PLAYER_GONE)
    return player


def get_player(db: TournamentDb, player_id: int) -> PlayerRow:
    with db.read() as session:
        return _row(player_in(session, player_id), _board_counts(session, player_id))


def _check(data: PlayerData) -> PlayerData:
    data = data.cleaned()
    problems = data.problems()
    if problems:
        raise ServiceError(" ".join(problems))
    return data


def add_player(db: TournamentDb, data: PlayerData,
               keep_apart: Mapping[int, str] | None = None) -> Change:
    """Add a player; ``keep_apart`` (other player id -> reason) is saved in the same action."""
    data = _check(data)
    with db.action(f"Add player {data.name}") as session:
        _refuse_seed_clash(session, data.seed, None)
        player = Player(**{name: getattr(data, name) for name in _DATA_FIELDS})
        session.add(player)
        session.flush()
        new_id = player.id
        if keep_apart is not None:
            _replace_keep_apart(session, new_id, keep_apart)
    return Change(f"Added {data.name}", players=True, ids=(new_id,))


def add_players(db: TournamentDb, players: list[PlayerData], what: str) -> Change:
    """Add many players as one action (an import), so one Undo takes them all back."""
    cleaned = [_check(p) for p in players]
    with db.action(what) as session:
        taken: set[int] = set()
        for p in cleaned:
            _refuse_seed_clash(session, p.seed, None, taken)
        rows = [Player(**{n: getattr(p, n) for n in _DATA_FIELDS}) for p in cleaned]
        session.add_all(rows)
        session.flush()
        ids = tuple(r.id for r in rows)
    return Change(what, players=True, ids=ids)


def update_player(db: TournamentDb, player_id: int, data: PlayerData, version: int,
                  keep_apart: Mapping[int, str] | None = None) -> Change:
    """Save an edit made on the player as it was at ``version`` (refused if changed since).

    ``keep_apart`` (other player id -> reason), when given, becomes the player's whole keep-apart
    list in the same action, so one Undo takes the edit back."""
    data = _check(data)
    try:
        with db.action(f"Edit player {data.name}") as session:
            player = session.get(Player, player_id)
            if player is None:
                raise ServiceError("That player is no longer in the tournament.")
            if player.version != version:
                raise StaleEdit(f"{player.name} was changed by someone else "
                                f"{audit.last_change_words(session, ('player',), player_id)}"
                                f"; look again.".replace(" ;", ";"),
                                rows=_player_rows(player, data), version=player.version)
            _refuse_seed_clash(session, data.seed, player_id)
            for name in _DATA_FIELDS:
                setattr(player, name, getattr(data, name))
            if keep_apart is not None:
                _replace_keep_apart(session, player_id, keep_apart)
    except StaleDataError as exc:
        with db.read() as session:
            who = audit.last_change_words(session, ("player",), player_id)
            player = session.get(Player, player_id)
            rows = _player_rows(player, data) if player is not None else ()
            now = player.version if player is not None else None
        raise _with_retry(StaleEdit(f"{data.name} was changed by someone else {who}; "
                                    "look again.".replace(" ;", ";"), rows=rows, version=now),
                          db, player_id, data, keep_apart) from exc
    except StaleEdit as stale:
        _with_retry(stale, db, player_id, data, keep_apart)
        raise
    return Change(f"Edited {data.name}", players=True, ids=(player_id,))


def _with_retry(stale: StaleEdit, db: TournamentDb, player_id: int, data: PlayerData,
                keep_apart: Mapping[int, str] | None) -> StaleEdit:
    """"Save mine over theirs" is this same edit at the version now stored."""
    now = stale.version
    if now is not None:
        stale.retry = lambda: update_player(db, player_id, data, now, keep_apart)
    return stale


def _player_rows(player: Player, data: PlayerData) -> tuple[tuple[str, str, str], ...]:
    """The fields where their saved player and your typed one differ, for the conflict dialog."""
    def words(value: object) -> str:
        return "" if value is None else ("yes" if value is True else
                                         "no" if value is False else str(value))
    return tuple((name.replace("_", " ").capitalize(), words(getattr(player, name)),
                  words(getattr(data, name)))
                 for name in _DATA_FIELDS if getattr(player, name) != getattr(data, name))


def _current_name(db: TournamentDb, player_id: int) -> str:
    """The name the History and Edit > Undo show for an action on this player."""
    with db.read() as session:
        player = session.get(Player, player_id)
        if player is None:
            raise ServiceError("That player is no longer in the tournament.")
        return player.name


def set_withdrawn(db: TournamentDb, player_id: int, withdrawn: bool) -> Change:
    """Withdraw a player (kept, with their results) or bring them back."""
    verb = "Withdraw" if withdrawn else "Reinstate"
    name = _current_name(db, player_id)
    with db.action(f"{verb} {name}") as session:
        player = session.get(Player, player_id)
        if player is None:
            raise ServiceError("That player is no longer in the tournament.")
        player.withdrawn = withdrawn
    return Change(f"{verb}n {name}" if withdrawn else f"Reinstated {name}", players=True,
                  ids=(player_id,))


def delete_player(db: TournamentDb, player_id: int) -> Change:
    """Remove someone added by mistake. Someone who has played is withdrawn instead, never deleted."""
    with db.action(f"Delete player {_current_name(db, player_id)}") as session:
        player = session.get(Player, player_id)
        if player is None:
            raise ServiceError("That player is no longer in the tournament.")
        seated, played = _board_counts(session, player_id).get(player_id, (0, 0))
        if played:
            raise ServiceError(
                f"{player.name} has played {played} board(s) and cannot be deleted; "
                "withdraw them instead (their results stay)."
            )
        if seated:
            raise ServiceError(
                f"{player.name} is seated on {seated} board(s) of the board call and cannot be "
                "deleted; withdraw them instead, or seat that round again without them."
            )
        # Rows that point at the player go one by one, so that Undo brings them all back.
        for answer in session.scalars(select(RollCall).where(RollCall.player_id == player_id)):
            session.delete(answer)
        for membership in session.scalars(
            select(TeamMember).where(TeamMember.player_id == player_id)
        ):
            session.delete(membership)
        for pair in session.scalars(
            select(KeepApart).where(
                (KeepApart.player_a_id == player_id) | (KeepApart.player_b_id == player_id)
            )
        ):
            session.delete(pair)
        for model in (PlayerCode, CheckIn, ResultResponse):  # the players' page's rows
            for row in session.scalars(select(model).where(model.player_id == player_id)):
                session.delete(row)
        name = player.name
        session.delete(player)
    return Change(f"Deleted {name}", players=True, roll_call=True, ids=(player_id,))


def keep_apart_pairs(db: TournamentDb) -> list[tuple[int, int, str]]:
    with db.read() as session:
        return [
            (p.player_a_id, p.player_b_id, p.reason) for p in session.scalars(select(KeepApart))
        ]


def add_keep_apart(db: TournamentDb, a: int, b: int, reason: str = "") -> Change:
    if a == b:
        raise ServiceError("A player cannot be kept apart from themselves.")
    low, high = sorted((a, b))
    with db.read() as session:
        names = _names_of(session, (low, high))
    with db.action(f"Keep {names[low]} and {names[high]} apart") as session:
        exists = session.scalar(
            select(KeepApart).where(KeepApart.player_a_id == low, KeepApart.player_b_id == high)
        )
        if exists is None:
            session.add(KeepApart(player_a_id=low, player_b_id=high, reason=_reason(reason)))
    return Change("Keep-apart pair added", players=True)


def remove_keep_apart(db: TournamentDb, a: int, b: int) -> Change:
    """Let two players meet again (they are taken off the keep-apart list)."""
    low, high = sorted((a, b))
    with db.read() as session:
        names = _names_of(session, (low, high))
    with db.action(f"Let {names[low]} and {names[high]} meet again") as session:
        pair = session.scalar(
            select(KeepApart).where(KeepApart.player_a_id == low, KeepApart.player_b_id == high)
        )
        if pair is None:
            raise ServiceError(f"{names[low]} and {names[high]} are not on the keep-apart list.")
        session.delete(pair)
    return Change("Keep-apart pair removed", players=True)


@dataclass(frozen=True)
class KeepApartRow:
    """One keep-apart pair with names; ``player`` is the one asked about when there is one."""

    player_id: int
    player_name: str
    other_id: int
    other_name: str
    reason: str = ""


def keep_apart_list(db: TournamentDb, player_id: int | None = None) -> list[KeepApartRow]:
    """Every keep-apart pair with names (or only ``player_id``'s, that player first in each)."""
    with db.read() as session:
        query = select(KeepApart)
        if player_id is not None:
            query = query.where((KeepApart.player_a_id == player_id)
                                | (KeepApart.player_b_id == player_id))
        pairs = [(p.player_a_id, p.player_b_id, p.reason) for p in session.scalars(query)]
        names = dict(session.execute(select(Player.id, Player.name)).all())
    rows = []
    for first, other, reason in pairs:
        swap = (other == player_id if player_id is not None
                else name_key(names[other]) < name_key(names[first]))
        if swap:
            first, other = other, first
        rows.append(KeepApartRow(first, names[first], other, names[other], reason))
    return sorted(rows, key=lambda r: (name_key(r.player_name), name_key(r.other_name)))


def _names_of(session: Session, ids: tuple[int, ...]) -> dict[int, str]:
    found = dict(session.execute(select(Player.id, Player.name).where(Player.id.in_(ids)))
                 .all())
    if len(found) != len(set(ids)):
        raise ServiceError("That player is no longer in the tournament.")
    return found


def _reason(reason: str) -> str:
    return text.typed_text(reason, "A keep-apart reason", text.REASON_LIMIT)


def _replace_keep_apart(session: Session, player_id: int, wanted: Mapping[int, str]) -> None:
    """Make ``wanted`` (other id -> reason) the player's whole keep-apart list, row by row so
    that the audit log (and Undo) sees each pair."""
    if player_id in wanted:
        raise ServiceError("A player cannot be kept apart from themselves.")
    _names_of(session, (player_id, *wanted))
    current = {
        (p.player_b_id if p.player_a_id == player_id else p.player_a_id): p
        for p in session.scalars(select(KeepApart).where(
            (KeepApart.player_a_id == player_id) | (KeepApart.player_b_id == player_id)))
    }
    for other, pair in current.items():
        if other not in wanted:
            session.delete(pair)
        elif pair.reason != _reason(wanted[other]):
            pair.reason = _reason(wanted[other])
    for other, reason in wanted.items():
        if other not in current:
            low, high = sorted((player_id, other))
            session.add(KeepApart(player_a_id=low, player_b_id=high, reason=_reason(reason)))


def _refuse_seed_clash(session: Session, seed: int | None, player_id: int | None,
                       taken: set[int] | None = None) -> None:
    """Two players never share a seed: the seed orders them (DBN semi-finals, Paris method)."""
    if seed is None:
        return
    holder = session.scalar(select(Player).where(Player.seed == seed, Player.id != player_id)
                            if player_id is not None else select(Player).where(Player.seed == seed))
    if holder is not None:
        raise ServiceError(f"Seed {seed} is already {holder.name}'s; each seed is given once.")
    if taken is not None:
        if seed in taken:
            raise ServiceError(f"Seed {seed} is given to two players; each seed is given once.")
        taken.add(seed)


def find_duplicates(existing: list[PlayerRow], incoming: list[PlayerData]) -> dict[int, str]:
    """Index in ``incoming`` -> why it looks like a duplicate (same name, or same e-mail)."""
    by_name = {" ".join(p.name.lower().split()): p.name for p in existing}
    by_email = {p.email.lower(): p.name for p in existing if p.email}
    seen_names: dict[str, int] = {}
    found: dict[int, str] = {}
    for index, data in enumerate(incoming):
        key = " ".join(data.name.lower().split())
        if key in by_name:
            found[index] = f"{by_name[key]} is already in the tournament"
        elif data.email and data.email.lower() in by_email:
            found[index] = f"same e-mail as {by_email[data.email.lower()]}"
        elif key in seen_names:
            found[index] = f"also on line {seen_names[key] + 1} of this import"
        seen_names.setdefault(key, index)
    return found
