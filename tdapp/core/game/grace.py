"""A power's grace period: a few more minutes to hand in its sheet, under the format's rule."""

from __future__ import annotations

from tdapp.core.board.position import MOVEMENT, Phase
from tdapp.core.formats import TournamentFormat


def grace_refusal(fmt: TournamentFormat, power: str, phase: Phase | str,
                  used: int) -> str | None:
    """Why ``power`` may not start a grace period in ``phase`` having had ``used`` this game
    (None when it may), in the TD's words."""
    rule = fmt.grace
    if rule is None:
        return f"{fmt.title} has no grace period: mark the power as no orders."
    if rule.movement_only and not str(phase).endswith(MOVEMENT):
        return f"{fmt.title}: grace periods are for movement phases only."
    if used >= rule.per_game:
        return (f"{power.title()} has had its grace period this game ({fmt.title}: "
                f"{rule.per_game} per game); its units hold.")
    return None
