"""A demo tournament for a player's own page: codes for everyone, board 1 of round 3 played
through order entry and moved on to a season where the format allows a draw vote."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from sqlalchemy import select
from starlette.testclient import TestClient

from tdapp.services import games
from tdapp.services.player_codes import ensure_codes, list_codes
from tdapp.services.player_view import player_view
from tdapp.services.rounds import all_boards
from tdapp.store.files import open_tournament_file
from tdapp.store.models import GamePhase
from tests.web.conftest import HOSTILE, Demo, make_demo

ORIGIN = {"origin": "http://testserver"}
TOKEN = re.compile(r'name="csrf" value="([0-9a-f]{64})"')


@dataclasses.dataclass(frozen=True)
class Played:
    demo: Demo
    codes: dict[str, str]  # player name -> code
    board_id: int  # round 3's board 1, its game at ``phase``
    seats: dict[str, str]  # power -> player name on that board
    phase: str


class Sleeps:
    """A wrong code's wait, recorded instead of slept (the test measures the delays asked)."""

    def __init__(self) -> None:
        self.asked: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.asked.append(seconds)


def jump_to(path: Path, board_id: int, phase: str) -> None:
    """Put the board's open phase at ``phase`` (a test shortcut to the years of draw votes)."""
    db = open_tournament_file(path)
    try:
        with db.action("test position") as session:
            row = session.scalars(select(GamePhase).where(GamePhase.board_id == board_id)
                                  .order_by(GamePhase.seq.desc())).first()
            assert row is not None
            row.phase, row.position = phase, {**row.position, "phase": phase}
    finally:
        db.close()


def make_played(folder: Path, format_name: str = "wdc-2025", phase: str = "S1906M") -> Played:
    demo = make_demo(folder, format_name)
    db = open_tournament_file(demo.path)
    try:
        ensure_codes(db)
        codes = {row.name: row.code for row in list_codes(db)}
        board = all_boards(db, 3)[0]
        games.start_game(db, board.board_id)
        seats = {seat.power: seat.player_name for seat in board.seats}
    finally:
        db.close()
    jump_to(demo.path, board.board_id, phase)
    return Played(demo, codes, board.board_id, seats, phase)


def token(client: TestClient, code: str) -> str:
    page = client.get(f"/p/{code}")
    assert page.status_code == 200, page.text
    found = TOKEN.search(page.text)
    assert found, "no form on the page"
    return found.group(1)


def post(client: TestClient, code: str, action: str, **fields: str | list[str]) -> str:
    """A form of the player's page sent as a browser sends it; the page it comes back to."""
    data = {"csrf": token(client, code), **fields}
    answer = client.post(f"/p/{code}/{action}", data=data, headers=ORIGIN,
                         follow_redirects=False)
    assert answer.status_code == 303, (answer.status_code, answer.text)
    assert answer.headers["location"] == f"/p/{code}?said"
    return client.get(answer.headers["location"]).text


def player_id_of(path: Path, name: str) -> int:
    db = open_tournament_file(path)
    try:
        from tdapp.services.players import list_players
        return next(p.id for p in list_players(db) if p.name == name)
    finally:
        db.close()


def view_of(path: Path, name: str):  # noqa: ANN201 - a PlayerView
    db = open_tournament_file(path)
    try:
        return player_view(db, player_id_of(path, name))
    finally:
        db.close()


__all__ = ["HOSTILE", "ORIGIN", "Played", "Sleeps", "make_played", "post", "token", "view_of"]
