"""The board call of a round, one wizard step per function: who plays, seating, powers, review,
publish. The core seating engine (``tdapp.core.seating``) does the work and the wizard's state
and its edits are the core's (``tdapp.core.tournament.board_call``); this module reads what it
needs from the tournament file and writes the published call back.

In the core, players are strings. Here each player is known by a *label*: the name, or
"name (#id)" when two players share a name, so that every issue and Paris-method line the core
writes reads well to the TD, and maps back to a player id when the call is published.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from tdapp.core.formats.options import PowerMethod, SitOutOrder
from tdapp.core.formats.structures import seating_needs
from tdapp.core.seating import (
    Board,
    PastBoard,
    Proposal,
    RollCallEntry,
    SeatingStats,
    propose_players,
)
from tdapp.core.seating.model import METHODS
from tdapp.core.tournament import top_board_call
from tdapp.core.tournament.board_call import (
    DEFAULT_TIME_LIMIT,
    Cancel,
    PlayersPlan,
    Progress,
    SeatingContext,
    SeatingProposal,
    SeatingRefusal,
    last_balanced_round,
    passed_over,
    reseed,
    seat_with_context,
    selection_powers,
    sit_out_policy,
    structure_notes,
)
from tdapp.services import rollcall
from tdapp.services.changes import Change, ServiceError
from tdapp.services.final_call import final_call
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

# The store's local statuses in the words of the core's WDC 2018 sit-out order.
LOCAL_CATEGORY = {"board_member": "board", "club_member": "club", "local": "local",
                  "traveller": "traveller"}
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
    competing: bool = True  # False: a TD or assistant who fills a seat only if needed


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
        fillers = {c.player_id for c in self.candidates if not c.competing}
        reasons = {pid: "not competing: not needed" if pid in fillers
                   else "volunteered to sit out" if pid in volunteers else "asked to sit out"
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


def candidates(db: TournamentDb, round_number: int) -> list[Candidate]:
    rows = rollcall.roll_call(db, round_number)
    before = sat_out_before(db, round_number)
    with db.read() as session:
        local = dict(session.execute(select(Player.id, Player.local_status)).all())
    # A player who has used the format's rounds (WDC 2018's three of four) is not called.
    return [Candidate(r.player_id, r.name, "absent" if r.limit else r.status, r.two_boards,
                      r.volunteer_sit_out, local.get(r.player_id, "traveller"),
                      r.player_id in before, r.competing)
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


def _final_note(db: TournamentDb, round_number: int) -> list[str]:
    """A knock-out's final (DBN 2025): who is called, seeded, and who is not, in the TD's words."""
    call = final_call(db, round_number)
    if call is None:
        return []
    rows = rollcall.roll_call(db, round_number)
    names = {r.player_id: r.name for r in rows}
    out = [f"Not yet known who plays the final: {issue}." for issue in call.issues]
    if call.called:
        out.append(f"The final calls {len(call.called)}, seeded: " + "; ".join(
            f"{i}. {names.get(p, p)} ({how})" for i, (p, how) in
            enumerate(call.called.items(), start=1)))
    away = [r.name for r in rows if r.not_called and r.status == "absent"]
    if away and not call.issues:
        why = next(iter(call.not_called.values()))
        out.append(f"Not called ({len(away)}: {why}): {', '.join(away)}")
    return out


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
            sat_out_before=c.sat_out_before, competing=c.competing,
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
    notes = [n for n in (_limit_note(db, round_number), *_final_note(db, round_number)) if n]
    for option in (best, *best.alternatives):
        option.explanations.extend(notes)
    if not entries:
        best.explanations = [f"Nobody is marked present for round {round_number}: take the "
                             "roll call on the Rounds page first."]
    return best


# ------------------------------------------------------------------------------ 2. seating
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
        seeds = {labels[p.id]: p.seed for p in players if p.seed is not None}
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
                             last_round=last_balanced_round(fmt, round_number), seeds=seeds)
    needs = seating_needs(fmt, round_number)
    if any(n.top_board for n in needs):
        _add_top_board(db, context)
    if any(n.apart == "pool" for n in needs):
        _add_pool(db, context)
    if any(n.finalists for n in needs):
        _seed_final(db, context)
    context.board_one_is_top = any(n.locked_ranges for n in needs)
    context.notes += structure_notes(needs, method)
    return context


def _seed_final(db: TournamentDb, context: SeatingContext) -> None:
    """A knock-out's final is seeded as the format says (DBN 2025: a solo in the semi-finals
    first, then seed), not by seed alone: the finalists lead the ranking the seater and the
    Paris method read."""
    call = final_call(db, context.round_number)
    if call is None:
        return
    first = [context.labels[p] for p in call.called if p in context.labels]
    context.ranking = first + [p for p in context.ranking if p not in first]
    if first:
        context.notes.append("Final, seeded: " + ", ".join(first))


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
        names = passed_over(context, [context.labels[int(p)] for p in top], left_out)
        if names:
            context.notes.append(f"{why} (the next in line takes the place): {', '.join(names)}")
    context.top_board = [context.labels[int(p)] for p in top]
    for player in context.top_board:
        context.locked_seats[player] = 1
    if context.top_board:
        context.notes.append("Top board (board 1): " + ", ".join(context.top_board))
    context.notes += issues


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
    try:
        return seat_with_context(context, players_plan, seed, time_limit, progress, cancel)
    except SeatingRefusal as exc:
        raise ServiceError(str(exc)) from exc


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


def team_round_boards(db: TournamentDb, round_number: int) -> frozenset[int]:
    """The team round's boards (WDC 2025 round 4, beside the pool's), for the Boards page to
    mark: every seat taken by a member of a team. Empty for other rounds and formats."""
    rule = effective_format(db).team
    if rule is None or round_number != rule.round:
        return frozenset()
    with db.read() as session:
        members = set(session.scalars(select(TeamMember.player_id)))
    if not members:
        return frozenset()
    return frozenset(b.number for b in all_boards(db, round_number)
                     if b.seats and all(s.player_id in members for s in b.seats))


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
    orders = {b.number: selection_powers(b, proposal.selection_orders[b.number])
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
    try:
        return reseed(current, only_unlocked=True, seed=seed, time_limit=time_limit,
                      progress=progress, cancel=cancel)
    except SeatingRefusal as exc:
        raise ServiceError(str(exc)) from exc


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
