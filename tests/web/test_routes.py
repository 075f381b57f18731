"""The players' page's routes through Starlette's TestClient: the JSON of CONTRACTS.md, the
page, and what a hostile network must never get."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tdapp.web.app import create_app
from tdapp.web.source import LiveSource
from tests.web.conftest import HOSTILE, Demo, make_demo

POWERS = {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"}
STATIC = Path(__file__).parents[2] / "tdapp" / "web" / "static"


def _standings_command(path: Path) -> dict:
    done = subprocess.run([sys.executable, "-m", "tdapp", "standings", str(path)],
                          capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout)


def test_state_is_the_contract_and_its_standings_are_tdapp_standings(
        demo: Demo, source: LiveSource) -> None:
    with TestClient(create_app(source)) as client:
        answer = client.get("/api/state")
    assert answer.status_code == 200
    state = answer.json()
    assert set(state) >= {"tournament", "round", "boards", "clock", "standings",
                          "standings_private", "announcements", "version"}
    # format: the id, as tdapp standings gives it; title: what the page's header shows.
    assert state["tournament"]["name"] == "Demo Open"
    assert state["tournament"]["format"] == _standings_command(demo.path)["format"] == "wdc-2018"
    assert state["tournament"]["title"] == "World DipCon 2018 (Sum of Squares)"
    assert state["round"] == {"number": 3, "status": "playing"}
    assert state["boards"] and all(b["round"] == 3 for b in state["boards"])
    for board in state["boards"]:
        assert set(board) >= {"round", "number", "top_board", "pool", "seats"}
        assert {seat["power"] for seat in board["seats"]} == POWERS
    assert set(state["clock"]) >= {"state", "label", "remaining_s", "at"}
    assert state["clock"]["state"] == "running"
    assert 0 < state["clock"]["remaining_s"] <= 30 * 60  # the segment's time, not the end's
    assert state["standings_private"] is False
    expected = _standings_command(demo.path)["standings"]
    assert [(r["rank"], r["player"], r["score"]) for r in state["standings"]] == [
        ("" if r["rank"] is None else str(r["rank"]), r["player"], r["score"]) for r in expected]
    assert state["announcements"] == []
    assert isinstance(state["version"], int)


def test_wdc_2025_keeps_the_ranking_private_and_says_so(tmp_path: Path) -> None:
    """WDC 2025 II.2.a: "The specific ranking of individual players will not be made public"
    (until the bonus round, round 4, is over)."""
    from tdapp.web.source import open_live
    demo = make_demo(tmp_path, "wdc-2025", rounds_played=2, call_next=False)
    live = open_live(str(demo.path))
    try:
        with TestClient(create_app(live)) as client:
            state = client.get("/api/state").json()
            page = client.get("/").text
    finally:
        live.close()
    assert state["standings"] is None and state["standings_private"] is True
    assert state["boards"] == []  # round 3 not seated yet: no board call to show
    assert "keeps the ranking private until round 4 is over" in page


def test_the_page_shows_the_round_the_boards_and_finds_a_name(source: LiveSource) -> None:
    with TestClient(create_app(source)) as client:
        state = client.get("/api/state").json()
        seat = state["boards"][1]["seats"][2]
        page = client.get("/", params={"q": seat["player"].split()[0].upper()})
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    html = page.text
    assert "Round 3" in html and "Board 2" in html
    found = html.split('<ul class="found">', 1)[1].split("</ul>", 1)[0]
    assert f"board 2, {seat['power'].title()}" in found


def test_a_hostile_name_is_text(source: LiveSource) -> None:
    with TestClient(create_app(source)) as client:
        html = client.get("/").text
        searched = client.get("/", params={"q": "<img src=x"}).text
    assert HOSTILE not in html and HOSTILE not in searched
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "<img" not in html and "<img" not in searched


def test_csp_without_inline_script_and_no_external_url(source: LiveSource) -> None:
    with TestClient(create_app(source)) as client:
        answers = [client.get(p) for p in ("/", "/api/state", "/static/live.js",
                                           "/static/page.css", "/nowhere")]
    for answer in answers:
        csp = answer.headers["content-security-policy"]
        assert "default-src 'self'" in csp and "script-src 'self'" in csp
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert answer.headers["x-content-type-options"] == "nosniff"
    html = answers[0].text
    assert re.findall(r"<script[^>]*>\s*[^<\s]", html) == []  # no inline script
    assert re.findall(r"<[^>]*\son\w+=", html) == []  # no inline handler in any tag
    for text in [html, answers[2].text, answers[3].text]:
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]", text.replace(
            "http://www.w3.org", "")), "an external URL in a page"


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_only_reading_is_allowed(source: LiveSource, method: str) -> None:
    with TestClient(create_app(source)) as client:
        for path in ("/", "/api/state", "/events", "/elsewhere"):
            answer = client.request(method, path)
            assert answer.status_code == 405, (method, path)
            assert answer.headers["allow"] == "GET, HEAD"


def test_request_sizes_are_bounded(source: LiveSource) -> None:
    with TestClient(create_app(source)) as client:
        assert client.request("GET", "/", content=b"x" * 10).status_code == 413
        assert client.get("/", params={"q": "x" * 5000}).status_code == 414
        long_name = client.get("/", params={"q": "y" * 500}).text
    assert "y" * 81 not in long_name  # a search is cut to a name's length


def test_no_response_holds_the_hidden_end_time(demo: Demo, source: LiveSource) -> None:
    secret = demo.hidden_end
    forms = {repr(secret), f"{secret:.3f}", f"{secret:.1f}", str(int(secret)),
             str(int(secret * 1000))}
    with TestClient(create_app(source)) as client:
        state = client.get("/api/state").json()
        pages = [client.get(p) for p in ("/", "/api/state", "/static/live.js",
                                         "/static/page.css")]
        pages.append(client.get("/", params={"q": state["boards"][0]["seats"][0]["player"]}))
        with client.stream("GET", "/events") as stream:
            first = next(stream.iter_lines())
    texts = [p.text + json.dumps(dict(p.headers)) for p in pages] + [first]
    assert first.startswith("retry:") or first.startswith("data:")
    for text in texts:
        for form in forms:
            assert form not in text
    assert state["clock"]["remaining_s"] < secret - state["clock"]["at"] - 60


@pytest.mark.parametrize(("host", "answered"), [
    ("192.168.1.20:8080", True),  # the QR code's address
    ("[fe80::1]:8080", True),
    ("localhost:8080", True),
    ("td-laptop", True),  # a name of one word: the laptop's own
    ("td-laptop.local:8080", True),
    ("evil.example.com", False),  # another site's name pointed at this laptop
    ("evil.example.com:8080", False),
    ("192.168.1.20.nip.io:8080", False),
])
def test_only_the_laptops_own_addresses_are_answered(source: LiveSource, host: str,
                                                      answered: bool) -> None:
    """DNS rebinding: a page on another site points a name of its own at the laptop and reads
    the players' page with the phone's browser. The page answers only by an address, a name of
    one word or a .local name; a form, as every request, is refused by another name."""
    with TestClient(create_app(source)) as client:
        page = client.get("/", headers={"Host": host})
        state = client.get("/api/state", headers={"Host": host})
    assert (page.status_code == 200) is answered and (state.status_code == 200) is answered
    if not answered:
        assert page.status_code == 421 and "address the TD shows" in page.text
