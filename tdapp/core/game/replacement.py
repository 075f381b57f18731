"""A player who leaves a game: a replacement takes the seat, or it is left in civil disorder.

WDC 2025 III.3 and WDC 2018 say the same: "the position may be filled or left in civil
disorder, at the discretion of the TD. Scoring of this position will be at the discretion of
the TD. A player eliminated from the game may not play another position in the same game as a
replacement." The format's default credits the position's score to the player who finished it
(DBN 5.8.6: "full points as if they had played the entire game"); the leaver gets what the TD
decides. Pure rules: no database, no Qt.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tdapp.core.game.errors import GameRuleRefusal

#: How a player's part of a seat is scored: the position's final score, nothing, or a value
#: the TD types (the score at the time they left, or any other figure).
SCORINGS: dict[str, str] = {
    "position": "the position's score",
    "zero": "zero",
    "value": "a value the TD enters",
}
LEAVER_DEFAULT = "zero"
FINISHER_DEFAULT = "position"


@dataclass(frozen=True)
class Replacement:
    """One departure from one seat. ``replaced_by`` is None when the seat was left in civil
    disorder (its units hold from ``phase`` on)."""

    power: str
    phase: str
    left: str
    replaced_by: str | None
    leaver_scoring: str = LEAVER_DEFAULT
    leaver_score: float | None = None
    finisher_scoring: str = FINISHER_DEFAULT
    finisher_score: float | None = None

    @property
    def civil_disorder(self) -> bool:
        return self.replaced_by is None


def check_scoring(scoring: str, value: float | None, who: str) -> None:
    """Refuse an unknown scoring or a TD value that is missing (or given when not asked)."""
    if scoring not in SCORINGS:
        raise GameRuleRefusal(f"The {who}'s scoring must be one of: {', '.join(SCORINGS)}.")
    if scoring == "value" and value is None:
        raise GameRuleRefusal(f"Enter the {who}'s score, or choose another way to score them.")


def check_replacement(power: str, leaving: str, replacement: str | None,
                      seated: Mapping[str, str], eliminated: Iterable[str],
                      departed: Iterable[str] = ()) -> None:
    """Refuse a replacement the rules forbid. ``seated`` maps power -> player now at the board,
    ``eliminated`` the powers out of this game, ``departed`` the players who left it before."""
    if seated.get(power) != leaving:
        raise GameRuleRefusal(f"{power.title()} is not played by that player any more.")
    if power in set(eliminated):
        raise GameRuleRefusal(f"{power.title()} is already out of the game: there is no "
                              "position left to fill.")
    if replacement is None:
        return
    if replacement == leaving:
        raise GameRuleRefusal("A player cannot replace themselves.")
    out = set(eliminated)
    for other, player in seated.items():
        if player != replacement:
            continue
        if other in out:
            raise GameRuleRefusal(
                f"That player was eliminated from this game (as {other.title()}) and may not "
                "play another position in the same game as a replacement.")
        raise GameRuleRefusal(f"That player already plays {other.title()} on this board.")
    if replacement in set(departed):
        raise GameRuleRefusal("That player already left this game and cannot come back to it.")


def credits(power: str, holder: str, position_score: float,
            replacements: Sequence[Replacement]) -> list[tuple[str, float]]:
    """Who is credited what for one seat: ``holder`` is the player the seat ends with, the
    ``replacements`` those of this power in the order they happened."""
    mine = [r for r in replacements if r.power == power]
    if not mine:
        return [(holder, position_score)]
    scored: dict[str, float] = {}  # a seat left in civil disorder, then filled: scored once
    for r in mine:
        scored[r.left] = _scored(r.leaver_scoring, r.leaver_score, position_score)
    out = list(scored.items())
    last = mine[-1]
    if last.replaced_by is not None:
        out.append((last.replaced_by,
                    _scored(last.finisher_scoring, last.finisher_score, position_score)))
    return out


def scoring_words(scoring: str, value: float | None) -> str:
    """"zero", "the position's score" or the TD's value ("4.5")."""
    if scoring == "value":
        return f"{value or 0.0:g}"
    return SCORINGS.get(scoring, scoring)


def _scored(scoring: str, value: float | None, position_score: float) -> float:
    if scoring == "position":
        return position_score
    if scoring == "value":
        return float(value or 0.0)
    return 0.0


def civil_disorder_powers(replacements: Iterable[Replacement]) -> set[str]:
    """Powers whose last departure left them in civil disorder: their units hold and, in both
    formats, they count in favour of every draw (WDC 2025 VII.3.c, DBN 5.8.3)."""
    last: dict[str, Replacement] = {}
    for r in replacements:
        last[r.power] = r
    return {p for p, r in last.items() if r.replaced_by is None}


def describe(r: Replacement, names: Mapping[str, str]) -> str:
    """A results/standings note: "England: Ann left in S1905M, Bob took over"."""
    left = names.get(r.left, r.left)
    if r.replaced_by is None:
        return f"{r.power.title()}: {left} left in {r.phase}, civil disorder"
    return (f"{r.power.title()}: {left} left in {r.phase}, "
            f"{names.get(r.replaced_by, r.replaced_by)} took over")
