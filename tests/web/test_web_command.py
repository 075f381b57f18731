"""``tdapp web`` as a TD runs it: the JSON line, exit codes, and a change committed by another
program reaching an open ``/events`` stream within 1 s."""

from __future__ import annotations

import json
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.web.conftest import Demo

COMMAND = [sys.executable, "-m", "tdapp", "web"]


def _start(path: Path, *extra: str) -> tuple[subprocess.Popen[str], dict]:
    process = subprocess.Popen([*COMMAND, str(path), "--listen", "127.0.0.1", "--port", "0",
                                *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line:
        process.wait(10)
        pytest.fail(f"tdapp web printed nothing: {process.stderr.read() if process.stderr else ''}")
    return process, json.loads(line)


@pytest.fixture
def served(demo: Demo) -> Iterator[dict]:
    process, ready = _start(demo.path)
    try:
        yield ready
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(10)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_prints_its_address_serves_and_stops_cleanly(demo: Demo, stop: signal.Signals) -> None:
    process, ready = _start(demo.path)
    heard: queue.Queue[tuple[float, int]] = queue.Queue()
    ended = threading.Event()
    try:
        assert set(ready) == {"url", "pid"} and ready["pid"] == process.pid
        assert ready["url"].startswith("http://127.0.0.1:") and ready["url"].endswith("/")
        assert httpx.get(ready["url"] + "api/state", timeout=10).json()["round"]["number"] == 3
        # A phone holding /events open does not keep the server from stopping.
        threading.Thread(target=_events, args=(ready["url"], heard, ended), daemon=True).start()
        heard.get(timeout=10)
    finally:
        process.send_signal(stop)
        code = process.wait(15)
    assert code == 0
    assert ended.wait(5)  # the open stream was ended by the server, not cut
    assert process.stdout is not None and process.stdout.read() == ""  # one line, nothing else
    assert process.stderr is not None and process.stderr.read() == ""  # no error on the way out


def _refused(*args: str) -> str:
    done = subprocess.run([*COMMAND, *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    return done.stderr


def test_no_such_file_is_refused_in_one_line(tmp_path: Path) -> None:
    assert "no file" in _refused(str(tmp_path / "missing.tdt"))


def test_a_port_in_use_is_refused_in_one_line(demo: Demo) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        message = _refused(str(demo.path), "--listen", "127.0.0.1", "--port", str(port))
    assert f"port {port}" in message


def test_a_server_that_does_not_connect_is_refused_in_one_line() -> None:
    _refused("postgresql://td:secret@127.0.0.1:1/tournament")


def _events(url: str, into: queue.Queue[tuple[float, int]], stop: threading.Event) -> None:
    """Read one /events stream into ``into`` (the moment each version came) until it ends."""
    with httpx.stream("GET", url + "events", timeout=httpx.Timeout(5, read=30)) as answer:
        for line in answer.iter_lines():
            if stop.is_set():
                return
            if line.startswith("data: "):
                into.put((time.monotonic(), json.loads(line[6:])["version"]))
    stop.set()


def test_another_programs_commit_reaches_every_open_stream_within_a_second(
        demo: Demo, served: dict) -> None:
    streams: list[queue.Queue[tuple[float, int]]] = [queue.Queue() for _ in range(3)]
    stop = threading.Event()
    for q in streams:
        threading.Thread(target=_events, args=(served["url"], q, stop), daemon=True).start()
    first = [q.get(timeout=10)[1] for q in streams]  # where each stream starts
    writer = ("import sys\n"
              "from tdapp.store.files import open_tournament_file\n"
              "from tdapp.services.rounds import set_round_status\n"
              "db = open_tournament_file(sys.argv[1])\n"
              "set_round_status(db, 3, 'called')\n"
              "db.close()\n")
    subprocess.run([sys.executable, "-c", writer, str(demo.path)], check=True, timeout=60)
    committed = time.monotonic()
    try:
        for q, before in zip(streams, first, strict=True):
            at, version = q.get(timeout=5)
            assert version > before
            assert at - committed < 1.0, f"seen {at - committed:.2f} s after the commit"
        state = httpx.get(served["url"] + "api/state", timeout=10).json()
        assert state["round"]["status"] == "called" and state["version"] == version
    finally:
        stop.set()
        subprocess.run([sys.executable, "-c", writer.replace("'called'", "'playing'"),
                        str(demo.path)], check=True, timeout=60)
