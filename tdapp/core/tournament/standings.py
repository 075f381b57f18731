"""The standings of a tournament under its format, every place explained.

``compute_standings`` scores what needs scoring, counts rounds as the format says, settles the
championship pool / top board / locked final boards / knock-out stage, breaks ties with the
format's criteria and returns rows that say why each player is above the next. Players who are
not competing (TDs, assistants) are listed last, unranked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tdapp.core.formats.model import TournamentFormat
from tdapp.core.tournament.knockout import knockout_ordering
from tdapp.core.tournament.locked import locked_final_ordering
from tdapp.core.tournament.model import Tournament
from tdapp.core.tournament.ranking import rank_by_total
from tdapp.core.tournament.results import RoundEntry, Scorer, ScoreSheet, registry_scorer
from tdapp.core.tournament.tiebreakers import Ordering, TieContext, order_players


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings. ``rank`` is None for a player who is not competing.

    ``reason`` says why this row is above the next; ``tie`` is ``"shared"`` (the rules keep the
    tie) or ``"td"`` (left to the TD) when the player shares the rank.
    """

    rank: int | None
    player: str
    name: str
    score: float
    rounds: tuple[RoundEntry, ...]
    in_pool: bool = False
    top_board: bool = False
    reason: str = ""
    tie: str = ""
    competing: bool = True
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank, "player": self.player, "name": self.name, "score": self.score,
            "rounds": [_entry_dict(e) for e in self.rounds], "pool": self.in_pool,
            "top_board": self.top_board, "reason": self.reason, "tie": self.tie,
            "competing": self.competing, "note": self.note,
        }


def _entry_dict(e: RoundEntry) -> dict[str, Any]:
    return {"round": e.round, "score": e.score, "raw": e.raw, "multiplier": e.multiplier,
            "source": e.source, "board": e.board, "power": e.power, "counted": e.counted,
            "dropped": e.dropped, "other_boards": list(e.other_boards)}


@dataclass(frozen=True)
class Standings:
    format: str
    through: int
    rows: tuple[StandingRow, ...]
    pool: tuple[str, ...] = ()
    top_board: tuple[str, ...] = ()
    issues: tuple[str, ...] = ()
    sheet: ScoreSheet | None = field(default=None, compare=False, repr=False)

    def row(self, player: str) -> StandingRow:
        for r in self.rows:
            if r.player == player:
                return r
        raise KeyError(f"unknown player {player!r}")

    def order(self) -> list[str]:
        return [r.player for r in self.rows if r.rank is not None]

    def open_ties(self) -> list[tuple[int, tuple[str, ...], str]]:
        """The ties the rules leave to the TD: (rank, players, note), best rank first."""
        out: list[tuple[int, tuple[str, ...], str]] = []
        for row in self.rows:
            if row.tie == "td" and row.rank is not None and (not out or out[-1][0] != row.rank):
                players = tuple(r.player for r in self.rows if r.rank == row.rank)
                out.append((row.rank, players, row.note))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"format": self.format, "through": self.through,
                "standings": [r.to_dict() for r in self.rows], "pool": list(self.pool),
                "top_board": list(self.top_board), "issues": list(self.issues)}


