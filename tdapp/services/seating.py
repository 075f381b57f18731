"""The board call of a round, one wizard step per function: who plays, seating, powers, review,
publish. The core seating engine (``tdapp.core.seating``) does the work; this module reads what
it needs from the tournament file and writes the published call back.

In the core, players are strings. Here each player is known by a *label*: the name, or
"name (#id)" when two players share a name, so that every issue and Paris-method line the core
writes reads well to the TD, and maps back to a player id when the call is published.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from tdapp.core.formats import TournamentFormat
from tdapp.core.formats.options import PowerMethod, SitOutOrder
from tdapp.core.formats.structures import SeatingNeeds, seating_needs
from tdapp.core.powers import BOARD_SIZE, POWERS
from tdapp.core.seating import (
    Board,
    History,
    Issue,
    ParisSelection,
    PastBoard,
    Proposal,
    RollCallEntry,
    SeatingRequest,
    SeatingStats,
    SitOutPolicy,
    assign_from_preferences,
    choosing_order,
    propose_players,
    repeat_lower_bound,
    reseed_unlocked,
    review_round,
    seat_round,
    set_power,
    swap_players,
)
from tdapp.core.seating.model import METHODS
from tdapp.core.tournament import top_board_call
from tdapp.services import rollcall
from tdapp.services.changes import Change, ServiceError
from tdapp.services.formats import effective_format
from tdapp.services.players import keep_apart_pairs
from tdapp.services.rounds import (
    BoardPlan,
    all_boards,
    board_call,
    check_plan,
    get_round,
    seating_history,
)
from tdapp.services.snapshots import take_snapshot
from tdapp.services.standings_data import tournament_model, tournament_standings
from tdapp.services.teams import championship_pool
from tdapp.store.database import TournamentDb
from tdapp.store.models import Board as BoardRow
from tdapp.store.models import GamePhase, Player, Round, Seat, SitOut, Team, TeamMember

Progress = Callable[[float], None]
Cancel = Callable[[], bool]

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
# The store's local statuses in the words of the core's WDC 2018 sit-out order.
LOCAL_CATEGORY = {"board_member": "board", "club_member": "club", "local": "local",
                  "traveller": "traveller"}
# One category for everybody when the format has no order of categories; the core writes it in
# its explanation ("P sits out (lowest-ranked first, by the sit-out order)").
LOWEST_RANKED = "lowest-ranked first"
LOWEST_SEED = "lowest seed first"
NOT_STARTED = "seated"


# ---------------------------------------------------------------------------------- reading
def player_labels(db: TournamentDb) -> dict[int, str]:
    """Player id -> the label the core sees (the name; "name (#id)" for a shared name)."""
    with db.read() as session:
        rows = session.execute(select(Player.id, Player.name).order_by(Player.id)).all()
    counts = Counter(name for _, name in rows)
    return {pid: name if counts[name] == 1 else f"{name} (#{pid})" for pid, name in rows}


def sat_out_before(db: TournamentDb, round_number: int) -> set[int]:
    with db.read() as session:
        query = select(SitOut.player_id).join(Round).where(Round.number < round_number)
        return set(session.scalars(query))


def ranking_ids(db: TournamentDb, seed_first: bool = False) -> list[int]:
    """Players best first: by the standings once a round is scored, then by seed, then by id.
    ``seed_first`` puts qualifying seeds before the standings (DBN seeds every round)."""
    with db.read() as session:
        seeds = {pid: seed for pid, seed in session.execute(select(Player.id, Player.seed))}
    try:
        standings, _ = tournament_standings(db)
        order = [int(p) for p in standings.order()] if standings.through else []
    except (KeyError, ValueError):  # a format the standings cannot read yet: seeds only
        order = []
    place = {pid: i for i, pid in enumerate(order)}
    unranked = len(place)

    def key(pid: int) -> tuple:
        seed = seeds.get(pid)
        by_seed = (seed is None, seed if seed is not None else 0)
        by_rank = place.get(pid, unranked)
        return (by_seed, by_rank, pid) if seed_first else (by_rank, by_seed, pid)

    return sorted(seeds, key=key)


# ---------------------------------------------------------------------------- 1. who plays
@dataclass(frozen=True)
class Candidate:
    """One roll-call line as step 1 shows it."""

    player_id: int
    name: str
    status: str  # present, standby, late, absent
    two_boards: bool
    volunteer_sit_out: bool
    local_status: str
    sat_out_before: bool


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


@dataclass
class WhoPlaysProposal:
    round_number: int
    candidates: list[Candidate]
    count_text: str  # "45 present — 6 boards + 3 over"
    fix: str  # none, standbys, volunteers, sit_out_order, two_boards, ..., unresolved
    playing: list[int]
    sitting_out: list[int] = field(default_factory=list)
    standbys_in: list[int] = field(default_factory=list)
    two_boards: list[int] = field(default_factory=list)
    explanations: list[str] = field(default_factory=list)
    alternatives: list[WhoPlaysProposal] = field(default_factory=list)

    def plan(self) -> PlayersPlan:
        volunteers = {c.player_id for c in self.candidates if c.volunteer_sit_out}
        reasons = {pid: "volunteered to sit out" if pid in volunteers else "asked to sit out"
                   for pid in self.sitting_out}
        return PlayersPlan(tuple(self.playing), tuple(self.sitting_out), reasons)


FIX_TITLES: dict[str, str] = {
    "none": "Nothing to fix",
    "standbys": "Standbys in",
    "volunteers": "Volunteers sit out",
    "sit_out_order": "Sit-outs by the format's order",
    "two_boards": "Players on two boards",
    "standbys_and_two_boards": "Standbys in and players on two boards",
    "unresolved": "No fix found",
}


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


def candidates(db: TournamentDb, round_number: int) -> list[Candidate]:
    rows = rollcall.roll_call(db, round_number)
    before = sat_out_before(db, round_number)
    with db.read() as session:
        local = dict(session.execute(select(Player.id, Player.local_status)).all())
    # A player who has used the format's rounds (WDC 2018's three of four) is not called.
    return [Candidate(r.player_id, r.name, "absent" if r.limit else r.status, r.two_boards,
                      r.volunteer_sit_out, local.get(r.player_id, "traveller"),
                      r.player_id in before)
            for r in rows]


def _limit_note(db: TournamentDb, round_number: int) -> str:
    """Who is not called because they have used their rounds, in the TD's words."""
    used = [r.name for r in rollcall.roll_call(db, round_number) if r.limit]
    if not used:
        return ""
    fmt = effective_format(db)
    group = next(g for g in fmt.counting
                 if g.max_played is not None and round_number in g.rounds)
    return (f"Not called ({len(used)}: they have played or registered for "
            f"{group.max_played} of rounds {', '.join(str(r) for r in group.rounds)}, "
            f"the most a player may): {', '.join(used)}")


