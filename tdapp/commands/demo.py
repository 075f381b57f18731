"""``tdapp demo``: a complete, realistic tournament to try every window on.

Players with names and home towns, and K rounds taken through the same services a TD uses: roll
call, seating by the tournament's own seating engine, results of plausible games, scores.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
from pathlib import Path

from sqlalchemy import select

from tdapp.commands.demo_data import DemoPlayer, demo_game, demo_players
from tdapp.commands.demo_dbn import DBN_FORMAT, DBN_PLAYERS, play_dbn_demo
from tdapp.commands.demo_finals import resting, seat_final_round
from tdapp.commands.jsonio import BadInput, run_json_command
from tdapp.core.formats import get_format, list_formats
from tdapp.core.powers import BOARD_SIZE, POWERS
from tdapp.core.seating.engine import seat_round as seat_round_engine
from tdapp.core.seating.model import PastBoard, SeatingRequest
from tdapp.services import players as player_service
from tdapp.services import rollcall, rounds
from tdapp.services.results import BoardResult, record_result
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.database import TournamentDb
from tdapp.store.models import Tournament

DEMO_NAME = "Demo Open"


def _player_data(player: DemoPlayer) -> player_service.PlayerData:
    return player_service.PlayerData(
        name=player.name, home_town=player.home_town, country=player.country, club=player.club,
        local_status=player.local_status, email=player.email, latitude=player.latitude,
        longitude=player.longitude,
    )


def seat_round(player_ids: list[int], history: list[dict], seed: int) -> list[rounds.BoardPlan]:
    """Boards of seven with powers, from the seating engine (fewest repeats, no repeated power)."""
    request = SeatingRequest(
        players=[str(p) for p in player_ids],
        history=[PastBoard(h["round"], h["board"], {pw: str(p) for pw, p in h["powers"].items()})
                 for h in history],
        method="balanced", seed=seed, time_limit=2.0,
    )
    result = seat_round_engine(request)
    return [rounds.BoardPlan(number=b.number, powers={pw: int(p) for pw, p in b.powers.items()})
            for b in result.boards]


def _seat_by_ranking(db: TournamentDb, number: int, playing: list[int]) -> bool:
    """A final round the format seats by ranking with locked ranges (EDC 2026 round 4): seated
    and published by the seating service as a TD would (boards of seven in standings order,
    board 1 the top board, powers by the Paris method, each taking the first choice). False
    when the format seats this round otherwise."""
    from tdapp.core.formats.structures import seating_needs
    from tdapp.core.seating.paris import ORDERING
    from tdapp.services import seating
    from tdapp.services.formats import effective_format

    if not any(n.ranked_groups for n in seating_needs(effective_format(db), number)):
        return False
    proposal = seating.seat(db, number, seating.PlayersPlan(tuple(playing)), method="ranked",
                            power_method="paris")
    for board in proposal.boards:
        selection = seating.paris_selection(proposal, board.number)
        while (turn := selection.turn()) is not None:
            if turn.stage == ORDERING:
                selection.choose_position(turn.options[0])
            else:
                selection.choose_power(turn.options[0])
        seating.apply_paris(proposal, board.number, selection)
    seating.publish(db, number, proposal)
    return True


def _play_round(db: TournamentDb, number: int, rng: random.Random, last_year: int,
                rounds_played: int) -> None:
    roll = rollcall.roll_call(db, number)
    everyone = [row.player_id for row in roll]
    away = resting(db, number, everyone, rounds_played)
    if away:
        rollcall.set_answers(db, number, sorted(away), status="absent")
    ids = [p for p in everyone if p not in away]
    playing = ids[: len(ids) - len(ids) % BOARD_SIZE]
    rollcall.set_answers(db, number, playing, status="present")
    if len(playing) < len(ids):
        rollcall.set_answers(db, number, ids[len(playing):], status="standby")
    if not _seat_by_ranking(db, number, playing) and not seat_final_round(db, number, playing,
                                                                          rng):
        plans = seat_round(playing, rounds.seating_history(db, number), rng.randrange(1 << 30))
        rounds.save_board_call(db, number, plans)
    rounds.set_round_status(db, number, "playing")
    for board in rounds.board_call(db, number):
        game = demo_game(rng, last_year)
        selection = list(POWERS)
        rng.shuffle(selection)  # the Paris-method order, which DBN uses to break top ties
        result = BoardResult(
            centers=game.centers, end_year=game.end_year, end_reason=game.end_reason,
            solo=game.solo, eliminated=game.eliminated, history=game.history,
            selection_order=tuple(selection),
        )
        record_result(db, board.board_id, result)
    rounds.set_round_status(db, number, "finished")


def write_demo(path: Path, players: int = 49, format_name: str = "wdc-2025",
               rounds_played: int = 2, seed: int = 2025) -> Path:
    """Write a demo tournament file at ``path`` and return the path."""
    fmt = get_format(format_name)
    rng = random.Random(seed)
    info = TournamentInfo(name=DEMO_NAME, format_name=fmt.name, rounds_planned=fmt.rounds,
                          venue="Hotel Whitcomb, San Francisco",
                          start_date=dt.date(2026, 8, 28), end_date=dt.date(2026, 8, 30))
    db = create_tournament(Path(path), info)
    with db.action("Venue location") as session:
        row = session.scalars(select(Tournament)).one()
        row.venue_latitude, row.venue_longitude = 37.78, -122.42  # San Francisco
    try:
        if fmt.name == DBN_FORMAT and players == DBN_PLAYERS:  # seed 000: 31 invited + 4
            # alternates, seeded; the semi-final stage and the final (other counts: plain demo)
            play_dbn_demo(db, rng, rounds_played)
            return Path(path)
        people = [_player_data(p) for p in demo_players(players, rng)]
        player_service.add_players(db, people, f"Add {players} demo players")
        last_year = getattr(fmt, "last_year", None) or 1909
        for number in range(1, rounds_played + 1):
            _play_round(db, number, rng, last_year, rounds_played)
    finally:
        db.close()
    return Path(path)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tdapp demo", description="Write a demo tournament.")
    parser.add_argument("--out", required=True, help="the tournament file to write (.tdt)")
    parser.add_argument("--players", type=int, default=None,
                        help="number of players (default 49; dbn-2025: 35 seeded)")
    parser.add_argument("--format", default="wdc-2025", dest="format_name",
                        help="tournament format (default wdc-2025)")
    parser.add_argument("--rounds-played", type=int, default=None,
                        help="rounds seated, played and scored (default 2; dbn-2025: all 4)")
    parser.add_argument("--seed", type=int, default=2025, help="random seed (default 2025)")
    parser.add_argument("--force", action="store_true", help="replace an existing file")
    return parser


def _check(args: argparse.Namespace) -> Path:
    names = [f.name for f in list_formats()]
    if args.format_name not in names:
        raise BadInput(f"unknown format {args.format_name!r}; known: {', '.join(names)}",
                       "--format")
    rounds_total = get_format(args.format_name).rounds
    if not 0 <= args.rounds_played <= rounds_total:
        raise BadInput(f"must be between 0 and {rounds_total}", "--rounds-played")
    if not BOARD_SIZE <= args.players <= 2000:
        raise BadInput(f"must be between {BOARD_SIZE} and 2000", "--players")
    out = Path(args.out)
    if out.exists() and out.stat().st_size > 0 and not args.force:
        raise BadInput(f"{out} already exists; use --force to replace it", "--out")
    if out.exists():
        out.unlink()
        for suffix in ("-wal", "-shm"):
            Path(f"{out}{suffix}").unlink(missing_ok=True)
    return out


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)

    def body() -> dict:
        if args.rounds_played is None:  # the DBN demo plays the semi-finals and the final
            args.rounds_played = 4 if args.format_name == DBN_FORMAT else 2
        if args.players is None:  # DBN: 31 invited and 4 alternates, seeded (seed 000 2.9)
            args.players = DBN_PLAYERS if args.format_name == DBN_FORMAT else 49
        out = _check(args)
        write_demo(out, args.players, args.format_name, args.rounds_played, args.seed)
        return {"file": str(out), "players": args.players, "format": args.format_name,
                "rounds_played": args.rounds_played}

    return run_json_command(body)
