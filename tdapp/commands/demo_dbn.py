"""``tdapp demo --format dbn-2025``: the DBN Invitational as it is played (seed 000).

35 seeded players (31 invited, 4 alternates). The three top seeds go straight to the
championship game; the other 28 give a preferred semi-final round and are assigned by
preference in seed order, the lowest seeds moved to make boards of seven, the boards of a round
dealt in seed order. Every board chooses its powers by the Paris method (the selection order is
kept: it breaks a shared top). Each semi-final board's single winner joins the top three seeds
in the championship game, seeded solo first, then by DBN seed. Everything goes through the same
services the TD's windows use.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tdapp.commands.demo_data import demo_game, demo_players, game_end
from tdapp.core.formats import get_format
from tdapp.core.seating.paris import ORDERING, ParisSelection
from tdapp.core.tournament.semifinal import (
    Entrant,
    championship_seeding,
    semifinal_stage,
)
from tdapp.services import players as player_service
from tdapp.services import rollcall, rounds
from tdapp.services.results import BoardResult, record_result
from tdapp.store.database import TournamentDb

DBN_FORMAT = "dbn-2025"
INVITED, ALTERNATES = 31, 4
DBN_PLAYERS = INVITED + ALTERNATES
SEMI_FINAL_ROUNDS = (1, 2, 3)
FINAL_ROUND = 4


def plays_invitational(players: int) -> bool:
    """Whether a DBN demo of ``players`` is the Invitational itself: the 31 invited and up to
    4 alternates (seed 000 2.7: "31 players will be invited", "4 alternates"). Any other count
    plays open boards."""
    return INVITED <= players <= DBN_PLAYERS


def play_dbn_demo(db: TournamentDb, rng: random.Random, rounds_played: int,
                  players: int = DBN_PLAYERS) -> None:
    """Add the seeded players (31 invited, the rest alternates), then play ``rounds_played``
    rounds: semi-finals 1-3, the final."""
    if not plays_invitational(players):
        raise ValueError(f"the DBN Invitational has {INVITED} to {DBN_PLAYERS} players")
    people = [player_service.PlayerData(
        name=p.name, home_town=p.home_town, country=p.country, club=p.club,
        local_status=p.local_status, email=p.email, latitude=p.latitude,
        longitude=p.longitude, seed=seed)
        for seed, p in enumerate(demo_players(players, rng), start=1)]
    player_service.add_players(db, people, f"Add {players} seeded DBN players")
    ids = {p.seed: p.id for p in player_service.list_players(db) if p.seed is not None}
    entrants = [Entrant(str(ids[seed]), seed) for seed in sorted(ids)]
    invited, alternates = entrants[:INVITED], entrants[INVITED:]
    # each semi-finalist's preferred rounds (most like the weekend's middle round)
    preferences = {e.player: tuple(rng.sample(SEMI_FINAL_ROUNDS, k=rng.choice((1, 2))))
                   for e in invited[3:]}
    stage = semifinal_stage(invited, alternates, preferences)
    seed_of = {e.player: e.seed for e in entrants}
    winners: list[tuple[Entrant, int, bool]] = []
    for number in SEMI_FINAL_ROUNDS:
        if number > rounds_played:
            return
        seats = stage.round_players(number)
        boards = sorted({s.board for s in seats})
        tables = [[s.player for s in sorted(seats, key=lambda s: s.seed) if s.board == b]
                  for b in boards]
        for board_number, winner, solo in _play_round(db, number, tables, rng):
            stage_board = boards[board_number - 1]
            winners.append((Entrant(winner, seed_of[winner]), stage_board, solo))
    if rounds_played < FINAL_ROUND:
        return
    final = championship_seeding(stage.finalists, winners)
    _play_round(db, FINAL_ROUND, [[f.player for f in final]], rng)


def _paris(players: Sequence[str], rng: random.Random) -> ParisSelection:
    """The Paris method at one board (5.3): seats in the selection order, then powers."""
    selection = ParisSelection(list(players))  # ``players`` best seed first
    while (turn := selection.turn()) is not None:
        if turn.stage == ORDERING:
            selection.choose_position(rng.choice(turn.options))
        else:
            selection.choose_power(rng.choice(turn.options))
    return selection


def _play_round(db: TournamentDb, number: int, tables: list[list[str]],
                rng: random.Random) -> list[tuple[int, str, bool]]:
    """Roll call, the boards with Paris-method powers, plausible games and their results.
    Returns each board's (number, single winner, solo)."""
    playing = [int(p) for table in tables for p in table]
    everyone = [row.player_id for row in rollcall.roll_call(db, number)]
    rollcall.set_answers(db, number, playing, status="present")
    others = [p for p in everyone if p not in set(playing)]
    if others:
        rollcall.set_answers(db, number, others, status="absent")
    selections = [_paris(table, rng) for table in tables]
    plans = [rounds.BoardPlan(number=i, powers={pw: int(p) for pw, p in sel.powers.items()})
             for i, sel in enumerate(selections, start=1)]
    rounds.save_board_call(db, number, plans)
    rounds.set_round_status(db, number, "playing")
    solos: dict[int, bool] = {}
    for board, selection in zip(rounds.board_call(db, number), selections, strict=True):
        game = demo_game(rng, end=game_end(get_format(DBN_FORMAT)))  # 5.6.3: to 1915
        power_of = {player: power for power, player in selection.powers.items()}
        order = tuple(power_of[p] for p in selection.selection_order())
        result = BoardResult(centers=game.centers, end_year=game.end_year,
                             end_reason=game.end_reason, solo=game.solo,
                             eliminated=game.eliminated, history=game.history,
                             selection_order=order)
        record_result(db, board.board_id, result)
        solos[board.number] = game.solo is not None
    rounds.set_round_status(db, number, "finished")
    # the single winner of each board is the one the dbn-winner system gave 1 (5.1)
    return [(board.number, str(next(s.player_id for s in board.seats if s.score)),
             solos[board.number]) for board in rounds.board_call(db, number)]
