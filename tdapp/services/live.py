"""What another station's notice means for the open views: the change it announced, as the
``Change`` a local edit produces, so every view refreshes the same way (see store.live).

A notice is a hint, never a command: any login on the server may send one. A station checks
each strictly (:func:`notice_problem`: a bad one is ignored and logged), believes an action's
notice only when the audit log holds that action, and takes the words it shows and the tables
its views reread from the audit rows, never from the notice's own text. What it hears is
merged (:class:`Coalescer`): the views reread at most a few times a second, and never while
they are still rereading, however many notices arrive. :class:`LiveFeed` is the whole of it,
run on the watcher's thread; it never dies silently: it reconnects, and says so when it cannot.

A service call run through :func:`announced` (the GUI's operation API runs every call so) sends
its exact typed change after its actions; its actions' notices name the call. A station hearing
them (:class:`NoticeMerger`) holds the actions' notices a moment for the typed change and
broadcasts that, exactly what the sender's own views received. Notices of changes written
outside a service call (a command, psql), or of a call whose typed change never came (the
sender died between), become a ``Change`` from the tables and rows they name.
"""

from __future__ import annotations

import contextlib
import logging
import re
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from tdapp.services.changes import KINDS, Change
from tdapp.store.database import DECLARED_CHANGE, TournamentDb
from tdapp.store.live import ChangeListener, announce_change, audited_actions
from tdapp.store.server_engine import make_server_engine

log = logging.getLogger("tdapp.live")

T = TypeVar("T")
# How long a station holds an action's notice for its call's typed change (sent right after
# the call's last action: it normally comes within milliseconds).
TYPED_WAIT = 1.0
ANSWERED_FOR = 60.0  # seconds a broadcast call's late typed change is still taken

# Which views a changed table concerns (the topics services put in their Change).
TABLE_TOPICS: dict[str, tuple[str, ...]] = {
    "tournament": ("tournament", "standings"),
    "player": ("players", "standings"),
    "keep_apart": ("players",),
    "round": ("rounds", "boards"),
    "roll_call": ("roll_call", "players"),
    "board": ("boards", "results", "standings", "games"),
    "seat": ("boards", "results", "standings"),
    "center_count": ("results", "standings"),
    "team": ("teams", "standings", "awards"),
    "team_member": ("teams", "standings", "awards"),
    "special_award": ("awards",),
    "sit_out": ("rounds", "standings"),
    "tie_decision": ("standings", "awards"),
    "custom_scoring": ("tournament", "standings"),
    "game_phase": ("games", "boards"),
    "phase_orders": ("games",),
    "draw_vote": ("games",),
    "seat_replacement": ("games", "results", "standings"),
    "player_code": ("room",),
    "check_in": ("room", "roll_call"),
    "announcement": ("room",),
    "result_response": ("room", "results"),
    "assistant_login": ("assistants",),  # rows of the audit log only (services.assistants)
    "assistant_boards": ("assistants",),
}


def change_from_notice(notice: Mapping[str, Any]) -> Change:
    """The Change another station announced (every topic when it named no tables)."""
    tables = notice.get("tables") or list(TABLE_TOPICS)
    topics: set[str] = set()
    for table in tables:
        topics.update(TABLE_TOPICS.get(str(table), ()))
    rows = notice.get("rows") or []
    ids = tuple(int(row[1]) for row in rows if isinstance(row, list) and len(row) == 2
                and isinstance(row[1], int))
    who = notice.get("who") or "another station"
    description = f"{notice.get('what', 'A change')} ({who})"
    # The typed change: the same value a local edit produces (services.changes).
    return Change.from_payload({"description": description,
                                "kinds": sorted(topics | {"history"}), "ids": list(ids)})


def typed_change(result: object) -> Change | None:
    """The Change a service returned (some return a report holding it: a draw vote's outcome,
    a correction's report)."""
    if isinstance(result, Change):
        return result
    inner = getattr(result, "change", None)
    return inner if isinstance(inner, Change) else None


def announced(db: TournamentDb, fn: Callable[[], T], *, receipt: str | None = None) -> T:
    """Run one service call; on a venue server, announce its exact typed change after its
    actions (``receipt``: the key of a kept entry being sent, see store.receipts)."""
    if not db.on_server:
        return fn()
    with db.call(receipt) as call:
        try:
            result = fn()
        except BaseException:
            if call.actions:  # committed part way: the stations refresh by the tables
                _announce(db, call.id, None)
            raise
    if call.actions:
        change = typed_change(result)
        payload = change.to_payload() if change else None
        if not (len(call.actions) == 1 and payload is not None and call.declared == payload):
            _announce(db, call.id, payload)  # unless the one action's notice carried it
    return result


