"""Live on every station: each committed action on a venue server is announced with PostgreSQL's
LISTEN/NOTIFY, and every other station hears it within a moment.

The transport carries a JSON object (a dict). ``TournamentDb.action`` announces every action
itself — who, from which station, what, which tables — inside the action's own transaction, so
the notice goes out exactly when the change is committed and never for a rolled-back one.
A service call run through ``services.live.announced`` (every call of the GUI's operation API)
then announces its exact typed change (:func:`announce_change`, the ``Change.to_payload()``);
its actions' notices name the call, so a station hearing both refreshes by the typed change, and
by the tables alone only for changes written outside a service call (a command, psql).

:class:`ChangeListener` is what a window polls from a worker thread: ``poll(timeout)`` returns
the notices received (its own station's included, marked by ``station``); it reconnects by
itself after the server or the network comes back, and says whether it is connected.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import time
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, select, text
from sqlalchemy.orm import Session

from tdapp.store.errors import TournamentFileError
from tdapp.store.models import AuditEntry
from tdapp.store.server_address import engine_url, secured

CHANNEL = "tdapp_changes"
# PostgreSQL refuses a notice payload of 8000 bytes or more: keep well under.
_MAX_PAYLOAD = 7000
# What one poll takes at most: a flood is read in slices, so a stop is heard between them.
_MAX_PER_POLL = 500


def station_name() -> str:
    """This laptop's name in notices and the audit log (``TDAPP_STATION`` overrides it)."""
    return os.environ.get("TDAPP_STATION") or socket.gethostname() or "station"


def _encode(payload: dict[str, Any]) -> str:
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":"), default=str)
    if len(data.encode("utf-8")) > _MAX_PAYLOAD:
        # Too big to send whole: send what lets a station refresh (it reads the rest itself).
        trimmed: dict[str, Any] = {k: payload[k] for k in (
            "station", "who", "what", "tables", "action_id", "kind", "at", "call", "change")
            if k in payload}
        trimmed["truncated"] = True
        data = json.dumps(trimmed, ensure_ascii=False, separators=(",", ":"), default=str)
    return data


def notify_in(bind: Session | Connection, payload: dict[str, Any]) -> None:
    """Announce ``payload`` when the surrounding transaction commits (PostgreSQL only)."""
    dialect = bind.get_bind().dialect if isinstance(bind, Session) else bind.dialect
    if dialect.name != "postgresql":
        return
    bind.execute(text("SELECT pg_notify(:channel, :payload)"),
                 {"channel": CHANNEL, "payload": _encode(payload)})


def announce_action(session: Session, who: str, what: str, pending: list[Any],
                    action_id: int | None, *, station: str = "", call: str | None = None,
                    change: dict[str, Any] | None = None) -> None:
    """The notice of one person's action, sent at its commit (see TournamentDb.action).
    ``call`` names the service call it belongs to: that call's typed change follows
    (:func:`announce_change`), and a station hearing both refreshes by the typed one."""
    if action_id is None:
        return
    payload = {"station": station or station_name(), "who": who, "what": what, "kind": "do",
               "action_id": action_id, "tables": sorted({row[0] for row in pending}),
               "rows": [[row[0], row[1]] for row in pending[:50]], "at": time.time()}
    if call is not None:
        payload["call"] = call
        if change is not None:  # the call's whole typed change: no second notice follows
            payload["change"] = change
    notify_in(session, payload)


def announce_change(engine: Engine, call: str, change: dict[str, Any] | None, *, who: str,
                    station: str) -> None:
    """The typed change of a service call whose actions were announced (``change`` None: the
    call failed part way, the stations refresh by the tables its actions named)."""
    if change is not None and len(json.dumps(change, default=str)) > _MAX_PAYLOAD - 600:
        change = dict(change, ids=[])  # hundreds of rows: the views reread the kinds whole
    announce(engine, {"kind": "change", "call": call, "change": change, "who": who,
                      "station": station, "at": time.time()})


def announce(engine: Engine, payload: dict[str, Any]) -> None:
    """Announce ``payload`` now (its own short transaction); nothing on a ``.tdt`` file."""
    if engine.dialect.name != "postgresql":
        return
    # One statement, committed by itself: no BEGIN and COMMIT round trips to wait for.
    with engine.connect() as connection:
        connection.execution_options(isolation_level="AUTOCOMMIT")
        notify_in(connection, dict(payload, station=payload.get("station", station_name())))


