"""Every built-in system instance, with its parameters: the one list the registry reads."""

from __future__ import annotations

from tdapp.core.scoring.base import ScoringSystem
from tdapp.core.scoring.dbn import DbnWinner
from tdapp.core.scoring.edc import Edc2026
from tdapp.core.scoring.haight import Haight
from tdapp.core.scoring.sum_of_squares import SumOfSquares


def built_in_systems() -> list[ScoringSystem]:
    return [
        Haight(),
        SumOfSquares(),
        Edc2026(),
        DbnWinner(),
    ]
