"""Structural format rules (final ranking, pools, top boards, locked final boards, knock-out)
as registered classes; see :mod:`tdapp.core.formats.structures.base`."""

from tdapp.core.formats.structures.base import (
    FinalRanking,
    RankingContext,
    SeatingNeeds,
)
from tdapp.core.formats.structures.ordering import Ordering
from tdapp.core.formats.structures.registry import (
    final_ranking_names,
    final_ranking_rule,
    final_rankings,
    register_final_ranking,
    seating_needs,
    unregister_final_ranking,
)

__all__ = [
    "FinalRanking", "Ordering", "RankingContext", "SeatingNeeds", "final_ranking_names",
    "final_ranking_rule", "final_rankings", "register_final_ranking", "seating_needs",
    "unregister_final_ranking",
]
