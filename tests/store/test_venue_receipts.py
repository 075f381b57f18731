"""Receipts of kept entries on a venue server (store.receipts): written with the action that
sends an entry, readable and addable by the assistants' role, never changed by it; a tournament
put on the server before receipts existed gets their table when the TD opens it."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from tdapp.services import players, rollcall
from tdapp.services.changes import ServiceError
from tdapp.store import receipts
from tdapp.store.copying import copy_tournament
from tdapp.store.pg import make_server_engine, open_server_tournament
from tests.venue_helpers import drop_database, fresh_database_url

pytestmark = pytest.mark.postgres


@pytest.fixture
def shared(venue_server, demo_file: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path))
    url = fresh_database_url(venue_server.url_td, "receipts")
    copy_tournament(demo_file, url)
    yield url
    drop_database(url)


def test_a_receipt_is_written_with_its_action_and_only_then(shared: str) -> None:
    db = open_server_tournament(shared)
    try:
        player = players.list_players(db)[0].id
        with db.call(receipt="k-sent"):
            rollcall.set_answers(db, 3, [player], status="present")
        with pytest.raises(ServiceError), db.call(receipt="k-refused"):
            rollcall.set_answers(db, 3, [-1], status="present")  # refused: rolled back
        with db.read() as session:
            assert receipts.sent(session, "k-sent") and not receipts.sent(session, "k-refused")
    finally:
        db.close()


def test_the_assistants_role_adds_receipts_but_never_changes_one(venue_server,
                                                                 shared: str) -> None:
    if not venue_server.url_assistant:
        pytest.skip("TDAPP_TEST_PG gives only the TD's URL")
    database = make_url(shared).database
    assistant = make_url(venue_server.url_assistant).set(database=database)
    engine = make_server_engine(assistant.render_as_string(hide_password=False))
    try:
        with engine.begin() as connection:
            connection.execute(text("INSERT INTO outbox_receipt (key) VALUES ('a1')"))
        with pytest.raises(DBAPIError, match="permission denied"), engine.begin() as connection:
            connection.execute(text("DELETE FROM outbox_receipt"))
    finally:
        engine.dispose()


def test_an_older_server_tournament_gets_the_receipts_table_when_the_td_opens_it(
        shared: str) -> None:
    engine = make_server_engine(shared)
    try:
        with engine.begin() as connection:
            receipts.drop(connection)
            assert not receipts.available(connection)
    finally:
        engine.dispose()
    db = open_server_tournament(shared)
    try:
        with db.read() as session:
            assert receipts.available(session)
    finally:
        db.close()
