"""The players' page of a tournament on a venue server (a database URL): the same state as
from its file, and a change committed by another station on every open stream within 1 s."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
import uuid

import httpx
import pytest
from sqlalchemy.engine import make_url
from starlette.testclient import TestClient

from tdapp.web.app import create_app
from tdapp.web.source import open_live
from tests.web.conftest import Demo
from tests.web.test_web_command import _events

pytestmark = pytest.mark.postgres

WRITER = ("import sys\n"
          "from tdapp.store.pg import open_server_tournament\n"
          "from tdapp.services.rounds import set_round_status\n"
          "db = open_server_tournament(sys.argv[1])\n"
          "set_round_status(db, 3, 'called')\n"
          "db.close()\n")


@pytest.fixture(scope="module")
def server_url(venue_server, demo: Demo) -> str:
    url = make_url(venue_server.url_td).set(database=f"web_{uuid.uuid4().hex[:10]}")
    text = url.render_as_string(hide_password=False).replace("postgresql+psycopg", "postgresql")
    done = subprocess.run([sys.executable, "-m", "tdapp", "copy", str(demo.path), text],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return text


def _state(location: str) -> dict:
    live = open_live(location)
    try:
        with TestClient(create_app(live)) as client:
            return client.get("/api/state").json()
    finally:
        live.close()


def test_a_server_gives_the_same_state_as_its_file(demo: Demo, server_url: str) -> None:
    from_file, from_server = _state(str(demo.path)), _state(server_url)
    left = [state["clock"].pop("remaining_s") for state in (from_file, from_server)]
    assert abs(left[0] - left[1]) < 5  # the same clock, read a moment apart
    for state in (from_file, from_server):
        state["clock"].pop("at")
    assert from_server == from_file


def test_another_stations_commit_reaches_the_stream_within_a_second(server_url: str) -> None:
    process = subprocess.Popen([sys.executable, "-m", "tdapp", "web", server_url,
                                "--listen", "127.0.0.1", "--port", "0"],
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    stop = threading.Event()
    try:
        url = json.loads(process.stdout.readline())["url"]
        heard: queue.Queue[tuple[float, int]] = queue.Queue()
        threading.Thread(target=_events, args=(url, heard, stop), daemon=True).start()
        before = heard.get(timeout=10)[1]
        subprocess.run([sys.executable, "-c", WRITER, server_url], check=True, timeout=60)
        committed = time.monotonic()
        at, version = heard.get(timeout=5)
        assert version > before and at - committed < 1.0
        assert httpx.get(url + "api/state", timeout=10).json()["round"]["status"] == "called"
    finally:
        stop.set()
        process.terminate()
        process.wait(10)
