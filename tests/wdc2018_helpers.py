"""A World DipCon 2018 file with rounds 1-3 seated by the seating services from one roll call
carried over (one sit-out a round), for the tests of "three of the four preliminary rounds"."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

from tdapp.commands.demo_data import demo_game
from tdapp.services import players as player_service
from tdapp.services import rollcall, rounds, seating
from tdapp.services.results import BoardResult, record_result
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.database import TournamentDb

PLAYERS = 15  # two boards and one who sits out each round


def play(db: TournamentDb, number: int, rng: random.Random) -> None:
    """Every board of the round played and its result recorded."""
    rounds.set_round_status(db, number, "playing")
    for board in rounds.board_call(db, number):
        game = demo_game(rng, 1909)
        record_result(db, board.board_id, BoardResult(
            centers=game.centers, end_year=game.end_year, end_reason=game.end_reason,
            solo=game.solo, eliminated=game.eliminated, history=game.history))
    rounds.set_round_status(db, number, "finished")


def new_wdc_2018(path: Path) -> TournamentDb:
    info = TournamentInfo(name="WDC 2018", format_name="wdc-2018", rounds_planned=5,
                          start_date=dt.date(2018, 10, 5), end_date=dt.date(2018, 10, 7))
    return create_tournament(path, info)


def three_rounds_played(path: Path) -> tuple[TournamentDb, list[int], list[int]]:
    """(the open file, every player, the three who sat out rounds 1, 2, 3 in turn)."""
    rng = random.Random(18)
    db = new_wdc_2018(path)
    player_service.add_players(db, [player_service.PlayerData(name=f"Player {i:02d}")
                                    for i in range(1, PLAYERS + 1)], "Add players")
    everyone = [row.player_id for row in rollcall.roll_call(db, 1)]
    rollcall.set_answers(db, 1, everyone, status="present")
    sat_out: list[int] = []
    for number in (1, 2, 3):
        who = seating.who_plays(db, number)
        assert len(who.playing) == 14 and len(who.sitting_out) == 1
        sat_out += who.sitting_out
        proposal = seating.seat(db, number, who.plan(), time_limit=0.5)
        seating.publish(db, number, proposal)
        play(db, number, rng)
    return db, everyone, sat_out
