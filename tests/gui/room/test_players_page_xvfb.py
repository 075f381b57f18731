"""The TD's window and a phone side by side on a real X screen (Xvfb): the TD starts the
players' page from the File menu (keys and a click sent by xdotool), a phone-sized Chromium
(390 x 844) opens the address the dialog shows, the TD publishes the board call and types an
announcement, and the open page shows both without a reload.

Issue 25, Proof: "A real-window run: the TD's window and a phone-sized browser side by side,
the board call published and seen, screenshots you looked at." The screenshots of the whole
screen are kept with ``pytest --keep-screens DIR`` (tests/gui/screens.py).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tdapp.commands.demo import _take_roll_call, write_demo
from tests.gui import screens
from tests.gui.room.helpers import free_port, port_is_free
from tests.gui.xvfb_stations import ROOT, missing_tools, wait, xdotool, xvfb

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
pytestmark = pytest.mark.skipif(
    bool(missing_tools("import")) or not Path(CHROMIUM).exists(),
    reason="needs Xvfb, xdotool, ImageMagick's import and Chromium")


def _demo(folder: Path) -> Path:
    """Two rounds played; round 3's roll call taken, its board call not published yet."""
    from tdapp.store.files import open_tournament_file

    path = write_demo(folder / "open.tdt", players=21, format_name="wdc-2018", rounds_played=2)
    db = open_tournament_file(path)
    try:
        _take_roll_call(db, 3, 2)
    finally:
        db.close()
    random.seed(7)
    return path


def _state(folder: Path) -> dict:
    try:
        return dict(json.loads((folder / "state.json").read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return {}


def _screen(display: str, name: str) -> Path:
    target = screens.path(f"room/{name}.png")
    subprocess.run(["import", "-display", display, "-window", "root", str(target)],
                   check=True, timeout=30)
    assert target.stat().st_size > 10_000
    return target


def test_the_td_publishes_the_board_call_and_the_phone_shows_it(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    path = _demo(tmp_path)
    folder = tmp_path / "td"
    folder.mkdir()
    port = free_port()
    settings = folder / "settings"
    settings.mkdir()
    (settings / "tdapp.ini").write_text(f"[players_page]\nport={port}\n", encoding="utf-8")
    with xvfb() as display:
        env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", TDAPP_SETTINGS_SCOPE="tests",
                   TDAPP_SETTINGS_DIR=str(settings), TDAPP_PORTABLE_DIR=str(folder / "p"),
                   PYTHONPATH=str(ROOT))
        log = (folder / "td.log").open("w")
        td = subprocess.Popen([sys.executable, "-m", "tests.gui.room.td_window", str(path),
                               str(folder)], env=env, cwd=ROOT, stdout=log,
                              stderr=subprocess.STDOUT)
        try:
            wait("the TD's window", lambda: _state(folder).get("title"), 60)
            window = xdotool(display, "search", "--onlyvisible", "--name",
                             str(_state(folder)["title"])).split()[0]
            xdotool(display, "windowfocus", "--sync", window)
            x, y = _state(folder)["file_menu"]
            xdotool(display, "mousemove", "--sync", str(x), str(y), "click", "1")
            time.sleep(0.5)  # the menu open
            xdotool(display, "key", "p")  # File › &Players' page on the venue network…
            wait("the players' page dialog", lambda: _state(folder).get("dialog"), 20)
            time.sleep(0.5)  # laid out and placed
            x, y = _state(folder)["start"]
            xdotool(display, "mousemove", "--sync", str(x), str(y), "click", "1")
            url = str(wait("the address shown", lambda: _state(folder).get("url"), 20))
            assert url.endswith(f":{port}/"), "the port remembered from the last time"
            with sync_api.sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=False, env={"DISPLAY": display},
                    args=["--window-position=1400,0", "--window-size=400,950",
                          "--no-first-run", "--no-default-browser-check"])
                phone = browser.new_page(viewport=PHONE)
                phone.goto(url)
                phone.get_by_text("The board call of this round is not published yet.") \
                    .wait_for(timeout=5000)
                wait("the phone counted", lambda: str(_state(folder).get(
                    "connected", "")).startswith("1 phone has"), 10)
                before = _screen(display, "01-page-served-before-the-call")
                (folder / "publish").touch()
                wait("the board call published", lambda: _state(folder).get("published"), 30)
                phone.locator("caption", has_text="Board 1").wait_for(timeout=15000)
                assert phone.locator("table.board").count() == 3, "21 players: three boards"
                # The TD types an announcement in the dialog; the phone shows it too.
                x, y = _state(folder)["announcement"]
                xdotool(display, "mousemove", "--sync", str(x), str(y), "click", "1")
                xdotool(display, "type", "--delay", "20", "Round 3 starts at 14:30")
                xdotool(display, "key", "Return")
                wait("the announcement posted", lambda: _state(folder).get("announcements"), 10)
                phone.locator("#announcements", has_text="Round 3 starts at 14:30") \
                    .wait_for(timeout=5000)
                time.sleep(0.5)
                after = _screen(display, "02-board-call-on-the-phone")
                phone.screenshot(path=str(screens.path("room/03-phone.png")), full_page=True)
                browser.close()
            assert before.read_bytes() != after.read_bytes()
            (folder / "quit").touch()
            assert td.wait(30) == 0
            assert port_is_free(port), "quitting the program stopped the page"
        finally:
            if td.poll() is None:
                td.kill()
                td.wait(10)
            log.close()
