"""Small builders for hand-made tournaments (game scores given, not computed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tdapp.core.powers import POWERS
from tdapp.core.tournament.model import Board, Player


def players(*ids: str, **extra: object) -> tuple[Player, ...]:
    return tuple(Player(i, i.upper(), **extra) for i in ids)  # type: ignore[arg-type]


def board(rnd: int, number: int, seats: Sequence[str], scores: Sequence[float],
          centres: Sequence[int] | None = None, **kw: object) -> Board:
    """A board whose players sit in power order AEFGIRT (fewer than seven leaves powers empty)."""
    powers = POWERS[: len(seats)]
    return Board(
        round=rnd, number=number, powers=dict(zip(powers, seats, strict=True)),
        scores=dict(zip(powers, map(float, scores), strict=True)),
        centers=dict(zip(powers, centres, strict=True)) if centres is not None else {},
        **kw,  # type: ignore[arg-type]
    )


def filler(prefix: str, n: int) -> list[str]:
    return [f"{prefix}{i}" for i in range(n)]


def scores_of(rows: Sequence[object]) -> Mapping[str, float]:
    return {r.player: r.score for r in rows}  # type: ignore[attr-defined]
