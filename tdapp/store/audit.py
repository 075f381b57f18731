"""The append-only audit log, and Undo / Redo through it.

Every person's action runs in ``TournamentDb.action(what)``; an ``after_flush`` hook records each
row it inserted, updated or deleted (before and after values). Undo restores the ``before`` values
of the newest action not yet undone, Redo its ``after`` values, and both are themselves logged, so
the log tells the whole story and is never rewritten.
"""

from __future__ import annotations

import datetime as dt
import decimal
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Table, delete, event, func, insert, inspect, select, text, update
from sqlalchemy.orm import Session

from tdapp.store.models import AuditEntry, Base, utc_now

PENDING_KEY = "tdapp_audit_pending"
# An action's kind when it is not "do": "note" is in the History (who, when, what) but not on
# the Undo stack (a removed login's password cannot come back, so Undo must not pretend to).
KIND_KEY = "tdapp_audit_kind"
# Puts back a logged row that is not a tournament table's (an assistant's login, its given
# boards: the server's roles, services.assistants): (session, the row wanted or None, the row
# as the action left it or None) -> (before, after) as logged. Raises, in the TD's words, when
# it cannot.
Row = dict[str, Any] | None
Restorer = Callable[[Session, Row, Row], tuple[Row, Row]]
NOT_AUDITED = {AuditEntry.__tablename__}


def _plain(value: Any) -> Any:
    """A JSON-safe copy of a column value."""
    if isinstance(value, (dt.datetime, dt.date)):
        return {"__date__": value.isoformat(), "time": isinstance(value, dt.datetime)}
    if isinstance(value, decimal.Decimal):
        return float(value)
    return value


def _from_plain(value: Any) -> Any:
    if isinstance(value, dict) and "__date__" in value:
        if value.get("time"):
            return dt.datetime.fromisoformat(value["__date__"])
        return dt.date.fromisoformat(value["__date__"])
    return value


def _row_values(obj: Any, *, before: bool = False) -> dict[str, Any]:
    state = inspect(obj)
    values: dict[str, Any] = {}
    for column_attr in state.mapper.column_attrs:
        key = column_attr.key
        if before:
            history = state.attrs[key].history
            if history.deleted:
                values[key] = _plain(history.deleted[0])
                continue
        values[key] = _plain(getattr(obj, key))
    return values


def _table_name(obj: Any) -> str:
    return inspect(obj).mapper.local_table.name


@event.listens_for(Session, "after_flush")
def _capture_changes(session: Session, flush_context: Any) -> None:
    if "tdapp_action" not in session.info:
        return
    pending = session.info.setdefault(PENDING_KEY, [])
    for obj in session.new:
        if _table_name(obj) not in NOT_AUDITED:
            pending.append((_table_name(obj), obj.id, None, _row_values(obj)))
    for obj in session.dirty:
        if _table_name(obj) in NOT_AUDITED or not session.is_modified(obj):
            continue
        before, after = _row_values(obj, before=True), _row_values(obj)
        if before != after:
            pending.append((_table_name(obj), obj.id, before, after))
    for obj in session.deleted:
        if _table_name(obj) not in NOT_AUDITED:
            pending.append((_table_name(obj), obj.id, _row_values(obj, before=True), None))


def next_action_id(session: Session) -> int:
    if session.get_bind().dialect.name == "postgresql":
        # Stations commit at once: one action at a time takes the next number (released at
        # commit). SQLite has one writer at a time already.
        session.execute(text("SELECT pg_advisory_xact_lock(7301)"))
    return (session.scalar(select(func.max(AuditEntry.action_id))) or 0) + 1


def write_pending(session: Session, what: str, who: str) -> int | None:
    """Append the rows captured during this action to the log; returns its action id."""
    pending = session.info.pop(PENDING_KEY, [])
    if not pending:
        return None
    kind = session.info.pop(KIND_KEY, "do")
    action_id = next_action_id(session)
    now = utc_now()
    session.execute(
        insert(AuditEntry),
        [
            {"action_id": action_id, "at": now, "who": who, "what": what, "table_name": table,
             "row_id": row_id, "before": before, "after": after, "kind": kind}
            for table, row_id, before, after in pending
        ],
    )
    return action_id


@dataclass(frozen=True)
class ActionSummary:
    action_id: int
    at: dt.datetime
    who: str
    what: str
    kind: str
    reverts_action_id: int | None
    rows: int


