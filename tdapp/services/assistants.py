"""The TD gives assistants their own logins and their boards, round by round (venue server).

Each assistant may have a login of their own on the venue server; the TD gives it boards of a
round, and from then on PostgreSQL itself refuses that login any change to another board
(row-level security, :mod:`tdapp.store.board_rights`). These services are what the TD's
station calls (File › Assistants and their boards…); each refuses in the TD's words and
changes nothing when it refuses.

Boards are given round by round: a board belongs to one round, so the boards given in round 1
say nothing about round 2. An assistant given boards of earlier rounds only may enter no board
of a newly seated round until the TD gives them some of it (and keeps the right to correct the
boards given before). An assistant never given any board may enter every board.

Logins and given boards are the server's rights, not tournament rows, but each change is a
line of the audit log (History: who, when, what) and every station hears of it (the typed
change's ``assistants`` kind: the Assistants dialog rereads). Edit › Undo of giving boards gives
back the boards the login had before; Undo of adding a login removes it. A removed login, or a
new password, is in the History only: the old password is not kept anywhere (PostgreSQL keeps
its hash only), so Undo could not bring it back and does not pretend to (add the login again).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Connection, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.orm import Session

from tdapp.services.changes import Change, ServiceError
from tdapp.services.live import declare
from tdapp.store import audit, board_rights
from tdapp.store.database import TournamentDb
from tdapp.store.models import Board, Round
from tdapp.store.server_refusals import ServerRefused, connection_problem
from tdapp.store.venue_server import ASSISTANT_ROLE, TD_ROLE, readable_password

T = TypeVar("T")


@dataclass(frozen=True)
class AssistantRow:
    """One assistant's login and what it may enter in the round shown."""

    login: str
    boards: tuple[int, ...]  # board numbers of the round shown that were given
    given_elsewhere: int  # boards given in other rounds
    every_board: bool  # never given a board: may enter every board

    def describe(self, round_number: int) -> str:
        if self.every_board:
            return "every board (no boards given yet)"
        here = ", ".join(map(str, self.boards)) if self.boards else \
            f"none of round {round_number} (may enter no board of this round)"
        if self.given_elsewhere:
            plural = "s" if self.given_elsewhere > 1 else ""
            here += f"; and {self.given_elsewhere} board{plural} of other rounds"
        return here


@dataclass(frozen=True)
class RoundBoards:
    """A round that has boards, and their numbers."""

    number: int
    boards: tuple[int, ...]


def _on_server(db: TournamentDb) -> str:
    if db.url is None:
        raise ServiceError("Assistants have logins of their own only on a shared tournament "
                           "(File › Share on the venue network…); a .tdt file has no logins.")
    return db.url


def _not_the_td(url: str) -> str:
    return ("Only the TD's station may add assistants and give boards; this station is "
            f"connected as {make_url(url).username}. Nothing was changed.")


def _refusal_words(url: str, exc: DBAPIError) -> str:
    """A database error of a change to the rights, in the TD's words."""
    words = connection_problem(url, exc)
    if "may not do this" in words or "permission denied" in str(exc).lower():
        return _not_the_td(url)
    return words


@contextmanager
def _server_connection(db: TournamentDb) -> Iterator[Connection]:
    """One transaction on this station's connection; a refusal becomes the TD's words."""
    url = _on_server(db)
    try:
        with db.engine.begin() as connection:
            yield connection
    except board_rights.BoardRightsError as exc:
        raise ServiceError(str(exc)) from exc
    except DBAPIError as exc:
        raise ServiceError(_refusal_words(url, exc)) from exc
    except SQLAlchemyError as exc:
        raise ServiceError(connection_problem(url, exc)) from exc


def _with_td(db: TournamentDb, work: Callable[[Connection], T]) -> T:
    with _server_connection(db) as connection:
        if not board_rights.may_manage_assistants(connection):
            raise ServiceError(
                "Only the TD's role may add assistants and give boards (this station is "
                f"connected as {make_url(_on_server(db)).username}). Nothing was changed.")
        return work(connection)


# The audit log's names for the rows that are the server's rights (services.history's Undo,
# RESTORERS at the end of this module).
LOGIN_ROWS = "assistant_login"
BOARD_ROWS = "assistant_boards"


def _td_action(db: TournamentDb, what: str, work: Callable[[Connection, Session], Change]
               ) -> Change:
    """One of the TD's changes to the rights, as an action: committed with its audit line and
    its notice to the other stations, or not at all."""
    url = _on_server(db)
    try:
        with db.action(what) as session:
            connection = session.connection()
            if not board_rights.may_manage_assistants(connection):
                raise ServiceError(
                    "Only the TD's role may add assistants and give boards (this station is "
                    f"connected as {make_url(url).username}). Nothing was changed.")
            change = work(connection, session)
            session.info["tdapp_action"] = change.description
            return declare(session, change)
    except (board_rights.BoardRightsError, ServerRefused) as exc:
        words = str(exc)
        raise ServiceError(_not_the_td(url) if "may not do this" in words else words) from exc
    except DBAPIError as exc:
        raise ServiceError(_refusal_words(url, exc)) from exc
    except SQLAlchemyError as exc:
        raise ServiceError(connection_problem(url, exc)) from exc


