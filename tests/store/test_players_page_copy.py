"""``tdapp copy`` carries the players' page tables (codes, check-ins, announcements, players'
answers) to a venue server and back whole, and the copy on the server goes on working: a code
still finds its player, a new answer and a new announcement take fresh ids."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from tdapp.services import announcements, checkins, player_codes, result_responses, rounds
from tdapp.store.copying import copy_tournament
from tdapp.store.database import TournamentDb
from tdapp.store.locations import open_location
from tdapp.store.models import Announcement, CheckIn, PlayerCode, ResultResponse
from tests.venue_helpers import drop_database, fresh_database_url

pytestmark = pytest.mark.postgres

TABLES = (PlayerCode, CheckIn, Announcement, ResultResponse)


def _rows(db: TournamentDb) -> dict[str, list[dict[str, Any]]]:
    with db.read() as session:
        return {model.__tablename__: [
            {c.key: getattr(row, c.key) for c in model.__table__.columns}
            for row in session.scalars(select(model).order_by(model.id))] for model in TABLES}


def test_the_players_page_tables_go_to_a_server_and_back(
        tmp_path: Path, demo_file: Path, venue_server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path / "copies"))
    source = tmp_path / "room.tdt"
    shutil.copy(demo_file, source)
    db = open_location(source)
    board = rounds.board_call(db, 2)[0]
    try:
        player_codes.ensure_codes(db)
        announcements.announce(db, "Round 3 at 14:00 <sharp>")
        gone = announcements.announce(db, "Withdrawn").ids[0]
        announcements.withdraw_announcement(db, gone)
        checkins.check_in(db, board.seats[0].player_id, 3)
        result_responses.respond_to_result(db, board.seats[1].player_id, board.board_id,
                                           "dispute", "wrong")
        result_responses.settle_dispute(db, board.board_id, "kept")
        result_responses.respond_to_result(db, board.seats[2].player_id, board.board_id,
                                           "confirm")
        before = _rows(db)
        codes = player_codes.list_codes(db)
    finally:
        db.close()
    assert all(before.values())

    url = fresh_database_url(venue_server.url_td, "room")
    try:
        copy_tournament(source, url)
        server = open_location(url)
        try:
            assert _rows(server) == before
            assert player_codes.list_codes(server) == codes
            card = player_codes.player_for_code(server, codes[7].shown)
            assert card is not None and card.player_id == codes[7].player_id
            added = announcements.announce(server, "Said on the server").ids[0]
            assert added > max(row["id"] for row in before["announcement"])
            result_responses.respond_to_result(server, board.seats[3].player_id,
                                               board.board_id, "confirm")
            on_server = _rows(server)
        finally:
            server.close()
        back = tmp_path / "back.tdt"
        copy_tournament(url, back)
        returned = open_location(back)
        try:
            assert _rows(returned) == on_server
            assert len(on_server["result_response"]) == len(before["result_response"]) + 1
        finally:
            returned.close()
    finally:
        drop_database(url)