def _seat_count_text(tally: rollcall.RollCallCount, include_late: bool) -> str:
    """The roll call's count as seating counts it: late arrivals the format seats are counted in,
    so the boards said here are the boards the fix below makes (not "7 boards + 6 over" above
    "56 players make 8 boards")."""
    if not include_late or not tally.late:
        return tally.summary()
    seated = replace(tally, present=tally.present + tally.late, late=0)
    return seated.summary().replace(" present", " present or late", 1)


def who_plays(db: TournamentDb, round_number: int) -> WhoPlaysProposal:
    """From the roll call: who plays, and the fix the format prefers when the count is not a
    multiple of 7, with the other fixes that work as alternatives."""
    fmt = effective_format(db)
    people = candidates(db, round_number)
    policy = sit_out_policy(fmt)
    labels = player_labels(db)
    by_label = {labels[c.player_id]: c.player_id for c in people}
    ranking = [labels[p] for p in ranking_ids(db, fmt.sit_out_order == SitOutOrder.LOWEST_SEEDS_MOVE)]
    entries = [
        RollCallEntry(
            labels[c.player_id], c.status, two_boards=c.two_boards and fmt.two_boards_allowed,
            sit_out_volunteer=c.volunteer_sit_out,
            category=(policy.category_order[0] if len(policy.category_order) == 1
                      else LOCAL_CATEGORY.get(c.local_status, "traveller")),
            sat_out_before=c.sat_out_before,
        )
        for c in people if c.status != "absent"
    ]
    summary = _seat_count_text(rollcall.count(rollcall.roll_call(db, round_number)),
                               policy.include_late)
    core = propose_players(entries, policy, ranking)

    def ids(names: Sequence[str]) -> list[int]:
        return [by_label[name] for name in names]

    def convert(proposal: Proposal) -> WhoPlaysProposal:
        return WhoPlaysProposal(
            round_number, people, summary, proposal.fix, ids(proposal.players),
            ids(proposal.sitting_out), ids(proposal.standbys_in), ids(proposal.two_boards),
            list(proposal.explanations), [],
        )

    best = convert(core)
    best.alternatives = [convert(alt) for alt in core.alternatives]
    note = _limit_note(db, round_number)
    if note:
        for option in (best, *best.alternatives):
            option.explanations.append(note)
    if not entries:
        best.explanations = [f"Nobody is marked present for round {round_number}: take the "
                             "roll call on the Rounds page first."]
    return best