def list_actions(session: Session, limit: int | None = None) -> list[ActionSummary]:
    """Newest first: one line per action, for the History view."""
    query = (
        select(
            AuditEntry.action_id, func.min(AuditEntry.at), func.min(AuditEntry.who),
            func.min(AuditEntry.what), func.min(AuditEntry.kind),
            func.min(AuditEntry.reverts_action_id), func.count(AuditEntry.id),
        )
        .group_by(AuditEntry.action_id)
        .order_by(AuditEntry.action_id.desc())
    )
    if limit:
        query = query.limit(limit)
    return [ActionSummary(*row) for row in session.execute(query)]


def undo_redo_stacks(session: Session) -> tuple[list[int], list[int]]:
    """Replay the log's action headers: (undoable action ids, redoable action ids), top last."""
    undo: list[int] = []
    redo: list[int] = []
    for action in reversed(list_actions(session)):
        if action.kind == "do":
            undo.append(action.action_id)
            redo.clear()
        elif action.kind == "undo" and undo and undo[-1] == action.reverts_action_id:
            redo.append(undo.pop())
        elif action.kind == "redo" and redo and redo[-1] == action.reverts_action_id:
            undo.append(redo.pop())
    return undo, redo


def _table(name: str) -> Table:
    return Base.metadata.tables[name]


def _apply_state(session: Session, table_name: str, row_id: int,
                 target: dict[str, Any] | None) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """Make one row look like ``target`` (None: absent). Returns (before, after) as logged."""
    table = _table(table_name)
    current_row = session.execute(select(table).where(table.c.id == row_id)).mappings().first()
    current = {k: _plain(v) for k, v in current_row.items()} if current_row else None
    if target is None:
        if current is not None:
            session.execute(delete(table).where(table.c.id == row_id))
        return current, None
    values = {k: _from_plain(v) for k, v in target.items() if k in table.c}
    if current is None:
        session.execute(insert(table).values(**values))
        return None, target
    # Only the columns that differ: an assistant's login may write a board's result columns,
    # never its seating, so its Undo must not write those back even unchanged.
    values = {k: v for k, v in values.items() if _plain(v) != current.get(k)}
    if "version" in table.c:  # invalidate editors holding the old version
        values["version"] = (current.get("version") or 0) + 1
    values.pop("id", None)
    session.execute(update(table).where(table.c.id == row_id).values(**values))
    after = dict(target)
    if "version" in values:
        after["version"] = values["version"]
    return current, after


@dataclass(frozen=True)
class Reverted:
    """An action undone or redone: its words, the log's new action and the rows it wrote."""

    what: str
    action_id: int
    rows: tuple[tuple[str, int], ...]


def revert_action(session: Session, action_id: int, *, kind: str, who: str,
                  others: Mapping[str, Restorer] | None = None) -> Reverted:
    """Undo (restore ``before``) or redo (restore ``after``) one action; log it as a new
    action. ``others`` puts back the logged rows that are not the tournament's tables."""
    entries = session.scalars(
        select(AuditEntry).where(AuditEntry.action_id == action_id).order_by(AuditEntry.id)
    ).all()
    if not entries:
        raise LookupError(f"no action {action_id} in the log")
    what = entries[0].what
    ordered = list(reversed(entries)) if kind == "undo" else list(entries)
    new_id = next_action_id(session)
    now = utc_now()
    logged = []
    for entry in ordered:
        target = entry.before if kind == "undo" else entry.after
        restore = (others or {}).get(entry.table_name)
        if restore is not None:
            left = entry.after if kind == "undo" else entry.before
            before, after = restore(session, target, left)
        else:
            before, after = _apply_state(session, entry.table_name, entry.row_id, target)
        logged.append({"action_id": new_id, "at": now, "who": who,
                       "what": f"{kind.capitalize()}: {what}", "table_name": entry.table_name,
                       "row_id": entry.row_id, "before": before, "after": after, "kind": kind,
                       "reverts_action_id": action_id})
    session.execute(insert(AuditEntry), logged)
    return Reverted(what, new_id, tuple((e.table_name, e.row_id) for e in ordered))


def last_change_words(session: Session, tables: tuple[str, ...],
                      row_id: int | None = None) -> str:
    """Who last changed these rows, and when, in words for an edit conflict:
    "by ann on station-2 at 14:05:31 (Edit player Bob Smith)"; "" when the log has nothing."""
    query = select(AuditEntry.who, AuditEntry.at, AuditEntry.what).where(
        AuditEntry.table_name.in_(tables))
    if row_id is not None:
        query = query.where(AuditEntry.row_id == row_id)
    row = session.execute(query.order_by(AuditEntry.id.desc()).limit(1)).first()
    if row is None:
        return ""
    who, at, what = row
    when = at.replace(tzinfo=dt.UTC).astimezone().strftime("%H:%M:%S")
    return f"by {who or 'someone'} at {when} ({what})"
