"""``tdapp demo``: a complete, realistic tournament to try every window on.

Players with names and home towns, and K rounds taken through the same services a TD uses, in
the order the TD uses them: roll call, who plays, seating by the format's own method, the board
call, then results of plausible games, which the services score. Nothing here opens the file.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import random
from pathlib import Path

from sqlalchemy.exc import SQLAlchemyError

from tdapp.commands.demo_data import (
    DemoPlayer,
    GameEnd,
    demo_game,
    demo_players,
    game_end,
)
from tdapp.commands.demo_dbn import DBN_FORMAT, DBN_PLAYERS, play_dbn_demo, plays_invitational
from tdapp.commands.demo_finals import form_teams, is_final_structure_round, resting
from tdapp.commands.jsonio import BadInput, run_json_command
from tdapp.core.formats import TournamentFormat, get_format, list_formats
from tdapp.core.formats.options import PowerMethod
from tdapp.core.powers import BOARD_SIZE, POWERS
from tdapp.core.seating.paris import ORDERING
from tdapp.core.tournament import board_call
from tdapp.services import players as player_service
from tdapp.services import rollcall, rounds, seating
from tdapp.services.changes import ServiceError
from tdapp.services.results import BoardResult, record_result
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.database import TournamentDb, TournamentFileError
from tdapp.store.space import cannot_write, is_disk_full

DEMO_NAME = "Demo Open"
SEATING_SECONDS = 2.0  # the search's time limit per round (a TD's wizard allows longer)


def _player_data(player: DemoPlayer) -> player_service.PlayerData:
    return player_service.PlayerData(
        name=player.name, home_town=player.home_town, country=player.country, club=player.club,
        local_status=player.local_status, email=player.email, latitude=player.latitude,
        longitude=player.longitude,
    )


# -- one round, step by step, as the TD takes it ------------------------------------------------

def _take_roll_call(db: TournamentDb, number: int, rounds_played: int) -> None:
    """Players the format lets skip this round rest (WDC 2018: three of four preliminaries);
    of the others everyone who makes a whole board is present, the few over are standbys."""
    everyone = [row.player_id for row in rollcall.roll_call(db, number)]
    away = resting(db, number, everyone, rounds_played)
    if away:
        rollcall.set_answers(db, number, sorted(away), status="absent")
    ids = [p for p in everyone if p not in away]
    playing = ids[: len(ids) - len(ids) % BOARD_SIZE]
    rollcall.set_answers(db, number, playing, status="present")
    if len(playing) < len(ids):
        rollcall.set_answers(db, number, ids[len(playing):], status="standby")


def _call_boards(db: TournamentDb, fmt: TournamentFormat, number: int,
                 rng: random.Random) -> dict[int, tuple[str, ...]]:
    """Who plays (the format's fix), the teams of a team round (formed as players would),
    seating by the format's method, the Paris method where the round uses it, the board call.
    Returns each Paris board's selection order (as powers)."""
    plan = seating.who_plays(db, number).plan()
    if is_final_structure_round(db, number):  # a pool kept apart, a team round, a top board
        form_teams(db, number, plan.playing, rng)
    proposal = seating.seat(db, number, plan, seed=rng.randrange(1 << 30),
                            time_limit=SEATING_SECONDS)
    if proposal.context.power_method == PowerMethod.PARIS:
        for board in proposal.boards:
            _select_by_paris(proposal, board.number, rng)
    seating.publish(db, number, proposal)
    return {b.number: tuple(b.power_of(p) or "" for p in proposal.selection_orders[b.number])
            for b in proposal.boards if b.number in proposal.selection_orders}


def _select_by_paris(proposal: board_call.SeatingProposal, board_number: int,
                     rng: random.Random) -> None:
    """The board's players order themselves and pick their powers, each choosing at random
    among what the Paris method offers them."""
    selection = board_call.paris_selection(proposal, board_number)
    while (turn := selection.turn()) is not None:
        if turn.stage == ORDERING:
            selection.choose_position(rng.choice(turn.options))
        else:
            selection.choose_power(rng.choice(turn.options))
    board_call.apply_paris(proposal, board_number, selection)


def _record_results(db: TournamentDb, number: int, rng: random.Random, end: GameEnd,
                    paris_orders: dict[int, tuple[str, ...]]) -> None:
    """A plausible finished game on every board, entered as the TD types a result sheet."""
    for board in rounds.board_call(db, number):
        game = demo_game(rng, end=end)
        selection = paris_orders.get(board.number)
        if selection is None:  # a board seated without the Paris method: an order as if it had
            shuffled = list(POWERS)
            rng.shuffle(shuffled)  # DBN breaks a shared board top by this order
            selection = tuple(shuffled)
        result = BoardResult(
            centers=game.centers, end_year=game.end_year, end_reason=game.end_reason,
            solo=game.solo, eliminated=game.eliminated, history=game.history,
            selection_order=selection,
        )
        record_result(db, board.board_id, result)


def _play_round(db: TournamentDb, fmt: TournamentFormat, number: int, rng: random.Random,
                rounds_played: int) -> None:
    _take_roll_call(db, number, rounds_played)
    paris_orders = _call_boards(db, fmt, number, rng)
    rounds.set_round_status(db, number, "playing")
    _record_results(db, number, rng, game_end(fmt), paris_orders)
    rounds.set_round_status(db, number, "finished")


def write_demo(path: Path, players: int = 49, format_name: str = "wdc-2025",
               rounds_played: int = 2, seed: int = 2025) -> Path:
    """Write a demo tournament file at ``path`` and return the path."""
    fmt = get_format(format_name)
    rng = random.Random(seed)
    info = TournamentInfo(name=DEMO_NAME, format_name=fmt.name, rounds_planned=fmt.rounds,
                          venue="Hotel Whitcomb, San Francisco",
                          start_date=dt.date(2026, 8, 28), end_date=dt.date(2026, 8, 30),
                          venue_latitude=37.78, venue_longitude=-122.42)
    db = create_tournament(Path(path), info)
    try:  # closed (and unlocked) whatever happens, even on a disk that fills up
        if fmt.name == DBN_FORMAT and plays_invitational(players):  # seed 000: 31 invited
            # and up to 4 alternates, seeded; the semi-final stage and the final (other
            # counts: plain demo)
            play_dbn_demo(db, rng, rounds_played, players)
            return Path(path)
        people = [_player_data(p) for p in demo_players(players, rng)]
        player_service.add_players(db, people, f"Add {players} demo players")
        for number in range(1, rounds_played + 1):
            _play_round(db, fmt, number, rng, rounds_played)
    finally:
        db.close()
    return Path(path)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tdapp demo", description="Write a demo tournament.")
    parser.add_argument("--out", required=True, help="the tournament file to write (.tdt)")
    parser.add_argument("--players", type=int, default=None,
                        help="number of players (default 49; dbn-2025: 35 seeded; 31 to 35 "
                             "play the Invitational)")
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


def _remove_partial(out: Path) -> None:
    """The demo this command began (its lock was released when it closed)."""
    for leftover in (out, *(Path(f"{out}{s}") for s in ("-wal", "-shm"))):
        with contextlib.suppress(OSError):
            leftover.unlink(missing_ok=True)


def _why_not_written(out: Path, exc: BaseException) -> str:
    if isinstance(exc, TournamentFileError | ServiceError) and not is_disk_full(exc):
        return f"cannot write {out}: {exc}"
    return cannot_write(out, exc)


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)

    def body() -> dict:
        if args.rounds_played is None:  # the DBN demo plays the semi-finals and the final
            args.rounds_played = 4 if args.format_name == DBN_FORMAT else 2
        if args.players is None:  # DBN: 31 invited and 4 alternates, seeded (seed 000 2.9)
            args.players = DBN_PLAYERS if args.format_name == DBN_FORMAT else 49
        out = _check(args)
        try:
            write_demo(out, args.players, args.format_name, args.rounds_played, args.seed)
        except (OSError, SQLAlchemyError, ServiceError, TournamentFileError) as exc:
            why = _why_not_written(out, exc)  # the room there was when it failed
            if is_disk_full(exc) or not isinstance(exc, TournamentFileError):
                _remove_partial(out)  # half a demo is no demo: nothing is left behind
            raise BadInput(why, "--out") from exc
        return {"file": str(out), "players": args.players, "format": args.format_name,
                "rounds_played": args.rounds_played}

    return run_json_command(body)
