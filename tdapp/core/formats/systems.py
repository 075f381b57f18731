"""A format checked against the scoring systems it names (the built-ins and a tournament's own
formula systems)."""

from __future__ import annotations

from collections.abc import Iterable

from tdapp.core.formats.errors import FormatError
from tdapp.core.formats.model import TournamentFormat, validate_format
from tdapp.core.scoring.base import ScoringSystem
from tdapp.core.scoring.registry import UnknownSystem, get_system


def check_format(fmt: TournamentFormat, custom: Iterable[ScoringSystem]) -> TournamentFormat:
    """``fmt`` validated, every round's system known; :class:`FormatError` names the field."""
    validate_format(fmt)
    systems = tuple(custom)
    for where, name in [("scoring", fmt.scoring)] + [
            (f"round_rules[{i}].scoring", r.scoring) for i, r in enumerate(fmt.round_rules)]:
        try:
            get_system(name, systems)
        except UnknownSystem as exc:
            raise FormatError(str(exc), where) from None
    return fmt