def declare(session: Session, change: Change) -> Change:
    """Inside a service's one action: ``change`` is what the whole call returns, so the
    action's own notice carries it and no second notice is sent (the hot paths: order
    sheets, sheet marks, roll call marks). Returns ``change``."""
    session.info[DECLARED_CHANGE] = change.to_payload()
    return change


def _announce(db: TournamentDb, call: str, change: dict[str, Any] | None) -> None:
    # The call is committed whatever happens here: a server gone this very moment must not
    # turn it into a failure (the other stations then refresh by the tables, after the wait).
    with contextlib.suppress(SQLAlchemyError):
        announce_change(db.engine, call, change, who=db.who, station=db.station)


@dataclass(frozen=True)
class Heard:
    """What another station did, for this one: the change to broadcast, and words for the
    status bar ("Austria orders Spring 1901, round 3 board 2 — ann on desk-2")."""

    change: Change
    words: str


@dataclass
class _Held:
    notices: list[Mapping[str, Any]]
    until: float


def _words(notices: list[Mapping[str, Any]], fallback: str) -> str:
    whats = [str(n["what"]) for n in notices if n.get("what")]
    who = next((str(n["who"]) for n in notices if n.get("who")), "another station")
    return f"{'; '.join(whats) or fallback} — {who}"


@dataclass
class NoticeMerger:
    """Turns the notices a station hears into what it broadcasts: each service call's typed
    change once, else the change the tables name (see the module's words)."""

    wait: float = TYPED_WAIT
    _held: dict[str, _Held] = field(default_factory=dict)
    # Calls whose actions were heard and broadcast (their wait over, or a change carried):
    # a typed change of theirs arriving late is still theirs. Kept a minute.
    _answered: dict[str, _Held] = field(default_factory=dict)

    def feed(self, notice: Mapping[str, Any], now: float) -> list[Heard]:
        call = notice.get("call")
        if not isinstance(call, str):
            return [self._from_tables([notice])]
        self._answered = {c: h for c, h in self._answered.items() if h.until > now}
        if notice.get("kind") == "change" and call not in self._held:
            answered = self._answered.pop(call, None)
            if answered is None:
                # No action of that call was heard: nothing the audit log vouches for.
                return []
            self._held[call] = _Held(answered.notices, now + self.wait)
        held = self._held.pop(call, _Held([], now + self.wait))
        if notice.get("kind") != "change":
            held.notices.append(notice)
            if notice.get("change") is None:  # its call's typed change follows
                self._held[call] = held
                return []
            # The call's whole change came with its one action (services.live.declare).
        payload = notice.get("change")
        try:
            change = Change.from_payload(payload) if payload is not None else None
        except ValueError:  # from a newer or damaged station: the tables still tell
            change = None
        self._answered[call] = _Held(held.notices, now + ANSWERED_FOR)
        if change is None:
            return [self._from_tables(held.notices)] if held.notices else []
        # The words shown are the audit log's (see vouched); the change stays exactly the one
        # the sender's own views received.
        return [Heard(change, _words(held.notices, "A change"))]

    def due(self, now: float) -> list[Heard]:
        """The held notices whose typed change did not come in time."""
        late = [call for call, held in self._held.items() if held.until <= now]
        for call in late:
            self._answered[call] = _Held(self._held[call].notices, now + ANSWERED_FOR)
        return [self._from_tables(self._held.pop(call).notices) for call in late]

    def next_due(self) -> float | None:
        return min((held.until for held in self._held.values()), default=None)

    @staticmethod
    def _from_tables(notices: list[Mapping[str, Any]]) -> Heard:
        tables = sorted({str(t) for n in notices for t in (n.get("tables") or [])})
        rows = [row for n in notices for row in (n.get("rows") or [])]
        first = notices[0] if notices else {}
        merged = dict(first, tables=tables, rows=rows,
                      what="; ".join(str(n.get("what", "A change")) for n in notices))
        return Heard(change_from_notice(merged), _words(notices, "A change"))


# -- checking a notice (anyone may send one) ----------------------------------------------------
_CALL_ID = re.compile(r"[0-9a-f]{32}")
_TABLE_NAME = re.compile(r"[a-z_]{1,60}")
_MAX_TABLES = 100
_MAX_ROWS = 50  # store.live sends the first 50
_MAX_IDS = 5000
_MAX_TEXT = 300  # the audit log's ``what``


def _is_int(value: object) -> bool:
    return type(value) is int


def _short_text(value: object, limit: int = _MAX_TEXT) -> bool:
    return isinstance(value, str) and len(value) <= limit


