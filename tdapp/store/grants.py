"""Who may do what on a venue server, enforced by PostgreSQL's own grants.

The TD's role owns every table (it created them) and may do everything. The assistants' role
(``tdapp_assistant``) may:
- read the tournament (everything but the TD-only ``td_secret`` table);
- mark the roll call (insert and update ``roll_call``);
- type order sheets and adjudicate (``game_phase``, ``phase_orders``, ``draw_vote``);
- enter a board's result (only the result columns of ``board`` and ``seat``, and
  ``center_count``);
- add to the audit log (insert only: never change or delete an entry); the database itself
  writes who did it, from the login, never the name the station sends, and refuses an entry
  its login could not have made (``store.audit_rights``);
- add a receipt of an entry it kept while the server was gone (``store.receipts``);
- for the players' page served from an assistant's laptop: find a player by their code's hash
  (never read the code itself), record and take back check-ins (``check_in``: insert and
  delete, never change one), and record players' confirmations and disputes of a result
  (``result_response``: insert, delete, and change only an answer's own columns, never the
  TD's settling; row by row only for the boards the TD gave, store.board_rights).
  Announcements are the TD's alone (read only).
Nothing else, whatever SQL its login sends: no temporary tables or functions (TEMP is
revoked from PUBLIC, so nothing of a session's own can stand in for a table or a function the
rights name; they are schema-qualified and pin their ``search_path`` too), no objects in the
schema. Seating (inserting boards or seats, changing who plays which power), players,
formats, awards, rounds and the audit log's past are the TD's, and the database refuses them.

``td_secret`` holds what the assistants must not see (a round's hidden end time, a secret draw
vote's ballots): only the TD's role may read or write it. It exists on servers only: a ``.tdt``
file has no roles to keep a secret from.
"""

from __future__ import annotations

from sqlalchemy import Connection, text

from tdapp.store import receipts

ASSISTANT_ROLE = "tdapp_assistant"
SECRET_TABLE = "td_secret"

_READ_AND_WRITE = {
    "roll_call": "SELECT, INSERT, UPDATE",
    "game_phase": "SELECT, INSERT, UPDATE, DELETE",
    "phase_orders": "SELECT, INSERT, UPDATE, DELETE",
    "draw_vote": "SELECT, INSERT, UPDATE, DELETE",
    "center_count": "SELECT, INSERT, UPDATE, DELETE",
    "audit_entry": "SELECT, INSERT",
    "outbox_receipt": "SELECT, INSERT",  # store.receipts: what a station kept, sent once
    "check_in": "SELECT, INSERT, DELETE",  # the players' page: "I am here", taken back
    "result_response": "SELECT, INSERT, DELETE",  # a player's answer (and ANSWER_COLUMNS)
}
# Tables the assistants may not read at all: the players' page codes. Even their hashes: a
# code has about 40 bits, so a hash read out could be searched offline in hours; players'
# codes are looked up only by a page served with the TD's login (services.player_codes).
_TD_ONLY = frozenset({"player_code"})
# A player's answer to a result, as a page changes it: never the TD's settling columns.
ANSWER_COLUMNS = {
    "result_response": ("kind", "note", "board_version", "at", "version"),
}
# A result: the board's end and the seats' centres and scores, not who sits where.
RESULT_COLUMNS = {
    "board": ("status", "end_year", "end_reason", "solo_power", "draw_powers",
              "selection_order", "version"),
    "seat": ("centers", "eliminated_year", "score", "version"),
}


def _role_exists(connection: Connection, role: str) -> bool:
    return connection.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :r"),
                              {"r": role}).first() is not None


def ensure_secret_table(connection: Connection) -> None:
    connection.execute(text(
        f"CREATE TABLE IF NOT EXISTS {SECRET_TABLE} ("
        " key varchar(100) PRIMARY KEY,"
        " value jsonb NOT NULL,"
        " changed_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'))"))
    connection.execute(text(f"REVOKE ALL ON {SECRET_TABLE} FROM PUBLIC"))


def apply(connection: Connection, assistant: str = ASSISTANT_ROLE) -> None:
    """Grant the assistants' role exactly its part (idempotent; after every schema change)."""
    ensure_secret_table(connection)
    receipts.ensure(connection)
    if not _role_exists(connection, assistant):
        return  # a server without tdapp's roles (someone's own PostgreSQL): the owner only
    tables = [row[0] for row in connection.execute(text(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"))]
    role = connection.dialect.identifier_preparer.quote(assistant)
    connection.execute(text(f"GRANT USAGE ON SCHEMA public TO {role}"))
    for table in tables:
        connection.execute(text(f'REVOKE ALL ON "{table}" FROM {role}'))
        if table == SECRET_TABLE:
            continue
        if table in _TD_ONLY:
            continue
        connection.execute(text(f'GRANT {_READ_AND_WRITE.get(table, "SELECT")} ON "{table}" '
                                f"TO {role}"))
    for table, columns in (RESULT_COLUMNS | ANSWER_COLUMNS).items():
        if table in tables:
            connection.execute(text(f'GRANT UPDATE ({", ".join(columns)}) ON "{table}" '
                                    f"TO {role}"))
    # Inserting a row takes its id from the table's sequence.
    connection.execute(text(f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {role}"))
    close_session_objects(connection)


def close_session_objects(connection: Connection) -> None:
    """No temporary tables or functions for PUBLIC (an assistant's session could shadow a
    name with one), and no objects in the public schema but the owner's. A role that does
    not own the database is only warned by PostgreSQL: nothing to undo."""
    connection.execute(text(
        "DO $$ BEGIN EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', "
        "current_database()); END $$"))
    connection.execute(text("REVOKE CREATE ON SCHEMA public FROM PUBLIC"))


def drop_extra(connection: Connection) -> None:
    """Drop the server-only tables (before the schema is written again)."""
    connection.execute(text(f"DROP TABLE IF EXISTS {SECRET_TABLE}"))
    receipts.drop(connection)
