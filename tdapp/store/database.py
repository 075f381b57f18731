"""Opening, creating and using a tournament file (one SQLite database, ``*.tdt``).

Every connection runs in WAL mode with ``synchronous=FULL`` and foreign keys on, so a committed
edit survives a crash or a pulled plug; after each commit the WAL is folded into the ``.tdt``
(``checkpoint``), so the file copied alone holds every committed action. ``TournamentDb.action(what)`` is one person's action:
one short session, committed at the end, with every row it changed written to the audit log.
"""

from __future__ import annotations

import contextlib
import getpass
import threading
import uuid
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import URL, Engine, create_engine, event
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from tdapp.store import audit, live, receipts
from tdapp.store.errors import TournamentFileError
from tdapp.store.server_refusals import refusal
from tdapp.store.space import edit_not_saved, is_disk_full

if TYPE_CHECKING:
    from tdapp.store.lock import TournamentLock

# PRAGMA application_id marks a SQLite file as a tdapp tournament ("TDAP").
APPLICATION_ID = 0x54444150
SQLITE_HEADER = b"SQLite format 3\x00"


# After each committed action, the WAL is folded into the .tdt itself (PRAGMA wal_checkpoint):
# a TD who copies the .tdt alone to a USB stick between rounds (the -wal beside it left behind)
# carries every committed action. TRUNCATE also empties the -wal, so it never grows. It waits
# for a read in progress (another window's list being read), CHECKPOINT_WAIT_MS at most, so a
# save never waits for a long read: that read over, the next action's checkpoint (or closing
# the file) folds both in. What it costs: tests/benchmarks/bench_wal.py.
CHECKPOINT_MODE: str | None = "TRUNCATE"
CHECKPOINT_WAIT_MS = 250
BUSY_TIMEOUT_MS = 5000


