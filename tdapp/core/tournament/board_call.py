"""The board-call wizard's seating state, without the file: the round's context in the core's
terms (players known by label), the proposal the wizard shows and edits, and each edit of it
(seat, seat again, swap, powers by preference, the Paris method, by hand). The services read the
context from the tournament file and publish the finished proposal.

A refusal here is a :class:`SeatingRefusal`, in the TD's words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from tdapp.core.formats import TournamentFormat
from tdapp.core.formats.options import PowerMethod, SitOutOrder
from tdapp.core.formats.structures import SeatingNeeds
from tdapp.core.powers import BOARD_SIZE, POWERS
from tdapp.core.seating import (
    Board,
    History,
    Issue,
    ParisSelection,
    PastBoard,
    SeatingRequest,
    SeatingStats,
    SitOutPolicy,
    assign_from_preferences,
    choosing_order,
    repeat_lower_bound,
    reseed_unlocked,
    review_round,
    seat_round,
    set_power,
    swap_players,
)

Progress = Callable[[float], None]
Cancel = Callable[[], bool]


class SeatingRefusal(ValueError):
    """A seating edit or search refused, in the TD's words (nothing was changed)."""


DEFAULT_TIME_LIMIT = 5.0


RANKED_METHODS = ("ranked", "weighted", "seed_order")


METHOD_TITLES: dict[str, str] = {
    "balanced": "Balanced (fewest repeated opponents)",
    "random": "Random",
    "ranked": "Ranked (boards of seven in standings order)",
    "weighted": "Weighted random by rank",
    "seed_order": "Seed order across boards",
    "team": "Team round (team-mates apart, team's powers)",
}


POWER_METHOD_TITLES: dict[str, str] = {
    PowerMethod.AUTOMATIC: "Automatic (nobody repeats a power)",
    PowerMethod.PREFERENCES: "From preference lists (lowest-ranked chooses first)",
    PowerMethod.PARIS: "Paris method, step by step",
    PowerMethod.MANUAL: "By hand",
}


# One category for everybody when the format has no order of categories; the core writes it in
# its explanation ("P sits out (lowest-ranked first, by the sit-out order)").
LOWEST_RANKED = "lowest-ranked first"


LOWEST_SEED = "lowest seed first"


@dataclass(frozen=True)
class PlayersPlan:
    """Who plays (a player on two boards is listed twice) and who sits out, with reasons."""

    playing: tuple[int, ...]
    sitting_out: tuple[int, ...] = ()
    reasons: Mapping[int, str] = field(default_factory=dict)

    @property
    def boards(self) -> int:
        return len(self.playing) // BOARD_SIZE

    def problems(self) -> list[str]:
        """Why this plan cannot be seated, in the TD's words (empty when it can)."""
        count = len(self.playing)
        found = []
        if count == 0:
            found.append("Nobody is playing.")
        elif count % BOARD_SIZE:
            over = count % BOARD_SIZE
            found.append(f"{count} players is not a multiple of 7: {BOARD_SIZE - over} more "
                         f"or {over} fewer.")
        if any(times > 2 for times in Counter(self.playing).values()):
            found.append("A player is listed more than twice; two boards at most.")
        if set(self.playing) & set(self.sitting_out):
            found.append("A player cannot both play and sit out.")
        return found


def sit_out_policy(fmt: TournamentFormat) -> SitOutPolicy:
    """The fixes the format prefers, most preferred first."""
    doubles = ("two_boards", "standbys_and_two_boards") if fmt.two_boards_allowed else ()
    if fmt.sit_out_order == SitOutOrder.WDC_2018_LOCALS_FIRST:
        fixes = ("standbys", "volunteers", "sit_out_order", *doubles)
        return SitOutPolicy(fixes, category_order=("board", "club", "local", "traveller"))
    if fmt.sit_out_order == SitOutOrder.LOWEST_SEEDS_MOVE:
        return SitOutPolicy(("standbys", "volunteers", "sit_out_order", *doubles),
                            category_order=(LOWEST_SEED,))
    # The TD's choice: ask for help first (standbys, volunteers, doubles), then the lowest-ranked.
    return SitOutPolicy(("standbys", "volunteers", *doubles, "sit_out_order"),
                        category_order=(LOWEST_RANKED,))


