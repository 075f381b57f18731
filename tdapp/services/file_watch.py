"""Another program's commits to the open ``.tdt`` file (``tdapp web FILE.tdt`` beside the
program: a phone's check-in, a confirmation; a command run by hand), seen by this one.

SQLite's ``PRAGMA data_version``, on a connection kept for that alone, moves whenever another
connection commits. Then the audit rows written since the last look tell what changed: each
action not committed through this program's own handles (``TournamentDb.actions_here``) becomes
the ``Change`` its tables name, as a venue server's notice does (``live.change_from_notice``),
so the views refresh exactly as for a change of their own. :class:`FileListener` polls on a
thread of its own (about once a second) and hands what it found to a callback; the GUI passes
it to its own thread with a queued signal (``gui/room/file_watcher.py``).
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable, Collection, Iterable

from sqlalchemy import func, select

from tdapp.services.live import Heard, change_from_notice, merge_heard
from tdapp.store.database import TournamentDb
from tdapp.store.live import AuditedAction, audited_actions
from tdapp.store.models import AuditEntry

log = logging.getLogger("tdapp.file_watch")
POLL_S = 1.0  # how often the file is looked at


def heard_of_actions(db: TournamentDb, action_ids: Collection[int],
                     fallback: str = "another program") -> Heard | None:
    """The actions' change as one ``Heard`` (their tables, rows and words from the audit log);
    None when the log holds none of them."""
    actions = audited_actions(db.engine, action_ids)
    return _merged([actions[i] for i in sorted(actions)], fallback)


def _merged(actions: Iterable[AuditedAction], fallback: str) -> Heard | None:
    heard: Heard | None = None
    count = 0
    for action in actions:
        count += 1
        who = action.who or fallback
        one = Heard(change_from_notice({"what": action.what, "who": who,
                                        "tables": action.tables,
                                        "rows": [list(row) for row in action.rows[:500]]}),
                    f"{action.what} — {who}")
        heard = one if heard is None else merge_heard(heard, one, count)
    if heard is not None and count > 1:  # merge_heard speaks of stations: say it plainly
        words = f"{count} changes by another program; the last: {heard.words.split(': ', 1)[-1]}"
        heard = Heard(heard.change, words)
    return heard


class FileFeed:
    """Looks at the file once per :meth:`poll`: what other programs committed since."""

    def __init__(self, db: TournamentDb) -> None:
        self.db = db
        self.told: list[TournamentDb] = []  # other handles whose actions reach the GUI anyway
        self._probe = sqlite3.connect(str(db.path), check_same_thread=False,
                                      isolation_level=None)
        self._mark = self._data_version()
        self._last_entry = self._max_entry()

    def _data_version(self) -> int:
        return int(self._probe.execute("PRAGMA data_version").fetchone()[0])

    def _max_entry(self) -> int:
        with self.db.engine.connect() as connection:
            return int(connection.execute(select(func.max(AuditEntry.id))).scalar() or 0)

    def _ours(self) -> set[int]:
        ours = set(self.db.actions_here)
        for handle in list(self.told):
            ours.update(handle.actions_here)
        return ours

    def poll(self) -> Heard | None:
        """What other programs did since the last look, or None."""
        mark = self._data_version()
        if mark == self._mark:
            return None
        self._mark = mark
        query = select(AuditEntry.id, AuditEntry.action_id).where(
            AuditEntry.id > self._last_entry).order_by(AuditEntry.id)
        with self.db.engine.connect() as connection:
            rows = connection.execute(query).all()
        if not rows:
            return None  # this program's own save, or one the audit log does not keep
        self._last_entry = max(row[0] for row in rows)
        ours = self._ours()
        theirs = {row[1] for row in rows if row[1] not in ours}
        return heard_of_actions(self.db, theirs) if theirs else None

    def close(self) -> None:
        self._probe.close()


class FileListener:
    """Polls a :class:`FileFeed` on a thread of its own from :meth:`start` to :meth:`stop`;
    ``on_heard`` is called on that thread."""

    def __init__(self, db: TournamentDb, on_heard: Callable[[Heard], None],
                 every: float = POLL_S) -> None:
        self.feed = FileFeed(db)
        self.on_heard = on_heard
        self.every = every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tdapp file watch", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        try:
            while not self._stop.wait(self.every):
                try:
                    heard = self.feed.poll()
                except Exception:  # a file busy for a moment, a disk gone: look again later
                    log.exception("looking at the tournament file for other programs' changes")
                    continue
                if heard is not None:
                    self.on_heard(heard)
        finally:
            self.feed.close()

    def stop(self, timeout: float = 3.0) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout)