def compute_standings(
    tournament: Tournament,
    fmt: TournamentFormat,
    *,
    through: int | None = None,
    scorer: Scorer = registry_scorer,
) -> Standings:
    """The standings after round ``through`` (default: the last round played)."""
    last = min(tournament.rounds_played(), fmt.rounds) if through is None else through
    issues: list[str] = []
    pool: tuple[str, ...] = ()
    if fmt.pool is not None and last >= fmt.pool.after_round:
        pool, pool_issues = championship_pool(tournament, fmt, scorer=scorer)
        issues.extend(pool_issues)
    sheet = ScoreSheet(tournament, fmt, last, scorer, frozenset(pool))
    issues.extend(sheet.issues)
    ctx = TieContext(tournament, sheet, frozenset(pool))
    competitors = [p.id for p in tournament.players if p.competing]
    top: tuple[str, ...] = ()
    method = fmt.final_ranking
    if last == 0:  # nothing played: everyone level, nothing for the TD to settle yet
        ordering = Ordering([sorted(competitors)], [], ["shared" if len(competitors) > 1 else ""],
                            ["no round played yet"])
    elif method == "pool-champion" and fmt.pool and last >= fmt.pool.bonus_round:
        ordering = _pool_champion(competitors, fmt, ctx)
    elif method == "top-board-winner" and fmt.top_board and last >= fmt.top_board.round:
        top = _top_board_players(tournament, fmt.top_board.round)
        ordering = _top_board_winner(competitors, top, fmt, ctx, issues)
    elif method == "locked-final-boards" and fmt.locked_final and last >= fmt.locked_final.round:
        ordering = locked_final_ordering(competitors, fmt, ctx, scorer, issues)
        top = tuple(p for b in tournament.boards if b.round == fmt.locked_final.round and b.top
                    for p in b.powers.values())
    elif method == "knockout" and fmt.knockout:
        ordering = knockout_ordering(competitors, fmt, ctx, last, issues)
    else:
        ordering = rank_by_total(competitors, fmt, ctx)
    if not competitors:
        ordering = Ordering()
    rows = _rows(ordering, tournament, sheet, set(pool), set(top))
    return Standings(fmt.name, last, rows, pool, top, tuple(issues), sheet)


# -- championship pool (WDC 2025) ---------------------------------------------------------------

def championship_pool(tournament: Tournament, fmt: TournamentFormat, *,
                      scorer: Scorer = registry_scorer) -> tuple[tuple[str, ...], list[str]]:
    """The pool: the published one when the tournament has it, else the best ``size`` players
    after ``after_round`` on their counted scores. A tie across the cut is reported, not broken."""
    rule = fmt.pool
    if rule is None:
        return (), []
    if tournament.pool is not None:
        return tuple(tournament.pool), []
    sheet = ScoreSheet(tournament, fmt, rule.after_round, scorer)
    eligible = [p.id for p in tournament.players if p.competing and not p.withdrawn]
    ctx = TieContext(tournament, sheet, about="pool")
    ordering = order_players(eligible, lambda p: sheet.totals[p], rule.cut_tie_breakers, ctx,
                             unresolved="td")
    pool: list[str] = []
    issues: list[str] = []
    for group, note in zip(ordering.groups, ordering.notes, strict=True):
        room = rule.size - len(pool)
        if room <= 0:
            break
        if len(group) <= room:
            pool.extend(group)
        else:
            names = ", ".join(tournament.player(p).label for p in group)
            issues.append(f"championship pool: {names} tie for the last "
                          f"{room} place(s) ({note})")
            break
    return tuple(pool), issues


def _pool_champion(players: Sequence[str], fmt: TournamentFormat, ctx: TieContext) -> Ordering:
    sheet = ctx.sheet
    assert sheet is not None and fmt.pool is not None
    in_pool = [p for p in players if p in ctx.pool]
    if not in_pool:
        return rank_by_total(players, fmt, ctx)
    criteria = fmt.champion_tie_breakers if fmt.champion_tie_breakers is not None else [
        c for c in fmt.tie_breakers if c != "pool-first"]
    pool_order = order_players(in_pool, lambda p: sheet.totals[p], criteria, ctx,
                               unresolved=fmt.unresolved_ties)
    champion = pool_order.groups[0]
    result = Ordering([list(champion)], [], [pool_order.ties[0]], [pool_order.notes[0]])
    rest = [p for p in players if p not in champion]
    if rest:
        following = rank_by_total(rest, fmt, ctx, offset=len(champion))
        why = "champion: highest tournament score in the championship pool"
        if len(pool_order.groups) > 1:
            why += f"; over the next pool player: {pool_order.reasons[0]}"
        result.extend(following, why)
    return result


# -- top board (WDC 2018) -----------------------------------------------------------------------

def _top_board_players(tournament: Tournament, rnd: int) -> tuple[str, ...]:
    return tuple(p for b in tournament.boards if b.round == rnd and b.top
                 for p in b.powers.values())


