"""A player's own page in a real browser (Debian's Chromium driven by Playwright) on a phone's
screen: a whole draw vote with the seven players of a board in seven browser contexts, a
dispute the TD sees, a check-in. The server is ``tdapp web`` in a subprocess, as at a venue."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tdapp.services import games
from tdapp.services.checkins import check_ins
from tdapp.services.result_responses import responses_for_round
from tdapp.store.files import open_tournament_file
from tests.web.player_helpers import Played, make_played, player_id_of
from tests.web.test_browser import CHROMIUM, sync_api

PHONE = {"width": 360, "height": 740}
# A page shows a change within 1 s (test_web_command.py measures the stream); here seven
# browsers fetch and render on a machine other tests load: a looser bound.
WAIT_MS = 10_000


@pytest.fixture
def serve() -> Iterator[Any]:
    processes: list[subprocess.Popen[str]] = []

    def start(path: Path) -> str:
        process = subprocess.Popen([sys.executable, "-m", "tdapp", "web", str(path),
                                    "--listen", "127.0.0.1", "--port", "0"],
                                   stdout=subprocess.PIPE, text=True)
        processes.append(process)
        assert process.stdout is not None
        return str(json.loads(process.stdout.readline())["url"])

    yield start
    for process in processes:
        process.terminate()
        process.wait(10)


@pytest.fixture
def chromium() -> Iterator[Any]:
    with sync_api.sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


def _see(page: Any, text: str) -> None:
    """Wait for ``text`` on the page; if it never comes, fail with what the page shows."""
    try:
        page.get_by_text(text).first.wait_for(timeout=WAIT_MS)
    except sync_api.TimeoutError:
        pytest.fail(f"{text!r} never shown; the page at {page.url} shows:\n"
                    f"{page.locator('main').inner_text()}")


def _phone(browser: Any, url: str, outside: list[str]) -> Any:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.on("request", lambda request: None if request.url.startswith(url)
            else outside.append(request.url))
    return page


def test_a_whole_draw_vote_on_seven_phones(tmp_path: Path, serve: Any, chromium: Any) -> None:
    """WDC 2025 VII: a draw vote of every surviving power, secret (the first three of a
    board); a passed vote ends the game in a draw of them."""
    played: Played = make_played(tmp_path, "wdc-2025", "S1906M")
    url = serve(played.demo.path)
    outside: list[str] = []
    phones = {power: _phone(chromium, url, outside) for power in played.seats}
    for power, page in phones.items():
        page.goto(f"{url}p/{played.codes[played.seats[power]]}")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.evaluate("window.__same_page = true")
    phones["FRANCE"].get_by_role("button", name="Propose a draw").click()
    _see(phones["FRANCE"], "You proposed a draw")
    # Every other phone shows the ballot, and each count, by itself (no reload), then votes.
    for n, (power, page) in enumerate(phones.items()):
        yes = page.get_by_role("button", name="Yes, I accept this draw")
        yes.wait_for(timeout=WAIT_MS)
        page.locator("p.count").filter(has_text=f"{n} of 7 have voted.").wait_for(timeout=WAIT_MS)
        if power != "FRANCE":  # the proposer's own form came back with it
            assert page.evaluate("window.__same_page === true"), power
        yes.click()
        _see(page, "Your ballot is in.")
        page.evaluate("window.__same_page = true")
    for page in phones.values():
        page.locator("p.outcome").filter(
            has_text="(secret): passed: the game ends in a draw of Austria, England, France, "
                     "Germany, Italy, Russia, Turkey.").wait_for(timeout=WAIT_MS)
    # The phones that voted before the last one saw the outcome arrive without reloading.
    assert [power for power, page in phones.items()
            if not page.evaluate("window.__same_page === true")] == []
    db = open_tournament_file(played.demo.path)
    try:
        state = games.game_state(db, played.board_id)
    finally:
        db.close()
    assert state.status == "finished" and state.end_reason == "draw"
    assert len(state.votes) == 1 and state.votes[0].passed and state.votes[0].votes is None
    assert outside == []  # no request left the venue


def test_a_dispute_from_a_phone_reaches_the_td(tmp_path: Path, serve: Any,
                                               chromium: Any) -> None:
    played = make_played(tmp_path, "wdc-2018", "S1904M")
    db = open_tournament_file(played.demo.path)
    try:
        games.end_game(db, played.board_id, "time")
    finally:
        db.close()
    url = serve(played.demo.path)
    outside: list[str] = []
    page = _phone(chromium, url, outside)
    page.goto(f"{url}p/{played.codes[played.seats['GERMANY']]}")
    assert "Ended" in page.locator("p.result").inner_text()
    page.get_by_label("What is wrong with it? (for the TD)").fill("Germany held Holland.")
    page.get_by_role("button", name="Dispute this result").click()
    _see(page, "You disputed this result")
    db = open_tournament_file(played.demo.path)
    try:
        board = next(b for b in responses_for_round(db, 3) if b.board_id == played.board_id)
    finally:
        db.close()
    assert board.disputed
    assert [(d.player, d.note) for d in board.disputes] == [
        (played.seats["GERMANY"], "Germany held Holland.")]
    assert outside == []


def test_a_check_in_from_a_phone(tmp_path: Path, serve: Any, chromium: Any) -> None:
    played = make_played(tmp_path, "wdc-2018", "S1901M")
    url = serve(played.demo.path)
    outside: list[str] = []
    page = _phone(chromium, url, outside)
    name = played.seats["ITALY"]
    page.goto(f"{url}p/{played.codes[name]}")
    page.get_by_role("button", name="Check in for round 4").click()
    _see(page, "You are checked in for round 4.")
    db = open_tournament_file(played.demo.path)
    try:
        rows = check_ins(db, 4)
    finally:
        db.close()
    assert rows[player_id_of(played.demo.path, name)].via == "phone"
    assert outside == []


def test_axe_finds_no_serious_violation_on_a_players_page(tmp_path: Path, serve: Any,
                                                          chromium: Any) -> None:
    """axe-core (tests/web/test_accessibility.py's run) on a player's page: the check-in, a
    draw proposal, an open ballot, and a result to confirm or dispute."""
    from tests.web.axe import assert_clean as _assert_clean
    from tests.web.axe import violations as _violations

    played = make_played(tmp_path, "wdc-2025", "S1906M")
    url = serve(played.demo.path)
    codes = {power: played.codes[name] for power, name in played.seats.items()}
    _assert_clean(_violations(chromium, f"{url}p/{codes['AUSTRIA']}", PHONE))
    phone = _phone(chromium, url, [])
    phone.goto(f"{url}p/{codes['AUSTRIA']}")
    phone.get_by_role("button", name="Propose a draw").click()
    _see(phone, "You proposed a draw")
    _assert_clean(_violations(chromium, f"{url}p/{codes['ENGLAND']}", PHONE))  # a ballot
    for code in codes.values():
        phone.goto(f"{url}p/{code}")
        phone.get_by_role("button", name="Yes, I accept this draw").click()
        _see(phone, "Your ballot is in.")
    _assert_clean(_violations(chromium, f"{url}p/{codes['TURKEY']}", PHONE))  # a result
    _assert_clean(_violations(chromium, f"{url}p/NOSUCHCODE", PHONE))  # the 404
