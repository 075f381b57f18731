"""The kill test: a process writing edits is killed with SIGKILL at a random moment; every edit it
reported as committed is in the file when it is reopened, and the file passes integrity_check."""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import func, select

from tdapp.services.files import close_tournament, open_tournament
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.models import AuditEntry, Player

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")

# Each action adds a player and rewrites the previous one, so commits touch several pages
# (player rows, their index, the audit log); the id is printed only once the commit returned.
WRITER = """
import sys
from tdapp.services.files import open_tournament
from tdapp.store.models import Player

db = open_tournament({path!r})
print("ready", flush=True)
previous = None
n = 0
while True:
    n += 1
    with db.action(f"Add crash player {{n}}") as session:
        player = Player(name=f"Crash {{n:06d}}", home_town="Kill Town", notes="x" * (n % 400))
        session.add(player)
        if previous is not None:
            session.get(Player, previous).notes = f"followed by {{n}}"
        session.flush()
        new_id = player.id
    print(new_id, flush=True)
    previous = new_id
"""


def reported_ids(lines: list[str]) -> list[int]:
    """The ids the child printed in full (a line cut by the kill is not a report)."""
    return [int(line) for line in lines if line.endswith("\n") and line.strip().isdigit()]


def test_killed_writer_loses_no_committed_edit(tournament_path: Path, spawn_python) -> None:
    create_tournament(tournament_path, TournamentInfo("Kill Cup", "wdc-2025", 3)).close()
    seed = random.randrange(1_000_000)
    rng = random.Random(seed)
    committed: set[int] = set()
    for attempt in range(4):
        child = spawn_python(WRITER.format(path=str(tournament_path)))
        assert child.line() == "ready\n", f"writer did not start (seed {seed}): {child.stderr()}"
        first = child.line()  # writing has begun: now kill at a random moment
        time.sleep(rng.uniform(0.0, 0.4))
        os.kill(child.pid, signal.SIGKILL)
        child.process.wait(timeout=30)
        lines = [first, *child.rest()]  # everything printed before the kill
        ids = reported_ids(lines)
        assert ids, f"attempt {attempt}: killed before any commit (seed {seed})"
        committed.update(ids)

        db = open_tournament(tournament_path)
        if db.engine.dialect.name == "sqlite":  # on a venue server, PostgreSQL's own WAL
            with db.engine.connect() as connection:
                check = connection.exec_driver_sql("PRAGMA integrity_check").fetchall()
            assert check == [("ok",)], f"attempt {attempt} (seed {seed})"
        with db.read() as session:
            present = set(session.scalars(select(Player.id)))
            last_name = session.get(Player, max(ids)).name
            logged = session.scalar(select(func.count(func.distinct(AuditEntry.row_id))).where(
                AuditEntry.table_name == "player"))
        missing = committed - present
        assert not missing, f"attempt {attempt}: lost {sorted(missing)[:10]} (seed {seed})"
        assert last_name.startswith("Crash ")
        assert logged == len(present)  # each insert's audit row committed with it
        close_tournament(db)


SNAPSHOTTER = """
from tdapp.services import players
from tdapp.services.files import open_tournament
from tdapp.services.snapshots import take_snapshot

db = open_tournament({path!r})
players.add_players(db, [players.PlayerData(f"P{{i}}", notes="n" * 500) for i in range(300)],
                    "Import")
print("ready", flush=True)
n = 0
while True:
    n += 1
    take_snapshot(db, f"on demand {{n}}")
    print(n, flush=True)
"""


@pytest.mark.sqlite_only("snapshots listed beside the .tdt file (a server tournament's snapshot "
                         "goes to this laptop's copies folder: test_venue_live.py)")
def test_killed_snapshot_never_lists_half_a_copy(tournament_path: Path, spawn_python) -> None:
    from tdapp.services.snapshots import list_snapshots
    from tdapp.store.snapshots import snapshot_dir

    create_tournament(tournament_path, TournamentInfo("Kill Cup", "wdc-2025", 3)).close()
    rng = random.Random()
    child = spawn_python(SNAPSHOTTER.format(path=str(tournament_path)))
    assert child.line() == "ready\n", child.stderr()
    assert child.line() == "1\n"
    time.sleep(rng.uniform(0.0, 0.3))
    os.kill(child.pid, signal.SIGKILL)
    child.process.wait(timeout=30)
    done = reported_ids([*child.rest()]) or [1]
    listed = list_snapshots(tournament_path)
    assert len(listed) >= max(done)
    for snapshot in listed:  # every listed snapshot is whole; a cut one has another name
        with sqlite3_connection(snapshot.path) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert connection.execute("SELECT count(*) FROM player").fetchone() == (300,)
    leftovers = [p for p in snapshot_dir(tournament_path).iterdir()
                 if p.suffix not in (".tdt", ".json")]
    # What a cut copy leaves: the .partial file itself and SQLite's companions of it
    # (-journal, -wal, -shm), or the hidden temporary of the label's atomic write
    # (".NAME.json.XXXX.part"); never anything that could be listed as a snapshot.
    partial = (".partial", ".partial-journal", ".partial-wal", ".partial-shm")
    assert all(p.name.endswith(partial) or _atomic_temporary(p) for p in leftovers), leftovers
    db = open_tournament(tournament_path)
    assert len(players_of(db)) == 300
    close_tournament(db)


def _atomic_temporary(path: Path) -> bool:
    """tdapp.atomic's temporary: hidden, named for its target, ending .part."""
    return path.name.startswith(".") and path.name.endswith(".part")


def sqlite3_connection(path: Path):
    import contextlib
    import sqlite3

    return contextlib.closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True))


def players_of(db) -> list[int]:
    with db.read() as session:
        return list(session.scalars(select(Player.id)))
