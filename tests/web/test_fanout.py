"""One change reaches every open ``/events`` stream of a real ``tdapp web`` (the fan-out), and
what the phones then re-fetch all at once is the new version, made once and kept a moment.
(The time it takes with 256 phones: tests/benchmarks/bench_web_phones.py.)"""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tdapp.services.rounds import set_round_status
from tdapp.store.files import open_tournament_file
from tdapp.web.app import StateCache
from tdapp.web.source import LiveSource, open_live
from tests.web.conftest import Demo, make_demo

STREAMS = 50


@pytest.fixture
def own_demo(tmp_path: Path) -> Demo:
    return make_demo(tmp_path)  # changed here: not the module's shared demo


@pytest.fixture
def served(own_demo: Demo) -> Iterator[str]:
    process = subprocess.Popen([sys.executable, "-m", "tdapp", "web", str(own_demo.path),
                                "--listen", "127.0.0.1", "--port", "0"],
                               stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        yield json.loads(process.stdout.readline())["url"]
    finally:
        process.terminate()
        process.wait(15)


def _set_status(path: Path, status: str) -> None:
    """The TD's program, another process, changes the round."""
    writer = ("import sys\n"
              "from tdapp.store.files import open_tournament_file\n"
              "from tdapp.services.rounds import set_round_status\n"
              "db = open_tournament_file(sys.argv[1])\n"
              "set_round_status(db, 3, sys.argv[2])\n"
              "db.close()\n")
    subprocess.run([sys.executable, "-c", writer, str(path), status], check=True, timeout=60)


async def _phone(client: httpx.AsyncClient, opened: asyncio.Queue[int],
                 heard: asyncio.Queue[tuple[int, dict, str]]) -> None:
    """Hold /events; on the first new version, re-fetch the JSON and the page as live.js does."""
    async with client.stream("GET", "/events") as answer:
        first = None
        async for line in answer.aiter_lines():
            if not line.startswith("data: "):
                continue
            version = json.loads(line[6:])["version"]
            if first is None:
                first = version
                await opened.put(version)
            elif version != first:
                state = (await client.get("/api/state")).json()
                page = (await client.get("/")).text
                await heard.put((version, state, page))
                return


async def _fan_out(url: str, path: Path) -> tuple[list[int], list[tuple[int, dict, str]]]:
    limits = httpx.Limits(max_connections=2 * STREAMS + 10)
    async with httpx.AsyncClient(base_url=url, limits=limits,
                                 timeout=httpx.Timeout(10, read=30)) as client:
        opened: asyncio.Queue[int] = asyncio.Queue()
        heard: asyncio.Queue[tuple[int, dict, str]] = asyncio.Queue()
        phones = [asyncio.create_task(_phone(client, opened, heard)) for _ in range(STREAMS)]
        firsts = [await asyncio.wait_for(opened.get(), 30) for _ in range(STREAMS)]
        await asyncio.to_thread(_set_status, path, "called")
        got = [await asyncio.wait_for(heard.get(), 30) for _ in range(STREAMS)]
        await asyncio.gather(*phones)
    return firsts, got


def test_one_change_reaches_fifty_open_streams_and_each_refetch_is_new(
        own_demo: Demo, served: str) -> None:
    firsts, got = asyncio.run(_fan_out(served, own_demo.path))
    assert len(got) == STREAMS  # every stream heard it
    before = max(firsts)
    for version, state, page in got:
        assert version > before
        assert state["version"] >= version and state["round"]["status"] == "called"
        shown = re.search(r'data-version="(\d+)"', page)
        assert shown and int(shown.group(1)) >= version  # the page of the change, not one kept
        assert "board call published" in page  # before it


class _Time:
    def __init__(self) -> None:
        self.at = 1_900_000_000.0

    def now(self) -> float:
        return self.at


@pytest.fixture
def live(own_demo: Demo) -> Iterator[LiveSource]:
    source = open_live(str(own_demo.path))
    yield source
    source.close()


def test_the_kept_page_is_made_once_then_remade_after_a_moment_or_a_change(
        own_demo: Demo, live: LiveSource) -> None:
    time = _Time()
    cache = StateCache(live, time)
    made: list[int] = []

    def make(state: dict) -> bytes:
        made.append(state["version"])
        return json.dumps([state["version"], state["round"]["status"],
                           state["clock"]["at"]]).encode()

    first = cache.made("json", make)
    assert [cache.made("json", make) for _ in range(5)] == [first] * 5
    assert cache.kept("json") == first and made == [live.version]
    time.at += StateCache.REUSE_S / 2
    assert cache.kept("json") == first  # a moment later: still the same bytes
    time.at += StateCache.REUSE_S
    assert cache.kept("json") is None  # the clock's time moved on: made afresh
    second = json.loads(cache.made("json", make))
    assert second[2] == pytest.approx(time.at) and len(made) == 2

    db = open_tournament_file(own_demo.path)
    try:
        set_round_status(db, 3, "called")
    finally:
        db.close()
    assert live.poll()
    assert cache.kept("json") is None  # a change is never served from what was kept
    third = json.loads(cache.made("json", make))
    assert third[:2] == [live.version, "called"] and len(made) == 3