def _log(session: Session, table: str, before: dict[str, Any] | None,
         after: dict[str, Any] | None, *, note: bool = False) -> None:
    session.info.setdefault(audit.PENDING_KEY, []).append((table, 0, before, after))
    if note:
        session.info[audit.KIND_KEY] = "note"


def _boards_row(connection: Connection, login: str) -> dict[str, Any]:
    return {"login": login, "board_ids": board_rights.given_boards(connection, login)}


def restore_login(session: Session, target: dict[str, Any] | None,
                  left: dict[str, Any] | None
                  ) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """Undo of adding a login removes it (and its boards); Redo cannot add it back."""
    if target is not None:
        raise board_rights.BoardRightsError(
            f"The login {target.get('login')} cannot come back by Redo: its password is not "
            "kept anywhere. Add it again (File › Assistants and their boards…). Nothing was "
            "changed.")
    connection = session.connection()
    login = str((left or {}).get("login", ""))
    if login not in board_rights.assistant_logins(connection):
        return None, None  # removed since: nothing left to take away
    before = _boards_row(connection, login)
    board_rights.drop_login(connection, login)
    return before, None


def restore_boards(session: Session, target: dict[str, Any] | None,
                   _left: dict[str, Any] | None) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """Give the login exactly the boards it had then (those boards that still exist)."""
    if target is None:
        return None, None
    connection = session.connection()
    login = str(target["login"])
    if login not in board_rights.assistant_logins(connection):
        raise board_rights.BoardRightsError(
            f"The assistant {login} was removed since: add the login again, then give its "
            "boards (File › Assistants and their boards…). Nothing was changed.")
    before = _boards_row(connection, login)
    wanted = [int(b) for b in target.get("board_ids", [])]
    existing = {int(b) for b in connection.execute(
        select(Board.id).where(Board.id.in_(wanted))).scalars()} if wanted else set()
    board_rights.give_boards(connection, login, [b for b in wanted if b in existing])
    return before, _boards_row(connection, login)


def manages_assistants(db: TournamentDb) -> bool:
    """This station is the TD's on a shared tournament (it may add assistants)."""
    if db.url is None:
        return False
    try:
        with _server_connection(db) as connection:
            return board_rights.may_manage_assistants(connection)
    except ServiceError:
        return False


def rounds_with_boards(db: TournamentDb) -> list[RoundBoards]:
    """Every round that has boards, oldest first (the dialog's round picker)."""
    with db.read() as session:
        found: dict[int, list[int]] = {}
        for round_number, board_number in session.execute(
                select(Round.number, Board.number).join(Board, Board.round_id == Round.id)
                .order_by(Round.number, Board.number)):
            found.setdefault(int(round_number), []).append(int(board_number))
    return [RoundBoards(number, tuple(boards)) for number, boards in found.items()]


def _round_board_ids(connection: Connection, round_number: int) -> dict[int, int]:
    """Board number -> id of one round; a round without boards is refused."""
    rows = connection.execute(
        select(Board.number, Board.id).join(Round, Board.round_id == Round.id)
        .where(Round.number == round_number)).all()
    if not rows:
        raise ServiceError(f"Round {round_number} has no boards yet: seat it first "
                           "(Round › Seat round…), then give its boards.")
    return {int(number): int(board_id) for number, board_id in rows}


def list_assistants(db: TournamentDb, round_number: int) -> list[AssistantRow]:
    """Every assistant's login, with the boards of ``round_number`` given to it."""
    def work(connection: Connection) -> list[AssistantRow]:
        ids = _round_board_ids(connection, round_number)
        number_of = {board_id: number for number, board_id in ids.items()}
        given = board_rights.all_given(connection)
        rows = []
        for login in board_rights.assistant_logins(connection):
            mine = given.get(login, [])
            here = tuple(sorted(number_of[b] for b in mine if b in number_of))
            rows.append(AssistantRow(login, here, len(mine) - len(here), not mine))
        return rows

    return _with_td(db, work)


def waiting_for_boards(db: TournamentDb) -> str:
    """After a round is seated: the assistants who may enter none of its boards yet (given
    boards of earlier rounds only), in the TD's words; empty when there is none."""
    rounds = rounds_with_boards(db)
    if not rounds:
        return ""
    latest = rounds[-1].number

    def work(connection: Connection) -> list[str]:
        ids = set(_round_board_ids(connection, latest).values())
        return [login for login, given in board_rights.all_given(connection).items()
                if login in board_rights.assistant_logins(connection)
                and not ids.intersection(given)]

    waiting = _with_td(db, work)
    if not waiting:
        return ""
    return (f"Round {latest} is seated: {', '.join(waiting)} had boards of earlier rounds "
            f"only and may enter no board of round {latest} until you give them some "
            "(File › Assistants and their boards…).")


