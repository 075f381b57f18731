"""Copies with the SQLite backup API: complete, one file, and the source left as it was."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest

from tdapp.services import players
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.backup import BackupError, copy_from_file, copy_into_file


def count_players(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as c:
        return c.execute("SELECT count(*) FROM player").fetchone()[0]


def make(path: Path, names: list[str]) -> None:
    db = create_tournament(path, TournamentInfo("Backup Cup", "wdc-2025", 2))
    players.add_players(db, [players.PlayerData(n) for n in names], "Add")
    db.close()


def test_copy_of_a_closed_file_touches_nothing_beside_it(tmp_path: Path, snapshot_of_folder
                                                         ) -> None:
    source = tmp_path / "src" / "cup.tdt"
    make(source, ["Ann", "Bob"])
    before = snapshot_of_folder(source.parent)
    copy_from_file(source, tmp_path / "out" / "copy.tdt")
    assert snapshot_of_folder(source.parent) == before
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["copy.tdt"]
    assert count_players(tmp_path / "out" / "copy.tdt") == 2


def test_copy_reads_edits_still_in_the_wal_without_changing_the_source(tmp_path: Path) -> None:
    source = tmp_path / "cup.tdt"
    make(source, ["Ann"])
    db = create_tournament(tmp_path / "other.tdt", TournamentInfo("X", "wdc-2025", 1))
    db.close()
    from tdapp.services.files import open_tournament

    db = open_tournament(source)
    players.add_player(db, players.PlayerData("Only in the WAL"))
    wal = source.with_name(source.name + "-wal")
    crashed = (source.read_bytes(), wal.read_bytes())  # as a crash would leave them
    db.close()
    source.write_bytes(crashed[0])
    wal.write_bytes(crashed[1])
    copy_from_file(source, tmp_path / "copy.tdt")
    assert count_players(tmp_path / "copy.tdt") == 2
    assert (source.read_bytes(), wal.read_bytes()) == crashed


def test_copy_into_replaces_the_contents_in_one_go(tmp_path: Path) -> None:
    small, big = tmp_path / "small.tdt", tmp_path / "big.tdt"
    make(small, ["Ann"])
    make(big, [f"P{i}" for i in range(200)])
    copy_into_file(small, big)
    assert count_players(big) == 1
    with pytest.raises(BackupError, match="There is no file"):
        copy_into_file(tmp_path / "missing.tdt", big)
    assert count_players(big) == 1
