"""Issue 17: a full disk said in words.

With little room left, the edit that fails says which disk, how much is needed, that the last edit
was not saved and everything before it is; opening on a full disk gives that reason (not folder
permissions); ``tdapp export`` and ``tdapp demo`` say where and why they could not write, with no
"(None)", no traceback and no stray ``.lock``. The disk is a small tmpfs mounted for the test
(skipped where mounting is not permitted).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tdapp.cli import main
from tdapp.services.files import TournamentFileError, open_tournament
from tdapp.services.players import PlayerData, add_player, list_players
from tdapp.services.tournaments import TournamentInfo, create_tournament


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "small-disk"
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"a small disk cannot be mounted here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(disk: Path, leave: int) -> Path:
    """Fill the disk until only about ``leave`` bytes are free."""
    filler = disk / "filler"
    free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
    with filler.open("ab") as handle:
        handle.write(b"\0" * max(0, free - leave))
    return filler


def test_the_edit_that_fills_the_disk_is_said_in_words(small_disk: Path) -> None:
    path = small_disk / "open.tdt"
    db = create_tournament(path, TournamentInfo("Small Open", "wdc-2025", 4))
    filler = fill(small_disk, 40 * 1024)
    saved = []
    try:
        with pytest.raises(TournamentFileError) as refused:
            for number in range(5000):
                name = f"Player {number:04d} " + "x" * 150
                add_player(db, PlayerData(name=name, notes="n" * 2000))
                saved.append(name)
    finally:
        db.close()
    message = str(refused.value)
    assert message.startswith("The disk is full: the disk ")
    assert str(small_disk) in message  # which disk
    assert "was not saved" in message and "every edit before it is saved in open.tdt" in message
    assert "Free at least 1.0 MB" in message  # how much is needed
    assert saved, "some edits were saved before the disk filled"
    filler.unlink()
    with open_tournament(path) as again:
        assert [p.name for p in list_players(again)] == sorted(saved)


def test_opening_on_a_full_disk_gives_that_reason(small_disk: Path) -> None:
    path = small_disk / "open.tdt"
    create_tournament(path, TournamentInfo("Small Open", "wdc-2025", 4)).close()
    fill(small_disk, 0)
    before = path.read_bytes()
    with pytest.raises(TournamentFileError) as refused:
        open_tournament(path)
    message = str(refused.value)
    assert "the disk is full" in message and str(small_disk) in message
    assert "does not let tdapp write" not in message and "Nothing was changed" in message
    assert path.read_bytes() == before
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler", "open.tdt"]


def _cli(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, err.getvalue()


def test_export_says_where_and_why(small_disk: Path, demo_file: Path) -> None:
    fill(small_disk, 0)
    for option, name in (("--xlsx", "x.xlsx"), ("--pdf", "x.pdf"), ("--csv", "x.csv")):
        code, err = _cli("export", str(demo_file), option, str(small_disk / name))
        assert code == 2, err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        assert f"{option}: cannot write {small_disk / name}: the disk is full" in err
        assert "(None)" not in err
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler"]  # no half document


def test_demo_says_where_and_why_and_leaves_nothing(small_disk: Path) -> None:
    fill(small_disk, 150 * 1024)
    code, err = _cli("demo", "--out", str(small_disk / "demo.tdt"))
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert f"--out: cannot write {small_disk / 'demo.tdt'}: the disk is full" in err
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler"]  # no stray .lock


def test_export_on_a_full_disk_prints_one_line_as_a_process(small_disk: Path,
                                                          demo_file: Path) -> None:
    import sys

    fill(small_disk, 0)
    result = subprocess.run([sys.executable, "-m", "tdapp", "export", str(demo_file), "--xlsx",
                             str(small_disk / "x.xlsx")], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr  # nothing at exit either


def test_the_players_list_export_names_the_full_disk(small_disk: Path, demo_file: Path) -> None:
    import shutil

    from tdapp.services.changes import ServiceError
    from tdapp.services.player_export import export_players_csv, export_players_xlsx

    fill(small_disk, 0)
    copy = small_disk.parent / "players-source.tdt"
    shutil.copy(demo_file, copy)
    with open_tournament(copy) as db:
        for export, name in ((export_players_csv, "p.csv"), (export_players_xlsx, "p.xlsx")):
            with pytest.raises(ServiceError) as refused:
                export(db, small_disk / name)
            assert f"Cannot write {small_disk / name}: the disk is full" in str(refused.value)
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler"]
