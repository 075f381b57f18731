"""File > New / Open / Save a copy as / Close, and every refusal leaving the file as it was."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest

from tdapp.services import players
from tdapp.services.files import (
    TournamentFileError,
    close_tournament,
    create_new_tournament,
    open_tournament,
    save_copy_as,
)
from tdapp.services.tournaments import TournamentInfo, tournament_info
from tdapp.store import migrate
from tdapp.store.database import APPLICATION_ID
from tests.file_helpers import folder_state

pytestmark = pytest.mark.sqlite_only("File > New/Open/Save a copy: the .tdt file, its lock and its folder")

INFO = TournamentInfo("Leeds Open", "wdc-2025", 3, venue="Town Hall")


def sql(path: Path, statement: str) -> list[tuple]:
    with contextlib.closing(sqlite3.connect(path)) as connection:
        rows = connection.execute(statement).fetchall()
        connection.commit()
        return rows


def make_tournament(path: Path, n_players: int = 3) -> None:
    db = create_new_tournament(path, INFO)
    players.add_players(
        db, [players.PlayerData(f"Player {i:03d}", home_town="Leeds") for i in range(n_players)],
        "Import players",
    )
    close_tournament(db)


def assert_refused(path: Path, match: str) -> None:
    before = folder_state(path.parent)
    with pytest.raises(TournamentFileError, match=match):
        open_tournament(path)
    assert folder_state(path.parent) == before


def test_new_file_is_marked_stamped_and_released_on_close(tournament_path: Path) -> None:
    db = create_new_tournament(tournament_path, INFO)
    lock = tournament_path.with_name(tournament_path.name + ".lock")
    assert lock.exists()
    close_tournament(db)
    close_tournament(db)  # closing twice is harmless
    assert not lock.exists()
    assert sorted(p.name for p in tournament_path.parent.iterdir()) == [tournament_path.name]
    assert sql(tournament_path, "PRAGMA application_id") == [(APPLICATION_ID,)]
    assert sql(tournament_path, "SELECT version_num FROM alembic_version") == [
        (migrate.head_revision(),)
    ]


def test_name_without_suffix_gets_tdt(tmp_path: Path) -> None:
    db = create_new_tournament(tmp_path / "Spring Open", INFO)
    assert db.path.name == "Spring Open.tdt"
    close_tournament(db)
    db = create_new_tournament(tmp_path / "Open 2.0", INFO)
    assert db.path.name == "Open 2.0.tdt"
    close_tournament(db)


def test_create_refuses_an_existing_file_and_bad_details(tournament_path: Path) -> None:
    tournament_path.write_text("mine")
    with pytest.raises(TournamentFileError, match="already exists"):
        create_new_tournament(tournament_path, INFO)
    assert tournament_path.read_text() == "mine"
    other = tournament_path.with_name("other.tdt")
    with pytest.raises(TournamentFileError, match="needs a name"):
        create_new_tournament(other, TournamentInfo(" ", "wdc-2025", 3))


def test_reopen_finds_everything(tournament_path: Path) -> None:
    make_tournament(tournament_path, 5)
    db = open_tournament(tournament_path)
    assert tournament_info(db).venue == "Town Hall"
    assert len(players.list_players(db)) == 5
    close_tournament(db)
    assert not tournament_path.with_name(tournament_path.name + "-wal").exists()


def test_refuses_a_text_file(tmp_path: Path) -> None:
    path = tmp_path / "notes.tdt"
    path.write_text("Round 1: 7 boards\n")
    assert_refused(path, "not a tdapp tournament file")


def test_refuses_another_sqlite_database(tmp_path: Path) -> None:
    path = tmp_path / "addresses.tdt"
    sql(path, "CREATE TABLE person (name TEXT)")
    assert_refused(path, "a database, but not a tdapp tournament file")


def test_refuses_a_missing_file_and_a_folder(tmp_path: Path) -> None:
    with pytest.raises(TournamentFileError, match="There is no file"):
        open_tournament(tmp_path / "nowhere.tdt")
    (tmp_path / "dir.tdt").mkdir()
    with pytest.raises(TournamentFileError, match="folder"):
        open_tournament(tmp_path / "dir.tdt")


def test_refuses_a_file_from_a_newer_version(tournament_path: Path) -> None:
    make_tournament(tournament_path)
    sql(tournament_path, "UPDATE alembic_version SET version_num = '0099_from_the_future'")
    message = "newer version of tdapp.*0099_from_the_future.*Nothing was changed"
    assert_refused(tournament_path, message)


def test_refuses_a_truncated_file(tournament_path: Path) -> None:
    make_tournament(tournament_path, 300)
    data = tournament_path.read_bytes()
    tournament_path.write_bytes(data[: len(data) // 2])
    assert_refused(tournament_path, "is damaged.*Restore the latest snapshot")


def test_refuses_garbage_in_pages(tournament_path: Path) -> None:
    make_tournament(tournament_path, 300)
    data = bytearray(tournament_path.read_bytes())
    page = 4096
    for start in range(2 * page, len(data) - page, 3 * page):  # every third page from page 3
        data[start + 8: start + 600] = bytes(range(256)) * 2 + bytes(80)
    tournament_path.write_bytes(bytes(data))
    assert_refused(tournament_path, "is damaged")


def test_open_after_a_crash_reads_the_wal(tournament_path: Path) -> None:
    """Committed edits still in the -wal file (never checkpointed) are found on opening."""
    make_tournament(tournament_path, 2)
    db = open_tournament(tournament_path)
    players.add_player(db, players.PlayerData("Late Larry"))
    wal = tournament_path.with_name(tournament_path.name + "-wal")
    assert wal.exists()
    # Simulate the crash: forget the lock and the engine without closing either.
    saved_wal = wal.read_bytes()
    saved_db = tournament_path.read_bytes()
    close_tournament(db)
    tournament_path.write_bytes(saved_db)
    wal.write_bytes(saved_wal)
    reopened = open_tournament(tournament_path)
    assert "Late Larry" in [p.name for p in players.list_players(reopened)]
    close_tournament(reopened)


def test_save_copy_as_writes_a_complete_tournament(tournament_path: Path, tmp_path: Path) -> None:
    make_tournament(tournament_path, 4)
    db = open_tournament(tournament_path)
    players.add_player(db, players.PlayerData("Zoë Lefèvre"))  # committed, perhaps only in -wal
    target = save_copy_as(db, tmp_path / "copies" / "Leeds Open copy")
    assert target.name == "Leeds Open copy.tdt"
    assert sorted(p.name for p in target.parent.iterdir()) == [target.name]  # one file
    assert sql(target, "PRAGMA integrity_check") == [("ok",)]
    copy = open_tournament(target)
    assert len(players.list_players(copy)) == 5
    close_tournament(copy)
    players.add_player(db, players.PlayerData("After the copy"))  # the original stays in use
    assert len(players.list_players(db)) == 6
    with pytest.raises(TournamentFileError, match="the file you are working in"):
        save_copy_as(db, tournament_path)
    close_tournament(db)


def test_save_copy_as_replaces_a_closed_file_and_its_crash_leftovers(
    tournament_path: Path, tmp_path: Path
) -> None:
    make_tournament(tournament_path, 3)
    target = tmp_path / "target.tdt"
    make_tournament(target, 7)
    stale_wal = target.with_name(target.name + "-wal")
    stale_wal.write_bytes(b"left by a crash")
    db = open_tournament(tournament_path)
    save_copy_as(db, target)  # the GUI has asked the TD before replacing
    close_tournament(db)
    assert not stale_wal.exists()
    assert sql(target, "SELECT count(*) FROM player") == [(3,)]
    assert sql(target, "PRAGMA integrity_check") == [("ok",)]


def test_refuses_a_read_only_file(tournament_path: Path, monkeypatch) -> None:
    make_tournament(tournament_path)
    import tdapp.store.files as store_files

    real_access = store_files.os.access
    monkeypatch.setattr(store_files.os, "access",
                        lambda p, mode: False if mode == store_files.os.W_OK else
                        real_access(p, mode))
    assert_refused(tournament_path, "is read-only.*Copy it")


def test_a_folder_name_with_spaces_hash_and_accents(tmp_path: Path) -> None:
    from tdapp.services.snapshots import list_snapshots, take_snapshot

    path = tmp_path / "Coupe #1 (Besançon) 100%" / "Coupe? de l'été.tdt"
    make_tournament(path, 2)
    db = open_tournament(path)
    snapshot = take_snapshot(db, "on demand", None)
    close_tournament(db)
    assert list_snapshots(path) == [snapshot]
    sql(path, "UPDATE alembic_version SET version_num = 'zzz'")
    assert_refused(path, "newer version")
