"""A player's own page served from a venue server (a database URL): a check-in and a whole
draw vote from the phones land on the server, where every station sees them."""

from __future__ import annotations

import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url
from starlette.testclient import TestClient

from tdapp.services import games
from tdapp.services.checkins import check_ins
from tdapp.store.pg import open_server_tournament
from tdapp.web.app import create_app
from tdapp.web.source import open_live
from tests.web.player_helpers import make_played, player_id_of, post

pytestmark = pytest.mark.postgres


def test_a_check_in_and_a_draw_vote_reach_the_venue_server(venue_server, tmp_path: Path) -> None:
    played = make_played(tmp_path, "wdc-2025", "S1906M")
    url = make_url(venue_server.url_td).set(database=f"web_{uuid.uuid4().hex[:10]}")
    where = url.render_as_string(hide_password=False).replace("postgresql+psycopg", "postgresql")
    done = subprocess.run([sys.executable, "-m", "tdapp", "copy", str(played.demo.path), where],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    codes = {power: played.codes[name] for power, name in played.seats.items()}
    live = open_live(where)
    try:
        with TestClient(create_app(live)) as client:
            page = post(client, codes["RUSSIA"], "checkin")
            assert "You are checked in for round 4." in page
            post(client, codes["AUSTRIA"], "propose", board=str(played.board_id))
            for power, code in codes.items():
                page = post(client, code, "vote", board=str(played.board_id),
                            choice="no" if power == "TURKEY" else "yes")
            assert "(secret): failed." in page
    finally:
        live.close()
    db = open_server_tournament(where)
    try:
        # board ids travel with the copy: the same board on the server
        votes = games.game_state(db, played.board_id).votes
        rows = check_ins(db, 4)
    finally:
        db.close()
    assert [(v.secret, v.passed, v.votes) for v in votes] == [(True, False, None)]
    assert rows[player_id_of(played.demo.path, played.seats["RUSSIA"])].via == "phone"
