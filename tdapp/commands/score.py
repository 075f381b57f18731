"""``tdapp score``: score one finished game, or a batch, with a named system (CONTRACTS.md).

Input fields are checked here for their JSON types; whether the board is possible (totals,
solo, elimination years) is checked by the scoring core, whose errors name the field too.
An extension to the contract: ``"system": "custom"`` with a ``"formula"`` scores the game with
a formula of :mod:`tdapp.core.scoring.formula`.
"""

from __future__ import annotations

import argparse
from typing import Any

from tdapp.commands.jsonio import BadInput, map_batch, read_json_input, run_json_command
from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult, ScoringError, ScoringSystem
from tdapp.core.scoring.formula import FormulaError, FormulaSystem
from tdapp.core.scoring.registry import UnknownSystem, get_system, list_systems

CUSTOM = "custom"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: Any, field: str, what: str) -> int:
    if not _is_int(value):
        raise BadInput(f"{what} must be an integer, not {value!r}", field)
    return value


def _power(value: Any, field: str) -> str:
    if not isinstance(value, str) or value not in POWERS:
        raise BadInput(f"unknown power {value!r} (expected one of {' '.join(POWERS)})", field)
    return value


def _object(document: dict[str, Any], key: str, required: bool) -> dict[str, Any] | None:
    value = document.get(key)
    if value is None:
        if required:
            raise BadInput("missing", key)
        return None
    if not isinstance(value, dict):
        raise BadInput(f"must be a JSON object, not {type(value).__name__}", key)
    return value


def _counts(raw: dict[str, Any], where: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for power, value in raw.items():
        _power(power, f"{where}.{power}")
        counts[power] = _int(value, f"{where}.{power}", "a centre count")
    for power in POWERS:
        if power not in counts:
            raise BadInput("missing centre count (all seven powers are needed)", f"{where}.{power}")
    return counts


def _power_list(document: dict[str, Any], key: str) -> tuple[str, ...] | None:
    value = document.get(key)
    if value is None:
        return None
    if not isinstance(value, list):
        raise BadInput(f"must be a JSON array of powers, not {type(value).__name__}", key)
    return tuple(_power(item, f"{key}[{index}]") for index, item in enumerate(value))


def _history(document: dict[str, Any]) -> dict[int, dict[str, int]] | None:
    raw = _object(document, "history", required=False)
    if raw is None:
        return None
    history: dict[int, dict[str, int]] = {}
    for key, counts in raw.items():
        where = f"history.{key}"
        if not str(key).isdigit():
            raise BadInput(f"a game year is expected, not {key!r}", where)
        if not isinstance(counts, dict):
            raise BadInput("must be a JSON object of centre counts", where)
        history[int(key)] = _counts(counts, where)
    return history


def parse_game(document: dict[str, Any]) -> GameResult:
    """A :class:`GameResult` from the contract's JSON object (types checked, board not yet)."""
    if "end_year" not in document:
        raise BadInput("missing", "end_year")
    end_year = _int(document["end_year"], "end_year", "the end year")
    centers = _counts(_object(document, "centers", required=True) or {}, "centers")
    solo = document.get("solo")
    if solo is not None:
        solo = _power(solo, "solo")
    eliminated = {
        _power(power, f"eliminated.{power}"): _int(year, f"eliminated.{power}", "a year")
        for power, year in (_object(document, "eliminated", required=False) or {}).items()
    }
    return GameResult(
        centers=centers,
        end_year=end_year,
        solo=solo,
        eliminated=eliminated,
        history=_history(document),
        draw=_power_list(document, "draw"),
        selection_order=_power_list(document, "selection_order"),
    )


def _system_for(document: dict[str, Any]) -> ScoringSystem:
    name = document.get("system")
    if name is None:
        raise BadInput("missing (tdapp score --list names the systems)", "system")
    if not isinstance(name, str):
        raise BadInput(f"must be a system name, not {name!r}", "system")
    if name == CUSTOM:
        formula = document.get("formula")
        if not isinstance(formula, str):
            raise BadInput("a custom system needs its formula as a string", "formula")
        try:
            return FormulaSystem(CUSTOM, "Custom formula", formula)
        except FormulaError as exc:
            raise BadInput(str(exc), "formula") from exc
    try:
        return get_system(name)
    except UnknownSystem as exc:
        raise BadInput(str(exc), "system") from exc


def score_one(document: Any) -> dict[str, Any]:
    """The output document for one input document."""
    if not isinstance(document, dict):
        raise BadInput("expected a JSON object describing one game", "input")
    system = _system_for(document)
    game = parse_game(document)
    try:
        scores = system.score(game)
    except ScoringError as exc:
        raise BadInput(str(exc), exc.field) from exc
    return {"system": system.name, "scores": {p: scores[p] for p in POWERS}}


def list_document() -> dict[str, Any]:
    return {
        "systems": [
            {"name": s.name, "title": s.title, "source": s.source} for s in list_systems()
        ]
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="tdapp score",
        description="Score one finished game (or a JSON array of games) with a scoring system.",
    )
    parser.add_argument("--list", action="store_true", help="list the scoring systems and exit")
    parser.add_argument("input", nargs="?", help="JSON input file, or - for standard input")
    options = parser.parse_args(argv)
    if options.list:
        return run_json_command(list_document)
    return run_json_command(lambda: map_batch(score_one, read_json_input(options.input)))
