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

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from tdapp.store.copying import copy_tournament
from tests.gui import screens
from tests.gui.xvfb_stations import Station, missing_tools, wait, xdotool, xvfb
from tests.venue_helpers import drop_database, fresh_database_url

# 7 s alone; 12 to 35 s with the server started and a busy machine (two Qt processes, Xvfb)
pytestmark = [pytest.mark.postgres, pytest.mark.slow]

NEW_NAME = "Xvfb Open"
SEEN_WITHIN = 5.0  # seconds from the TD's click on Apply to the assistant's window


@pytest.fixture
def display() -> Iterator[str]:
    """A fresh Xvfb on a free display number, stopped afterwards."""
    missing = missing_tools("import")
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (apt install xvfb xdotool imagemagick)")
    with xvfb() as name:
        yield name


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
        wait("both windows on the shared tournament", lambda: td.shared() and desk.shared(),
              60)
        # No window manager: place the windows side by side ourselves.
        for station, x in ((td, 0), (desk, 960)):
            window = str(station.state()["window_id"])
            xdotool(display, "windowsize", window, "950", "1000")
            xdotool(display, "windowmove", window, str(x), "0")
        # The name field is listed once the Tournament page shows (empty just before).
        wait("the windows in place", lambda: (td.state()["name_field"] or [10_000])[0] < 900
              and (desk.state()["name_field"] or [0])[0] > 960, 10)
        assert desk.state()["tournament_name_shown"] == "Demo Open"
        _screenshot(display, "two-stations-before")

        # The TD: click in the name field, select it all, type, and press Apply.
        window = str(td.state()["window_id"])
        xdotool(display, "windowfocus", "--sync", window)
        xdotool(display, "mousemove", "--sync", *_centre(td.state()["name_field"]))
        xdotool(display, "click", "1")
        xdotool(display, "key", "--clearmodifiers", "ctrl+a")
        xdotool(display, "type", "--delay", "30", NEW_NAME)
        wait("the TD's typing in the field",
              lambda: td.state()["tournament_name_shown"] == NEW_NAME, 10)
        xdotool(display, "mousemove", "--sync", *_centre(td.state()["apply_button"]))
        xdotool(display, "click", "1")
        clicked = time.monotonic()
        wait("the TD's change saved", lambda: "Tournament details changed" in
              td.state().get("changes", []), 10)
        wait("the new name on the assistant's window",
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
