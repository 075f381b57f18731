"""The tie-breaker names a format may list (its ``tie_breakers``, ``champion_tie_breakers`` and
the pool's ``cut_tie_breakers``). A format is data, so it knows the names only;
:mod:`tdapp.core.tournament.tiebreakers` implements one criterion for each, and a test holds
the two lists together."""

from __future__ import annotations

FIXED_CRITERIA: tuple[str, ...] = (
    "last-round-score", "best-game", "head-to-head-best", "head-to-head-total",
    "counted-centres", "dropped-round", "count-back", "distance", "random-draw", "td-decision",
    "seed", "pool-first",
)
ROUND_SCORE = "round-score"  # ``round-score:N``: the score of round N (N >= 1)


def known_criterion(name: str) -> bool:
    """True when ``name`` is a tie-breaker the standings can apply."""
    if name in FIXED_CRITERIA:
        return True
    base, _, arg = name.partition(":")
    return base == ROUND_SCORE and arg.isdigit() and int(arg) >= 1
