"""A tournament whose rights an older tdapp wrote (before the players' page: rights 3, no
rights on its tables for the assistants) gets this version's when the TD's station opens it:
an assistant's page may then record check-ins and answers on the boards given."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from tdapp.store import board_rights
from tdapp.store.copying import copy_tournament
from tdapp.store.pg import open_server_tournament
from tdapp.store.server_engine import make_server_engine
from tests.venue_helpers import drop_database, fresh_database_url

pytestmark = pytest.mark.postgres

PRIVILEGES = ("SELECT has_table_privilege('tdapp_assistant', 'check_in', 'INSERT'), "
              "has_table_privilege('tdapp_assistant', 'result_response', 'INSERT'), "
              "has_column_privilege('tdapp_assistant', 'result_response', 'settled_at', "
              "'UPDATE'), (SELECT count(*) FROM pg_policies "
              "WHERE tablename = 'result_response')")


def test_the_tds_station_writes_the_players_page_rights_on_open(
        venue_server, demo_file: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path))
    url = fresh_database_url(venue_server.url_td, "rights")
    engine = make_server_engine(url)
    try:
        copy_tournament(demo_file, url)
        with engine.begin() as connection:  # as the previous version left it
            connection.execute(text(f"COMMENT ON FUNCTION {board_rights.GIVEN_CHECK}(integer) "
                                    "IS 'tdapp rights 3'"))
            connection.execute(text("REVOKE ALL ON check_in, result_response "
                                    "FROM tdapp_assistant"))
            for name in ("read", "add", "change", "remove"):
                connection.execute(text(f"DROP POLICY tdapp_result_response_{name} "
                                        "ON result_response"))
            assert not board_rights.enforced(connection)
            assert tuple(connection.execute(text(PRIVILEGES)).one()) == (False, False, False, 0)
        open_server_tournament(url).close()
        with engine.begin() as connection:
            assert board_rights.enforced(connection)
            assert tuple(connection.execute(text(PRIVILEGES)).one()) == (True, True, False, 4)
    finally:
        engine.dispose()
        drop_database(url)
