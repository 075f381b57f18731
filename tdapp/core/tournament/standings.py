"""The standings of a tournament under its format, every place explained.

``compute_standings`` scores what needs scoring, counts rounds as the format says, settles the
championship pool / top board / locked final boards / knock-out stage, breaks ties with the
format's criteria and returns rows that say why each player is above the next. Players who are
not competing (TDs, assistants) are listed last, unranked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tdapp.core.formats.model import TournamentFormat
from tdapp.core.formats.structures import final_ranking_rule
from tdapp.core.formats.structures.knockout import Finalist, finalists
from tdapp.core.powers import BOARD_SIZE
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
    rule = final_ranking_rule(fmt.final_ranking)
    if last == 0:  # nothing played: everyone level, nothing for the TD to settle yet
        ordering = Ordering([sorted(competitors)], [], ["shared" if len(competitors) > 1 else ""],
                            ["no round played yet"])
    elif rule.applies(fmt, last):
        context = StandingsContext(fmt, ctx, scorer, last, issues)
        ordering = rule.rank(fmt, competitors, context)
        top = rule.marked(fmt, context)
    else:
        ordering = rank_by_total(competitors, fmt, ctx)
    if not competitors:
        ordering = Ordering()
    rows = _rows(ordering, tournament, sheet, set(pool), set(top))
    return Standings(fmt.name, last, rows, pool, top, tuple(issues), sheet)


@dataclass
class StandingsContext:
    """What a structural rule ranks with (``tdapp.core.formats.structures.RankingContext``):
    the tournament and its score sheet through ``through``, and the tie-breaking engine."""

    fmt: TournamentFormat
    tie: TieContext
    scorer: Scorer
    through: int
    issues: list[str]

    @property
    def tournament(self) -> Tournament:
        return self.tie.tournament

    @property
    def sheet(self) -> ScoreSheet:
        assert self.tie.sheet is not None
        return self.tie.sheet

    @property
    def pool(self) -> frozenset[str]:
        return self.tie.pool

    def by_total(self, players: Sequence[str], *, criteria: Sequence[str] | None = None,
                 offset: int = 0) -> Ordering:
        return rank_by_total(players, self.fmt, self.tie, criteria, offset)

    def order_by(self, players: Sequence[str], value: Callable[[str], float], *,
                 criteria: Sequence[str] | None = None, phrase: str = "higher score",
                 offset: int = 0) -> Ordering:
        return order_players(players, value,
                             self.fmt.tie_breakers if criteria is None else criteria, self.tie,
                             value_phrase=phrase, unresolved=self.fmt.unresolved_ties,
                             offset=offset)

    def before(self, round_number: int) -> StandingsContext:
        sheet = ScoreSheet(self.tournament, self.fmt, round_number - 1, self.scorer, self.pool)
        return StandingsContext(self.fmt, TieContext(self.tournament, sheet, self.pool),
                                self.scorer, round_number - 1, self.issues)


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


# -- top board (WDC 2018) -----------------------------------------------------------------------

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


# -- knock-out final (DBN 2025) -----------------------------------------------------------------

def knockout_call(tournament: Tournament, fmt: TournamentFormat, *,
                  scorer: Scorer = registry_scorer) -> tuple[list[Finalist], list[str]]:
    """Who plays the knock-out's final, in championship seeding order (a solo first, then
    seed), from the qualifying rounds' results; and what is missing (a game with no single
    winner yet)."""
    rule = fmt.knockout
    if rule is None:
        return [], []
    sheet = ScoreSheet(tournament, fmt, rule.final_round - 1, scorer)
    issues: list[str] = []
    found = finalists(tournament, fmt, sheet, issues)
    if len(found) % BOARD_SIZE:  # a qualifying game not played, or with no single winner yet
        issues.append(f"{len(found)} finalists known so far: a qualifying game has no result "
                      "or no single winner yet")
    return found, issues


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