class ChangeListener:
    """A LISTEN connection of its own; poll it from a worker thread, never the GUI thread."""

    def __init__(self, url: str, *, reconnect_every: float = 1.0) -> None:
        self._params = engine_url(url)
        self._reconnect_every = reconnect_every
        self._connection: Any = None
        self._last_attempt = 0.0
        self.connected = False
        self.error = ""
        self._connect()

    def _connect(self) -> None:
        import psycopg

        self._last_attempt = time.monotonic()
        url = self._params
        try:
            # The pinned certificate's rule (sslmode, sslrootcert) from the address.
            tls = secured({**{name: str(value) for name, value in url.query.items()},
                           "host": url.host, "port": url.port, "dbname": url.database})
        except TournamentFileError as exc:
            self._connection = None
            self.connected, self.error = False, str(exc)
            return
        for name in ("host", "port", "dbname"):
            tls.pop(name, None)
        try:
            self._connection = psycopg.connect(
                host=url.host, port=url.port, user=url.username, password=url.password,
                dbname=url.database, autocommit=True, connect_timeout=3,
                application_name="tdapp listener", **tls)
            self._connection.execute(f"LISTEN {CHANNEL}")
            self.connected, self.error = True, ""
        except psycopg.Error as exc:
            self._connection = None
            self.connected, self.error = False, " ".join(str(exc).split())

    def poll(self, timeout: float = 0.5) -> list[dict[str, Any]]:
        """The notices received within ``timeout`` seconds (returns as soon as one arrives).

        Never raises for a lost server: ``connected`` turns False, and a later poll reconnects.
        """
        import psycopg

        if self._connection is None:
            wait = self._reconnect_every - (time.monotonic() - self._last_attempt)
            if wait > 0:
                time.sleep(min(wait, timeout))
                return []
            self._connect()
            if self._connection is None:
                return []
        received: list[dict[str, Any]] = []
        try:
            for notice in self._connection.notifies(timeout=timeout, stop_after=1):
                received.append(_decode(notice.payload))
            # more may have arrived together: take them without waiting
            for notice in self._connection.notifies(timeout=0.001,
                                                    stop_after=_MAX_PER_POLL):
                received.append(_decode(notice.payload))
        except psycopg.Error as exc:
            self._drop(exc)
        return received

    def _drop(self, exc: BaseException) -> None:
        self.connected, self.error = False, " ".join(str(exc).split())
        with contextlib.suppress(Exception):  # already broken
            self._connection.close()
        self._connection = None

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        self.connected = False

    def __enter__(self) -> ChangeListener:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


@dataclass(frozen=True)
class AuditedAction:
    """One committed action as its audit rows tell it: the words a station shows and the
    tables and rows its views reread come from here, never from a notice's own text."""

    action_id: int
    who: str
    what: str
    rows: tuple[tuple[str, int], ...]

    @property
    def tables(self) -> list[str]:
        return sorted({table for table, _row in self.rows})


def audited_actions(engine: Engine, action_ids: Collection[int]) -> dict[int, AuditedAction]:
    """The audit log's entries of ``action_ids`` (an id with none is not in the result: a
    notice naming it was not sent by an action)."""
    wanted = sorted({int(i) for i in action_ids})
    if not wanted:
        return {}
    found: dict[int, tuple[str, str, list[tuple[str, int]]]] = {}
    with engine.connect() as connection:
        query = select(AuditEntry.action_id, AuditEntry.who, AuditEntry.what,
                       AuditEntry.table_name, AuditEntry.row_id) \
            .where(AuditEntry.action_id.in_(wanted)).order_by(AuditEntry.id)
        for action_id, who, what, table, row in connection.execute(query):
            entry = found.setdefault(action_id, (who or "", what or "", []))
            entry[2].append((table, row))
    return {action_id: AuditedAction(action_id, who, what, tuple(rows))
            for action_id, (who, what, rows) in found.items()}


def _decode(payload: str) -> dict[str, Any]:
    try:
        data = json.loads(payload)
    except ValueError:
        return {"raw": payload}
    return data if isinstance(data, dict) else {"value": data}
