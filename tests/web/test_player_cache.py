"""Every player's page made from what is read once per version (web/player_cache.py): many
pages cost one read; a change seen by the poll is read afresh (never served stale); a form's
answer shows what it did at once; a code or a player newer than what is kept works at once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tdapp.services import player_codes, players
from tdapp.services.player_view import RoomViews, room_views
from tdapp.services.results import BoardResult, record_result
from tdapp.store.files import open_tournament_file
from tdapp.web import player_cache
from tdapp.web.app import create_app
from tdapp.web.limits import WrongCodes
from tdapp.web.source import LiveSource, open_live
from tests.web.player_helpers import ORIGIN, Played, Sleeps, make_played, post, token

RESULT = BoardResult({"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 4, "ITALY": 3,
                      "RUSSIA": 2, "TURKEY": 1}, end_year=1908)


@pytest.fixture
def played(tmp_path: Path) -> Played:
    return make_played(tmp_path, "wdc-2018", "S1904M")


@pytest.fixture
def live(played: Played) -> Iterator[LiveSource]:
    source = open_live(str(played.demo.path))
    yield source
    source.close()


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times every player's page was read from the file (the real read, counted)."""
    count: list[int] = []

    def counted(db: object) -> RoomViews:
        count.append(1)
        return room_views(db)  # type: ignore[arg-type]  # the database the cache passes

    monkeypatch.setattr(player_cache, "room_views", counted)
    return count


def _version(html: str) -> int:
    found = re.search(r'data-version="(\d+)"', html)
    assert found
    return int(found.group(1))


def _td(played: Played):  # noqa: ANN202 - the TD's program: another connection to the file
    return open_tournament_file(played.demo.path)


def test_many_pages_one_read_and_a_change_is_never_served_stale(
        played: Played, live: LiveSource, reads: list[int]) -> None:
    with TestClient(create_app(live)) as client:
        codes = [played.codes[name] for name in played.seats.values()]
        first = [client.get(f"/p/{code}").text for code in codes * 3]
        assert len(reads) == 1  # 21 pages of 7 players, one read
        assert all("No result is entered yet." in html for html in first)
        version = _version(first[0])
        db = _td(played)
        try:
            record_result(db, played.board_id + 1, RESULT)  # another board: not theirs
            record_result(db, played.board_id, RESULT)
        finally:
            db.close()
        assert live.poll()  # the watcher sees the change: a new version
        fresh = [client.get(f"/p/{code}").text for code in codes]
        assert len(reads) == 2
        for html in fresh:
            assert _version(html) == version + 1
            assert "Ended 1908" in html and "No result is entered yet." not in html
        assert not live.poll()
        client.get(f"/p/{codes[0]}")
        assert len(reads) == 2  # nothing changed: nothing read


def test_a_forms_answer_shows_what_it_did_without_waiting_for_the_poll(
        played: Played, live: LiveSource, reads: list[int]) -> None:
    with TestClient(create_app(live)) as client:
        code = played.codes[played.seats["ENGLAND"]]
        assert "Check in for round 4" in client.get(f"/p/{code}").text
        page = post(client, code, "checkin")  # no poll in between
        assert "You are checked in for round 4." in page
        assert "You are checked in for round 4." in client.get(f"/p/{code}").text
        page = post(client, code, "uncheckin")
        assert "Check in for round 4" in page


def test_a_new_code_and_a_new_player_work_at_once(played: Played, live: LiveSource) -> None:
    with TestClient(create_app(live)) as client:
        name = played.seats["FRANCE"]
        old = played.codes[name]
        client.app.state.players.wrong = WrongCodes(sleep=Sleeps())  # type: ignore[attr-defined]
        old_token = token(client, old)  # the code book is kept now
        db = _td(played)
        try:
            player_id = next(p.id for p in players.list_players(db) if p.name == name)
            player_codes.replace_code(db, player_id)
            players.add_player(db, players.PlayerData("Late Arrival"))
            player_codes.ensure_codes(db)
            rows = {row.name: row.code for row in player_codes.list_codes(db)}
        finally:
            db.close()
        # Before the watcher looks: codes newer than the kept book are asked of the file.
        page = client.get(f"/p/{rows[name]}")
        assert page.status_code == 200 and "You play" in page.text
        late = client.get(f"/p/{rows['Late Arrival']}")
        assert late.status_code == 200 and "Late Arrival" in late.text
        assert "You have no board in the published board call" in late.text
        # A form with the old code (and its own token) is checked against the file: refused
        # at once, nothing recorded.
        refused = client.post(f"/p/{old}/checkin", data={"csrf": old_token}, headers=ORIGIN)
        assert refused.status_code == 404
        live.poll()
        assert client.get(f"/p/{old}").status_code == 404
