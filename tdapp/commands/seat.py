"""``tdapp seat``: one round's boards and powers (CONTRACTS.md), JSON in and out."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from tdapp.core.powers import POWERS
from tdapp.core.seating.engine import seat_round
from tdapp.core.seating.model import METHODS, PastBoard, SeatingRequest

from .jsonio import BadInput, map_batch, read_json_input, run_json_command

DEFAULT_TIME_LIMIT = 10.0
MAX_TIME_LIMIT = 3600.0  # an hour: no round waits longer for its board call


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="tdapp seat", description="Seat one round's boards and powers (JSON in, JSON out)."
    )
    parser.add_argument("input", nargs="?", default="-", help="JSON file, or - for stdin")
    options = parser.parse_args(argv)
    return run_json_command(lambda: map_batch(seat_one, read_json_input(options.input)))


def seat_one(document: Any) -> dict[str, Any]:
    request = parse_request(document)
    try:
        result = seat_round(request)
    except ValueError as exc:
        raise _as_bad_input(str(exc)) from exc
    return {
        "boards": [
            {"board": board.number, "powers": {p: w for p, w in board.by_power()}}
            for board in result.boards
        ],
        "stats": result.stats.as_dict(),
    }


FIELDS = ("players", "teams", "locked_seats", "weighted_decay", "method", "keep_apart")


def _as_bad_input(message: str) -> BadInput:
    """The engine's ValueError as bad input naming its field (``players`` unless it says)."""
    head, _, rest = message.partition(": ")
    if rest and head.split(".", 1)[0] in FIELDS:
        return BadInput(rest, head)
    return BadInput(message, "players")


def parse_request(document: Any) -> SeatingRequest:
    if not isinstance(document, dict):
        raise BadInput("expected a JSON object", "input")
    players = _names(document.get("players"), "players", required=True)
    ranking = _names(document.get("ranking", []), "ranking")
    method = document.get("method", "balanced")
    if method not in METHODS:
        raise BadInput(f"must be one of {', '.join(METHODS)}", "method")
    seed = document.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadInput("must be an integer", "seed")
    time_limit = document.get("time_limit", DEFAULT_TIME_LIMIT)
    if isinstance(time_limit, bool) or not isinstance(time_limit, int | float) or time_limit <= 0:
        raise BadInput("must be a positive number of seconds", "time_limit")
    if time_limit > MAX_TIME_LIMIT:
        raise BadInput(f"must be at most {MAX_TIME_LIMIT:g} seconds", "time_limit")
    decay = document.get("weighted_decay", 0.75)
    if isinstance(decay, bool) or not isinstance(decay, int | float) or not 0 < decay <= 1:
        raise BadInput("must be a number in (0, 1]", "weighted_decay")
    return SeatingRequest(
        players=players,
        history=_history(document.get("history", [])),
        keep_apart=_keep_apart(document.get("keep_apart", [])),
        method=method,
        ranking=ranking,
        seed=seed,
        time_limit=float(time_limit),
        locked_seats=_locked(document.get("locked_seats", {})),
        teams=_teams(document.get("teams", {})),
        weighted_decay=float(decay),
    )


def _names(value: Any, field: str, required: bool = False) -> list[str]:
    if value is None and required:
        raise BadInput("is required", field)
    if not isinstance(value, list):
        raise BadInput("must be a list of player names", field)
    for index, name in enumerate(value):
        if not isinstance(name, str) or not name.strip():
            raise BadInput("must be a non-empty string", f"{field}[{index}]")
    return list(value)


def _history(value: Any) -> list[PastBoard]:
    if not isinstance(value, list):
        raise BadInput("must be a list of boards", "history")
    boards = []
    for index, entry in enumerate(value):
        where = f"history[{index}]"
        if not isinstance(entry, dict):
            raise BadInput("must be an object", where)
        numbers = []
        for key in ("round", "board"):
            number = entry.get(key, 0 if key == "board" else None)
            if isinstance(number, bool) or not isinstance(number, int):
                raise BadInput("must be an integer", f"{where}.{key}")
            numbers.append(number)
        powers = entry.get("powers")
        if not isinstance(powers, dict):
            raise BadInput("must be an object of power -> player", f"{where}.powers")
        for power, player in powers.items():
            if power not in POWERS:
                raise BadInput(f"unknown power {power!r}", f"{where}.powers")
            if not isinstance(player, str) or not player.strip():
                raise BadInput("must be a player name", f"{where}.powers.{power}")
        boards.append(PastBoard(numbers[0], numbers[1], dict(powers)))
    return boards


def _keep_apart(value: Any) -> list[tuple[str, str]]:
    if not isinstance(value, list):
        raise BadInput("must be a list of pairs", "keep_apart")
    pairs = []
    for index, pair in enumerate(value):
        if (not isinstance(pair, list) or len(pair) < 2
                or not all(isinstance(p, str) and p for p in pair)):
            raise BadInput("must be a list of two or more player names", f"keep_apart[{index}]")
        pairs += [(a, b) for i, a in enumerate(pair) for b in pair[i + 1:]]
    return pairs


def _locked(value: Any) -> dict[str, int]:
    if not isinstance(value, dict):
        raise BadInput("must be an object of player -> board number", "locked_seats")
    for player, board in value.items():
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            raise BadInput("must be a board number from 1", f"locked_seats.{player}")
    return dict(value)


def _teams(value: Any) -> dict[str, Mapping[str, str]]:
    if not isinstance(value, dict):
        raise BadInput("must be an object of team -> {power: player}", "teams")
    for team, members in value.items():
        if not isinstance(members, dict) or not all(
            p in POWERS and isinstance(w, str) for p, w in members.items()
        ):
            raise BadInput("must map powers to player names", f"teams.{team}")
    return dict(value)
