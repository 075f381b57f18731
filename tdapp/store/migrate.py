"""Schema revisions of the tournament file, with Alembic configured from code.

The migration scripts live in ``migrations/`` beside this module, located from ``__file__`` so the
same code finds them in a source tree, an installed package and a PyInstaller bundle (which must
ship that folder, ``.py`` files included, as data). No alembic.ini is read at run time.

Opening a file only needs to know the revisions (:func:`known_revisions`, :func:`head_revision`):
they are read from the scripts' ``revision =`` lines, so Alembic (a quarter of a second to
import, more to load the scripts) is imported only when a schema is written or upgraded.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, event, inspect
from sqlalchemy.pool import NullPool

from tdapp.store.database import APPLICATION_ID, sqlite_url
from tdapp.store.models import Base

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
VERSION_TABLE = "alembic_version"
# Files written before migrations existed have no version table; their schema is this revision.
UNVERSIONED_REVISION = "0001_initial"


# A script's own revision and the one it follows: ``revision = "0002_x"``.
_REVISION_LINE = re.compile(r"""^(down_revision|revision)\s*(?::[^=]*)?=\s*(?:['"]([^'"]+)['"]|None)""",
                            re.MULTILINE)


def alembic_config(connection: Connection | None = None) -> Config:
    from alembic.config import Config  # lazy, for start-up speed: only to write a schema

    config = Config()
    # ConfigParser interpolation would eat a '%' in the folder's path.
    config.set_main_option("script_location", str(MIGRATIONS_DIR).replace("%", "%%"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@functools.cache
def script_directory() -> ScriptDirectory:
    """The migration scripts (read once: they do not change while the program runs)."""
    from alembic.script import ScriptDirectory  # lazy, for start-up speed

    return ScriptDirectory.from_config(alembic_config())


@functools.cache
def revision_chain() -> dict[str, str | None]:
    """Each script's revision and the revision it follows, read from the scripts' text (the
    same lines Alembic reads; a test checks both agree)."""
    chain: dict[str, str | None] = {}
    for script in sorted((MIGRATIONS_DIR / "versions").glob("*.py")):
        found = dict((m.group(1), m.group(2)) for m in
                     _REVISION_LINE.finditer(script.read_text(encoding="utf-8")))
        revision = found.get("revision")
        if revision:
            chain[revision] = found.get("down_revision")
    return chain


def head_revision() -> str:
    chain = revision_chain()
    heads = set(chain) - set(chain.values())
    if len(heads) != 1:
        raise RuntimeError(f"no single newest migration script in {MIGRATIONS_DIR}: {heads}")
    return heads.pop()


def known_revisions() -> set[str]:
    return set(revision_chain())


def current_revision(connection: Connection) -> str | None:
    """The file's revision; None for an empty database."""
    from alembic.runtime.migration import MigrationContext  # lazy, for start-up speed

    revision = MigrationContext.configure(connection).get_current_revision()
    if revision is None and "tournament" in inspect(connection).get_table_names():
        return UNVERSIONED_REVISION
    return revision


def stamp_head(connection: Connection) -> None:
    """Mark a schema just made from the models as being at the newest revision."""
    from alembic import command  # lazy, for start-up speed: only when a schema is written

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
    from alembic import command  # lazy, for start-up speed: only a file that needs upgrading
    from alembic.runtime.migration import MigrationContext

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
