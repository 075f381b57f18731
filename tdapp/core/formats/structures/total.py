"""Everybody by tournament score: the champion has the highest one."""

from __future__ import annotations

from tdapp.core.formats.structures.base import FinalRanking


class Total(FinalRanking):
    """No structure: the standings are the tournament scores, ties by the tie-breakers."""

    name = "total"
    choice = "highest tournament score"
    champion = "highest tournament score"
