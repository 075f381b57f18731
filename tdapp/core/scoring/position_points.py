"""Centres plus position points: the Carnage family, C-Diplo (100, 80, Namur, 73), Duct Tape.

Formulas from scoring-systems.md 6.1 and 6.2. Tied positions share their points (*split*).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypedDict

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult
from tdapp.core.scoring.ranking import (
    SPLIT,
    Scores,
    lone_topper,
    rank_groups,
    second_count,
    tie_points,
)
from tdapp.core.scoring.system import BuiltInSystem

DIPVIS = "scoring-systems.md 6.1 (dipvis)"
CARNAGE_POINTS = (7000, 6000, 5000, 4000, 3000, 2000, 1000)
CENTRE_COUNT_CARNAGE_POINTS = (7007, 6006, 5005, 4004, 3003, 2002, 1001)
DUCT_TAPE_POINTS = (40, 24, 15, 9, 6, 3, 3)


def _per_centre(value: int) -> Callable[[int], Fraction]:
    return lambda centres: Fraction(value * centres)


@dataclass(frozen=True, kw_only=True)
class PositionPoints(BuiltInSystem):
    """participation + centre value + split position points (+ a lone leader's lead bonus).

    ``dead_order``: eliminated powers are ranked by elimination year (later is better);
    otherwise they all tie. ``tie_mode``: SPLIT (these systems' rule) or LOWER. ``lead_bonus``: points per centre of a lone topper's lead.
    """

    points: tuple[int, ...]
    solo_points: int
    loser_points: int = 0
    participation: int = 0
    centre_value: Callable[[int], Fraction] = field(default=_per_centre(1))
    dead_order: bool = False
    lead_bonus: int = 0
    tie_mode: str = SPLIT

    def draw_scores(self, game: GameResult) -> Scores:
        position = tie_points(rank_groups(game, self.dead_order), self.points, self.tie_mode)
        scores = {
            p: self.participation + self.centre_value(game.centers[p]) + position[p] for p in POWERS
        }
        leader = lone_topper(game)
        if leader is not None and self.lead_bonus:
            scores[leader] += self.lead_bonus * (game.centers[leader] - second_count(game))
        return scores

    def solo_scores(self, game: GameResult) -> Scores:
        return {
            p: Fraction(self.solo_points if p == game.solo else self.loser_points) for p in POWERS
        }


def namur_centre_value(centres: int) -> Fraction:
    """C-Diplo Namur: 0, 5, 9, 12, 14, 16, 18 for 0..6 centres, then one per further centre."""
    table = (0, 5, 9, 12, 14, 16, 18)
    return Fraction(table[centres] if centres < len(table) else 18 + centres - 6)


class _Common(TypedDict):
    """What the Carnage variants share."""

    points: tuple[int, ...]
    solo_points: int
    source: str


def position_point_systems() -> list[PositionPoints]:
    carnage = _Common(points=CARNAGE_POINTS, solo_points=28034, source=DIPVIS)
    return [
        PositionPoints(
            name="carnage-dead-equal",
            title="Carnage with dead equal",
            summary="7000, 6000 ... 1000 by centre rank (ties split, eliminated powers all tied)"
            " plus 1 per centre; a solo 28,034, others 0.",
            **carnage,
        ),
        PositionPoints(
            name="carnage-elimination-order",
            summary="As Carnage with dead equal, but eliminated powers are ranked by elimination year.",
            title="Carnage with elimination order",
            dead_order=True,
            **carnage,
        ),
        PositionPoints(
            name="carnage-2023",
            summary="Carnage by elimination order plus 300 per centre of a lone leader's lead.",
            title="Carnage 2023 (elimination order, 300 per centre of a lone lead)",
            dead_order=True,
            lead_bonus=300,
            **carnage,
        ),
        PositionPoints(
            name="center-count-carnage",
            summary="500 per centre + 7007, 6006 ... 1001 by rank (ties split, elimination order);"
            " a solo 39,028, the losers 1,000 each.",
            title="Center-count Carnage",
            source=DIPVIS,
            points=CENTRE_COUNT_CARNAGE_POINTS,
            solo_points=39028,
            loser_points=1000,
            centre_value=_per_centre(500),
            dead_order=True,
        ),
        PositionPoints(
            name="c-diplo-100",
            summary="1 + 1 per centre + 38/14/7 to the top three (ties split); a solo 100, others 0.",
            title="C-Diplo 100",
            source=DIPVIS,
            points=(38, 14, 7),
            solo_points=100,
            participation=1,
        ),
        PositionPoints(
            name="c-diplo-80",
            summary="1 per centre + 25/14/7 to the top three (ties split); a solo 80, others 0.",
            title="C-Diplo 80",
            source=DIPVIS,
            points=(25, 14, 7),
            solo_points=80,
        ),
        PositionPoints(
            name="c-diplo-namur",
            summary="1 + 0/5/9/12/14/16/18 for 0-6 centres, +1 per further centre, + 38/14/7"
            " (ties split); a solo 85, others 0.",
            title="C-Diplo Namur",
            source="scoring-systems.md 6.1 (dipvis; ndc-groningen.online)",
            points=(38, 14, 7),
            solo_points=85,
            participation=1,
            centre_value=namur_centre_value,
        ),
        PositionPoints(
            name="c-diplo-73",
            summary="1 + 1 per centre + 38 to the topper (shared on a tie); a solo 73, others 0.",
            title="C-Diplo 73 (official)",
            source="scoring-systems.md 6.2 (diplomania-gen.fr c-diplo)",
            points=(38,),
            solo_points=73,
            participation=1,
        ),
        PositionPoints(
            name="duct-tape",
            summary="1 per centre + 40/24/15/9/6/3/3 by rank (ties split, eliminated powers tied);"
            " a solo 75, others 0.",
            title="Duct Tape V2",
            source=DIPVIS,
            points=DUCT_TAPE_POINTS,
            solo_points=75,
        ),
        PositionPoints(
            name="duct-tape-elimination-order",
            summary="As Duct Tape V2, with eliminated powers ranked by elimination year.",
            title="Duct Tape V2 with elimination order",
            source=DIPVIS,
            points=DUCT_TAPE_POINTS,
            solo_points=75,
            dead_order=True,
        ),
    ]
