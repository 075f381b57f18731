"""Issue 17: every read of a damaged tournament file ends in a refusal in a TD's words.

A seeded property test makes damaged copies of a real tournament file (truncations, flipped bits,
scrambled bytes, a ``-wal`` from another database, a garbage ``-wal``) and checks, for each:
opening it for editing either works and every window's reads then work, or is refused with a
message saying what is wrong, that nothing was changed, and what to restore; a refused file is
byte for byte as it was, with no ``-shm``, lock or "before upgrade" copy beside it; and ``tdapp
standings`` on it exits 0 or 2 with one line, never a traceback.

``TDAPP_DAMAGED_FILES=N`` tries N files of each kind (default 24); the counts of what each kind
gave are printed (``pytest -s``).
"""

from __future__ import annotations

import collections
import contextlib
import io
import os
import random
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from tdapp.cli import main
from tdapp.services import exports, history, players, rounds, teams, tournaments
from tdapp.services.files import TournamentFileError, open_tournament
from tdapp.store.snapshots import snapshot_dir

PER_KIND = int(os.environ.get("TDAPP_DAMAGED_FILES", "24"))
HEADER = 100  # the SQLite header: damage there is refused by the first look already


def _truncate(data: bytes, rng: random.Random) -> bytes:
    return data[:rng.randrange(HEADER, len(data))]


def _flip_one(data: bytes, rng: random.Random) -> bytes:
    damaged = bytearray(data)
    damaged[rng.randrange(HEADER, len(data))] ^= 1 << rng.randrange(8)
    return bytes(damaged)


def _flip_many(data: bytes, rng: random.Random) -> bytes:
    damaged = bytearray(data)
    for _ in range(rng.randint(2, 40)):
        damaged[rng.randrange(HEADER, len(data))] ^= 1 << rng.randrange(8)
    return bytes(damaged)


def _scramble_page(data: bytes, rng: random.Random) -> bytes:
    damaged = bytearray(data)
    start = rng.randrange(HEADER, len(data) - 64)
    for index in range(start, start + rng.randint(1, 64)):
        damaged[index] = rng.randrange(256)
    return bytes(damaged)


KINDS: dict[str, Callable[[bytes, random.Random], bytes]] = {
    "truncated": _truncate, "one bit flipped": _flip_one, "many bits flipped": _flip_many,
    "bytes scrambled": _scramble_page,
}


def foreign_wal(folder: Path) -> bytes:
    """The -wal of another database, caught before it was folded into its file."""
    other = folder / "other.db"
    writer = sqlite3.connect(other)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    writer.executemany("INSERT INTO notes (text) VALUES (?)", [("x" * 300,)] * 200)
    writer.commit()
    wal = (folder / "other.db-wal").read_bytes()
    writer.close()
    return wal


def read_everything(db) -> None:
    """What the windows read on opening a tournament."""
    tournaments.tournament_info(db)
    players.list_players(db)
    history.list_actions(db)
    rounds.all_boards(db)
    teams.teams_view(db)
    exports.report_data(db)
    exports.tournament_standings(db)


