"""The built-in tournament formats, and deriving a TD's own format from one."""

from __future__ import annotations

import dataclasses
from typing import Any

from tdapp.core.formats.builtin import BUILT_IN, CITED_AS
from tdapp.core.formats.model import (
    FormatError,
    RoundRule,
    TournamentFormat,
    validate_format,
)
from tdapp.core.orders.options import ParseOptions

__all__ = ["TournamentFormat", "copy_format", "get_format", "list_formats", "parse_options_for"]


def list_formats() -> tuple[TournamentFormat, ...]:
    return BUILT_IN


def get_format(name: str) -> TournamentFormat:
    for fmt in BUILT_IN:
        if fmt.name == name:
            return fmt
    known = ", ".join(f.name for f in BUILT_IN)
    raise KeyError(f"unknown tournament format {name!r} (known: {known})")


def parse_options_for(fmt: TournamentFormat) -> ParseOptions:
    """How ``fmt``'s order sheets are read, its messages naming whose rule it is: a built-in as
    shipped by its usual short name ("EDC 2026"), any other (a copy, a changed built-in) by its
    title. Here rather than on the format because only the registry knows what was shipped."""
    shipped = next((b for b in BUILT_IN if b.name == fmt.name), None)
    name = CITED_AS[fmt.name] if shipped is not None and shipped == fmt else fmt.title
    return fmt.reading.options(name)


def copy_format(fmt: TournamentFormat, **changes: Any) -> TournamentFormat:
    """A new format: ``fmt`` with ``changes`` (any field, nested rules given whole).

    Changing ``rounds`` without ``round_rules`` trims or extends the round rules (new rounds
    copy the last one) so the copy stays consistent; the result is validated.
    """
    names = {f.name for f in dataclasses.fields(TournamentFormat)}
    for key in changes:
        if key not in names:
            raise FormatError(f"unknown field {key!r}", key)
    if "rounds" in changes and "round_rules" not in changes and fmt.round_rules:
        changes["round_rules"] = _resize_rounds(fmt.round_rules, int(changes["rounds"]))
    for key in ("round_rules", "counting", "tie_breakers"):
        if key in changes and changes[key] is not None:
            changes[key] = tuple(changes[key])
    return validate_format(dataclasses.replace(fmt, **changes), changed=True)


def _resize_rounds(rules: tuple[RoundRule, ...], rounds: int) -> tuple[RoundRule, ...]:
    kept = [r for r in rules if r.number <= rounds]
    last = rules[-1]
    for number in range(len(kept) + 1, rounds + 1):
        kept.append(dataclasses.replace(last, number=number, label=f"Round {number}"))
    return tuple(kept)
