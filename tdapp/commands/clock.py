"""``tdapp clock schedule``: the timing of a round as JSON (CONTRACTS.md).

    tdapp clock schedule --format NAME [--first 1901] [--last 1910]
    tdapp clock schedule --list
"""

from __future__ import annotations

import argparse
from typing import Any, NoReturn

from tdapp.commands.jsonio import BadInput, run_json_command
from tdapp.core.clock import ScheduleError, Segment, get_clock_format
from tdapp.core.formats.registry import get_format, list_formats


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad option as one line and exit 2 through BadInput."""

    def error(self, message: str) -> NoReturn:
        raise BadInput(message, "arguments")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tdapp clock", description="Round clock schedules (JSON).")
    actions = parser.add_subparsers(dest="action", parser_class=_Parser)
    schedule = actions.add_parser("schedule", help="the timed segments of a format's round")
    schedule.add_argument("--format", dest="format_name", metavar="NAME",
                          help="a tournament format (see --list)")
    schedule.add_argument("--first", type=int, default=1901, help="first game year (1901)")
    schedule.add_argument("--last", type=int, default=1910, help="last game year (1910)")
    schedule.add_argument("--list", action="store_true", help="list the formats with a schedule")
    return parser


def _clock_name(format_name: str) -> str:
    """A tournament format's schedule name; a schedule name is accepted as it is."""
    try:
        return get_format(format_name).clock_schedule
    except KeyError:
        return format_name


def _listing() -> dict[str, Any]:
    formats = []
    for fmt in list_formats():
        try:
            clock = get_clock_format(fmt.clock_schedule)
        except KeyError:
            continue
        formats.append({"name": fmt.name, "title": fmt.title, "schedule": clock.name,
                        "per_board": clock.per_board})
    return {"formats": formats}


def _schedule(format_name: str | None, first: int, last: int) -> dict[str, Any]:
    if not format_name:
        raise BadInput("give a format name (tdapp clock schedule --list shows them)", "--format")
    try:
        clock = get_clock_format(_clock_name(format_name))
    except KeyError:
        known = ", ".join(f["name"] for f in _listing()["formats"])
        raise BadInput(f"unknown format {format_name!r} (known: {known})", "--format") from None
    if last < first:
        raise BadInput(f"{last} is before --first {first}", "--last")
    try:
        schedule = clock.schedule(first, last)
    except ScheduleError as exc:
        field, _, message = str(exc).partition(": ")
        raise BadInput(message or str(exc), f"--{field}") from exc
    return {
        "format": format_name,
        "segments": [_segment_json(segment) for segment in schedule.segments],
        "total_seconds": schedule.total_seconds,
    }


def _segment_json(segment: Segment) -> dict[str, Any]:
    """The four fields of CONTRACTS.md, plus ``optional`` on a clock a board may skip."""
    data: dict[str, Any] = {"year": segment.year, "season": segment.season,
                            "segment": segment.kind, "seconds": segment.seconds}
    if segment.optional:
        data["optional"] = True
    return data


def main(argv: list[str]) -> int:
    def body() -> dict[str, Any]:
        options = _parser().parse_args(argv)
        if options.action != "schedule":
            raise BadInput("expected: tdapp clock schedule --format NAME | --list", "arguments")
        if options.list:
            return _listing()
        return _schedule(options.format_name, options.first, options.last)

    return run_json_command(body)
