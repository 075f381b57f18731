"""Schema revisions of the tournament file, with Alembic configured from code.

The migration scripts live in ``migrations/`` beside this module, located from ``__file__`` so the
same code finds them in a source tree, an installed package and a PyInstaller bundle (which must
ship that folder, ``.py`` files included, as data). No alembic.ini is read at run time.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, inspect
from sqlalchemy.pool import NullPool

from tdapp.store.database import APPLICATION_ID, sqlite_url
from tdapp.store.models import Base

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
VERSION_TABLE = "alembic_version"
# Files written before migrations existed have no version table; their schema is this revision.
UNVERSIONED_REVISION = "0001_initial"


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    # ConfigParser interpolation would eat a '%' in the folder's path.
    config.set_main_option("script_location", str(MIGRATIONS_DIR).replace("%", "%%"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@functools.cache
def script_directory() -> ScriptDirectory:
    """The migration scripts (read once: they do not change while the program runs)."""
    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    head = script_directory().get_current_head()
    if head is None:
        raise RuntimeError(f"no migration scripts found in {MIGRATIONS_DIR}")
    return head


def known_revisions() -> set[str]:
    return {script.revision for script in script_directory().walk_revisions()}


def current_revision(connection: Connection) -> str | None:
    """The file's revision; None for an empty database."""
    revision = MigrationContext.configure(connection).get_current_revision()
    if revision is None and "tournament" in inspect(connection).get_table_names():
        return UNVERSIONED_REVISION
    return revision


def stamp_head(connection: Connection) -> None:
    """Mark a schema just made from the models as being at the newest revision."""
    command.stamp(alembic_config(connection), "head")


def create_schema(engine: Engine) -> None:
    """Write the current schema into an empty database and mark it with the newest revision."""
    with engine.begin() as connection:
        if engine.dialect.name == "sqlite":
            connection.exec_driver_sql(f"PRAGMA application_id={APPLICATION_ID}")
        Base.metadata.create_all(connection)
        stamp_head(connection)


def migration_engine(path: Path) -> Engine:
    """An engine whose transactions really enclose DDL.

    Python's sqlite3 module would commit schema changes as it goes; with its own transaction
    handling switched off and an explicit BEGIN IMMEDIATE, a failed migration rolls back whole.
    Foreign keys are off because batch migrations rebuild tables (checked again at the end).
    """
    engine = create_engine(sqlite_url(path), poolclass=NullPool)

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, connection_record: Any) -> None:
        dbapi_connection.isolation_level = None
        for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=OFF",
                       "busy_timeout=5000"):
            dbapi_connection.execute(f"PRAGMA {pragma}")

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def upgrade_to_head(path: Path) -> tuple[str | None, str]:
    """Run every migration the file lacks, all in one transaction; returns (from, to)."""
    engine = migration_engine(path)
    try:
        with engine.begin() as connection:
            before = current_revision(connection)
            if before is not None and MigrationContext.configure(
                connection
            ).get_current_revision() is None:
                command.stamp(alembic_config(connection), before)
            command.upgrade(alembic_config(connection), "head")
            problems = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
            if problems:
                raise RuntimeError(f"foreign keys broken by the migration: {problems[:5]}")
            return before, head_revision()
    finally:
        engine.dispose()
