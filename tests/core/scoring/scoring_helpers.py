"""Building game results for scoring tests in one line."""

from __future__ import annotations

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult


def board(
    counts: list[int],
    end_year: int = 1909,
    solo: bool = False,
    eliminated: list[int] | None = None,
    **extra,
) -> GameResult:
    """Powers get ``counts`` in AEFGIRT order (padded with zeros); the zeros are eliminated in
    the years of ``eliminated``, in the same order. ``solo`` marks the first power a soloer."""
    counts = counts + [0] * (len(POWERS) - len(counts))
    centers = dict(zip(POWERS, counts, strict=True))
    dead = [p for p in POWERS if centers[p] == 0]
    years = eliminated or []
    return GameResult(
        centers=centers,
        end_year=end_year,
        solo=POWERS[0] if solo else None,
        eliminated=dict(zip(dead, years, strict=False)),
        **extra,
    )


def values(scores: dict[str, float], n: int | None = None) -> list[float]:
    """The scores in AEFGIRT order (the first ``n`` of them)."""
    result = [scores[p] for p in POWERS]
    return result if n is None else result[:n]
