"""Try the demo tournament twice, and while another copy has the demo open (QA: the file was
deleted from under the other copy, and the old demo's snapshots stayed listed)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tdapp.store.snapshots import snapshot_dir

HOLD = ("import sys, time; from pathlib import Path; from tdapp.store.lock import TournamentLock;"
        " TournamentLock.acquire(Path(sys.argv[1])); print('held', flush=True); time.sleep(60)")


@pytest.fixture
def built(qapp, settings_dir: Path):
    from tdapp.gui.app import build_main, make_application

    make_application()
    main = build_main()
    yield main
    main.shutdown()
    main.window.close()


def test_the_demo_again_replaces_it_with_its_own_snapshots_only(built) -> None:
    assert built.files.open_demo()
    path = built.app.path
    first = sorted(p.name for p in snapshot_dir(path).iterdir())
    assert first
    assert built.files.open_demo()  # the demo open here is closed, then written afresh
    assert built.app.path == path and built.window.players_page.model.rowCount() == 49
    assert len(list(snapshot_dir(path).iterdir())) == len(first)


def test_the_demo_open_in_another_copy_is_left_alone(built, dialog_answers) -> None:
    assert built.files.open_demo()
    path = built.app.path
    built.app.close_file()
    before = path.stat().st_mtime_ns
    other = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdout=subprocess.PIPE,
                             text=True, env={**os.environ, "PYTHONPATH": os.getcwd()})
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "held"
        assert not built.files.open_demo()
        kind, title, text = dialog_answers.shown[-1]
        assert (kind, title) == ("warning", "Demo tournament")
        assert "open in another copy of tdapp" in text and "Close it there first" in text
        assert path.exists() and path.stat().st_mtime_ns == before
        assert built.app.db is None
    finally:
        other.kill()
        other.wait()
