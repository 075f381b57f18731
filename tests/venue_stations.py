"""Two stations on one venue server, for the tests of what one sees of the other's edits.

The fixtures are imported by name into the test modules that use them (pytest finds them
there); the session's ``venue_server`` and ``demo_file`` fixtures come from tests/conftest.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select, update

from tdapp.services import games
from tdapp.services.results import BoardResult
from tdapp.store.copying import copy_tournament
from tdapp.store.database import TournamentDb
from tdapp.store.models import Board, GamePhase
from tdapp.store.pg import open_server_tournament
from tests.venue_helpers import drop_database, fresh_database_url

THEIRS = BoardResult({"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 4, "ITALY": 3,
                      "RUSSIA": 2, "TURKEY": 1}, end_year=1908)
YOURS = BoardResult({"AUSTRIA": 9, "ENGLAND": 9, "FRANCE": 6, "GERMANY": 4, "ITALY": 3,
                     "RUSSIA": 2, "TURKEY": 1}, end_year=1908)


@pytest.fixture
def shared(venue_server, demo_file: Path, monkeypatch: pytest.MonkeyPatch,
           tmp_path: Path) -> Iterator[str]:
    """The demo tournament copied to a fresh database on the session's server: its TD URL."""
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path))
    url = fresh_database_url(venue_server.url_td, "conflict")
    copy_tournament(demo_file, url)
    yield url
    drop_database(url)


@pytest.fixture
def stations(shared: str) -> Iterator[tuple[TournamentDb, TournamentDb]]:
    first, second = open_server_tournament(shared), open_server_tournament(shared)
    first.who, second.who = "ann on desk-1", "bob on desk-2"
    yield first, second
    first.close()
    second.close()


def finished_board(db: TournamentDb) -> tuple[int, int]:
    """The first board with a result: its id and version."""
    with db.read() as session:
        board = session.scalars(select(Board).where(Board.end_year.is_not(None))
                                .order_by(Board.id)).first()
        assert board is not None
        return board.id, board.version


def board_in_play(db: TournamentDb, phase: str | None = None) -> int:
    """Set-up: the demo's last board reopened (its result taken off) and its game started at
    Spring 1901, or moved on to ``phase`` ("S1906M": WDC 2025 lets draws be proposed then)."""
    with db.system() as session:
        board = session.scalars(select(Board).order_by(Board.id.desc())).first()
        assert board is not None
        board.status, board.end_year, board.end_reason = "seated", None, None
        board_id = board.id
    games.start_game(db, board_id)
    if phase is not None:
        with db.system() as session:
            session.execute(update(GamePhase).where(GamePhase.board_id == board_id)
                            .values(phase=phase))
    return board_id


def centres(db: TournamentDb, board_id: int) -> dict[str, int]:
    with db.read() as session:
        board = session.get(Board, board_id)
        assert board is not None
        return {seat.power: seat.centers for seat in board.seats}


def own_server_with_demo(folder: Path, demo_file: Path, database: str) -> tuple[int, str]:
    """A venue server of the test's own in ``folder`` (one it can stop and start again, as a
    station losing the server), with the demo copied into ``database``: (port, the TD's URL).
    Skips where the server's programs are missing."""
    from tdapp.store import venue_server

    try:
        venue_server.find_binaries()
    except venue_server.VenueServerError as exc:
        pytest.skip(str(exc))
    port = venue_server.free_port()
    status = venue_server.start(folder, port, "127.0.0.1")
    url = status.url_td.replace("/postgres", f"/{database}") if "/postgres" in status.url_td \
        else status.url_td
    copy_tournament(demo_file, url)
    return port, url
