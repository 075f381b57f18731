"""A phone checks in on its own page (/p/CODE, a real HTTP form with its CSRF token) served
from inside the program: the roll call's Change reaches the TD's views at once.

Issue 25: "Check in for the next round (shown live in the roll call; the TD keeps the last
word)."
"""

from __future__ import annotations

import http.cookiejar
import re
import urllib.parse
import urllib.request
from pathlib import Path

from PySide6.QtCore import Qt

from tdapp.services.changes import Change
from tdapp.services.checkins import check_in_round, check_ins
from tdapp.services.player_codes import ensure_codes, list_codes
from tdapp.services.players import list_players
from tests.gui.room.helpers import checked_in, free_port

TOKEN = re.compile(r'name="csrf" value="([0-9a-f]{64})"')


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # noqa: ANN002, ANN003, ANN201
        return None


def test_a_phone_checks_in_and_the_views_hear_it_at_once(main, qtbot, filled_file: Path) -> None:
    assert main.app.open_file(filled_file)
    main.app.call(ensure_codes)
    code = next(r.code for r in main.app.read(list_codes) if r.name == "Ann Smith")
    ann = next(p.id for p in main.app.read(list_players) if p.name == "Ann Smith")
    main.window.menus.players_page_action.trigger()
    dialog = main.room.dialog
    port = free_port()
    dialog.port.setValue(port)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert main.room.server is not None
    main.window.show_page("Rounds")
    assert checked_in(main, "Ann Smith") == ""
    heard: list[Change] = []
    main.app.changed.connect(heard.append)
    base = f"http://127.0.0.1:{port}"
    phone = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect())
    with phone.open(f"{base}/p/{code}", timeout=5) as page:
        token = TOKEN.search(page.read().decode())
    assert token is not None, "the check-in form"
    form = urllib.parse.urlencode({"csrf": token.group(1)}).encode()
    request = urllib.request.Request(f"{base}/p/{code}/checkin", data=form, headers={
        "Origin": base, "Content-Type": "application/x-www-form-urlencoded"})
    try:
        phone.open(request, timeout=5)
    except urllib.error.HTTPError as answer:  # the 303 back to the player's page
        assert answer.code == 303, answer.read()
    qtbot.waitUntil(lambda: any(c.roll_call and ann in c.ids for c in heard), timeout=2000)
    assert ann in main.app.read(check_ins, main.app.read(check_in_round))
    said = main.window.statusBar().currentMessage()
    assert said.startswith("Ann Smith checked in for round 1 from their phone — "), said
    if not main.app.db.on_server:  # on a venue server the login names the writer
        assert said.endswith("— players' page"), said
    assert checked_in(main, "Ann Smith").startswith("✓ phone "), "the roll call shows it"
