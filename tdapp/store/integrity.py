"""Reading a whole tournament file once, read-only, to find damage before anything uses it.

SQLite's ``quick_check`` finds a broken page structure, but a flipped bit inside a value passes
it: a date the audit log cannot read, JSON that no longer parses, text that is no longer UTF-8.
Such a file used to open and then fail in every window that read the bad row. Here every row of
every table the program knows is read through the same column types the program uses (so JSON,
dates and text are decoded exactly as they will be later), and the first failure is reported as
a :class:`Damage` naming the table, for the TD's refusal message.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from sqlalchemy import create_engine, select
from sqlalchemy.pool import StaticPool

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
}


def check_pages(connection: sqlite3.Connection) -> None:
    """SQLite's own full check of the pages, indexes and constraints."""
    problems = [row[0] for row in connection.execute(f"PRAGMA integrity_check({INTEGRITY_LIMIT})")]
    if problems != ["ok"]:
        raise Damage("SQLite found: " + "; ".join(problems[:3]))


def check_rows(connect: Callable[[], sqlite3.Connection], tables: frozenset[str]) -> None:
    """Read every row of every known table through the program's column types."""
    engine = create_engine("sqlite://", creator=connect, poolclass=StaticPool)
    try:
        with engine.connect() as connection:
            for table in Base.metadata.sorted_tables:
                if table.name not in tables:
                    continue  # an older file; the upgrade adds it
                try:
                    present = {row[1] for row in connection.exec_driver_sql(
                        f'PRAGMA table_info("{table.name}")')}
                    columns = [c for c in table.columns if c.name in present]
                    for _row in connection.execute(select(*columns)):
                        pass
                except Exception as exc:  # noqa: BLE001 - any failure to read is damage here
                    words = TABLE_WORDS.get(table.name, f"the table {table.name}")
                    reason = " ".join(str(getattr(exc, "orig", None) or exc).split())[:160]
                    raise Damage(f"{words} cannot be read: {reason}") from exc
            count = connection.exec_driver_sql("SELECT count(*) FROM tournament").scalar()
            if count != 1:
                raise Damage(f"it holds {count} tournament descriptions instead of one")
    finally:
        engine.dispose()
