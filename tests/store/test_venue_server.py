"""The venue server: a real PostgreSQL started, asked and stopped by tdapp (CONTRACTS.md:
"`tdapp server start --data DIR [--port 5432] [--listen ADDRESS]` starts a PostgreSQL server
for the venue with its data in DIR (creating it the first time)")."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from tdapp.store import venue_server
from tdapp.store.server_address import libpq_url
from tests.venue_helpers import server_folder

pytestmark = pytest.mark.postgres


def _tdapp(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    return subprocess.run([sys.executable, "-m", "tdapp", *args], capture_output=True,
                          text=True, env=env, timeout=120)


@pytest.fixture
def data_dir(tmp_path: Path):
    try:
        venue_server.find_binaries()
    except venue_server.VenueServerError as exc:
        pytest.skip(str(exc))
    with server_folder(tmp_path) as folder:
        try:
            yield folder
        finally:
            venue_server.stop(folder)


def test_start_status_stop_through_the_command(data_dir: Path) -> None:
    port = venue_server.free_port()
    started = _tdapp("server", "start", "--data", str(data_dir), "--port", str(port),
                     "--listen", "127.0.0.1")
    assert started.returncode == 0, started.stderr
    document = json.loads(started.stdout)
    assert set(document) == {"url_td", "url_assistant", "version", "pid"}
    assert document["version"].startswith("PostgreSQL ")
    assert document["url_td"].startswith(f"postgresql://{venue_server.TD_ROLE}:")
    assert f"@127.0.0.1:{port}/" in document["url_assistant"]
    # Both roles log in with their passwords over TCP; the TD's may create databases.
    with psycopg.connect(libpq_url(document["url_td"])) as td:
        assert td.execute("SELECT rolcreatedb FROM pg_roles WHERE rolname = current_user"
                          ).fetchone() == (True,)
    with psycopg.connect(libpq_url(document["url_assistant"])) as assistant:
        assert assistant.execute("SELECT current_user").fetchone() == (venue_server.ASSISTANT_ROLE,)
    # The passwords are kept in DIR, readable by the owner only.
    mode = stat.S_IMODE((data_dir / venue_server.SETTINGS).stat().st_mode)
    assert mode == 0o600

    status = _tdapp("server", "status", "--data", str(data_dir))
    assert json.loads(status.stdout) == document

    stopped = _tdapp("server", "stop", "--data", str(data_dir))
    assert stopped.returncode == 0, stopped.stderr
    assert json.loads(_tdapp("server", "status", "--data", str(data_dir)).stdout) == {
        "running": False}
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(libpq_url(document["url_td"]), connect_timeout=2)


def test_a_restart_keeps_the_passwords_and_the_data(data_dir: Path) -> None:
    port = venue_server.free_port()
    first = venue_server.start(data_dir, port, "127.0.0.1")
    with psycopg.connect(libpq_url(first.url_td), autocommit=True) as td:
        td.execute("CREATE TABLE kept (n int)")
        td.execute("INSERT INTO kept VALUES (7)")
    assert venue_server.stop(data_dir)
    again = venue_server.start(data_dir, port, "127.0.0.1")
    assert (again.url_td, again.url_assistant) == (first.url_td, first.url_assistant)
    with psycopg.connect(libpq_url(again.url_td)) as td:
        assert td.execute("SELECT n FROM kept").fetchone() == (7,)
    # Starting a running server again answers with the same server.
    assert venue_server.start(data_dir, port, "127.0.0.1").pid == again.pid


def test_a_wrong_password_is_refused(data_dir: Path) -> None:
    status = venue_server.start(data_dir, venue_server.free_port(), "127.0.0.1")
    wrong = status.url_assistant.replace(venue_server.read_settings(data_dir).assistant_password,
                                         "guess")
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        psycopg.connect(libpq_url(wrong), connect_timeout=5)


@pytest.mark.skipif(not sys.platform.startswith("linux") or os.geteuid() != 0,
                    reason="only root is refused; reads /proc")
def test_as_root_the_server_runs_as_an_unprivileged_account(data_dir: Path) -> None:
    """PostgreSQL refuses to run as root; tdapp runs it as another account instead."""
    status = venue_server.start(data_dir, venue_server.free_port(), "127.0.0.1")
    owner = (data_dir / venue_server.CLUSTER).stat().st_uid
    assert owner != 0
    assert os.stat(f"/proc/{status.pid}").st_uid == owner


def test_bad_input_is_one_line_in_words(tmp_path: Path) -> None:
    occupied = tmp_path / "full"
    occupied.mkdir()
    (occupied / "photos.jpg").write_bytes(b"x")
    result = _tdapp("server", "start", "--data", str(occupied), "--port", "5999")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "already holds other files" in result.stderr
    assert (occupied / "photos.jpg").read_bytes() == b"x"
    not_a_port = _tdapp("server", "start", "--data", str(tmp_path / "x"), "--port", "70000")
    assert not_a_port.returncode == 2 and "not a port number" in not_a_port.stderr
    assert json.loads(_tdapp("server", "status", "--data", str(tmp_path / "none")).stdout) == {
        "running": False}


def test_stations_carry_on_after_the_server_is_stopped_and_started(data_dir: Path,
                                                                     demo_file: Path,
                                                                     tmp_path: Path,
                                                                     monkeypatch) -> None:
    """Issue 16: "the server stopped and started (stations reconnect)"; "a server that stops
    is reported on every station"."""
    from tdapp.services import players
    from tdapp.store.copying import copy_tournament
    from tdapp.store.database import TournamentFileError
    from tdapp.store.live import ChangeListener
    from tdapp.store.pg import connection_problem, open_server_tournament

    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path))
    port = venue_server.free_port()
    status = venue_server.start(data_dir, port, "127.0.0.1")
    copy_tournament(demo_file, status.url_td)
    db = open_server_tournament(status.url_td)
    listener = ChangeListener(status.url_td, reconnect_every=0.2)
    try:
        before = len(players.list_players(db))
        venue_server.stop(data_dir)
        with pytest.raises(Exception) as gone:
            players.list_players(db)
        assert "cannot be reached" in connection_problem(status.url_td, gone.value)
        listener.poll(0.3)
        assert not listener.connected  # the station knows at once
        with pytest.raises(TournamentFileError, match="cannot be reached"):
            open_server_tournament(status.url_td)
        venue_server.start(data_dir, port, "127.0.0.1")
        assert len(players.list_players(db)) == before  # the same station, reconnected
        for _ in range(30):
            listener.poll(0.2)
            if listener.connected:
                break
        assert listener.connected
        players.set_withdrawn(db, players.list_players(db)[0].id, True)
        heard = []
        for _ in range(10):
            heard += listener.poll(0.3)
            if heard:
                break
        assert heard and heard[0]["tables"] == ["player"]
    finally:
        listener.close()
        db.close()
