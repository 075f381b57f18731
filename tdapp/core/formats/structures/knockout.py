"""A knock-out stage of winner-take-all games (DBN Invitational 2025).

Settings: ``TournamentFormat.knockout`` (:class:`~tdapp.core.formats.model.KnockoutRule`):
``qualifying_rounds``, ``final_round``, ``automatic`` (the best seeds straight to the final)
and ``final_seeding`` (``"solo"``: a solo in the qualifying stage first, ``"seed"``: lower seed
first).

The best ``automatic`` seeds go straight to the final; each qualifying game's winner joins them.
The final is seeded by a solo in the qualifying stage first, then by seed. The final's winner is
champion; the rules rank nobody else, so the other finalists share second place and the other
players share the next place. Seating: every round in seed order (the format's round rules); the
final calls only the finalists, in championship seeding order (``SeatingNeeds.finalists``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tdapp.core.formats.errors import FormatError
from tdapp.core.formats.options import FinalSeeding
from tdapp.core.formats.structures.base import FinalRanking, RankingContext, SeatingNeeds
from tdapp.core.formats.structures.ordering import Ordering

if TYPE_CHECKING:
    from tdapp.core.formats.model import TournamentFormat



class Knockout(FinalRanking):
    name = "knockout"
    choice = "winner of the final (knock-out)"
    champion = "winner of the championship game"
    settings = "knockout"

    def champion_words(self, fmt: TournamentFormat) -> str:
        return "the winner of the final"

    def describe(self, fmt: TournamentFormat) -> list[tuple[str, str]]:
        k = fmt.knockout
        if k is None:
            return []
        return [("Knock-out", f"the best {k.automatic} seeds and every winner of rounds "
                 f"{', '.join(map(str, k.qualifying_rounds))} play the final (round "
                 f"{k.final_round}), seeded by "
                 + ", then ".join(c.words for c in k.final_seeding))]

    def check_change(self, fmt: TournamentFormat) -> None:
        k = fmt.knockout
        assert k is not None
        if not 1 <= k.final_round <= fmt.rounds:
            raise FormatError(f"round {k.final_round} is outside 1..{fmt.rounds}",
                              "knockout.final_round")
        for i, rnd in enumerate(k.qualifying_rounds):
            if not 1 <= rnd < k.final_round:
                raise FormatError(f"a qualifying round comes before the final "
                                  f"(1..{k.final_round - 1}), not {rnd}",
                                  f"knockout.qualifying_rounds[{i}]")

    def seating(self, fmt: TournamentFormat, round_number: int) -> SeatingNeeds:
        k = fmt.knockout
        if k is None or round_number != k.final_round:
            return SeatingNeeds()
        return SeatingNeeds(finalists=True, words=(
            f"only the final's players are called: the best {k.automatic} seeds and the winner "
            f"of every game of rounds {', '.join(map(str, k.qualifying_rounds))}"))

    def rank(self, fmt: TournamentFormat, players: Sequence[str],
             ctx: RankingContext) -> Ordering:
        return knockout_ordering(players, fmt, ctx)


@dataclass(frozen=True)
class Finalist:
    player: str
    seed: int | None
    solo: bool
    how: str  # "automatic (seed 2)", "won round 1 board 3 (solo)" ...


def board_winner(board: Any, sheet: Any) -> str | None:
    """The single winner of a winner-take-all board: the one player with the top game score."""
    scores = sheet.board_scores.get((board.round, board.number))
    if not scores:
        return None
    best = max(scores.values())
    winners = [pw for pw, s in scores.items() if s == best and pw in board.powers]
    if len(winners) != 1 or best <= 0:
        return None
    return board.powers[winners[0]]


def finalists(tournament: Any, fmt: TournamentFormat, sheet: Any,
              issues: list[str] | None = None) -> list[Finalist]:
    """The final's players in championship seeding order (solo first, then seed)."""
    rule = fmt.knockout
    assert rule is not None
    eligible = [p for p in tournament.players if p.competing and not p.withdrawn]
    seeded = sorted((p for p in eligible if p.seed is not None), key=lambda p: p.seed or 0)
    out: list[Finalist] = [Finalist(p.id, p.seed, False, f"automatic (seed {p.seed})")
                           for p in seeded[: rule.automatic]]
    for board in sorted(tournament.boards, key=lambda b: (b.round, b.number)):
        if board.round not in rule.qualifying_rounds or board.round > sheet.through:
            continue
        winner = board_winner(board, sheet)
        if winner is None:
            if issues is not None:
                issues.append(f"round {board.round} board {board.number} has no single winner yet")
            continue
        solo = board.solo is not None and board.powers.get(board.solo) == winner
        how = f"won round {board.round} board {board.number}" + (" (solo)" if solo else "")
        out.append(Finalist(winner, tournament.player(winner).seed, solo, how))
    return sorted(out, key=lambda f: _seeding_key(f, rule.final_seeding))


def _seeding_key(f: Finalist, criteria: Sequence[FinalSeeding]) -> tuple[int, ...]:
    key: list[int] = []
    for name in criteria:
        if name == FinalSeeding.SOLO:
            key.append(0 if f.solo else 1)
        elif name == FinalSeeding.SEED:
            key.append(f.seed if f.seed is not None else 1 << 30)
    return tuple(key)


def knockout_ordering(players: Sequence[str], fmt: TournamentFormat,
                      ctx: RankingContext) -> Ordering:
    rule = fmt.knockout
    sheet = ctx.sheet
    assert rule is not None and sheet is not None
    t = ctx.tournament
    through, issues = ctx.through, ctx.issues
    if rule.automatic and not any(p.seed for p in t.players):
        issues.append(f"no player has a seed: the best {rule.automatic} seeds cannot go "
                      "straight to the final")
    seed = {p.id: (p.seed if p.seed is not None else 1 << 30) for p in t.players}
    listed = set(players)
    final_players = [f.player for f in finalists(t, fmt, sheet) if f.player in listed]
    champion: str | None = None
    if through >= rule.final_round:
        for board in t.boards:
            if board.round == rule.final_round:
                champion = board_winner(board, sheet)
                final_players = [p for p in board.powers.values() if p in listed]
    out = Ordering()
    if champion is not None and champion in listed:
        out.extend(Ordering([[champion]], [], [""], [""]), None)
        final_players = [p for p in final_players if p != champion]
    stage = "finalist" if champion is not None else "qualified for the final"
    rest = sorted((p for p in players if p not in final_players and p != champion),
                  key=lambda p: (seed[p], p))
    if final_players:
        group = sorted(final_players, key=lambda p: (seed[p], p))
        shared = "shared" if len(group) > 1 else ""
        out.extend(Ordering([group], [], [shared], [f"{stage}; the rules rank no further"]),
                   "champion: won the championship game" if out.groups else None)
    if rest:
        shared = "shared" if len(rest) > 1 else ""
        note = "did not reach the final; the rules rank no further"
        out.extend(Ordering([rest], [], [shared], [note]),
                   f"{stage} above the players who did not reach it" if out.groups else None)
    return out
