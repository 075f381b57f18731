"""Per-player round scores: boards scored, double boards settled, multipliers, best-N counting.

:class:`ScoreSheet` is the arithmetic every later step reads: which game each player's round
score came from, what it is worth after multipliers, which rounds count and which are dropped.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace

from tdapp.core.formats.model import TournamentFormat
from tdapp.core.formats.options import DoubleBoard
from tdapp.core.game.replacement import credits
from tdapp.core.scoring.base import GameResult, ScoringSystem
from tdapp.core.scoring.registry import get_system
from tdapp.core.tournament.model import Board, Tournament

Scorer = Callable[[str, GameResult], Mapping[str, float]]


def registry_scorer(system: str, game: GameResult) -> Mapping[str, float]:
    """Score ``game`` with the named system of the scoring registry."""
    return get_system(system).score(game)


@dataclass(frozen=True)
class Game:
    """One player's game: the board, the power and the raw game score (no multiplier)."""

    round: int
    board: int
    power: str
    raw: float
    centers: int
    table: tuple[str, ...]  # everybody on the board, the player included
    lost_to_solo: bool
    top: bool

    def met(self, others: set[str], player: str) -> bool:
        """Whether any of ``others`` (besides ``player``) sat at this board."""
        return any(p in others for p in self.table if p != player)


@dataclass(frozen=True)
class RoundEntry:
    """A player's round: ``score`` is what the round is worth (after multipliers), None when the
    player did not play it. ``counted``/``dropped`` say how the format's counting used it."""

    round: int
    score: float | None
    raw: float | None = None
    multiplier: float = 1.0
    source: str = "absent"  # "board", "sit-out" or "absent"
    board: int | None = None
    power: str | None = None
    centers: int | None = None
    counted: bool = False
    dropped: bool = False
    other_boards: tuple[int, ...] = ()


