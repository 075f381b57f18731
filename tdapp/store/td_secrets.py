"""What only the TD may read on a venue server: a round's hidden end time (and any other secret
kept under a key), in the TD-only table ``td_secret`` (see store.grants).

On a server the round's clock is written without its hidden end time, which goes to
``td_secret`` instead; the TD's station puts it back when it reads the clock, an assistant's
station (whose role may not read that table) gets the clock without it. A ``.tdt`` file keeps
the clock as it is (one laptop, no roles).
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Connection, text
from sqlalchemy.orm import Session

HIDDEN_END = "hidden_end"


def _on_server(session: Session) -> bool:
    return session.get_bind().dialect.name == "postgresql"


def may_read_secrets(session: Session) -> bool:
    if not _on_server(session):
        return True
    return bool(session.execute(text(
        "SELECT to_regclass('td_secret') IS NOT NULL "
        "AND has_table_privilege(current_user, 'td_secret', 'SELECT')")).scalar())


def _key(round_id: int) -> str:
    return f"round {round_id} {HIDDEN_END}"


def without_hidden_end(session: Session, round_id: int,
                       state: dict[str, Any]) -> dict[str, Any]:
    """The clock state to store in the round: on a server, with the hidden end time moved to
    ``td_secret`` (only the TD's role may write there; an assistant never holds it)."""
    if not _on_server(session) or HIDDEN_END not in state:
        return state
    public = dict(state)
    hidden = public.pop(HIDDEN_END)
    if may_read_secrets(session):
        session.execute(text(
            "INSERT INTO td_secret (key, value) VALUES (:key, CAST(:value AS jsonb)) "
            "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, "
            "changed_at = now() AT TIME ZONE 'utc'"),
            {"key": _key(round_id), "value": json.dumps(hidden)})
    public[HIDDEN_END] = None
    return public


def with_hidden_end(session: Session, round_id: int,
                    state: dict[str, Any] | None) -> dict[str, Any] | None:
    """The round's clock state with its hidden end time, where this station's role may see it."""
    if not state or not _on_server(session) or not may_read_secrets(session):
        return state
    value = session.execute(text("SELECT value FROM td_secret WHERE key = :key"),
                            {"key": _key(round_id)}).scalar()
    if value is None:
        return state
    return dict(state, **{HIDDEN_END: value})


# -- copies (store.copying): the hidden end times go with the tournament ---------------------


def readable(connection: Connection) -> bool:
    """This connection may read the TD-only table (a server's TD role), or it has none."""
    if connection.dialect.name != "postgresql":
        return False
    return bool(connection.execute(text(
        "SELECT to_regclass('td_secret') IS NOT NULL "
        "AND has_table_privilege(current_user, 'td_secret', 'SELECT')")).scalar())


def hidden_ends(connection: Connection) -> dict[int, Any]:
    """Every round's hidden end time kept in ``td_secret`` (round id -> value)."""
    if not readable(connection):
        return {}
    found: dict[int, Any] = {}
    for key, value in connection.execute(text(
            "SELECT key, value FROM td_secret WHERE key LIKE :pattern"),
            {"pattern": f"round % {HIDDEN_END}"}):
        middle = str(key).removeprefix("round ").removesuffix(f" {HIDDEN_END}")
        if middle.isdigit():
            found[int(middle)] = value
    return found


def keep_hidden_end(connection: Connection, round_id: int, value: Any) -> None:
    """Write a round's hidden end time into ``td_secret`` (the TD's connection)."""
    connection.execute(text(
        "INSERT INTO td_secret (key, value) VALUES (:key, CAST(:value AS jsonb)) "
        "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, "
        "changed_at = now() AT TIME ZONE 'utc'"),
        {"key": _key(round_id), "value": json.dumps(value)})