@dataclass
class SeatingContext:
    """What the file says about the round being seated, in the core's terms (labels)."""

    round_number: int
    fmt: TournamentFormat
    method: str
    power_method: str
    labels: dict[int, str]
    history: list[PastBoard]
    keep_apart: list[tuple[str, str]]
    locked_seats: dict[str, int]
    ranking: list[str]
    preferences: dict[str, str]
    teams: dict[str, dict[str, str]]
    notes: list[str] = field(default_factory=list)
    top_board: list[str] = field(default_factory=list)  # seated on board 1, the top board
    board_one_is_top: bool = False  # final-round boards by ranking: board 1 is the top board
    last_round: int | None = None  # the last of the balanced rounds from this one on
    pool: list[str] = field(default_factory=list)  # WDC 2025: seated apart, order not shown
    seeds: dict[str, int] = field(default_factory=dict)  # qualifying seeds (DBN), by label
    _history: History | None = None

    @property
    def ids(self) -> dict[str, int]:
        return {label: pid for pid, label in self.labels.items()}

    def history_index(self) -> History:
        """Meetings and powers played, built once (review runs after every drag and drop)."""
        if self._history is None:
            self._history = History.from_boards(self.history)
        return self._history

    def played(self, label: str) -> list[str]:
        counts = self.history_index().played.get(label)
        return [p for p in POWERS if counts and counts[p]]


@dataclass
class SeatingProposal:
    """A round's boards as the wizard shows and edits them until they are published."""

    context: SeatingContext
    plan: PlayersPlan
    boards: list[Board]
    stats: SeatingStats
    issues: list[Issue]
    notes: list[str] = field(default_factory=list)
    locked_boards: set[int] = field(default_factory=set)
    selection_orders: dict[int, list[str]] = field(default_factory=dict)  # board -> players
    seed: int = 0
    cancelled: bool = False
    automatic: dict[int, dict[str, str]] = field(default_factory=dict)  # board -> powers
    pool_boards: list[int] = field(default_factory=list)  # the championship pool's boards

    def __post_init__(self) -> None:
        if not self.automatic:  # the engine's powers, to go back to from another method
            self.automatic = {b.number: dict(b.powers) for b in self.boards}

    def restore_automatic(self) -> None:
        """The engine's powers again on every unlocked board (leaving another method)."""
        for board in self.boards:
            if board.number not in self.locked_boards and board.number in self.automatic:
                board.powers = dict(self.automatic[board.number])
                self.selection_orders.pop(board.number, None)
        self.recheck()

    @property
    def round_number(self) -> int:
        return self.context.round_number

    @property
    def method(self) -> str:
        return self.context.method

    def recheck(self) -> None:
        """Recompute the issues after an edit (a swap, a hand-set power)."""
        self.stats, self.issues = review(self)

    def missing_powers(self) -> list[int]:
        return [b.number for b in self.boards if len(b.powers) != BOARD_SIZE]


def structure_notes(needs: Sequence[SeatingNeeds], method: str) -> list[str]:
    """What the format's structure asks of this round, for the seating review (the top board
    names its players itself)."""
    notes = [n.words[0].upper() + n.words[1:] for n in needs if n.words and not n.top_board]
    if any(n.ranked_groups for n in needs) and method != "ranked":
        notes.append(f"The format's final ranking expects this round seated by ranking, not "
                     f"{METHOD_TITLES.get(method, method).lower()}")
    return notes


def last_balanced_round(fmt: TournamentFormat, round_number: int) -> int:
    """The last round of the run of balanced rounds from ``round_number`` on: the seater
    prepares the next round only when it is seated the same way."""
    last = round_number
    while last < fmt.rounds and fmt.round_rule(last + 1).seating == "balanced":
        last += 1
    return last


def passed_over(context: SeatingContext, top: Sequence[str], left_out: set[int]) -> list[str]:
    """Players of ``left_out`` ranked above the last of the top board: the ones passed over."""
    order = context.ranking
    last = max((order.index(p) for p in top if p in order), default=-1)
    ids = context.ids
    return [p for p in order[:last] if ids.get(p) in left_out]


def rest_method(context: SeatingContext, players: Sequence[str]) -> tuple[str, dict, str]:
    """How the players outside the pool are seated: (method, teams, why in words). WDC 2025
    II.4: the Team Tournament is played "assuming there are at least 49 such players", and
    only when teams have been entered; otherwise it is an ordinary round."""
    if context.method != "team":
        return context.method, {}, ""
    pool = set(context.pool)
    outside = [p for p in players if p not in pool]
    rule = context.fmt.team
    least = rule.min_players if rule is not None else 0
    if not context.teams:
        return "balanced", {}, ("No teams have been entered: the players outside the pool are "
                                "seated as an ordinary round" if pool else
                                "No teams have been entered: seated as an ordinary round")
    if len(outside) < least:
        return "balanced", {}, (f"{len(outside)} players outside the championship pool, fewer "
                                f"than the {least} a team round needs: they are seated as an "
                                "ordinary round")
    return "team", dict(context.teams), ""


