"""Two real station processes on one venue server, under a real X server (Xvfb): the TD renames
the tournament by mouse and keyboard (xdotool), and the assistant's window shows the new name
by itself within a few seconds.

Issue 16: "a run with two real windows (Xvfb) on one server, an edit on one seen on the other."

Each station runs ``python -m tdapp URL`` with ``TDAPP_STATION_PROBE`` set: the station writes
what its window shows (and where its widgets are on the screen) to a small JSON file
(tdapp/gui/venue/probe.py, off by default). The test reads the assistant's file for the name
its Tournament page shows: the widget's text, not the database. Screenshots of the whole X
screen are taken with ImageMagick's ``import`` (kept with --keep-screens).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from tdapp.store.copying import copy_tournament
from tests.gui import screens
from tests.venue_helpers import drop_database, fresh_database_url

# 7 s alone; 12 to 35 s with the server started and a busy machine (two Qt processes, Xvfb)
pytestmark = [pytest.mark.postgres, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[3]
NEW_NAME = "Xvfb Open"
SEEN_WITHIN = 5.0  # seconds from the TD's click on Apply to the assistant's window


def _free_display() -> int:
    # pytest-xdist workers (gw0, gw1...) look in ranges of their own, so two never take one
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    first = 93 + 40 * (int(worker) if worker.isdigit() else 0)
    for number in range(first, first + 40):
        if not Path(f"/tmp/.X{number}-lock").exists() and \
                not Path(f"/tmp/.X11-unix/X{number}").exists():
            return number
    raise RuntimeError("no free X display number")


def _wait(what: str, check: Callable[[], object], timeout: float) -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


@pytest.fixture
def display() -> Iterator[str]:
    """A fresh Xvfb on a free display number, stopped afterwards."""
    missing = [tool for tool in ("Xvfb", "xdotool", "import") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (apt install xvfb xdotool imagemagick)")
    number = _free_display()
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1920x1080x24",
                               "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        _wait("Xvfb", lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), 10)
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(10)


def _probe(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


class Station:
    """One ``python -m tdapp URL`` process on the X display, and what its window shows."""

    def __init__(self, name: str, url: str, display: str, folder: Path) -> None:
        self.name = name
        self.probe_file = folder / f"{name}.json"
        env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb",
                   TDAPP_STATION_PROBE=str(self.probe_file), TDAPP_STATION=f"{name}-laptop",
                   TDAPP_SETTINGS_DIR=str(folder / f"{name}-settings"),
                   TDAPP_PORTABLE_DIR=str(folder / f"{name}-portable"),
                   TDAPP_VENUE_COPIES=str(folder / f"{name}-copies"),
                   PYTHONPATH=str(ROOT))
        self.log = (folder / f"{name}.log").open("w")
        self.process = subprocess.Popen([sys.executable, "-m", "tdapp", url], env=env,
                                        cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT)

    def state(self) -> dict:
        return _probe(self.probe_file)

    def shared(self) -> bool:
        assert self.process.poll() is None, f"{self.name} station exited: see {self.log.name}"
        return self.state().get("file_label", "").startswith("Shared:")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(10)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self.log.close()


def _xdotool(display: str, *args: str) -> str:
    done = subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=display),
                          capture_output=True, text=True, timeout=20, check=True)
    return done.stdout.strip()


def _centre(place: list[int]) -> tuple[str, str]:
    x, y, width, height = place
    return str(x + width // 2), str(y + height // 2)


def _screenshot(display: str, name: str) -> Path:
    target = screens.path(f"venue/{name}.png")
    subprocess.run(["import", "-display", display, "-window", "root", str(target)],
                   check=True, timeout=30)
    return target


def test_an_edit_typed_on_the_tds_window_shows_on_the_assistants(
        display: str, venue_server, demo_file: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    if not venue_server.url_assistant:
        pytest.skip("the assistants' role's password is not known for TDAPP_TEST_PG")
    url_td = fresh_database_url(venue_server.url_td, "xvfb")
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path / "copies"))
    copy_tournament(demo_file, url_td)
    database = make_url(url_td).database
    url_assistant = make_url(venue_server.url_assistant).set(database=database) \
        .render_as_string(hide_password=False)
    td = Station("td", url_td, display, tmp_path)
    desk = Station("desk", url_assistant, display, tmp_path)
    try:
        _wait("both windows on the shared tournament", lambda: td.shared() and desk.shared(),
              60)
        # No window manager: place the windows side by side ourselves.
        for station, x in ((td, 0), (desk, 960)):
            window = str(station.state()["window_id"])
            _xdotool(display, "windowsize", window, "950", "1000")
            _xdotool(display, "windowmove", window, str(x), "0")
        _wait("the windows in place", lambda: td.state()["name_field"][0] < 900
              and desk.state()["name_field"][0] > 960, 10)
        assert desk.state()["tournament_name_shown"] == "Demo Open"
        _screenshot(display, "two-stations-before")

        # The TD: click in the name field, select it all, type, and press Apply.
        window = str(td.state()["window_id"])
        _xdotool(display, "windowfocus", "--sync", window)
        _xdotool(display, "mousemove", "--sync", *_centre(td.state()["name_field"]))
        _xdotool(display, "click", "1")
        _xdotool(display, "key", "--clearmodifiers", "ctrl+a")
        _xdotool(display, "type", "--delay", "30", NEW_NAME)
        _wait("the TD's typing in the field",
              lambda: td.state()["tournament_name_shown"] == NEW_NAME, 10)
        _xdotool(display, "mousemove", "--sync", *_centre(td.state()["apply_button"]))
        _xdotool(display, "click", "1")
        clicked = time.monotonic()
        _wait("the TD's change saved", lambda: "Tournament details changed" in
              td.state().get("changes", []), 10)
        _wait("the new name on the assistant's window",
              lambda: desk.state()["tournament_name_shown"] == NEW_NAME, SEEN_WITHIN)
        seen_after = time.monotonic() - clicked
        _screenshot(display, "two-stations-after")
        print(f"edit seen on the other station {seen_after:.2f} s after the click")
        assert seen_after < SEEN_WITHIN
        # The assistant's views got the very change the TD's views got (the typed change).
        assert "Tournament details changed" in desk.state()["changes"]
    finally:
        td.stop()
        desk.stop()
        drop_database(url_td)
