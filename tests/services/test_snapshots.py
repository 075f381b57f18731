"""Snapshots beside the tournament file, listing them, and restoring one."""

from __future__ import annotations

import contextlib
import datetime as dt
import sqlite3
from pathlib import Path

import pytest

from tdapp.services import players
from tdapp.services.changes import Change
from tdapp.services.files import TournamentFileError, close_tournament, open_tournament
from tdapp.services.snapshots import (
    current_round,
    list_snapshots,
    restore_snapshot,
    take_snapshot,
)
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.snapshots import read_snapshot, snapshot_dir, snapshot_name

pytestmark = pytest.mark.sqlite_only(
    "snapshots beside the .tdt file and restoring over it; a server tournament's snapshot is "
    "tested in tests/store/test_venue_live.py")


@pytest.fixture
def db(tournament_path: Path):
    db = create_tournament(tournament_path, TournamentInfo("Snap Open", "wdc-2025", 3))
    yield db
    if not db.closed:
        db.close()


def names(db) -> list[str]:
    return sorted(p.name for p in players.list_players(db))


def add(db, *who: str) -> Change:
    return players.add_players(db, [players.PlayerData(n) for n in who], "Add")


def sql(path: Path, statement: str) -> list[tuple]:
    with contextlib.closing(sqlite3.connect(path)) as connection:
        return connection.execute(statement).fetchall()


def test_snapshot_is_a_complete_file_in_the_folder_beside(db, tournament_path: Path) -> None:
    add(db, "Ann", "Bob")
    snap = take_snapshot(db, "after round 1 scored", 1)
    assert snap.path.parent == tournament_path.parent / "test-tournament snapshots"
    assert snap.path.name.endswith(" round 1 - after round 1 scored.tdt")
    assert (snap.round_number, snap.reason) == (1, "after round 1 scored")
    assert abs((dt.datetime.now().astimezone() - snap.taken_at).total_seconds()) < 60
    assert sql(snap.path, "PRAGMA integrity_check") == [("ok",)]
    assert sql(snap.path, "SELECT count(*) FROM player") == [(2,)]
    assert not snap.path.with_name(snap.path.name + "-wal").exists()  # one self-contained file
    assert "round 1" in snap.label() and "after round 1 scored" in snap.label()


def test_list_is_newest_first_and_survives_a_lost_json(db, tournament_path: Path) -> None:
    first = take_snapshot(db, "before seating round 1", 1)
    second = take_snapshot(db, "on demand: lunch / 12:30?")  # odd characters in the reason
    third = take_snapshot(db, "before seating round 2", 2)
    listed = list_snapshots(tournament_path)
    assert [s.path for s in listed] == [third.path, second.path, first.path]
    assert listed[1].reason == "on demand: lunch / 12:30?" and listed[1].round_number is None
    third.path.with_name(third.path.name + ".json").unlink()
    recovered = read_snapshot(third.path)
    assert (recovered.round_number, recovered.reason) == (2, "before seating round 2")
    assert recovered.taken_at.replace(tzinfo=None) == third.taken_at.replace(
        tzinfo=None, microsecond=0)
    assert list_snapshots(tournament_path.with_name("no such.tdt")) == []


def test_snapshot_names_are_safe_everywhere() -> None:
    when = dt.datetime(2026, 11, 22, 14, 5, 33)
    assert snapshot_name(when, 3, 'a/b\\c:d*e?"f"<g>|h') == (
        "2026-11-22 14.05.33 round 3 - a-b-c-d-e-f-g-h.tdt"
    )
    assert snapshot_name(when, None, "///") == "2026-11-22 14.05.33 - snapshot.tdt"