def checkpoint(session: Session) -> None:
    """Fold the WAL into the ``.tdt`` file now (after a commit; a no-op on PostgreSQL)."""
    if CHECKPOINT_MODE is None or session.get_bind().dialect.name != "sqlite":
        return
    # The action is committed whatever happens here: a checkpoint that cannot run now (a
    # long read, a full disk) is done by the next one, and never fails the action.
    with contextlib.suppress(DBAPIError):
        connection = session.connection()
        connection.exec_driver_sql(f"PRAGMA busy_timeout={CHECKPOINT_WAIT_MS}")
        try:
            connection.exec_driver_sql(f"PRAGMA wal_checkpoint({CHECKPOINT_MODE})")
        finally:
            connection.exec_driver_sql(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")


# A service may put its typed change (a payload) here inside its action, when the action is
# the whole of its call: the action's own notice then carries it (services.live.declare).
DECLARED_CHANGE = "tdapp_change"


def _set_pragmas(dbapi_connection: Any, connection_record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.close()


def sqlite_url(path: Path) -> URL:
    """The URL of a file, built rather than parsed: a '?' or '#' in a folder name stays put."""
    return URL.create("sqlite", database=str(path))


def make_engine(path: Path) -> Engine:
    engine = create_engine(sqlite_url(path), future=True)
    event.listen(engine, "connect", _set_pragmas)
    return engine


def _refuse_if_disk_full(exc: BaseException, path: Path, what: str) -> None:
    """A full disk is said in words (which disk, what was not saved), not as SQLite's error."""
    if not isinstance(exc, TournamentFileError) and is_disk_full(exc):
        raise TournamentFileError(edit_not_saved(path, what)) from exc


def default_who() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no user name on some sandboxed systems
        return ""


@dataclass
class ServiceCall:
    """One service call on a venue server, whose actions share it (``TournamentDb.call``):
    their notices name it, so another station waits for the call's typed change
    (``services.live``); ``receipt``, the key of a kept entry being sent, is written with the
    call's first committed action (``store.receipts``)."""

    id: str = field(default_factory=lambda: uuid.uuid4().hex)
    receipt: str | None = None
    actions: list[int] = field(default_factory=list)
    committed: bool = False  # an action of the call reached the server
    # The typed change the last action's own notice carried (services.live.declare): when it
    # is the call's whole change, no second notice is needed.
    declared: dict[str, Any] | None = None


class TournamentDb:
    """An open tournament file (or, with ``url`` set, a tournament on a venue server)."""

    url: str | None = None  # postgresql://… for a venue server's tournament (store.pg)
    station: str = ""  # this laptop's name in a venue server's notices (store.live)

    def __init__(self, path: Path, engine: Engine, lock: TournamentLock | None = None) -> None:
        self.path = Path(path)
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self.who = default_who()
        # The lock beside the file that keeps other running copies out; released by close().
        self.lock = lock
        self.closed = False
        self._calls = threading.local()  # the ServiceCall of each thread (a venue server)
        # The last actions committed through this handle, known before their commit: a watch
        # of the file for other programs' commits (services.file_watch) skips them.
        self.actions_here: deque[int] = deque(maxlen=512)
        # Called (on the committing thread) after each action's commit with its id: the
        # players' page run inside the program tells the GUI what a phone wrote.
        self.on_action: Callable[[int], None] | None = None

    @contextmanager
    def call(self, receipt: str | None = None) -> Iterator[ServiceCall]:
        """Group the actions of one service call run on this thread (see ServiceCall)."""
        call = ServiceCall(receipt=receipt)
        outer = getattr(self._calls, "current", None)
        self._calls.current = call
        try:
            yield call
        finally:
            self._calls.current = outer

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A session for reading; whatever it changes is rolled back."""
        with self._sessions() as session:
            try:
                yield session
            finally:
                session.rollback()

    @contextmanager
    def action(self, what: str) -> Iterator[Session]:
        """One person's action: committed as a whole, logged in the audit log, or not at all."""
        with self._sessions() as session:
            session.info["tdapp_action"] = what
            try:
                yield session
                session.flush()
                # a service may name the action better once it knows what it is changing
                named = session.info.get("tdapp_action", what)
                pending = list(session.info.get(audit.PENDING_KEY, []))
                action_id = audit.write_pending(session, named, self.who)
                call: ServiceCall | None = getattr(self._calls, "current", None)
                declared: dict[str, Any] | None = None
                if self.url is not None:  # a venue server: every station hears of it
                    # A change declared after the call's first action is a nested service's,
                    # not the whole call's: the call's own typed change follows instead.
                    if call is None or not call.actions:
                        declared = session.info.get(DECLARED_CHANGE)
                    live.announce_action(session, self.who, named, pending, action_id,
                                         station=self.station,
                                         call=call.id if call is not None else None,
                                         change=declared if call is not None else None)
                    if call is not None and call.receipt and not call.committed:
                        receipts.write(session, call.receipt, action_id, self.station)
                if action_id is not None:
                    self.actions_here.append(action_id)
                try:
                    session.commit()
                except BaseException:
                    if action_id is not None and action_id in self.actions_here:
                        self.actions_here.remove(action_id)
                    raise
                checkpoint(session)
                if action_id is not None and self.on_action is not None:
                    with contextlib.suppress(Exception):  # committed: never a failure now
                        self.on_action(action_id)
                if call is not None:
                    call.committed = True
                    call.declared = declared
                    if action_id is not None:
                        call.actions.append(action_id)
            except BaseException as exc:
                session.rollback()
                if self.url is not None:  # a venue server's refusal, in words
                    words = refusal(self.url, exc)
                    if words is not None:
                        raise words from exc
                else:
                    _refuse_if_disk_full(exc, self.path, session.info.get("tdapp_action", what))
                raise

    @contextmanager
    def system(self, what: str = "the program's last save") -> Iterator[Session]:
        """Work the program does on its own (not a person's edit): committed, not audited."""
        with self._sessions() as session:
            try:
                yield session
                session.commit()
                checkpoint(session)
            except BaseException as exc:
                session.rollback()
                _refuse_if_disk_full(exc, self.path, what)
                raise

    @property
    def on_server(self) -> bool:
        return self.url is not None

    def close(self) -> None:
        """Close every connection (SQLite then folds the WAL into the file) and unlock it."""
        self.engine.dispose()
        if self.lock is not None:
            self.lock.release()
        self.closed = True

    def __enter__(self) -> TournamentDb:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
