"""The same Alembic migrations run on PostgreSQL as on the .tdt file (issue 16: "The same models
and migrations (Alembic) run on both engines"): every revision from the first applied to an
empty server database gives the schema the models describe, and a server tournament written
at an older revision is upgraded when it is opened."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import inspect, text

from tdapp.store import migrate
from tdapp.store.models import Base
from tdapp.store.pg import (
    create_server_tournament,
    ensure_database,
    make_server_engine,
    open_server_tournament,
)
from tests.venue_helpers import drop_database, fresh_database_url

pytestmark = pytest.mark.postgres


def _columns(connection) -> dict[str, set[str]]:
    found = inspect(connection)
    return {table: {c["name"] for c in found.get_columns(table)}
            for table in found.get_table_names() if table in Base.metadata.tables}


def test_every_migration_runs_on_postgresql_to_the_models_schema(venue_server) -> None:
    by_migrations = fresh_database_url(venue_server.url_td, "mig")
    by_models = fresh_database_url(venue_server.url_td, "models")
    ensure_database(by_migrations)
    engine = make_server_engine(by_migrations)
    try:
        with engine.begin() as connection:
            command.upgrade(migrate.alembic_config(connection), "head")
            assert migrate.current_revision(connection) == migrate.head_revision()
            migrated = _columns(connection)
        create_server_tournament(by_models).close()
        models = make_server_engine(by_models)
        with models.connect() as connection:
            expected = _columns(connection)
        models.dispose()
        assert migrated == expected
        assert set(expected) == set(Base.metadata.tables)
    finally:
        engine.dispose()
        drop_database(by_migrations)
        drop_database(by_models)


def test_an_older_server_tournament_is_upgraded_when_opened(venue_server, monkeypatch,
                                                           tmp_path) -> None:
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path))
    url = fresh_database_url(venue_server.url_td, "old")
    ensure_database(url)
    engine = make_server_engine(url)
    try:
        with engine.begin() as connection:
            command.upgrade(migrate.alembic_config(connection), migrate.UNVERSIONED_REVISION)
            connection.execute(text(
                "INSERT INTO tournament (name, venue, format_name, rounds_planned, created_at, "
                "version) VALUES ('Old Cup', '', 'wdc-2025', 3, now(), 1)"))
        db = open_server_tournament(url)
        with db.engine.connect() as connection:
            assert migrate.current_revision(connection) == migrate.head_revision()
            assert connection.execute(text("SELECT name FROM tournament")).scalar() == "Old Cup"
        db.close()
    finally:
        engine.dispose()
        drop_database(url)