def run_cli(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, err.getvalue()


def listing(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def check_one(path: Path, outcome: collections.Counter, kind: str) -> None:
    """Open ``path`` as the window does, then read it as the command line does."""
    folder = path.parent
    before_bytes = path.read_bytes()
    before_files = listing(folder)
    try:
        db = open_tournament(path)
    except TournamentFileError as exc:
        message = str(exc)
        assert "\n" not in message
        assert path.name in message and "cannot be opened" in message, message
        assert "Nothing was changed" in message, message
        assert "Restore" in message or "Move " in message, message
        assert path.read_bytes() == before_bytes  # not changed
        assert listing(folder) == before_files  # no -shm, lock or "before upgrade" copy
        refused = True
        outcome[(kind, "refused")] += 1
    else:
        try:
            read_everything(db)  # a file that opens is one every window can read
        finally:
            db.close()
        refused = False
        outcome[(kind, "opened and read")] += 1
    shutil.copy(path, folder / "cli.tdt") if not refused else None
    target = path if refused else folder / "cli.tdt"
    wal = path.with_name(path.name + "-wal")
    if refused and wal.exists():
        shutil.copy(wal, folder / "cli.tdt-wal")
        target = folder / "cli.tdt"
        shutil.copy(path, target)
    before_files = listing(folder)
    code, err = run_cli("standings", str(target))
    assert "Traceback" not in err
    assert code in (0, 2), err
    if refused:
        assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert listing(folder) == before_files  # the read-only command line writes nothing beside


@pytest.fixture
def original(demo_file: Path, tmp_path: Path) -> bytes:
    return demo_file.read_bytes()


def _place(tmp_path: Path, index: int, data: bytes, demo_file: Path) -> Path:
    folder = tmp_path / f"case{index}"
    folder.mkdir()
    path = folder / "tournament.tdt"
    path.write_bytes(data)
    snapshots = snapshot_dir(demo_file)
    if snapshots.is_dir():  # the snapshot the refusal should name
        shutil.copytree(snapshots, snapshot_dir(path))
    return path


def test_damaged_copies_are_refused_in_words_or_read_whole(demo_file: Path, tmp_path: Path,
                                                           original: bytes) -> None:
    rng = random.Random(17)
    outcome: collections.Counter = collections.Counter()
    index = 0
    for kind, damage in KINDS.items():
        for _ in range(PER_KIND):
            path = _place(tmp_path, index, damage(original, rng), demo_file)
            check_one(path, outcome, kind)
            shutil.rmtree(path.parent)
            index += 1
    wal_kinds = {"foreign -wal": foreign_wal(tmp_path),
                 "garbage -wal": bytes(rng.randrange(256) for _ in range(40_000))}
    for kind, wal in wal_kinds.items():
        for _ in range(max(2, PER_KIND // 4)):
            path = _place(tmp_path, index, original, demo_file)
            cut = len(wal) if rng.random() < 0.5 else rng.randrange(32, len(wal))
            path.with_name(path.name + "-wal").write_bytes(wal[:cut])
            check_one(path, outcome, kind)
            shutil.rmtree(path.parent)
            index += 1
    print(f"\n{index} damaged files tried:")
    for (kind, result), count in sorted(outcome.items()):
        print(f"  {kind}: {result} {count}")
    for kind in KINDS:
        assert outcome[(kind, "refused")] > 0, kind  # the damage reached the checks


def test_a_wal_of_another_database_is_named(demo_file: Path, tmp_path: Path) -> None:
    path = _place(tmp_path, 0, demo_file.read_bytes(), demo_file)
    path.with_name(path.name + "-wal").write_bytes(foreign_wal(tmp_path))
    with pytest.raises(TournamentFileError) as refused:
        open_tournament(path)
    message = str(refused.value)
    assert "tournament.tdt-wal beside it does not belong to it" in message
    assert "holds no tournament" not in message
    code, err = run_cli("standings", str(path))
    assert code == 2 and "tdt-wal" in err


def test_a_damaged_value_names_the_snapshot_to_restore(demo_file: Path, tmp_path: Path) -> None:
    path = _place(tmp_path, 0, demo_file.read_bytes(), demo_file)
    with contextlib.closing(sqlite3.connect(path)) as connection:  # what a flipped bit does
        connection.execute("UPDATE audit_entry SET at = '2026-13-45 99:99' WHERE id = 1")
        connection.commit()
    with contextlib.closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA journal_mode=DELETE")
    before = path.read_bytes()
    with pytest.raises(TournamentFileError) as refused:
        open_tournament(path)
    message = str(refused.value)
    assert "the history of edits cannot be read" in message
    from tdapp.store.snapshots import list_snapshots

    newest = list_snapshots(path)[0].path.name  # newest first (two may share one second)
    assert f'"{newest}"' in message
    assert path.read_bytes() == before
    assert not any("before upgrade" in p.name for p in snapshot_dir(path).iterdir())


def test_the_read_only_command_line_makes_no_shm_beside_a_crashed_file(
        demo_file: Path, tmp_path: Path) -> None:
    path = _place(tmp_path, 0, demo_file.read_bytes(), demo_file)
    writer = sqlite3.connect(path)  # an edit left in the -wal by a crash
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("UPDATE tournament SET name = 'After the crash'")
    writer.commit()
    shutil.copy(path.with_name(path.name + "-wal"), tmp_path / "kept-wal")
    writer.close()
    shutil.copy(tmp_path / "kept-wal", path.with_name(path.name + "-wal"))
    path.with_name(path.name + "-shm").unlink(missing_ok=True)
    os.chmod(path, 0o444)
    try:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(["standings", str(path)]) == 0
        assert '"tournament":"After the crash"' in out.getvalue()  # the -wal was read
        assert not path.with_name(path.name + "-shm").exists()
    finally:
        os.chmod(path, 0o644)


def test_a_damaged_older_file_leaves_no_before_upgrade_copy(demo_file: Path,
                                                           tmp_path: Path) -> None:
    """The refusal comes before the backup an upgrade would make."""
    path = _place(tmp_path, 0, demo_file.read_bytes(), demo_file)
    with contextlib.closing(sqlite3.connect(path)) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0002_player_indexes'")
        connection.execute("UPDATE audit_entry SET before = '{\"name\": [' WHERE id = 7")
        connection.commit()
    with contextlib.closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA journal_mode=DELETE")
    snapshots_before = listing(snapshot_dir(path))
    with pytest.raises(TournamentFileError, match="history of edits cannot be read"):
        open_tournament(path)
    assert listing(snapshot_dir(path)) == snapshots_before
    assert not any("before upgrade" in name for name in listing(snapshot_dir(path)))


# Damage a quick look in SQL passes over (a date of the right shape, broken JSON stored as bytes,
# bytes that are not UTF-8): the check on open must still decode it as the windows would.
CLOSE_CALLS = [
    ("UPDATE audit_entry SET at = '2026-02-31 10:00:00.000000' WHERE id = 1",
     "the history of edits cannot be read"),
    ("UPDATE audit_entry SET at = '2026-01-01 24:00:00.000000' WHERE id = 1",
     "the history of edits cannot be read"),
    ("UPDATE audit_entry SET after = CAST('[1, 2' AS BLOB) WHERE id = 2",
     "the history of edits cannot be read"),
    ("UPDATE audit_entry SET after = '{\"name\": [' WHERE id = 2",
     "the history of edits cannot be read"),
    ("UPDATE player SET club = CAST(x'41ff42' AS TEXT) WHERE id = 1",
     "the players list cannot be read"),
    ("UPDATE tournament SET start_date = '2025-02-30'", "the tournament's details cannot be read"),
]


@pytest.mark.parametrize(("damage", "words"), CLOSE_CALLS)
def test_a_damaged_value_of_the_right_shape_is_refused(demo_file: Path, tmp_path: Path,
                                                        damage: str, words: str) -> None:
    path = _place(tmp_path, 0, demo_file.read_bytes(), demo_file)
    with contextlib.closing(sqlite3.connect(path)) as connection:
        connection.execute(damage)
        connection.commit()
        connection.execute("PRAGMA journal_mode=DELETE")
    before = path.read_bytes()
    with pytest.raises(TournamentFileError, match=words):
        open_tournament(path)
    assert path.read_bytes() == before


def test_json_python_reads_but_sqlite_doubts_still_opens(demo_file: Path, tmp_path: Path) -> None:
    """A NaN that Python's JSON wrote and reads is not damage, though SQLite's json_valid doubts it."""
    path = _place(tmp_path, 0, demo_file.read_bytes(), demo_file)
    with contextlib.closing(sqlite3.connect(path)) as connection:
        connection.execute("UPDATE audit_entry SET after = '{\"score\": NaN}' WHERE id = 2")
        connection.commit()
        connection.execute("PRAGMA journal_mode=DELETE")
    db = open_tournament(path)
    try:
        history.list_actions(db)
    finally:
        db.close()