# ------------------------------------------------------------------------------ 2. seating
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


def seating_context(
    db: TournamentDb, round_number: int, method: str | None = None,
    power_method: str | None = None,
) -> SeatingContext:
    """Read history, keep-apart pairs, pinned boards, ranking, preferences and teams."""
    fmt = effective_format(db)
    rule = fmt.round_rule(round_number)
    method = method or rule.seating
    if method not in METHODS:
        raise ServiceError(f"Unknown seating method {method!r}.")
    labels = player_labels(db)
    history = [
        PastBoard(h["round"], h["board"], {pw: labels[p] for pw, p in h["powers"].items()})
        for h in seating_history(db, round_number)
    ]
    keep_apart = [(labels[a], labels[b]) for a, b, _ in keep_apart_pairs(db)
                  if a in labels and b in labels]
    with db.read() as session:
        players = session.scalars(select(Player)).all()
        locked = {labels[p.id]: p.pinned_board for p in players if p.pinned_board}
        preferences = {labels[p.id]: p.power_preferences for p in players if p.power_preferences}
        teams: dict[str, dict[str, str]] = {}
        for team_name, player_id, power in session.execute(
            select(Team.name, TeamMember.player_id, TeamMember.power).join(Team)
        ):
            if power:
                teams.setdefault(team_name, {})[power] = labels[player_id]
    ranking = [labels[p] for p in ranking_ids(db, seed_first=method == "seed_order"
                                              or fmt.sit_out_order == SitOutOrder.LOWEST_SEEDS_MOVE)]
    if power_method is None:
        # In the team round each team chose its members' powers: the engine keeps them.
        power_method = PowerMethod.AUTOMATIC if method == "team" else rule.powers
    context = SeatingContext(round_number, fmt, method, power_method, labels,
                             history, keep_apart, locked, ranking, preferences, teams,
                             last_round=last_balanced_round(fmt, round_number))
    needs = seating_needs(fmt, round_number)
    if any(n.top_board for n in needs):
        _add_top_board(db, context)
    if any(n.apart == "pool" for n in needs):
        _add_pool(db, context)
    context.board_one_is_top = any(n.locked_ranges for n in needs)
    context.notes += structure_notes(needs, method)
    return context


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


def _add_top_board(db: TournamentDb, context: SeatingContext) -> None:
    """WDC 2018: the best seven after the preliminaries play board 1 (a player who declined is
    replaced by the next in line); they are locked there, the rest is seated as usual."""
    model = tournament_model(db)
    away = _not_on_roll_call(db, context.round_number)
    declined = {int(p) for p in model.top_board_declined}
    # WDC 2018: "If a player cannot take their spot on the top board ... that spot will be
    # offered to the 8th highest": a player the roll call has not present cannot take it.
    model = replace(model, top_board_declined=tuple(model.top_board_declined) + tuple(
        str(p) for p in sorted(away)))
    top, issues = top_board_call(model, context.fmt)
    for why, left_out in (("Declined the top board", declined),
                          (f"Not present on the round {context.round_number} roll call, so not "
                           "on the top board", away)):
        names = _passed_over(context, [context.labels[int(p)] for p in top], left_out)
        if names:
            context.notes.append(f"{why} (the next in line takes the place): {', '.join(names)}")
    context.top_board = [context.labels[int(p)] for p in top]
    for player in context.top_board:
        context.locked_seats[player] = 1
    if context.top_board:
        context.notes.append("Top board (board 1): " + ", ".join(context.top_board))
    context.notes += issues