@dataclass
class ScoreSheet:
    """Round scores of every player of ``tournament`` through round ``through``."""

    tournament: Tournament
    fmt: TournamentFormat
    through: int
    scorer: Scorer = registry_scorer
    pool: frozenset[str] = frozenset()
    board_scores: dict[tuple[int, int], Mapping[str, float]] = field(default_factory=dict)
    games: dict[str, list[Game]] = field(default_factory=dict)
    entries: dict[str, dict[int, RoundEntry]] = field(default_factory=dict)
    totals: dict[str, float] = field(default_factory=dict)
    issues: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._boards = {(b.round, b.number): b for b in self.tournament.boards
                        if b.round <= self.through}
        self._round_multipliers = {r.number: r.multiplier for r in self.fmt.round_rules}
        self._names = {p.id: p.name for p in self.tournament.players}
        self._score_boards()
        self._collect_games()
        self._settle_rounds()
        for player in self.tournament.players:
            self.totals[player.id] = self._count(player.id, self.entries[player.id])

    # -- building -------------------------------------------------------------------------------
    def _score_boards(self) -> None:
        for key, board in sorted(self._boards.items()):
            scores = self._board_game_scores(board)
            if scores is not None:
                self.board_scores[key] = scores

    def _board_game_scores(self, board: Board) -> Mapping[str, float] | None:
        if board.scores is not None:
            return board.scores
        if not board.centers:
            self.issues.append(f"round {board.round} board {board.number} has no result yet")
            return None
        system = self.fmt.scoring_for(board.round)
        try:
            return self.scorer(system, board.game_result())
        except (ValueError, KeyError, LookupError) as exc:
            self.issues.append(f"round {board.round} board {board.number} cannot be scored "
                               f"with {system}: {exc}")
            return None

    def _collect_games(self) -> None:
        known = {p.id for p in self.tournament.players}
        for player in known:
            self.games[player] = []
        for (rnd, number), scores in self.board_scores.items():
            board = self._boards[(rnd, number)]
            seated = tuple(board.powers.values()) + tuple(
                r.left for r in board.replacements if r.left not in board.powers.values())
            for power, holder in board.powers.items():
                position = float(scores.get(power, 0.0))
                # A seat left mid-game credits the leaver and the replacement as the TD decided.
                for player, raw in credits(power, holder, position, board.replacements):
                    if player not in known:
                        self.issues.append(f"round {rnd} board {number}: unknown player {player!r}")
                        continue
                    centers = int(board.centers.get(power, 0)) if board.centers else 0
                    self.games[player].append(Game(
                        round=rnd, board=number, power=power, raw=raw, centers=centers,
                        table=seated,
                        lost_to_solo=board.solo is not None and board.solo != power,
                        top=board.top,
                    ))

    def multiplier(self, player: str, rnd: int) -> float:
        value = self._round_multipliers.get(rnd, 1.0)
        pool = self.fmt.pool
        if pool is not None and rnd == pool.bonus_round and player in self.pool:
            value *= pool.bonus_multiplier
        return value

    def _settle_rounds(self) -> None:
        sit_outs = {(s.round, s.player): s for s in self.tournament.sit_outs
                    if s.round <= self.through}
        for player in self.tournament.players:
            by_round: dict[int, list[Game]] = defaultdict(list)
            for game in self.games[player.id]:
                by_round[game.round].append(game)
            entries: dict[int, RoundEntry] = {}
            for rnd in range(1, self.through + 1):
                games = by_round.get(rnd, [])
                if games:
                    entries[rnd] = self._entry_from_games(player.id, rnd, games)
                elif (rnd, player.id) in sit_outs:
                    bonus = sit_outs[(rnd, player.id)].bonus
                    entries[rnd] = RoundEntry(rnd, bonus, raw=bonus, source="sit-out")
                else:
                    entries[rnd] = RoundEntry(rnd, None)
            self.entries[player.id] = entries

    def _entry_from_games(self, player: str, rnd: int, games: list[Game]) -> RoundEntry:
        if len(games) > 1 and not self.fmt.two_boards_allowed:
            self.issues.append(f"{player} played {len(games)} boards in round {rnd}, "
                               "which the format does not allow")
        rule = self.fmt.double_board
        if rule == DoubleBoard.FIRST:
            chosen = min(games, key=lambda g: g.board)
            raw = chosen.raw
        elif rule == DoubleBoard.SUM:
            chosen = min(games, key=lambda g: g.board)
            raw = sum(g.raw for g in games)
        else:  # DoubleBoard.BEST: the better score counts (WDC 2018, WDC 2025)
            chosen = max(games, key=lambda g: (g.raw, -g.board))
            raw = chosen.raw
        factor = self.multiplier(player, rnd)
        return RoundEntry(
            rnd, raw * factor, raw=raw, multiplier=factor, source="board", board=chosen.board,
            power=chosen.power, centers=chosen.centers,
            other_boards=tuple(g.board for g in games if g is not chosen),
        )

    def _count(self, player: str, entries: dict[int, RoundEntry]) -> float:
        """Mark counted and dropped rounds in ``entries`` (in place) and return the total."""
        total = 0.0
        for group in self.fmt.count_groups():
            played = [entries[r] for r in group.rounds if r in entries and entries[r].score is not None]
            eligible = played
            if group.max_played is not None:
                eligible = self._within_limit(player, played, group.rounds, group.max_played)
            # Best scores count; on equal scores a board before a sit-out, then the earlier round.
            ranked = sorted(eligible, key=lambda e: (-(e.score or 0.0), e.source == "sit-out",
                                                     e.round))
            keep = ranked if group.best is None else ranked[: group.best]
            kept_rounds = {e.round for e in keep}
            for e in played:
                counted = e.round in kept_rounds
                if e.counted != counted or e.dropped == counted:
                    entries[e.round] = _marked(e, counted)
                if counted:
                    total += e.score or 0.0
        return total

    def _within_limit(self, player: str, played: list[RoundEntry], rounds: tuple[int, ...],
                      most: int) -> list[RoundEntry]:
        """WDC 2018: "Players may participate in no more than three of the four preliminary
        rounds." A sit-out is not a round played. Boards beyond the limit never count: the
        first ``most`` boards in round order stand, a later one is dropped and noted by name."""
        boards = [e for e in played if e.source == "board"]
        if len(boards) <= most:
            return played
        over = {e.round for e in sorted(boards, key=lambda e: e.round)[most:]}
        name = self._names.get(player) or player
        self.issues.append(
            f"{name} played {len(boards)} of rounds {_round_list(rounds)}; at most {most} "
            f"allowed, so round{'s' if len(over) > 1 else ''} "
            f"{_round_list(tuple(sorted(over)))} do{'' if len(over) > 1 else 'es'} not count")
        return [e for e in played if e.round not in over]

    # -- questions the tie-breakers ask ---------------------------------------------------------
    def round_score(self, player: str, rnd: int) -> float | None:
        entry = self.entries[player].get(rnd)
        return entry.score if entry else None

    def counted_games(self, player: str) -> list[Game]:
        """The games whose score counts in the tournament total."""
        out: list[Game] = []
        for entry in self.entries[player].values():
            if entry.counted and entry.source == "board":
                out.extend(g for g in self.games[player]
                           if g.round == entry.round and g.board == entry.board)
        return out

    def dropped_score(self, player: str) -> float:
        """The best score among dropped rounds; 0 when nothing was dropped."""
        dropped = [e.score or 0.0 for e in self.entries[player].values() if e.dropped]
        return max(dropped, default=0.0)

    def game_value(self, player: str, game: Game) -> float:
        """A game's score as it counts for the player (with the round's multipliers)."""
        return game.raw * self.multiplier(player, game.round)

    def board(self, rnd: int, number: int) -> Board:
        return self._boards[(rnd, number)]

    def total_rolled_back(self, player: str, rnd: int, years: int) -> float | None:
        """The player's total with their round-``rnd`` board rolled back ``years`` game years
        (EDC count-back); None when the board's centre history does not reach that far."""
        entry = self.entries[player].get(rnd)
        if entry is None or entry.source != "board" or entry.board is None:
            return self.totals[player]  # nothing to roll back: the total stands
        board = self._boards[(rnd, entry.board)]
        game = rolled_back_game(board, years)
        if game is None:
            return None
        try:
            scores = self.scorer(self.fmt.scoring_for(rnd), game)
        except (ValueError, KeyError, LookupError):
            return None
        raw = float(scores.get(entry.power or "", 0.0))
        entries = dict(self.entries[player])
        entries[rnd] = replace(entry, raw=raw, score=raw * entry.multiplier)
        saved = len(self.issues)
        total = self._count(player, entries)
        del self.issues[saved:]
        return total


