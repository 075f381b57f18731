"""Ranking players by tournament total with the format's tie-breakers: the order every final
ranking starts from (plain standings, and the players a locked board or a top board does not
place). Its own module so the final-ranking rules can use it without importing the standings."""

from __future__ import annotations

from collections.abc import Sequence

from tdapp.core.formats.model import TournamentFormat
from tdapp.core.tournament.tiebreakers import Ordering, TieContext, order_players


def rank_by_total(players: Sequence[str], fmt: TournamentFormat, ctx: TieContext,
                  criteria: Sequence[str] | None = None, offset: int = 0) -> Ordering:
    sheet = ctx.sheet
    assert sheet is not None
    return order_players(
        players, lambda p: sheet.totals[p], fmt.tie_breakers if criteria is None else criteria,
        ctx, value_phrase="higher score", break_within=fmt.tie_break_places,
        unresolved=fmt.unresolved_ties, offset=offset,
    )