def _passed_over(context: SeatingContext, top: Sequence[str], left_out: set[int]) -> list[str]:
    """Players of ``left_out`` ranked above the last of the top board: the ones passed over."""
    order = context.ranking
    last = max((order.index(p) for p in top if p in order), default=-1)
    ids = context.ids
    return [p for p in order[:last] if ids.get(p) in left_out]


def _not_on_roll_call(db: TournamentDb, round_number: int) -> set[int]:
    """Players the round's roll call does not have present (or late): they cannot play."""
    return {row.player_id for row in rollcall.roll_call(db, round_number)
            if row.status not in ("present", "late")}


def _add_pool(db: TournamentDb, context: SeatingContext) -> None:
    """WDC 2025 II.2: the championship pool plays among itself. The pool goes to the seater
    as a set (sorted by label): its ranking stays private (II.2.a)."""
    pool, known = championship_pool(db)
    rule = context.fmt.pool
    if not known or not pool:
        after = rule.after_round if rule is not None else "the qualifying rounds"
        context.notes.append(f"The championship pool is not known yet (it is picked after round "
                             f"{after}): everyone is seated together")
        return
    context.pool = sorted(context.labels[p] for p in pool if p in context.labels)


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


def seat(
    db: TournamentDb,
    round_number: int,
    players_plan: PlayersPlan,
    method: str | None = None,
    seed: int | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
    power_method: str | None = None,
) -> SeatingProposal:
    """Seat the round by the format's method (or ``method``), powers automatic; the wizard then
    applies preferences, the Paris method or hand-set powers on top."""
    problems = players_plan.problems()
    if problems:
        raise ServiceError(" ".join(problems))
    context = seating_context(db, round_number, method, power_method)
    return seat_with_context(context, players_plan, seed, time_limit, progress, cancel)


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
        raise ServiceError(f"The round cannot be seated: {exc}") from exc
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
        raise ServiceError(f"The round cannot be seated again: {exc}") from exc
    orders = {n: o for n, o in proposal.selection_orders.items() if n in proposal.locked_boards}
    return SeatingProposal(context, proposal.plan, result.boards, result.stats, result.issues,
                           list(result.notes), set(proposal.locked_boards), orders, seed,
                           stopped.fired)


# ------------------------------------------------------------------------------ 4. review
def review(proposal: SeatingProposal) -> tuple[SeatingStats, list[Issue]]:
    """Every issue of the proposed round (milliseconds: run it after each edit)."""
    context = proposal.context
    return review_round(proposal.boards, context.history_index(), context.keep_apart,
                        context.locked_seats)


def move_player(proposal: SeatingProposal, player: str, from_board: int, to_board: int,
                other: str) -> None:
    """Drag and drop: ``player`` and ``other`` change places (and powers); issues recomputed."""
    if from_board in proposal.locked_boards or to_board in proposal.locked_boards:
        raise ServiceError("A locked board keeps its players: unlock it first.")
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
    raise ServiceError(f"There is no board {number}.")


# ------------------------------------------------------------------------------ 3. powers
def assign_preferences(proposal: SeatingProposal) -> list[str]:
    """Powers from each player's preference list, lowest-ranked first; returns the notes."""
    context = proposal.context
    notes: list[str] = []
    for board in proposal.boards:
        if board.number in proposal.locked_boards:
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


def apply_paris(proposal: SeatingProposal, board_number: int, selection: ParisSelection) -> None:
    """Take a finished selection's powers and keep its selection order."""
    if selection.turn() is not None:
        raise ServiceError(f"Board {board_number}: the Paris method is not finished yet.")
    board = _board(proposal, board_number)
    board.powers = dict(selection.powers)
    proposal.selection_orders[board_number] = selection.selection_order()
    proposal.recheck()


def clear_powers(proposal: SeatingProposal, board_number: int) -> None:
    _board(proposal, board_number).powers = {}
    proposal.selection_orders.pop(board_number, None)
    proposal.recheck()


# ------------------------------------------------------------------------------ 5. publish
def pool_boards(db: TournamentDb, round_number: int) -> frozenset[int]:
    """The championship pool's boards of a round (WDC 2025 round 4), for the board call to
    mark: every seat taken by a pool player. Empty for other rounds and formats."""
    rule = effective_format(db).pool
    if rule is None or round_number != rule.bonus_round:
        return frozenset()
    pool, known = championship_pool(db)
    if not known:
        return frozenset()
    return frozenset(b.number for b in all_boards(db, round_number)
                     if b.seats and all(s.player_id in pool for s in b.seats))


