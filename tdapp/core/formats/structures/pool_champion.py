"""A championship pool: the best ``size`` players after a round; its best player is champion
(WDC 2025).

Settings: ``TournamentFormat.pool`` (:class:`~tdapp.core.formats.model.PoolRule`):
``after_round`` (the pool is picked from the standings after it), ``size``, ``bonus_round``
(pool players' score of that round is multiplied by ``bonus_multiplier``),
``pool_first_on_ties`` (the ``pool-first`` tie-breaker puts a pool player above a non-pool
player on the same score) and ``cut_tie_breakers`` (a tie across the cut). Who is in the pool
is ``tdapp.core.tournament.standings.championship_pool`` (the published pool when the TD has
published one).

Ranking, once the bonus round is played: the pool player with the highest tournament score is
champion (ties by ``champion_tie_breakers``, else the tie-breakers without ``pool-first``);
everyone else follows by tournament score. Seating: the pool plays among itself in the bonus
round (``SeatingNeeds.apart == "pool"``: the seating service seats the pool apart where it
acts on this need, and says so itself).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tdapp.core.formats.errors import FormatError
from tdapp.core.formats.structures.base import FinalRanking, RankingContext, SeatingNeeds
from tdapp.core.formats.structures.ordering import Ordering

if TYPE_CHECKING:
    from tdapp.core.formats.model import TournamentFormat


class PoolChampion(FinalRanking):
    name = "pool-champion"
    choice = "best championship-pool player"
    champion = "highest tournament score in the championship pool"
    settings = "pool"

    def champion_words(self, fmt: TournamentFormat) -> str:
        return "the championship-pool player with the highest tournament score"

    def describe(self, fmt: TournamentFormat) -> list[tuple[str, str]]:
        p = fmt.pool
        if p is None:
            return []
        private = (f"; the ranking is not shown until round {p.bonus_round} is over"
                   if p.ranking_private else "")
        return [("Championship pool", f"the best {p.size} after round {p.after_round}; their "
                 f"round-{p.bonus_round} score x{p.bonus_multiplier:g}{private}")]

    def validate(self, fmt: TournamentFormat) -> None:
        super().validate(fmt)
        p = fmt.pool
        assert p is not None
        if p.size < 1:
            raise FormatError(f"must be at least 1, not {p.size}", "pool.size")

    def check_change(self, fmt: TournamentFormat) -> None:
        p = fmt.pool
        assert p is not None
        if not 1 <= p.after_round < fmt.rounds:
            raise FormatError(f"the pool is picked after a round before the last "
                              f"(1..{fmt.rounds - 1}), not {p.after_round}", "pool.after_round")
        if not p.after_round < p.bonus_round <= fmt.rounds:
            raise FormatError(f"the bonus round comes after the pool is picked "
                              f"({p.after_round + 1}..{fmt.rounds}), not {p.bonus_round}",
                              "pool.bonus_round")

    def seating(self, fmt: TournamentFormat, round_number: int) -> SeatingNeeds:
        p = fmt.pool
        if p is None or round_number != p.bonus_round:
            return SeatingNeeds()
        # No words here: the seating service that seats the pool apart says what it did.
        return SeatingNeeds(apart="pool")

    def applies(self, fmt: TournamentFormat, through: int) -> bool:
        return fmt.pool is not None and through >= fmt.pool.bonus_round

    def rank(self, fmt: TournamentFormat, players: Sequence[str],
             ctx: RankingContext) -> Ordering:
        sheet = ctx.sheet
        in_pool = [p for p in players if p in ctx.pool]
        if not in_pool:
            return ctx.by_total(players)
        criteria = fmt.champion_tie_breakers if fmt.champion_tie_breakers is not None else [
            c for c in fmt.tie_breakers if c != "pool-first"]
        pool_order = ctx.order_by(in_pool, lambda p: sheet.totals[p], criteria=criteria)
        champion = pool_order.groups[0]
        result = Ordering.one(champion, pool_order.ties[0], pool_order.notes[0])
        rest = [p for p in players if p not in champion]
        if rest:
            why = "champion: highest tournament score in the championship pool"
            if len(pool_order.groups) > 1:
                why += f"; over the next pool player: {pool_order.reasons[0]}"
            result.extend(ctx.by_total(rest, offset=len(champion)), why)
        return result
