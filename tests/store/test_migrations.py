"""Alembic migrations: they build exactly the models' schema, and an older file is backed up
(with the backup API, into its snapshots folder) and then upgraded when it is opened."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from tdapp.services import history, players
from tdapp.services.files import TournamentFileError, close_tournament, open_tournament
from tdapp.store import migrate
from tdapp.store.database import APPLICATION_ID
from tdapp.store.files import create_tournament_file
from tdapp.store.models import Base
from tdapp.store.snapshots import list_snapshots, snapshot_dir

OLD = "0001_initial"


def sql(path: Path, statement: str) -> list[tuple]:
    with contextlib.closing(sqlite3.connect(path)) as connection:
        rows = connection.execute(statement).fetchall()
        connection.commit()
        return rows


def schema_differences(path: Path) -> list:
    engine = migrate.migration_engine(path)
    try:
        with engine.connect() as connection:
            return compare_metadata(MigrationContext.configure(connection), Base.metadata)
    finally:
        engine.dispose()


def schema_objects(path: Path) -> set[tuple[str, str]]:
    return set(sql(path, "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"))


def make_old_file(path: Path, revision: str = OLD) -> None:
    """A tournament file as an older tdapp wrote it: schema at ``revision``, with data."""
    engine = migrate.migration_engine(path)
    try:
        with engine.begin() as connection:
            connection.exec_driver_sql(f"PRAGMA application_id={APPLICATION_ID}")
            command.upgrade(migrate.alembic_config(connection), revision)
    finally:
        engine.dispose()
    with contextlib.closing(sqlite3.connect(path)) as connection:
        connection.executescript(
            """
            INSERT INTO tournament (id, name, venue, format_name, rounds_planned, created_at,
                                    version)
                VALUES (1, 'Old Cup', 'Hall', 'wdc-2025', 2, '2025-05-01 09:00:00', 1);
            INSERT INTO round (id, number, status, version) VALUES (1, 1, 'finished', 1);
            INSERT INTO player (id, name, home_town, country, club, local_status, email, notes,
                                competing, withdrawn, power_preferences, version)
                VALUES (1, 'Åsa Öberg', 'Malmö', 'Sweden', '', 'traveller', '', '', 1, 0, '', 1),
                       (2, 'Bob', 'Leeds', 'UK', '', 'local', '', '', 1, 0, '', 1);
            INSERT INTO board (id, round_id, number, top_board, status, version)
                VALUES (1, 1, 1, 0, 'scored', 1);
            INSERT INTO seat (id, board_id, power, player_id, centers, version)
                VALUES (1, 1, 'SWEDEN', 1, 7, 1);
            """
        )
        connection.commit()


def test_migrations_build_exactly_the_models(tmp_path: Path) -> None:
    migrated = tmp_path / "migrated.tdt"
    before, after = migrate.upgrade_to_head(migrated)
    assert (before, after) == (None, migrate.head_revision())
    assert schema_differences(migrated) == []
    created = tmp_path / "created.tdt"
    create_tournament_file(created).close()
    assert schema_differences(created) == []
    assert schema_objects(created) == schema_objects(migrated)


def test_revisions_form_one_line() -> None:
    script = migrate.script_directory()
    assert len(script.get_heads()) == 1
    assert migrate.known_revisions() >= {OLD, "0002_player_indexes"}
    assert migrate.MIGRATIONS_DIR.joinpath("env.py").is_file()


def test_old_file_is_backed_up_then_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "Old Cup.tdt"
    make_old_file(path)
    old_bytes_objects = schema_objects(path)
    assert ("index", "ix_seat_player_id") not in old_bytes_objects

    db = open_tournament(path)
    assert sorted(p.name for p in players.list_players(db)) == ["Bob", "Åsa Öberg"]
    assert players.get_player(db, 1).boards_played == 1
    players.add_player(db, players.PlayerData("Carla"))
    history.undo(db)  # the audit log works on the upgraded file
    close_tournament(db)

    assert sql(path, "SELECT version_num FROM alembic_version") == [(migrate.head_revision(),)]
    assert ("index", "ix_seat_player_id") in schema_objects(path)
    assert schema_differences(path) == []

    backups = list_snapshots(path)
    assert len(backups) == 1 and backups[0].reason == f"before upgrade from {OLD}"
    backup = backups[0].path
    assert backup.parent == snapshot_dir(path)
    assert sql(backup, "SELECT version_num FROM alembic_version") == [(OLD,)]
    assert sql(backup, "SELECT name FROM player ORDER BY id") == [("Åsa Öberg",), ("Bob",)]
    assert sql(backup, "PRAGMA integrity_check") == [("ok",)]
    assert schema_objects(backup) == old_bytes_objects

    db = open_tournament(path)  # already at head: no second backup
    close_tournament(db)
    assert len(list_snapshots(path)) == 1


def test_file_from_before_migrations_existed_is_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "unversioned.tdt"
    make_old_file(path)
    sql(path, "DROP TABLE alembic_version")
    db = open_tournament(path)
    assert len(players.list_players(db)) == 2
    close_tournament(db)
    assert sql(path, "SELECT version_num FROM alembic_version") == [(migrate.head_revision(),)]


def test_failed_migration_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "clash.tdt"
    make_old_file(path)
    # Something in the file that the second migration trips over, half-way through.
    sql(path, "CREATE INDEX ix_roll_call_player_id ON roll_call (round_id)")
    objects = schema_objects(path)
    with pytest.raises(TournamentFileError, match="could not be upgraded.*already exists.*left as it was"):
        open_tournament(path)
    assert sql(path, "SELECT version_num FROM alembic_version") == [(OLD,)]
    assert schema_objects(path) == objects  # the first index of the migration was rolled back
    assert not path.with_name(path.name + ".lock").exists()
    assert len(list_snapshots(path)) == 1  # the backup taken before trying


def test_migrations_are_found_beside_the_module_wherever_it_lives(tmp_path: Path) -> None:
    """As in a bundle: the package copied elsewhere, run from another folder, no alembic.ini."""
    import shutil
    import subprocess
    import sys

    bundle = tmp_path / "bundle"
    shutil.copytree(Path(migrate.__file__).parents[1], bundle / "tdapp",
                    ignore=shutil.ignore_patterns("__pycache__", "gui"))
    code = ("from tdapp.store import migrate; "
            "print(migrate.MIGRATIONS_DIR); print(migrate.head_revision())")
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                            text=True, env={"PYTHONPATH": str(bundle), "PATH": ""}, timeout=60)
    assert result.returncode == 0, result.stderr
    folder, head = result.stdout.split()
    assert Path(folder) == (bundle / "tdapp" / "store" / "migrations").resolve()
    assert head == migrate.head_revision()


def test_the_revisions_read_without_alembic_are_alembics() -> None:
    """Opening a file reads the scripts' revision lines instead of importing Alembic: they must
    name the same revisions, in the same chain, with the same newest one."""
    scripts = migrate.script_directory()
    assert migrate.known_revisions() == {s.revision for s in scripts.walk_revisions()}
    assert migrate.revision_chain() == {s.revision: s.down_revision
                                        for s in scripts.walk_revisions()}
    assert migrate.head_revision() == scripts.get_current_head()


def test_opening_a_current_file_does_not_import_alembic(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "current.tdt"
    from tdapp.services.tournaments import TournamentInfo, create_tournament

    close_tournament(create_tournament(path, TournamentInfo("Current", "wdc-2025", 4)))
    code = ("import sys\nfrom tdapp.services.files import open_tournament, close_tournament\n"
            f"close_tournament(open_tournament({str(path)!r}))\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]", result.stdout