def _top_board_winner(players: Sequence[str], top: Sequence[str], fmt: TournamentFormat,
                      ctx: TieContext, issues: list[str]) -> Ordering:
    sheet = ctx.sheet
    assert sheet is not None and fmt.top_board is not None
    rnd = fmt.top_board.round
    seated = [p for p in top if p in players]
    if not seated:
        issues.append(f"no top board is marked in round {rnd}; ranked by total")
        return rank_by_total(players, fmt, ctx)
    top_board_no = next(b.number for b in ctx.tournament.boards if b.round == rnd and b.top)

    def top_score(p: str) -> float:
        return max((g.raw for g in sheet.games[p] if g.round == rnd and g.board == top_board_no),
                   default=0.0)

    board_order = order_players(seated, top_score, fmt.tie_breakers, ctx,
                                value_phrase="higher top-board score",
                                unresolved=fmt.unresolved_ties)
    champion = board_order.groups[0]
    result = Ordering([list(champion)], [], [board_order.ties[0]], [board_order.notes[0]])
    rest = [p for p in players if p not in champion]
    if rest:
        why = "champion: winner of the top board"
        if len(board_order.groups) > 1:
            why += f"; on the top board: {board_order.reasons[0]}"
        result.extend(rank_by_total(rest, fmt, ctx, offset=len(champion)), why)
    return result


def top_board_call(tournament: Tournament, fmt: TournamentFormat, *,
                   scorer: Scorer = registry_scorer) -> tuple[tuple[str, ...], list[str]]:
    """Who is offered the top board: the best ``size`` after the preliminaries, skipping those
    who declined (or withdrew) for the next in line. Returns the seven and any issue."""
    rule = fmt.top_board
    if rule is None:
        return (), []
    standings = compute_standings(tournament, fmt, through=rule.after_round, scorer=scorer)
    declined = set(tournament.top_board_declined)
    seated: list[str] = []
    issues: list[str] = []
    rows = [r for r in standings.rows if r.rank is not None]
    out = declined | {r.player for r in rows if tournament.player(r.player).withdrawn}
    for row in rows:
        if len(seated) >= rule.size:
            break
        if row.player in out:
            continue
        if row.tie:
            tied = [r.player for r in rows if r.rank == row.rank and r.player not in out
                    and r.player not in seated]
            if len(seated) + len(tied) > rule.size:
                issues.append(f"top board: {', '.join(tied)} tie for the last place(s); "
                              f"{row.note}")
                break
        seated.append(row.player)
    return tuple(seated), issues


# -- rows ---------------------------------------------------------------------------------------

def _rows(ordering: Ordering, tournament: Tournament, sheet: ScoreSheet, pool: set[str],
          top: set[str]) -> tuple[StandingRow, ...]:
    rows: list[StandingRow] = []
    place = 1
    for g, group in enumerate(ordering.groups):
        tie = ordering.ties[g] if len(group) > 1 else ""
        for i, player in enumerate(group):
            last_in_group = i == len(group) - 1
            if last_in_group:
                reason = ordering.reasons[g] if g < len(ordering.reasons) else ""
            else:
                reason = ordering.notes[g]
            rows.append(_row(place, player, tournament, sheet, pool, top, reason, tie,
                             ordering.notes[g] if tie else ""))
        place += len(group)
    for p in tournament.players:
        if not p.competing:
            rows.append(_row(None, p.id, tournament, sheet, pool, top, "", "",
                             "not competing: never ranked"))
    return tuple(rows)


def _row(rank: int | None, player: str, tournament: Tournament, sheet: ScoreSheet,
         pool: set[str], top: set[str], reason: str, tie: str, note: str) -> StandingRow:
    return StandingRow(
        rank=rank, player=player, name=tournament.player(player).label,
        score=sheet.totals[player], rounds=tuple(sheet.entries[player].values()),
        in_pool=player in pool, top_board=player in top, reason=reason, tie=tie,
        competing=tournament.player(player).competing, note=note,
    )