def _change_problem(payload: object) -> str | None:
    if payload is None:
        return None
    if not isinstance(payload, dict):
        return "its change is not an object"
    kinds, ids = payload.get("kinds"), payload.get("ids", [])
    if not _short_text(payload.get("description"), 500):
        return "its change has no short description"
    if not isinstance(kinds, list) or len(kinds) > len(KINDS) * 2 \
            or not all(_short_text(k, 40) for k in kinds):
        return "its change's kinds are not a short list of names"
    if not isinstance(ids, list) or len(ids) > _MAX_IDS or not all(_is_int(i) for i in ids):
        return "its change's ids are not a list of whole numbers"
    return None


def notice_problem(notice: object) -> str | None:
    """Why ``notice`` is not one that tdapp sends (None: it is well formed). Only the fields
    tdapp reads are checked; a field it does not know is never read."""
    if not isinstance(notice, Mapping):
        return "not a JSON object"
    if not _short_text(notice.get("station", ""), 100):
        return "its station is not a short text"
    if not _short_text(notice.get("who", ""), 200):
        return "its person is not a short text"
    at = notice.get("at", 0.0)
    if isinstance(at, bool) or not isinstance(at, int | float):
        return "its time is not a number"
    if not isinstance(notice.get("truncated", False), bool):
        return "its truncated mark is not true or false"
    call = notice.get("call")
    if call is not None and not (isinstance(call, str) and _CALL_ID.fullmatch(call)):
        return "its call is not a call id"
    kind = notice.get("kind")
    if kind == "change":
        if call is None:
            return "a typed change names no call"
        return _change_problem(notice.get("change"))
    if kind != "do":
        return f"its kind is {kind!r:.40}, not 'do' or 'change'"
    action_id = notice.get("action_id")
    if not isinstance(action_id, int) or isinstance(action_id, bool) or action_id <= 0:
        return "its action id is not a positive whole number"
    tables, rows = notice.get("tables", []), notice.get("rows", [])
    if not isinstance(tables, list) or len(tables) > _MAX_TABLES or not all(
            isinstance(t, str) and _TABLE_NAME.fullmatch(t) for t in tables):
        return "its tables are not a list of table names"
    if not isinstance(rows, list) or len(rows) > _MAX_ROWS or not all(
            isinstance(r, list) and len(r) == 2 and isinstance(r[0], str) and _is_int(r[1])
            for r in rows):
        return "its rows are not a list of [table, id] pairs"
    if not _short_text(notice.get("what", ""), _MAX_TEXT):
        return "its words are not a short text"
    if "change" in notice and call is None:
        return "a typed change names no call"
    return _change_problem(notice.get("change"))


def vouched(notices: list[Mapping[str, Any]], engine: Engine) -> list[dict[str, Any]]:
    """The action notices the audit log vouches for, their words and tables replaced by the
    audit rows' (typed-change notices pass as they are: they only name a call). A notice
    naming an action the log does not hold is dropped and logged."""
    ids = {int(n["action_id"]) for n in notices if n.get("kind") == "do"}
    actions = audited_actions(engine, ids)
    kept: list[dict[str, Any]] = []
    for notice in notices:
        if notice.get("kind") != "do":
            kept.append(dict(notice))
            continue
        action = actions.get(int(notice["action_id"]))
        if action is None:
            log.warning("ignored a notice naming action %s, which the audit log does not "
                        "hold (from %.100r)", notice["action_id"], notice.get("station"))
            continue
        kept.append(dict(notice, who=action.who, what=action.what, tables=action.tables,
                         rows=[list(row) for row in action.rows[:_MAX_ROWS]]))
    return kept


# -- merging what is heard, so the views reread a few times a second at most ----------------------
REREAD_EVERY = 0.25  # seconds between two broadcasts of heard changes, at least
_MAX_MERGED_IDS = 500


def merge_heard(first: Heard, second: Heard, count: int) -> Heard:
    """One broadcast for both (``count``: how many changes they hold together)."""
    a, b = first.change, second.change
    flags = {kind: getattr(a, kind) or getattr(b, kind) for kind in KINDS}
    # No ids means "every row of those kinds": one such change makes the whole merge so.
    ids: tuple[int, ...] = ()
    if a.ids and b.ids:
        ids = tuple(dict.fromkeys(a.ids + b.ids))
        if len(ids) > _MAX_MERGED_IDS:
            ids = ()
    words = f"{count} changes on other stations; the last: {second.words}"
    return Heard(Change(words, ids=ids, **flags), words)


@dataclass
class Coalescer:
    """What was heard and not yet broadcast, merged into one; handed out at most once per
    ``every`` seconds (the first at once)."""

    every: float = REREAD_EVERY
    _pending: Heard | None = None
    _count: int = 0
    _last: float = float("-inf")

    def add(self, heard: Heard) -> None:
        self._count += 1
        self._pending = heard if self._pending is None else \
            merge_heard(self._pending, heard, self._count)

    def next_due(self) -> float | None:
        return None if self._pending is None else self._last + self.every

    def take(self, now: float) -> Heard | None:
        if self._pending is None or now < self._last + self.every:
            return None
        heard, self._pending, self._count, self._last = self._pending, None, 0, now
        return heard