def test_restore_brings_back_the_snapshot_and_keeps_the_present(db, tournament_path) -> None:
    add(db, "Ann")
    with db.action("Call round 1") as session:
        from sqlalchemy import select

        from tdapp.store.models import Round

        session.scalar(select(Round).where(Round.number == 1)).status = "playing"
    assert current_round(db) == 1
    snap = take_snapshot(db, "round 1 started", 1)
    add(db, "Bob", "Carla")
    restored = restore_snapshot(db, snap)
    assert db.closed
    assert names(restored) == ["Ann"]
    add(restored, "Dan")  # the restored file is open for editing
    before = [s for s in list_snapshots(restored) if s.reason == "before restore"]
    assert len(before) == 1 and before[0].round_number == 1
    assert sql(before[0].path, "SELECT count(*) FROM player") == [(3,)]
    restored.close()
    reopened = open_tournament(tournament_path)
    assert names(reopened) == ["Ann", "Dan"]
    assert sql(tournament_path, "PRAGMA integrity_check") == [("ok",)]
    close_tournament(reopened)


def test_restore_a_closed_file_by_path(db, tournament_path: Path) -> None:
    add(db, "Ann")
    snap = take_snapshot(db, "on demand")
    add(db, "Bob")
    db.close()
    restored = restore_snapshot(tournament_path, snap.path)
    assert names(restored) == ["Ann"]
    restored.close()
    assert [s.reason for s in list_snapshots(tournament_path)] == ["before restore", "on demand"]


def test_restore_over_a_damaged_file_sets_it_aside(db, tournament_path: Path) -> None:
    add(db, "Ann")
    snap = take_snapshot(db, "after round 1", 1)
    db.close()
    data = bytearray(tournament_path.read_bytes())
    data[4096 + 8: 4096 + 400] = b"\xff" * 392
    tournament_path.write_bytes(bytes(data))
    with pytest.raises(TournamentFileError, match="damaged"):
        open_tournament(tournament_path)
    restored = restore_snapshot(tournament_path, snap)
    assert names(restored) == ["Ann"]
    restored.close()
    set_aside = [p for p in snapshot_dir(tournament_path).iterdir() if "damaged" in p.name]
    assert len(set_aside) == 1 and set_aside[0].read_bytes() == bytes(data)
    assert set_aside[0].name.endswith(".tdt.damaged")
    assert [s.reason for s in list_snapshots(tournament_path)] == ["after round 1"]


def test_restore_refuses_a_snapshot_that_is_not_a_tournament(db, tmp_path: Path) -> None:
    add(db, "Ann")
    bogus = tmp_path / "bogus.tdt"
    bogus.write_text("not a database")
    with pytest.raises(TournamentFileError, match="not a tdapp tournament file"):
        restore_snapshot(db, bogus)
    assert not db.closed and names(db) == ["Ann"]
    assert list_snapshots(db) == []


def test_snapshot_folder_that_cannot_be_made_is_a_clear_error(db, tournament_path) -> None:
    from tdapp.services.changes import ServiceError

    snapshot_dir(tournament_path).write_text("a file where the folder should be")
    with pytest.raises(ServiceError, match="snapshot folder .* cannot be written"):
        take_snapshot(db, "on demand")


@pytest.mark.skipif(__import__("sys").platform == "win32", reason="POSIX permission bits")
def test_a_snapshot_is_this_accounts_alone(db, tmp_path: Path) -> None:
    """A snapshot holds the whole tournament (sealed votes, assistants' names): 0600, it and
    its description, even under a umask that gives everyone else read access; written through
    SQLite's backup API into a file that was private from its creation."""
    import os
    import stat

    old = os.umask(0o022)
    try:
        snapshot = take_snapshot(db, "private")
    finally:
        os.umask(old)
    assert stat.S_IMODE(snapshot.path.stat().st_mode) == 0o600
    description = snapshot.path.with_name(snapshot.path.name + ".json")
    assert stat.S_IMODE(description.stat().st_mode) == 0o600
    assert not [p for p in snapshot.path.parent.iterdir() if ".part" in p.name]
    with contextlib.closing(sqlite3.connect(snapshot.path)) as copy:
        assert copy.execute("PRAGMA quick_check").fetchone() == ("ok",)
