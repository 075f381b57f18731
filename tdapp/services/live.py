"""What another station's notice means for the open views: the change it announced, as the
``Change`` a local edit produces, so every view refreshes the same way (see store.live).

A service call run through :func:`announced` (the GUI's operation API runs every call so) sends
its exact typed change after its actions; its actions' notices name the call. A station hearing
them (:class:`NoticeMerger`) holds the actions' notices a moment for the typed change and
broadcasts that, exactly what the sender's own views received. Notices of changes written
outside a service call (a command, psql), or of a call whose typed change never came (the
sender died between), become a ``Change`` from the tables and rows they name.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from tdapp.services.changes import Change
from tdapp.store.database import DECLARED_CHANGE, TournamentDb
from tdapp.store.live import announce_change

T = TypeVar("T")
# How long a station holds an action's notice for its call's typed change (sent right after
# the call's last action: it normally comes within milliseconds).
TYPED_WAIT = 1.0

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

    def feed(self, notice: Mapping[str, Any], now: float) -> list[Heard]:
        call = notice.get("call")
        if not isinstance(call, str):
            return [self._from_tables([notice])]
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
        if change is None:
            return [self._from_tables(held.notices)] if held.notices else []
        return [Heard(change, _words(held.notices, change.description))]

    def due(self, now: float) -> list[Heard]:
        """The held notices whose typed change did not come in time."""
        late = [call for call, held in self._held.items() if held.until <= now]
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