# -- the watcher's thread ----------------------------------------------------------------------
RETRY_AFTER = 1.0  # seconds before listening again after an unexpected problem
SAY_AFTER = 3  # unexpected problems in a row before the station says it is not hearing
# Seconds a merged change waits for the GUI to finish rereading for the last one, at most
# (a modal dialog open in a view, a GUI that never says so): then it is handed over anyway.
DELIVERY_WAIT = 2.0


@dataclass
class LiveFeed:
    """Everything a station does with what it hears, run on one worker thread (``run``).

    ``on_heard(heard)`` receives one merged :class:`Heard` at a time: the next is handed only
    once ``delivered`` is set again (the GUI sets it when its views have reread; after
    DELIVERY_WAIT seconds it is handed anyway), so a flood can never queue rereads behind each
    other. ``on_connection(connected, reason)`` says when
    the server is lost or back, and when listening itself keeps failing (the reason says so).
    """

    url: str
    station: str
    on_heard: Callable[[Heard], None]
    on_connection: Callable[[bool, str], None]
    delivered: threading.Event = field(default_factory=threading.Event)
    ignored: int = 0  # notices refused so far (malformed, or naming no audited action)

    def __post_init__(self) -> None:
        self.delivered.set()
        self._merger = NoticeMerger()
        self._coalescer = Coalescer()
        self._engine: Engine | None = None
        self._said = True  # the window starts by showing the server as reachable
        self._handed_at = float("-inf")

    def run(self, stop: threading.Event) -> None:
        listener: ChangeListener | None = None
        failures = 0
        try:
            while not stop.is_set():
                try:
                    if listener is None:
                        listener = ChangeListener(self.url)
                    self._say(listener.connected, listener.error)
                    if self.step(listener):  # notices heard and handled: it works again
                        failures = 0
                except Exception as exc:  # a bug or a surprise: log it, listen again
                    failures += 1
                    log.exception("listening to the venue server failed (%d in a row)",
                                  failures)
                    if failures >= SAY_AFTER:
                        self._say(False, f"tdapp stopped hearing the other stations "
                                         f"({type(exc).__name__}: {exc}); it keeps trying")
                    if listener is not None:
                        with contextlib.suppress(Exception):
                            listener.close()
                    listener = None
                    stop.wait(RETRY_AFTER)
        finally:
            if listener is not None:
                listener.close()
            if self._engine is not None:
                self._engine.dispose()

    def _say(self, connected: bool, reason: str) -> None:
        """Tell the window when the state it shows is no longer true."""
        if connected != self._said:
            self._said = connected
            self.on_connection(connected, reason)

    def step(self, listener: ChangeListener) -> bool:
        """One poll: hear, check, merge, and hand on what is due. True when notices came
        (and were handled)."""
        now = time.monotonic()
        dues = [d for d in (self._merger.next_due(), self._coalescer.next_due())
                if d is not None]
        wait = 0.25 if not dues else max(0.01, min(0.25, min(dues) - now))
        if not self.delivered.is_set():
            wait = 0.05  # the views are rereading: hear what comes, hand it on after
        notices = listener.poll(wait)
        self._say(listener.connected, listener.error)
        now = time.monotonic()
        for heard in self.hear(notices, now):
            self._coalescer.add(heard)
        for heard in self._merger.due(now):
            self._coalescer.add(heard)
        if not self.delivered.is_set() and now - self._handed_at > DELIVERY_WAIT:
            self.delivered.set()  # a GUI that never says it has reread still gets the next
        if self.delivered.is_set():
            ready = self._coalescer.take(now)
            if ready is not None:
                self.delivered.clear()
                self._handed_at = now
                self.on_heard(ready)
        return bool(notices)

    def hear(self, notices: list[dict[str, Any]], now: float) -> list[Heard]:
        """What the notices say, once checked and vouched for by the audit log."""
        good: list[Mapping[str, Any]] = []
        for notice in notices:
            problem = notice_problem(notice)
            if problem is not None:
                self.ignored += 1
                log.warning("ignored a notice: %s (%.200r)", problem, notice)
                continue
            if notice.get("station") != self.station:
                good.append(notice)
        if not good:
            return []
        if self._engine is None:
            self._engine = make_server_engine(self.url, application="tdapp live")
        kept = vouched(good, self._engine)
        self.ignored += len(good) - len(kept)
        heard: list[Heard] = []
        for notice in kept:
            heard.extend(self._merger.feed(notice, now))
        return heard
