"""One running copy per tournament file: the lock beside it, its message, and crash release."""

from __future__ import annotations

import os
import signal
import socket
import sys
from pathlib import Path

import pytest

from tdapp.services.files import TournamentFileError, close_tournament, open_tournament
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.lock import LockHolder, TournamentLock, lock_path_for, read_holder

pytestmark = pytest.mark.sqlite_only("the lock of a .tdt file (a venue server needs none)")

HOLD_IT_OPEN = """
import sys
from tdapp.services.files import open_tournament
db = open_tournament(sys.argv[1] if len(sys.argv) > 1 else {path!r})
print("open", flush=True)
sys.stdin.readline()
"""


@pytest.fixture
def closed_tournament(tournament_path: Path) -> Path:
    create_tournament(tournament_path, TournamentInfo("Lock Cup", "wdc-2025", 2)).close()
    return tournament_path


def test_second_copy_is_refused_with_who_holds_it(
    closed_tournament: Path, spawn_python, snapshot_of_folder
) -> None:
    child = spawn_python(HOLD_IT_OPEN.format(path=str(closed_tournament)))
    assert child.line().strip() == "open", child.stderr()
    holder = read_holder(lock_path_for(closed_tournament))
    assert holder is not None and holder.pid == child.pid
    before = snapshot_of_folder(closed_tournament.parent)
    with pytest.raises(TournamentFileError) as refused:
        open_tournament(closed_tournament)
    message = str(refused.value)
    assert "already open in tdapp" in message
    assert socket.gethostname() in message and f"process {child.pid}" in message
    assert "since" in message
    assert snapshot_of_folder(closed_tournament.parent) == before


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_lock_dies_with_a_killed_copy(closed_tournament: Path, spawn_python) -> None:
    child = spawn_python(HOLD_IT_OPEN.format(path=str(closed_tournament)))
    assert child.line().strip() == "open", child.stderr()
    os.kill(child.pid, signal.SIGKILL)
    child.process.wait(timeout=30)
    assert lock_path_for(closed_tournament).exists()  # left behind, but no longer held
    db = open_tournament(closed_tournament)
    assert read_holder(lock_path_for(closed_tournament)).pid == os.getpid()
    close_tournament(db)
    assert not lock_path_for(closed_tournament).exists()


def test_lock_released_on_close_lets_another_copy_in(
    closed_tournament: Path, spawn_python
) -> None:
    db = open_tournament(closed_tournament)
    child = spawn_python(
        "import sys\n"
        "from tdapp.services.files import open_tournament, TournamentFileError\n"
        f"path = {str(closed_tournament)!r}\n"
        "for line in sys.stdin:\n"
        "    try:\n"
        "        open_tournament(path).close(); print('opened', flush=True)\n"
        "    except TournamentFileError as exc:\n"
        "        print('refused', exc, flush=True)\n"
    )
    child.send("try\n")
    assert child.line().startswith("refused")
    close_tournament(db)
    child.send("try\n")
    assert child.line().strip() == "opened"


def test_same_process_shares_the_lock(closed_tournament: Path) -> None:
    first = open_tournament(closed_tournament)
    second = open_tournament(closed_tournament)
    lock_file = lock_path_for(closed_tournament)
    close_tournament(first)
    assert lock_file.exists()  # the second window still has it
    close_tournament(second)
    assert not lock_file.exists()


def test_lock_file_text_names_the_holder(tmp_path: Path) -> None:
    target = tmp_path / "x.tdt"
    lock = TournamentLock.acquire(target)
    holder = read_holder(lock_path_for(target))
    assert holder is not None
    assert (holder.host, holder.pid) == (socket.gethostname(), os.getpid())
    lock.release()
    lock.release()
    assert read_holder(lock_path_for(target)) is None


def test_holder_description_is_readable() -> None:
    holder = LockHolder("td-laptop", "anna", 4242, "2026-11-22T14:05:00+00:00")
    text = holder.describe()
    assert text.startswith("anna on td-laptop (process 4242) since ")
    assert "2026" in text
    assert LockHolder("", "", 1, "garbage").describe() == (
        "someone on an unknown computer (process 1) since garbage"
    )


def test_restore_is_refused_while_another_copy_has_the_file(
    closed_tournament: Path, spawn_python, snapshot_of_folder
) -> None:
    from tdapp.services.snapshots import restore_snapshot, take_snapshot

    db = open_tournament(closed_tournament)
    snapshot = take_snapshot(db, "on demand")
    close_tournament(db)
    child = spawn_python(HOLD_IT_OPEN.format(path=str(closed_tournament)))
    assert child.line().strip() == "open", child.stderr()
    before = snapshot_of_folder(closed_tournament.parent)
    with pytest.raises(TournamentFileError, match="already open in tdapp"):
        restore_snapshot(closed_tournament, snapshot)
    after = snapshot_of_folder(closed_tournament.parent)
    assert after.keys() == before.keys()  # no "before restore" snapshot, nothing set aside
    assert after[closed_tournament.name] == before[closed_tournament.name]


@pytest.mark.skipif(sys.platform == "win32", reason="hard and symbolic links as on POSIX")
@pytest.mark.parametrize("kind", ["hard link", "symbolic link", "path through a link"])
def test_another_name_for_the_same_file_is_refused(
    closed_tournament: Path, spawn_python, tmp_path: Path, kind: str
) -> None:
    """Issue 16: "a second copy reaching the same file by another name (hard link, symbolic
    link, a path on a network drive) is refused like one on the same path (lock on the file's
    identity, not its name)"."""
    other_folder = tmp_path / "elsewhere"
    other_folder.mkdir()
    if kind == "hard link":
        other = other_folder / "same cup.tdt"
        os.link(closed_tournament, other)
    elif kind == "symbolic link":
        other = other_folder / "same cup.tdt"
        other.symlink_to(closed_tournament)
    else:
        (tmp_path / "via").symlink_to(closed_tournament.parent, target_is_directory=True)
        other = tmp_path / "via" / closed_tournament.name
    child = spawn_python(HOLD_IT_OPEN.format(path=str(closed_tournament)))
    assert child.line().strip() == "open", child.stderr()
    before = closed_tournament.read_bytes()
    with pytest.raises(TournamentFileError) as refused:
        open_tournament(other)
    assert "already open in tdapp" in str(refused.value)
    assert closed_tournament.read_bytes() == before
    # ... and the other way round: the copy holding it by the other name keeps it too.
    child.send("\n")
    child.process.wait(timeout=30)
    second = spawn_python(HOLD_IT_OPEN.format(path=str(other)))
    assert second.line().strip() == "open", second.stderr()
    with pytest.raises(TournamentFileError):
        open_tournament(closed_tournament)


def test_one_program_may_open_its_file_under_two_names(closed_tournament: Path,
                                                       tmp_path: Path) -> None:
    other = tmp_path / "link.tdt"
    os.link(closed_tournament, other)
    first = open_tournament(closed_tournament)
    second = open_tournament(other)
    close_tournament(second)
    close_tournament(first)
    assert not TournamentLock._held and not TournamentLock._aliases


def test_windows_identity_lock_is_named_after_the_file_not_its_name(tmp_path: Path) -> None:
    """On Windows the identity lock is a file named after (volume, file index): every name of
    the tournament file leads to it (run for real under Wine by packaging/windows/probe.py)."""
    from tdapp.store.lock import identity_lock_path

    first = identity_lock_path(0x1A2B, 0x99, tmp_path)
    assert first == tmp_path / "1a2b-99.lock"
    assert identity_lock_path(0x1A2B, 0x9A, tmp_path) != first