def _marked(e: RoundEntry, counted: bool) -> RoundEntry:
    """``e`` marked counted or dropped (built directly: this runs for every player-round)."""
    return RoundEntry(e.round, e.score, e.raw, e.multiplier, e.source, e.board, e.power,
                      e.centers, counted, not counted, e.other_boards)


def rolled_back_game(board: Board, years: int) -> GameResult | None:
    """The board as it stood ``years`` game years before its end, from its centre history."""
    if board.history is None or board.end_year is None:
        return None
    year = board.end_year - years
    history = {int(y): c for y, c in board.history.items()}
    if year not in history:
        return None
    centers = dict(history[year])
    eliminated = {p: y for p, y in board.eliminated.items() if y <= year}
    for power, count in centers.items():
        if count == 0 and power not in eliminated:  # out by then, though its recorded year
            eliminated[power] = _first_year_without(history, power, year)  # is later
    return GameResult(
        centers=centers, end_year=year, solo=None, eliminated=eliminated,
        history={y: c for y, c in history.items() if y <= year},
        draw=None, selection_order=board.selection_order,
    )


def _first_year_without(history: Mapping[int, Mapping[str, int]], power: str, year: int) -> int:
    """The first year of the run of years up to ``year`` in which ``power`` had no centres."""
    first = year
    for y in sorted((y for y in history if y <= year), reverse=True):
        if history[y].get(power, 0) > 0:
            break
        first = y
    return first


def _round_list(rounds: Iterable[int]) -> str:
    return ", ".join(str(r) for r in rounds)


def scorer_with(custom: Iterable[ScoringSystem]) -> Scorer:
    """A standings scorer that knows the tournament's formula systems as well as the built-ins."""
    systems = tuple(custom)

    def score(system: str, game: GameResult) -> Mapping[str, float]:
        return get_system(system, systems).score(game)

    return score
