"""Reading a whole tournament file once, read-only, to find damage before anything uses it.

SQLite's ``quick_check`` finds a broken page structure, but a flipped bit inside a value passes
it: a date the audit log cannot read, JSON that no longer parses, text that is no longer UTF-8.
Such a file used to open and then fail in every window that read the bad row. Here every row of
every table the program knows is read, and the first failure is reported as a :class:`Damage`
naming the table, for the TD's refusal message.

Reading is kept cheap, since every open pays for it (a 300-player, 7-round file holds some 46,000
JSON values): text is fetched by the sqlite3 module in C, which refuses bytes that are not UTF-8;
JSON is checked by SQLite's ``json_valid`` in SQL, and only the values it doubts are decoded by
the program's own JSON type (so a value Python reads but SQLite doubts is not refused); the few
columns with other decoders (dates, times) go through the program's column types as before.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

from sqlalchemy import JSON, Column, Date, DateTime
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.engine import Dialect

from tdapp.store.models import Base

INTEGRITY_LIMIT = 5  # problems SQLite lists before it stops: enough to say what is wrong


class Damage(Exception):
    """What is wrong with a file, in a few words for the TD ("the players list cannot be read")."""


# The tables as a TD knows them, for the refusal message.
TABLE_WORDS = {
    "tournament": "the tournament's details",
    "player": "the players list",
    "round": "the rounds",
    "team": "the teams",
    "team_member": "the teams",
    "audit_entry": "the history of edits",
    "tie_decision": "the tie decisions",
    "custom_scoring": "the scoring systems",
    "keep_apart": "the keep-apart pairs",
    "roll_call": "the roll call",
    "board": "the boards",
    "seat": "the seats",
    "center_count": "the supply-centre counts",
    "special_award": "the awards",
    "sit_out": "the sit-outs",
    "game_phase": "the games' phases",
    "draw_vote": "the draw votes",
    "phase_orders": "the order sheets",
    "seat_replacement": "the replaced players",
    "player_code": "the players' codes",
    "check_in": "the check-ins from phones",
    "announcement": "the announcements",
    "result_response": "the players' confirmations of results",
}


def check_pages(connection: sqlite3.Connection) -> None:
    """SQLite's own full check of the pages, indexes and constraints."""
    problems = [row[0] for row in connection.execute(f"PRAGMA integrity_check({INTEGRITY_LIMIT})")]
    if problems != ["ok"]:
        raise Damage("SQLite found: " + "; ".join(problems[:3]))


def check_rows(connect: Callable[[], sqlite3.Connection], tables: frozenset[str]) -> None:
    """Read every row of every known table as the program's column types would."""
    connection = connect()
    dialect = sqlite_dialect.dialect()
    for table in Base.metadata.sorted_tables:
        if table.name not in tables:
            continue  # an older file; the upgrade adds it
        try:
            present = {row[1] for row in connection.execute(f'PRAGMA table_info("{table.name}")')}
            _check_table(connection, dialect, table.name,
                         [c for c in table.columns if c.name in present])
        except Exception as exc:  # noqa: BLE001 - any failure to read is damage here
            words = TABLE_WORDS.get(table.name, f"the table {table.name}")
            reason = " ".join(str(exc).split())[:160]
            raise Damage(f"{words} cannot be read: {reason}") from exc
    count = connection.execute("SELECT count(*) FROM tournament").fetchone()[0]
    if count != 1:
        raise Damage(f"it holds {count} tournament descriptions instead of one")


# Values SQLite shows to be exactly as the program writes them need no decoding in Python; any
# other value (a flipped bit; a 31 February, which SQLite moves on to March, so it differs) is decoded
# by the column's own type, which refuses it as the windows would.
_DATETIME_FINE = ("typeof({c}) = 'text' AND length({c}) = 26 AND {c} GLOB '[0-9][0-9][0-9][0-9]-"
                  "[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9][0-9]"
                  "[0-9][0-9]' AND datetime(julianday({c})) = substr({c}, 1, 19)")
_DATE_FINE = "typeof({c}) = 'text' AND length({c}) = 10 AND date(julianday({c})) = {c}"
_JSON_FINE = "typeof({c}) = 'text' AND json_valid({c})"


def _fine(column: Column[Any]) -> str | None:
    """SQL true where ``column``'s value surely decodes (None: decode every value)."""
    kind = column.type
    pattern = (_JSON_FINE if isinstance(kind, JSON) else _DATETIME_FINE
               if isinstance(kind, DateTime) else _DATE_FINE if isinstance(kind, Date) else None)
    return None if pattern is None else pattern.format(c=f'"{column.name}"')


def _check_table(connection: sqlite3.Connection, dialect: Dialect, table: str,
                 columns: list[Column[Any]]) -> None:
    """One table: its text decoded in C, its doubtful JSON and dates by the column types."""
    if not columns:
        return
    # One long text per column: sqlite3 refuses bytes that are not UTF-8 as it decodes it.
    concatenated = ", ".join(f'group_concat(CAST("{c.name}" AS TEXT), \'\')' for c in columns)
    connection.execute(f'SELECT {concatenated} FROM "{table}"').fetchall()
    for column in columns:
        process = column.type.dialect_impl(dialect).result_processor(dialect, None)
        if process is None:
            continue
        fine = _fine(column)
        name = f'"{column.name}"'
        doubtful = f" WHERE {name} IS NOT NULL" + (f" AND NOT ({fine})" if fine else "")
        for (value,) in connection.execute(f'SELECT {name} FROM "{table}"{doubtful}'):
            process(value)
