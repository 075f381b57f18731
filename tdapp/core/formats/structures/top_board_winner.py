"""A top board: the best ``size`` players after a round play one board; its winner is
champion (WDC 2018).

Settings: ``TournamentFormat.top_board`` (:class:`~tdapp.core.formats.model.TopBoardRule`):
``after_round`` (called from the standings after it), ``round`` (the round it plays), ``size``
(seven) and ``champion`` (``"board-winner"``: the highest game score on the board). A player
who declines is replaced by the next in line (``tdapp.core.tournament.standings.top_board_call``).

Ranking, once the top board's round is played: the top-board player with the highest game
score on it is champion (ties by the tie-breakers); everyone else follows by tournament score.
Seating: the called players are put on board 1 in that round (``SeatingNeeds.top_board``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tdapp.core.formats.errors import FormatError
from tdapp.core.formats.structures.base import (
    FinalRanking,
    RankingContext,
    SeatingNeeds,
    top_board_of,
)
from tdapp.core.formats.structures.ordering import Ordering

if TYPE_CHECKING:
    from tdapp.core.formats.model import TournamentFormat


class TopBoardWinner(FinalRanking):
    name = "top-board-winner"
    choice = "winner of the top board"
    champion = "winner of the top board"
    settings = "top_board"

    def describe(self, fmt: TournamentFormat) -> list[tuple[str, str]]:
        t = fmt.top_board
        if t is None:
            return []
        return [("Top board", f"the best {t.size} after round {t.after_round} play round "
                 f"{t.round}; next in line when one declines")]

    def validate(self, fmt: TournamentFormat) -> None:
        super().validate(fmt)
        t = fmt.top_board
        assert t is not None
        if not 2 <= t.size <= 7:
            raise FormatError(f"a board seats 2 to 7 players, not {t.size}", "top_board.size")

    def check_change(self, fmt: TournamentFormat) -> None:
        t = fmt.top_board
        assert t is not None
        if not 1 <= t.round <= fmt.rounds:
            raise FormatError(f"round {t.round} is outside 1..{fmt.rounds}", "top_board.round")
        if not 1 <= t.after_round < t.round:
            raise FormatError(f"the top board is called after an earlier round "
                              f"(1..{t.round - 1}), not {t.after_round}",
                              "top_board.after_round")

    def seating(self, fmt: TournamentFormat, round_number: int) -> SeatingNeeds:
        t = fmt.top_board
        if t is None or round_number != t.round:
            return SeatingNeeds()
        return SeatingNeeds(top_board=t.size, words=f"the best {t.size} after round "
                            f"{t.after_round} play board 1 (the next in line when one declines)")

    def applies(self, fmt: TournamentFormat, through: int) -> bool:
        return fmt.top_board is not None and through >= fmt.top_board.round

    def marked(self, fmt: TournamentFormat, ctx: RankingContext) -> tuple[str, ...]:
        assert fmt.top_board is not None
        board = top_board_of(ctx.tournament, fmt.top_board.round)
        return tuple(board.powers.values()) if board is not None else ()

    def rank(self, fmt: TournamentFormat, players: Sequence[str],
             ctx: RankingContext) -> Ordering:
        assert fmt.top_board is not None
        rnd = fmt.top_board.round
        board = top_board_of(ctx.tournament, rnd)
        seated = [p for p in self.marked(fmt, ctx) if p in players]
        if board is None or not seated:
            ctx.issues.append(f"no top board is marked in round {rnd}; ranked by total")
            return ctx.by_total(players)
        board_no = board.number
        sheet = ctx.sheet

        def top_score(p: str) -> float:
            return max((g.raw for g in sheet.games[p] if g.round == rnd and g.board == board_no),
                       default=0.0)

        board_order = ctx.order_by(seated, top_score, phrase="higher top-board score")
        champion = board_order.groups[0]
        result = Ordering.one(champion, board_order.ties[0], board_order.notes[0])
        rest = [p for p in players if p not in champion]
        if rest:
            why = "champion: winner of the top board"
            if len(board_order.groups) > 1:
                why += f"; on the top board: {board_order.reasons[0]}"
            result.extend(ctx.by_total(rest, offset=len(champion)), why)
        return result