def existing_call(db: TournamentDb, round_number: int) -> int:
    """How many boards the round already has (0: not called yet)."""
    with db.read() as session:
        return len(get_round(session, round_number).boards)


def plans_of(proposal: SeatingProposal) -> list[BoardPlan]:
    ids = proposal.context.ids
    top = set(proposal.context.top_board)
    return [BoardPlan(b.number, {pw: ids[p] for pw, p in b.powers.items()},
                      top_board=(bool(top) and top <= set(b.seats))
                      or (proposal.context.board_one_is_top and b.number == 1))
            for b in proposal.boards]


def _selection_powers(board: Board, order: Sequence[str]) -> list[str] | None:
    """The selection order as powers (what the file keeps for DBN's tie-break)."""
    powers = [board.power_of(p) for p in order]
    return [p for p in powers if p] or None


def publish(
    db: TournamentDb,
    round_number: int,
    proposal: SeatingProposal,
    sit_outs: Mapping[int, str] | Collection[int] | None = None,
) -> Change:
    """Save the board call (replacing an earlier call before any result), the sit-outs (no
    rule document scores a sit-out, so none gets a bonus), mark the round called, and snapshot the file: one action, one Undo."""
    if proposal.missing_powers():
        raise ServiceError("Every board needs all seven powers before the call: board "
                           + ", ".join(str(n) for n in proposal.missing_powers()) + ".")
    plans = plans_of(proposal)
    if sit_outs is None:
        sit_outs = dict(proposal.plan.reasons) or list(proposal.plan.sitting_out)
    reasons = (dict(sit_outs) if isinstance(sit_outs, Mapping)
               else {pid: "sits out" for pid in sit_outs})
    orders = {b.number: _selection_powers(b, proposal.selection_orders[b.number])
              for b in proposal.boards if b.number in proposal.selection_orders}
    with db.action(f"Board call of round {round_number}") as session:
        round_ = get_round(session, round_number)
        check_plan(plans, set(session.scalars(select(Player.id))))
        _check_limits(session, round_number, plans)
        _replace_boards(session, round_, plans, orders)
        for old in session.scalars(select(SitOut).where(SitOut.round_id == round_.id)):
            session.delete(old)
        session.flush()
        session.add_all(SitOut(round_id=round_.id, player_id=pid, bonus=0.0,
                               reason=reason[:200]) for pid, reason in reasons.items())
        if round_.status == "planned":
            round_.status = "called"
    description = f"Round {round_number} board call published ({len(plans)} boards)"
    try:
        take_snapshot(db, f"board call of round {round_number}", round_number)
    except ServiceError as exc:
        description += f"; {exc}"
    return Change(description, rounds=True, boards=True, roll_call=True)


def _check_limits(session: Session, round_number: int, plans: list[BoardPlan]) -> None:
    """WDC 2018: "Players may participate in no more than three of the four preliminary
    rounds." A board call that seats a player for one more is refused, naming them."""
    limits = rollcall.round_limits(session, round_number)
    seated = {pid for plan in plans for pid in plan.powers.values()}
    over = sorted(pid for pid in seated if pid in limits)
    if over:
        names = dict(session.execute(select(Player.id, Player.name)
                                     .where(Player.id.in_(over))).all())
        raise ServiceError("The board call is refused: " + "; ".join(
            f"{names[pid]} {limits[pid]}" for pid in over) + ".")


