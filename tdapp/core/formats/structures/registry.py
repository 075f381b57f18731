"""The structural rules by name: built-in ones from the catalogue, others registered once.

``final_ranking_rule(name)`` is what validation, the description, the format dialog, the
standings, the awards and seating ask; ``register_final_ranking`` adds a rule (a class) so all
of them know it at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tdapp.core.formats.structures.base import FinalRanking, SeatingNeeds
from tdapp.core.formats.structures.catalogue import built_in_final_rankings

if TYPE_CHECKING:  # the format model imports the structures: a type only, never loaded here
    from tdapp.core.formats.model import TournamentFormat

_RULES: dict[str, FinalRanking] = {}


def _rules() -> dict[str, FinalRanking]:
    if not _RULES:
        for rule in built_in_final_rankings():
            _add(rule)
    return _RULES


def _add(rule: FinalRanking) -> None:
    if not rule.name or not rule.choice or not rule.champion:
        raise ValueError(f"{type(rule).__name__} needs a name, a choice and a champion rule")
    if rule.name in _RULES:
        raise ValueError(f"two structural rules are named {rule.name!r}")
    _RULES[rule.name] = rule


def register_final_ranking(cls: type[FinalRanking]) -> type[FinalRanking]:
    """Register ``cls`` (usable as a class decorator); its name must be new."""
    _rules()
    _add(cls())
    return cls


def unregister_final_ranking(name: str) -> None:
    """Forget a registered rule that is not built in (a test's toy rule)."""
    if name in {r.name for r in built_in_final_rankings()}:
        raise ValueError(f"{name!r} is built in and stays")
    _rules().pop(name, None)


def final_rankings() -> tuple[FinalRanking, ...]:
    """Every rule, built-in ones first, in the order the format dialog offers them."""
    return tuple(_rules().values())


def final_ranking_names() -> tuple[str, ...]:
    return tuple(_rules())


def final_ranking_rule(name: str) -> FinalRanking:
    """The rule called ``name``; KeyError naming the known ones otherwise."""
    try:
        return _rules()[name]
    except KeyError:
        raise KeyError(f"unknown final ranking {name!r} (known: "
                       f"{', '.join(_rules())})") from None


def seating_needs(fmt: TournamentFormat, round_number: int) -> tuple[SeatingNeeds, ...]:
    """What seating round ``round_number`` of ``fmt`` needs from its structure: from the rule
    that ranks and from every other rule whose settings the format has (a top board called
    while the champion is decided otherwise still sits on board 1)."""
    out = []
    for rule in _rules().values():
        chosen = rule.name == getattr(fmt, "final_ranking", "")
        has_settings = bool(rule.settings) and getattr(fmt, rule.settings, None) is not None
        if chosen or has_settings:
            needs = rule.seating(fmt, round_number)
            if needs:
                out.append(needs)
    return tuple(out)
