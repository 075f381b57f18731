"""The tie-breaker names a format may list (its ``tie_breakers``, ``champion_tie_breakers`` and
the pool's ``cut_tie_breakers``), declared once here. A format is data, so it knows the names
only; :mod:`tdapp.core.tournament.tiebreakers` implements one criterion for each member of
:class:`TieBreaker` (keyed by the member, so a name missing there fails at import) and takes
its names from here."""

from __future__ import annotations

import enum


class TieBreaker(enum.StrEnum):
    """The criteria whose name is fixed; ``round-score:N`` (:data:`ROUND_SCORE`) takes a round."""

    LAST_ROUND_SCORE = "last-round-score"
    BEST_GAME = "best-game"
    HEAD_TO_HEAD_BEST = "head-to-head-best"
    HEAD_TO_HEAD_TOTAL = "head-to-head-total"
    COUNTED_CENTRES = "counted-centres"
    DROPPED_ROUND = "dropped-round"
    COUNT_BACK = "count-back"
    DISTANCE = "distance"
    RANDOM_DRAW = "random-draw"
    TD_DECISION = "td-decision"
    SEED = "seed"
    POOL_FIRST = "pool-first"


FIXED_CRITERIA: tuple[str, ...] = tuple(TieBreaker)
ROUND_SCORE = "round-score"  # ``round-score:N``: the score of round N (N >= 1)
ROUND_SCORE_PATTERN = ROUND_SCORE + ":N"


def known_criterion(name: str) -> bool:
    """True when ``name`` is a tie-breaker the standings can apply."""
    if name in FIXED_CRITERIA:
        return True
    return round_of(name) is not None


def round_of(name: str) -> int | None:
    """N of ``round-score:N`` (N >= 1), else None."""
    base, _, arg = name.partition(":")
    if base == ROUND_SCORE and arg.isdigit() and int(arg) >= 1:
        return int(arg)
    return None


def criterion_names() -> tuple[str, ...]:
    """Every name, ``round-score:N`` standing for each round's."""
    return (ROUND_SCORE_PATTERN, *FIXED_CRITERIA)


def criteria_for(rounds: int) -> tuple[str, ...]:
    """Every name a format of ``rounds`` rounds may list, each round's score spelt out."""
    return (*(f"{ROUND_SCORE}:{n}" for n in range(1, rounds + 1)), *FIXED_CRITERIA)