def repeat_pairs_bound(context: SeatingContext, playing: Sequence[int]) -> int:
    """The provable lower bound on this round's repeated pairs, for the wizard to show beside
    the outcome. A championship pool (WDC 2025 round 4) is seated apart from everyone else: each
    part is bounded on its own and the two bounds add up (no pair spans both)."""
    history = context.history_index()
    players = [context.labels[p] for p in playing]
    pool = set(context.pool)
    if not pool & set(players):
        return repeat_lower_bound(players, history).pairs
    apart = [p for p in players if p in pool]
    rest = [p for p in players if p not in pool]
    return repeat_lower_bound(apart, history).pairs + repeat_lower_bound(rest, history).pairs


def seat_with_context(
    context: SeatingContext,
    players_plan: PlayersPlan,
    seed: int | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> SeatingProposal:
    """The search part of :func:`seat`, without the file (runs in the GUI's worker)."""
    seed = context.round_number if seed is None else seed
    request = _request(context, players_plan, seed, time_limit)
    stopped = _Watch(cancel)
    try:
        result = seat_round(request, progress, stopped)
    except ValueError as exc:
        raise SeatingRefusal(f"The round cannot be seated: {exc}") from exc
    why = rest_method(context, request.players)[2]
    unseated = [p for p in context.top_board if p not in set(request.players)]
    if unseated:  # ticked off in step 1 after the top board was called
        why = "; ".join(filter(None, [why, "Top-board players not playing this round, so board 1 "
                                            "is not the full top board: " + ", ".join(unseated)]))
    proposal = SeatingProposal(context, players_plan, result.boards, result.stats,
                               result.issues, context.notes + ([why] if why else [])
                               + list(result.notes), seed=seed, cancelled=stopped.fired,
                               pool_boards=list(result.pool_boards))
    if stopped.fired:
        proposal.notes.append("Stopped early: the best seating found so far is shown.")
    if context.power_method == PowerMethod.PREFERENCES:
        assign_preferences(proposal)
    return proposal


class _Watch:
    """Wraps a cancel callable to remember whether it ever said stop."""

    def __init__(self, cancel: Cancel | None) -> None:
        self._cancel = cancel
        self.fired = False

    def __call__(self) -> bool:
        if self._cancel is not None and self._cancel():
            self.fired = True
        return self.fired


def _request(context: SeatingContext, plan: PlayersPlan, seed: int,
             time_limit: float) -> SeatingRequest:
    players = [context.labels[p] for p in plan.playing]
    playing = set(players)
    locked = {p: board for p, board in context.locked_seats.items() if p in playing}
    method, teams, _why = rest_method(context, players)
    return SeatingRequest(
        players=players, history=context.history, keep_apart=context.keep_apart,
        method=method, ranking=context.ranking, seed=seed, time_limit=time_limit,
        locked_seats=locked, teams=teams, last_round=context.last_round, pool=context.pool,
    )


def reseed(
    proposal: SeatingProposal,
    only_unlocked: bool = True,
    seed: int | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> SeatingProposal:
    """Seat again: only the boards not locked (balanced), or the whole round."""
    seed = proposal.seed + 1 if seed is None else seed
    context = proposal.context
    if not only_unlocked or not proposal.locked_boards or context.pool:
        fresh = seat_with_context(context, proposal.plan, seed, time_limit, progress, cancel)
        if context.pool and proposal.locked_boards:  # the pool and the rest stay apart
            fresh.notes.append("A round with a championship pool is seated again whole: "
                               "locked boards were not kept")
        fresh.locked_boards = set()
        return fresh
    request = _request(context, proposal.plan, seed, time_limit)
    stopped = _Watch(cancel)
    try:
        # the plan may differ from who sits on the boards (late arrivals join open boards)
        result = reseed_unlocked(request, proposal.boards, proposal.locked_boards, progress,
                                 stopped, players=request.players)
    except ValueError as exc:
        raise SeatingRefusal(f"The round cannot be seated again: {exc}") from exc
    orders = {n: o for n, o in proposal.selection_orders.items() if n in proposal.locked_boards}
    return SeatingProposal(context, proposal.plan, result.boards, result.stats, result.issues,
                           list(result.notes), set(proposal.locked_boards), orders, seed,
                           stopped.fired)


def review(proposal: SeatingProposal) -> tuple[SeatingStats, list[Issue]]:
    """Every issue of the proposed round (milliseconds: run it after each edit)."""
    context = proposal.context
    return review_round(proposal.boards, context.history_index(), context.keep_apart,
                        context.locked_seats, context.teams)


def move_player(proposal: SeatingProposal, player: str, from_board: int, to_board: int,
                other: str) -> None:
    """Drag and drop: ``player`` and ``other`` change places (and powers); issues recomputed."""
    if from_board in proposal.locked_boards or to_board in proposal.locked_boards:
        raise SeatingRefusal("A locked board keeps its players: unlock it first.")
    swap_players(proposal.boards, player, from_board, other, to_board)
    proposal.recheck()


def set_power_by_hand(proposal: SeatingProposal, board_number: int, player: str,
                      power: str) -> None:
    set_power(_board(proposal, board_number), player, power)
    proposal.recheck()


def _board(proposal: SeatingProposal, number: int) -> Board:
    for board in proposal.boards:
        if board.number == number:
            return board
    raise SeatingRefusal(f"There is no board {number}.")


def team_boards(proposal: SeatingProposal) -> frozenset[int]:
    """The team round's boards whose powers the teams chose (WDC 2025 II.4.a: "One player
    from the team will play each country, and this will be assigned by the team"): every seat
    a team member. A power method leaves them as the teams chose."""
    rule = proposal.context.fmt.team
    if rule is None or not rule.team_picks_powers:
        return frozenset()
    members = {player for team in proposal.context.teams.values() for player in team.values()}
    return frozenset(b.number for b in proposal.boards
                     if members and b.seats and all(p in members for p in b.seats))


def assign_preferences(proposal: SeatingProposal) -> list[str]:
    """Powers from each player's preference list, lowest-ranked first; returns the notes.
    Locked boards and the team round's boards keep theirs."""
    context = proposal.context
    notes: list[str] = []
    kept = proposal.locked_boards | team_boards(proposal)
    for board in proposal.boards:
        if board.number in kept:
            continue
        order = choosing_order(board.seats, context.ranking, lowest_first=True)
        outcome = assign_from_preferences(board.seats, context.preferences, order,
                                          context.history_index())
        board.powers = dict(outcome.powers)
        notes += [f"Board {board.number}: {note}" for note in outcome.notes]
    proposal.recheck()
    return notes


def paris_selection(proposal: SeatingProposal, board_number: int) -> ParisSelection:
    """A fresh Paris-method selection for one board (seeds by the ranking)."""
    board = _board(proposal, board_number)
    context = proposal.context
    played = {p: context.played(p) for p in board.seats}
    return ParisSelection.for_board(board.seats, context.ranking, played)


def paris_seeds(proposal: SeatingProposal) -> dict[str, int]:
    """Each player's seed as the room knows it, for the Paris method's table: the qualifying
    seed where there is one (DBN Invitational), else the place in the ranking that seeded the
    boards (issue 24: each board showed seeds 1-7)."""
    context = proposal.context
    place = {player: i + 1 for i, player in enumerate(context.ranking)}
    return {player: context.seeds.get(player, place.get(player, 0))
            for board in proposal.boards for player in board.seats}


def apply_paris(proposal: SeatingProposal, board_number: int, selection: ParisSelection) -> None:
    """Take a finished selection's powers and keep its selection order."""
    if selection.turn() is not None:
        raise SeatingRefusal(f"Board {board_number}: the Paris method is not finished yet.")
    board = _board(proposal, board_number)
    board.powers = dict(selection.powers)
    proposal.selection_orders[board_number] = selection.selection_order()
    proposal.recheck()


def clear_powers(proposal: SeatingProposal, board_number: int) -> None:
    _board(proposal, board_number).powers = {}
    proposal.selection_orders.pop(board_number, None)
    proposal.recheck()


def selection_powers(board: Board, order: Sequence[str]) -> list[str] | None:
    """The selection order as powers (what the file keeps for DBN's tie-break)."""
    powers = [board.power_of(p) for p in order]
    return [p for p in powers if p] or None

