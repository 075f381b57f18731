"""Receipts of what a station kept while the venue server was gone, so it is sent exactly once.

A station that lost the server keeps what was typed in a journal on its laptop
(``services/outbox.py``) and sends it when the server is back. If the station dies between an
entry's commit on the server and the journal's rewrite, the next opening would send it again:
a draw vote held twice, a result refused as someone else's change. So each kept entry carries a
key, and the action that sends it writes the key here, in the same transaction: the receipt
exists exactly when the entry's change does. Before sending, the station asks for the receipt.

The table lives on servers only (a ``.tdt`` file has no outbox); the TD's role creates it with
the grants (``grants.apply``), the assistants' role may read and add receipts, never change one.
"""

from __future__ import annotations

from sqlalchemy import Connection, text
from sqlalchemy.orm import Session

RECEIPT_TABLE = "outbox_receipt"


def ensure(connection: Connection) -> None:
    connection.execute(text(
        f"CREATE TABLE IF NOT EXISTS {RECEIPT_TABLE} ("
        " key varchar(64) PRIMARY KEY,"
        " action_id integer,"
        " station varchar(100) NOT NULL DEFAULT '',"
        " sent_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'))"))
    connection.execute(text(f"REVOKE ALL ON {RECEIPT_TABLE} FROM PUBLIC"))


def drop(connection: Connection) -> None:
    connection.execute(text(f"DROP TABLE IF EXISTS {RECEIPT_TABLE}"))


def available(connection: Connection | Session) -> bool:
    """True on a server whose tournament has the receipts table (older ones may not)."""
    bind = connection.get_bind() if isinstance(connection, Session) else connection
    if bind.dialect.name != "postgresql":
        return False
    return connection.execute(text("SELECT to_regclass(:t) IS NOT NULL"),
                              {"t": RECEIPT_TABLE}).scalar() is True


def write(session: Session, key: str, action_id: int | None, station: str) -> None:
    """The receipt of ``key``, committed (or rolled back) with the action that sends it."""
    session.execute(text(f"INSERT INTO {RECEIPT_TABLE} (key, action_id, station) "
                         "VALUES (:key, :action, :station)"),
                    {"key": key, "action": action_id, "station": station[:100]})


def sent(session: Session, key: str) -> bool:
    """True when the entry with this key reached the server already."""
    return session.execute(text(f"SELECT 1 FROM {RECEIPT_TABLE} WHERE key = :key"),
                           {"key": key}).first() is not None