def add_assistant(db: TournamentDb, login: str, password: str) -> Change:
    """An assistant's own login (or a new password for it), with no boards given yet."""
    login = login.strip()
    if " " in login:
        raise ServiceError(f"{login!r} has a space: a login is one word, for example "
                           "'desk3' or 'anna'.")
    if not password.strip():
        raise ServiceError("Type a password for the assistant (or take the one offered).")
    try:
        board_rights.check_password(password)
    except board_rights.BoardRightsError as exc:
        raise ServiceError(str(exc)) from exc

    def work(connection: Connection, session: Session) -> Change:
        new = board_rights.create_login(connection, login, password)
        said = "added" if new else "given a new password"
        if new:
            _log(session, LOGIN_ROWS, None, {"login": login})
        else:  # the old password is gone: in the History, not on the Undo stack
            _log(session, LOGIN_ROWS, {"login": login}, {"login": login}, note=True)
        return Change(f"Assistant {login} {said}", assistants=True)

    return _td_action(db, f"Add assistant {login}", work)


def give_boards(db: TournamentDb, login: str, round_number: int,
                board_numbers: Iterable[int]) -> Change:
    """Give ``login`` exactly these boards of ``round_number`` (its boards of other rounds
    stay given). Refused, with nothing changed, for a board the round does not have."""
    wanted = sorted(set(board_numbers))

    def work(connection: Connection, session: Session) -> Change:
        if login not in board_rights.assistant_logins(connection):
            raise ServiceError(f"There is no assistant {login!r} on this server: add the "
                               "login first.")
        ids = _round_board_ids(connection, round_number)
        missing = [n for n in wanted if n not in ids]
        if missing:
            raise ServiceError(f"Round {round_number} has no board "
                               f"{', '.join(map(str, missing))}: nothing was given.")
        before = _boards_row(connection, login)
        board_rights.give_some_boards(connection, login, ids.values(),
                                      [ids[n] for n in wanted])
        _log(session, BOARD_ROWS, before, _boards_row(connection, login))
        boards = ", ".join(map(str, wanted)) or "none"
        word = "board" if len(wanted) == 1 else "boards"
        return Change(f"{login} given {word} {boards} of round {round_number}",
                      assistants=True)

    return _td_action(db, f"Give boards to {login}", work)


def remove_assistant(db: TournamentDb, login: str) -> Change:
    """Take the assistant's login away (the station using it can no longer connect)."""
    def work(connection: Connection, session: Session) -> Change:
        before = _boards_row(connection, login) \
            if login in board_rights.assistant_logins(connection) else {"login": login}
        board_rights.drop_login(connection, login)
        # Its password cannot come back: in the History, not on the Undo stack.
        _log(session, LOGIN_ROWS, before, None, note=True)
        return Change(f"Assistant {login} removed", assistants=True)

    return _td_action(db, f"Remove assistant {login}", work)


def my_boards(db: TournamentDb) -> str:
    """On an assistant's station: the boards this login was given, round by round, in words
    (empty on the TD's station and for a file)."""
    login = make_url(db.url).username if db.url is not None else None
    if login in (None, TD_ROLE):
        return ""
    if login == ASSISTANT_ROLE:
        with _server_connection(db) as connection:
            restricted = bool(board_rights.all_given(connection))
        if restricted:
            return ("No board: the TD gives boards to the assistants' own logins (this is "
                    "the shared login)")
        return "Every board (the assistants' shared login, while the TD gives no one boards)"
    with _server_connection(db) as connection:
        rows: Sequence[Any] = []
        if connection.execute(text("SELECT to_regclass(:t)"),
                              {"t": board_rights.GIVEN_TABLE}).scalar() is not None:
            rows = connection.execute(
                select(Round.number, Board.number).join(Board, Board.round_id == Round.id)
                .where(Board.id.in_(text(f"SELECT board_id FROM {board_rights.GIVEN_TABLE} "
                                         "WHERE login = session_user")))
                .order_by(Round.number, Board.number)).all()
    if not rows:
        return "Every board (the TD has given this login none)"
    by_round: dict[int, list[str]] = {}
    for round_number, board_number in rows:
        by_round.setdefault(int(round_number), []).append(str(board_number))
    return "Boards given to this login: " + "; ".join(
        f"round {number}: {', '.join(boards)}" for number, boards in by_round.items())


def join_address(db: TournamentDb, login: str, password: str) -> str:
    """The address an assistant pastes into File › Join a shared tournament…: this
    tournament's server and database, with the assistant's login and password."""
    url = make_url(_on_server(db)).set(username=login, password=password)
    return url.render_as_string(hide_password=False).replace("postgresql+psycopg://",
                                                             "postgresql://")


def suggest_password() -> str:
    """A password easy to read aloud and type from a screen ('k7m2-p9qx-4hta')."""
    return readable_password()


RESTORERS: dict[str, audit.Restorer] = {LOGIN_ROWS: restore_login, BOARD_ROWS: restore_boards}
