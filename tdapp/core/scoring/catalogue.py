"""Every built-in system instance, with its parameters: the one list the registry reads."""

from __future__ import annotations

from tdapp.core.scoring.bangkok import bangkok_systems
from tdapp.core.scoring.base import ScoringSystem
from tdapp.core.scoring.classic import classic_systems
from tdapp.core.scoring.dbn import DbnWinner
from tdapp.core.scoring.detour import Detour09
from tdapp.core.scoring.edc import Edc2026
from tdapp.core.scoring.haight import Haight
from tdapp.core.scoring.manorcon import manorcon_systems
from tdapp.core.scoring.maxonian import maxonian_systems
from tdapp.core.scoring.omg import OpenMindTheGap
from tdapp.core.scoring.others import other_systems
from tdapp.core.scoring.position_points import position_point_systems
from tdapp.core.scoring.simple import (
    Base3,
    CruiseCon,
    DrawSize,
    Mischief,
    SoloOrBust,
    YourDrawSize,
)
from tdapp.core.scoring.sum_of_squares import SumOfSquares
from tdapp.core.scoring.tribute import tribute_systems


def built_in_systems() -> list[ScoringSystem]:
    """The user's four documents first, then the wider set of scoring-systems.md."""
    return [
        Haight(),
        SumOfSquares(),
        Edc2026(),
        DbnWinner(),
        DrawSize(),
        SoloOrBust(),
        *position_point_systems(),
        *tribute_systems(),
        OpenMindTheGap(),
        *bangkok_systems(),
        Base3(),
        Detour09(),
        *manorcon_systems(),
        *maxonian_systems(),
        Mischief(),
        *classic_systems(),
        *other_systems(),
        YourDrawSize(),
        YourDrawSize(
            name="your-draw-size-unlimited",
            title="Your Draw Size (unlimited)",
            summary="As Your Draw Size (short), with a solo worth 320.",
            solo_points=320,
        ),
        CruiseCon(),
    ]
