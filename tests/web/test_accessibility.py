"""The players' page checked by axe-core (vendored in tests/web/data/vendor/axe-core) in a real
Chromium, on a phone (360 x 740) and on a projector (1920 x 1080): no serious or critical
violation before a round, with a board call and a private ranking, and with standings. Also
what axe cannot see: the skip link comes first and shows its focus, the ticking clock stays
quiet for screen readers, and the page fits 360 pixels."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tdapp.services.announcements import announce
from tdapp.store.files import open_tournament_file
from tests.web.axe import assert_clean as _assert_clean
from tests.web.axe import violations as _violations
from tests.web.conftest import Demo, make_demo

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
if not Path(CHROMIUM).exists():
    pytest.skip("no Chromium here (apt-get install chromium)", allow_module_level=True)

PHONE = {"width": 360, "height": 740}
PROJECTOR = {"width": 1920, "height": 1080}


def _serve(path: Path) -> Iterator[str]:
    process = subprocess.Popen([sys.executable, "-m", "tdapp", "web", str(path),
                                "--listen", "127.0.0.1", "--port", "0"],
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    try:
        yield json.loads(process.stdout.readline())["url"]
    finally:
        process.terminate()
        process.wait(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as play:
        chromium = play.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module")
def before_a_round(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """EDC 2026 before its first round: no board call, no clock, no standings yet."""
    demo = make_demo(tmp_path_factory.mktemp("before"), "edc-2026", rounds_played=0,
                     call_next=False)
    yield from _serve(demo.path)


@pytest.fixture(scope="module")
def private_ranking(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """WDC 2025's round 4 called and playing: pool boards, the clock, the pool by name, two
    announcements."""
    demo = make_demo(tmp_path_factory.mktemp("pool"), "wdc-2025", rounds_played=3, players=35)
    db = open_tournament_file(demo.path)
    try:
        announce(db, "The championship pool plays in the ballroom.")
        announce(db, "Team captains: your line-ups\nby 10:00, please.")
    finally:
        db.close()
    yield from _serve(demo.path)


@pytest.fixture(scope="module")
def with_standings(demo: Demo) -> Iterator[str]:
    """WDC 2018's round 3 playing: the board call, the clock and the standings."""
    yield from _serve(demo.path)


@pytest.mark.parametrize("state", ["before_a_round", "private_ranking", "with_standings"])
def test_axe_finds_no_serious_violation_on_a_phone(
        request: pytest.FixtureRequest, browser: object, state: str) -> None:
    url = request.getfixturevalue(state)
    _assert_clean(_violations(browser, url, PHONE))


def test_axe_finds_no_serious_violation_on_a_found_name_a_board_and_the_projector(
        browser: object, with_standings: str, private_ranking: str) -> None:
    _assert_clean(_violations(browser, with_standings + "?q=a", PHONE))
    _assert_clean(_violations(browser, with_standings + "board/3/1", PHONE))  # a board's page
    _assert_clean(_violations(browser, private_ranking, PROJECTOR))


def test_the_skip_link_is_first_and_focus_is_visible(browser: object, with_standings: str
                                                     ) -> None:
    page = browser.new_page(viewport=PHONE)  # type: ignore[attr-defined]
    try:
        page.goto(with_standings)
        page.keyboard.press("Tab")
        focused = page.evaluate("""() => {
            const e = document.activeElement, s = getComputedStyle(e);
            const box = e.getBoundingClientRect();
            return {text: e.textContent, href: e.getAttribute('href'), outline: s.outlineStyle,
                    width: parseFloat(s.outlineWidth), top: box.top};
        }""")
        assert focused["href"] == "#main" and focused["text"] == "Skip to the board call"
        assert focused["outline"] != "none" and focused["width"] >= 2
        assert focused["top"] >= 0  # on screen once focused (hidden above it before)
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")  # the next stop is inside <main>: the search box
        assert page.evaluate("document.activeElement.id") == "q"
        # Landmarks: one banner, one main, named regions, a search.
        assert page.locator("header").count() == 1 and page.get_by_role("main").count() == 1
        assert page.get_by_role("search").count() == 1
        for name in ("Clock", "Board call", "Standings", "Announcements"):
            assert page.get_by_role("region", name=name).count() == 1, name
        # The ticking clock is a timer (no live announcements each second); what changes is
        # said once, politely, by a status region outside the part that is replaced.
        timer = page.get_by_role("timer")
        assert timer.count() == 1 and timer.get_attribute("aria-live") in (None, "off")
        said = page.locator("#said")
        assert said.get_attribute("role") == "status"
        assert said.get_attribute("aria-live") == "polite"
        # A power is named in words beside its colour.
        powers = page.locator("table.board th.power").all_inner_texts()
        assert {"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"} <= set(
            powers)
    finally:
        page.close()
