"""The players' page served from a thread of the program (tdapp/web/serve.py): it answers once
started, a port in use or a file that is no tournament is refused in words, stopping frees the
port and ends the open streams."""

from __future__ import annotations

import json
import socket
import time
import urllib.request
from pathlib import Path

import pytest

from tdapp.web.serve import EVERY_ADDRESS, PAGE_WHO, PageRefused, PageServer, local_addresses
from tests.web.conftest import Demo


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_started_it_answers_and_stopped_the_port_is_free(demo: Demo) -> None:
    server = PageServer(str(demo.path), "127.0.0.1", 0)
    server.start()
    try:
        assert server.running and server.port > 0
        assert server.url() == f"http://127.0.0.1:{server.port}/"
        with urllib.request.urlopen(f"{server.url()}api/state", timeout=5) as answer:
            assert json.loads(answer.read())["round"]["number"] == 3
        assert server.db.who == PAGE_WHO, "History names what the page wrote"
        stream = urllib.request.urlopen(f"{server.url()}events", timeout=5)
        assert stream.readline().startswith(b"retry:")
        started = time.monotonic()
    finally:
        server.stop()
    assert time.monotonic() - started < 4, "an open stream does not hold the stop"
    assert not server.running
    assert stream.read() == b'data: {"version": 1}\n\n', "the rest, then the end"
    stream.close()
    again = PageServer(str(demo.path), "127.0.0.1", server.port)  # the same port: free again
    again.start()
    again.stop()


def test_a_port_in_use_is_refused_in_words(demo: Demo) -> None:
    with socket.socket() as taken:
        taken.bind((EVERY_ADDRESS, 0))
        taken.listen(1)
        port = int(taken.getsockname()[1])
        server = PageServer(str(demo.path), EVERY_ADDRESS, port)
        with pytest.raises(PageRefused, match=f"port {port} on every address cannot be used"):
            server.start()
    assert not server.running


def test_an_address_this_laptop_does_not_have_is_refused(demo: Demo) -> None:
    with pytest.raises(PageRefused, match="cannot be used"):
        PageServer(str(demo.path), "192.0.2.254", _free_port()).start()


def test_a_file_that_is_no_tournament_is_refused(tmp_path: Path) -> None:
    bogus = tmp_path / "notes.tdt"
    bogus.write_text("not a tournament", encoding="utf-8")
    with pytest.raises(PageRefused) as refused:
        PageServer(str(bogus), "127.0.0.1", 0).start()
    assert "notes.tdt" in str(refused.value)


def test_the_addresses_offered_end_with_this_laptop_only() -> None:
    offered = local_addresses()
    assert offered[-1].address == "127.0.0.1" and offered[-1].loopback
    assert len({a.address for a in offered}) == len(offered)
    wifi = [index for index, a in enumerate(offered) if a.wifi]
    assert wifi == list(range(len(wifi))), "the Wi-Fi's first"