def _replace_boards(session: Session, round_: Round, plans: list[BoardPlan],
                    orders: Mapping[int, list[str] | None]) -> None:
    """Keep a board whose seats do not change (it may have started, or have a result);
    replace the others, refusing to replace one with a result."""
    by_number = {plan.number: plan for plan in plans}
    kept: set[int] = set()
    for old in list(round_.boards):
        plan = by_number.get(old.number)
        if plan is not None and {s.power: s.player_id for s in old.seats} == dict(plan.powers):
            kept.add(old.number)
            old.top_board = plan.top_board
            if old.number in orders:
                old.selection_order = orders[old.number]
            continue
        if any(seat.centers is not None for seat in old.seats):
            raise ServiceError(f"Board {old.number} of round {round_.number} already has "
                               "a result; it cannot be seated again.")
        if old.status != NOT_STARTED or _has_game(session, old.id):
            # Its phases and sheets go with the board (a database cascade) and Undo would
            # bring back the board but not its game.
            raise ServiceError(f"Board {old.number} of round {round_.number} is being played "
                               "(its game has started); it cannot be seated again. Keep its "
                               "seats, or re-seat only the boards not started.")
        for seat in list(old.seats):
            session.delete(seat)  # one by one so that Undo restores them
        session.delete(old)
    session.flush()
    for plan in sorted(plans, key=lambda p: p.number):
        if plan.number in kept:
            continue
        board = BoardRow(round_id=round_.id, number=plan.number, top_board=plan.top_board,
                         selection_order=orders.get(plan.number))
        session.add(board)
        session.flush()
        session.add_all(Seat(board_id=board.id, power=power, player_id=pid)
                        for power, pid in plan.powers.items())


def _has_game(session: Session, board_id: int) -> bool:
    return session.scalar(select(GamePhase.id).where(GamePhase.board_id == board_id)
                          .limit(1)) is not None


# ------------------------------------------------------------------------ late arrivals
def add_to_standby(db: TournamentDb, round_number: int, player_ids: Sequence[int]) -> Change:
    """A late arrival after the call waits as a standby (for this round's boards or the next)."""
    return rollcall.set_answers(db, round_number, player_ids, status="standby")


def open_boards(db: TournamentDb, round_number: int) -> tuple[list[int], list[int]]:
    """(boards not started, boards started) of a called round."""
    with db.read() as session:
        boards = get_round(session, round_number).boards
        waiting = [b.number for b in boards if b.status == NOT_STARTED
                   and all(s.centers is None for s in b.seats)]
        started = [b.number for b in boards if b.number not in waiting]
    return waiting, started


def reseed_open_boards(
    db: TournamentDb,
    round_number: int,
    arrivals: Sequence[int],
    leaving: Sequence[int] = (),
    seed: int | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> SeatingProposal:
    """Late arrivals join: the boards that have not started are seated again with them (and
    without ``leaving``, e.g. players who now sit out); started boards stay as they are."""
    waiting, started = open_boards(db, round_number)
    if not waiting:
        raise ServiceError(f"Every board of round {round_number} has started; add the late "
                           "arrival to the standbys instead.")
    context = seating_context(db, round_number)
    labels = context.labels
    called = board_call(db, round_number)
    seated = [s.player_id for b in called for s in b.seats]
    playing = [p for p in seated if p not in set(leaving)] + list(arrivals)
    # Who still sits out: the call's sit-outs who did not join now, and those leaving.
    reasons = {pid: reason for pid, _name, reason in sit_outs(db, round_number)
               if pid not in set(arrivals)}
    reasons.update({pid: "left after the call" for pid in leaving})
    plan = PlayersPlan(tuple(playing), tuple(reasons), reasons)
    problems = plan.problems()
    if problems:
        raise ServiceError(" ".join(problems))
    boards = [Board(b.number, [labels[s.player_id] for s in b.seats],
                    {s.power: labels[s.player_id] for s in b.seats}) for b in called]
    current = SeatingProposal(context, plan, boards, SeatingStats(), [],
                              locked_boards=set(started), seed=seed or 0)
    return reseed(current, only_unlocked=True, seed=seed, time_limit=time_limit,
                  progress=progress, cancel=cancel)


def sit_outs(db: TournamentDb, round_number: int) -> list[tuple[int, str, str]]:
    """(player id, name, reason) of the round's sit-outs, by name."""
    with db.read() as session:
        round_ = get_round(session, round_number)
        rows = session.execute(
            select(SitOut.player_id, Player.name, SitOut.reason).join(Player)
            .where(SitOut.round_id == round_.id).order_by(Player.name)
        ).all()
    return [(pid, name, reason) for pid, name, reason in rows]


def unseated(db: TournamentDb, round_number: int) -> list[tuple[int, str, str]]:
    """Players not on any board of the round (late arrivals, standbys, sit-outs), with their
    roll-call status, by name."""
    seated = {s.player_id for b in board_call(db, round_number) for s in b.seats}
    return [(r.player_id, r.name, r.status) for r in rollcall.roll_call(db, round_number)
            if r.player_id not in seated]
