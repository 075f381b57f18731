"""A board's page on the players' page (/board/<round>/<number>): its seats, the map of each
phase of a game played through order entry with links between phases (no script needed), and
nothing of a board the board call has not published."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tdapp.services.rounds import set_round_status
from tdapp.store.files import open_tournament_file
from tdapp.web.app import create_app
from tdapp.web.source import LiveSource, open_live
from tests.web.board_game import HOSTILE_ORDER, BoardGame, make_board_game
from tests.web.conftest import HOSTILE


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> BoardGame:
    return make_board_game(tmp_path_factory.mktemp("board"))


@pytest.fixture
def client(game: BoardGame) -> Iterator[TestClient]:
    live = open_live(str(game.demo.path))
    try:
        with TestClient(create_app(live)) as test_client:
            yield test_client
    finally:
        live.close()


def _links(html: str) -> list[str]:
    return [unescape(h) for h in re.findall(r'<a href="([^"]+)"', html)]


def _img(html: str) -> str:
    found = re.search(r'<img src="([^"]+)" alt="([^"]*)"', html)
    assert found, "no map on the page"
    return unescape(found.group(1))


def test_the_board_call_links_each_board_to_its_page(client: TestClient) -> None:
    state = client.get("/api/state").json()
    links = _links(client.get("/").text)
    for board in state["boards"]:
        assert f"/board/3/{board['number']}" in links


def test_the_page_shows_the_seats_and_the_latest_position(client: TestClient,
                                                           game: BoardGame) -> None:
    answer = client.get(f"/board/3/{game.board}")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
    html = answer.text
    assert f"<h1>Board {game.board}" in html and "Round 3" in html
    for power in ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"):
        assert power in html
    assert "Winter 1901 adjustments: the position now" in html  # the open phase: no orders
    assert "shown here once it is adjudicated" in html and 'class="orders"' not in html
    assert 'id="live" data-version=' in html and "/static/live.js" in html
    links = _links(html)
    phases = [link for link in links if "?phase=" in link]
    assert phases[:1] == [f"/board/3/{game.board}?phase=F1901M"]  # the earlier-phase link
    assert {f"/board/3/{game.board}?phase={p}" for p in ("S1901M", "F1901M", "W1901A")} <= set(
        phases)
    assert 'aria-current="page">W1901A<' in html
    assert "Later phase" not in html  # the last phase has no later one


def test_an_adjudicated_phase_shows_its_orders_and_what_became_of_them(
        client: TestClient, game: BoardGame) -> None:
    html = client.get(f"/board/3/{game.board}", params={"phase": "S1901M"}).text
    assert "Spring 1901 movement: orders and results" in html
    rows = re.findall(r"<tr(?: class=\"failed\")?><td>(\w+)</td><td>([^<]*)", html)
    assert ("France", "A PAR - BUR") in rows and ("Germany", "A MUN - BUR") in rows
    assert re.search(r'<tr class="failed"><td>Germany</td><td>A MUN - BUR</td><td>failed: '
                     r"bounced</td>", html)
    links = _links(html)
    assert f"/board/3/{game.board}?phase=F1901M" in links  # later
    assert "Earlier phase" not in html  # the first phase has none
    # Following the links, no script: Spring -> Fall -> Winter.
    fall = client.get(f"/board/3/{game.board}?phase=F1901M").text
    assert "Fall 1901 movement: orders and results" in fall
    assert "F NTH C A YOR - NWY" in fall and "A YOR - NWY" in fall
    assert f"/board/3/{game.board}?phase=S1901M" in _links(fall)
    assert f"/board/3/{game.board}?phase=W1901A" in _links(fall)


def test_the_map_image_is_the_phase_svg_and_is_kept_while_it_holds(
        client: TestClient, game: BoardGame) -> None:
    html = client.get(f"/board/3/{game.board}", params={"phase": "F1901M"}).text
    src = _img(html)
    assert src.startswith(f"/board/3/{game.board}/map.svg?phase=F1901M&v=")
    alt = re.search(r'alt="([^"]*)"', html).group(1)
    assert "Fall 1901 movement" in unescape(alt)
    assert "France 3 centres, 3 units" in alt  # in words too, not only drawn
    answer = client.get(src)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert "immutable" in answer.headers["cache-control"]
    root = ET.fromstring(answer.text)
    units = {g.get("data-unit") for g in root.iter("{http://www.w3.org/2000/svg}g")
             if g.get("data-unit")}
    assert {"A BUR", "A YOR", "F NTH", "F MAO"} <= units  # where Spring left them
    orders = {g.get("data-order") for g in root.iter("{http://www.w3.org/2000/svg}g")
              if g.get("data-order")}
    assert {"move", "convoy", "support hold", "hold"} <= orders
    stale = client.get(src.rsplit("=", 1)[0] + "=0000")
    assert stale.status_code == 200 and stale.headers["cache-control"] == "no-store"
    # The same phase asked twice is the same picture, under the same address.
    assert _img(client.get(f"/board/3/{game.board}?phase=F1901M").text) == src
    assert _img(client.get(f"/board/3/{game.board}?phase=S1901M").text) != src


def test_a_board_without_order_entry_shows_its_seats_and_no_map(client: TestClient,
                                                                 game: BoardGame) -> None:
    other = 2 if game.board != 2 else 1
    answer = client.get(f"/board/3/{other}")
    assert answer.status_code == 200
    assert "not entered move by move" in answer.text and "<img" not in answer.text
    assert client.get(f"/board/3/{other}?phase=S1901M").status_code == 404
    assert client.get(f"/board/3/{other}/map.svg").status_code == 404


@pytest.mark.parametrize("path", [
    "/board/2/1",  # an earlier round: not the board call / shows
    "/board/3/99",  # no such board
    "/board/0/1",
    "/board/3/1?phase=XYZ",  # not a phase
    "/board/3/1?phase=S1905M",  # a phase the game has not reached
    "/board/3/1/map.svg?phase=S1905M",
    "/board/2/1/map.svg",
])
def test_what_is_not_shown_is_404_in_words(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404
    assert answer.headers["content-security-policy"].startswith("default-src 'self'")
    if "map.svg" not in path:
        assert "No such board" in answer.text and 'href="/"' in answer.text


def test_a_board_call_not_yet_published_is_not_shown(game: BoardGame, tmp_path: Path) -> None:
    copy = tmp_path / "planned.tdt"
    shutil.copy(game.demo.path, copy)
    db = open_tournament_file(copy)
    try:
        set_round_status(db, 3, "planned")
    finally:
        db.close()
    live = open_live(str(copy))
    try:
        with TestClient(create_app(live)) as test_client:
            assert test_client.get(f"/board/3/{game.board}").status_code == 404
            assert test_client.get(f"/board/3/{game.board}/map.svg").status_code == 404
    finally:
        live.close()


def test_hostile_names_and_orders_are_text(client: TestClient, game: BoardGame) -> None:
    html = client.get(f"/board/3/{game.board}", params={"phase": "S1901M"}).text
    assert HOSTILE not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert HOSTILE_ORDER not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert re.findall(r"<script[^>]*>\s*[^<\s]", html) == []  # no inline script
    assert " style=" not in html and "<style" not in html  # the CSP would drop them
    svg = client.get(_img(html)).text
    assert "<script" not in svg and HOSTILE not in svg


def test_a_change_shows_on_the_next_look(game: BoardGame, tmp_path: Path) -> None:
    """The page is worked out once per version: a change (a phase adjudicated) is seen."""
    from tdapp.services import games
    copy = tmp_path / "moving.tdt"
    shutil.copy(game.demo.path, copy)
    live: LiveSource = open_live(str(copy))
    try:
        with TestClient(create_app(live)) as test_client:
            before = test_client.get(f"/board/3/{game.board}").text
            assert "Winter 1901 adjustments: the position now" in before
            db = open_tournament_file(copy)
            try:
                games.save_orders(db, game.board_id, "FRANCE", "A PAR B\nF BRE B")
                games.adjudicate(db, game.board_id)
            finally:
                db.close()
            assert live.poll()
            after = test_client.get(f"/board/3/{game.board}").text
            assert "Spring 1902 movement: the position now" in after
            assert f"/board/3/{game.board}?phase=W1901A" in _links(after)
            winter = test_client.get(f"/board/3/{game.board}?phase=W1901A").text
            assert re.search(r"<td>France</td><td>A PAR B</td><td>succeeded</td>", winter)
            units = test_client.get(_img(after)).text
            assert 'data-unit="A PAR"' in units and 'data-unit="F BRE"' in units
    finally:
        live.close()
