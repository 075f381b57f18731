"""A demo tournament whose round-3 board 1 is played through order entry: Spring 1901
adjudicated (a supported move, a bounce, an unreadable hostile sheet), Fall 1901 adjudicated
(a fleet cut off, a convoy), Winter 1901 open; the hostile player sits at that board."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tdapp.services import games
from tdapp.services import players as player_service
from tdapp.services.rounds import all_boards
from tdapp.store.database import TournamentDb
from tdapp.store.files import open_tournament_file
from tests.web.conftest import HOSTILE, Demo, make_demo

HOSTILE_ORDER = "<script>alert(1)</script>"
SPRING = {
    "FRANCE": "A PAR - BUR\nA MAR S A PAR - BUR\nF BRE - MAO",
    "GERMANY": "A MUN - BUR\nF KIE - DEN",
    "ENGLAND": "F LON - NTH\nA LVP - YOR\nF EDI - NWG",
    "ITALY": HOSTILE_ORDER,
}
FALL = {
    "ENGLAND": "F NTH C A YOR - NWY\nA YOR - NWY\nF NWG - BAR",
    "FRANCE": "A BUR - MUN\nF MAO - POR\nA MAR - SPA",
    "GERMANY": "A MUN H\nA BER S A MUN\nF DEN - SWE",
}


@dataclasses.dataclass(frozen=True)
class BoardGame:
    demo: Demo
    board: int  # the board's number in round 3
    board_id: int


def _rename(db: TournamentDb, player_id: int, name: str) -> None:
    player = next(p for p in player_service.list_players(db) if p.id == player_id)
    data = player_service.PlayerData(**{f.name: getattr(player, f.name)
                                        for f in dataclasses.fields(player_service.PlayerData)})
    player_service.update_player(db, player_id, dataclasses.replace(data, name=name),
                                 player.version)


def make_board_game(folder: Path) -> BoardGame:
    demo = make_demo(folder)
    db = open_tournament_file(demo.path)
    try:
        board = all_boards(db, 3)[0]
        # The hostile name moves to this board's France (its holder takes a plain name).
        hostile = next(p.id for p in player_service.list_players(db) if p.name == HOSTILE)
        seated = next(s.player_id for s in board.seats if s.power == "FRANCE")
        if seated != hostile:
            _rename(db, hostile, "Renamed Player")
            _rename(db, seated, HOSTILE)
        games.start_game(db, board.board_id)
        for sheets in (SPRING, FALL):
            for power, text in sheets.items():
                games.save_orders(db, board.board_id, power, text)
            games.adjudicate(db, board.board_id)
    finally:
        db.close()
    return BoardGame(demo, board.number, board.board_id)
