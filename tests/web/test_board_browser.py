"""A board's page in a real browser on a phone's screen (390 x 844, Chromium driven by
Playwright, Debian's package as in test_browser.py): the map loads under the page's CSP, fits
the screen, and the phase links work without the page's script. The screenshot goes to
tmp_path (--keep-screens DIR keeps it)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.board_game import BoardGame, make_board_game
from tests.web.conftest import HOSTILE

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
if not Path(CHROMIUM).exists():
    pytest.skip("no Chromium here (apt-get install chromium)", allow_module_level=True)

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, BoardGame]]:
    game = make_board_game(tmp_path_factory.mktemp("board-browser"))
    process = subprocess.Popen([sys.executable, "-m", "tdapp", "web", str(game.demo.path),
                                "--listen", "127.0.0.1", "--port", "0"],
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    try:
        yield json.loads(process.stdout.readline())["url"], game
    finally:
        process.terminate()
        process.wait(10)


@pytest.mark.parametrize("script", [True, False], ids=["with-script", "without-script"])
def test_a_phone_sees_the_board_map_and_steps_through_the_phases(
        served: tuple[str, BoardGame], tmp_path: Path, request: pytest.FixtureRequest,
        script: bool) -> None:
    url, game = served
    problems: list[str] = []
    with sync_api.sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            context = browser.new_context(viewport=PHONE, java_script_enabled=script)
            page = context.new_page()
            page.on("response", lambda r: problems.append(f"{r.status} {r.url}")
                    if r.status >= 400 and not r.url.endswith("/favicon.ico") else None)
            page.on("console", lambda m: problems.append(m.text)
                    if m.type == "error" and "404" not in m.text else None)
            page.on("dialog", lambda d: (problems.append(d.message), d.dismiss()))
            page.goto(url)
            page.get_by_role("link", name=f"Board {game.board}", exact=True).click()
            page.wait_for_url(f"**/board/3/{game.board}")
            assert page.get_by_text(HOSTILE, exact=True).count() == 1  # text, never markup
            picture = page.locator("figure img")
            picture.wait_for()
            page.wait_for_load_state("load")
            # The map loaded (img-src 'self'), drawn as wide as the phone allows, no wider.
            size = picture.evaluate("i => [i.naturalWidth, i.getBoundingClientRect().width]")
            assert size[0] > 0 and 300 < size[1] <= 390, size
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            if script:
                shot = tmp_path / "board-map-390x844.png"
                page.screenshot(path=str(shot), full_page=True)
                keep = request.config.getoption("--keep-screens")
                if keep:
                    Path(keep).mkdir(parents=True, exist_ok=True)
                    shutil.copy(shot, Path(keep) / shot.name)
            page.get_by_role("link", name="Earlier phase").click()
            page.wait_for_url("**phase=F1901M")
            assert "Fall 1901 movement: orders and results" in page.inner_text("h2#map-title")
            assert page.evaluate("document.documentElement.scrollWidth") <= 390  # orders too
            page.get_by_role("link", name="Spring 1901 movement", exact=True).click()
            page.wait_for_url("**phase=S1901M")
            assert page.locator("tr.failed").filter(has_text="A MUN - BUR").count() == 1
            assert page.get_by_role("link", name="Earlier phase").count() == 0
        finally:
            browser.close()
    assert problems == []
