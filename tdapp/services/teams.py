"""The team tournament's teams (WDC 2025 round 4): create, rename, delete, members and powers.

The format's team rule says what a team is: its size, who may join (``"non-pool"``: only
players outside the championship pool), whether the team picks each member's power. Every
refusal names the team, the player and the rule in the TD's words.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from tdapp.core.collation import name_key
from tdapp.core.formats.model import TeamRule, TournamentFormat
from tdapp.core.formats.options import TeamMembers
from tdapp.core.powers import LETTER_TO_POWER, POWER_TITLES, POWERS
from tdapp.core.tournament import model as tm
from tdapp.core.tournament.teams import check_teams, describe_rule
from tdapp.services.changes import Change, ServiceError
from tdapp.services.formats import effective_format, session_format
from tdapp.services.players import player_in
from tdapp.services.standings_data import tournament_model, tournament_standings
from tdapp.services.text import NAME_LIMIT, typed_text
from tdapp.store.database import TournamentDb
from tdapp.store.models import Player, Team, TeamMember


def _team_change(description: str, team_id: int) -> Change:
    """Teams change the team standings and the team champion award too."""
    return Change(description, teams=True, standings=True, awards=True, ids=(team_id,))


@dataclass(frozen=True)
class MemberRow:
    player_id: int
    name: str
    power: str | None  # the power the team picked for them, when it has


@dataclass(frozen=True)
class TeamRow:
    id: int
    name: str
    members: tuple[MemberRow, ...]

    def free_powers(self) -> tuple[str, ...]:
        taken = {m.power for m in self.members}
        return tuple(p for p in POWERS if p not in taken)


@dataclass(frozen=True)
class CandidateRow:
    """A player and whether they may join a team (``why_not`` says why not)."""

    player_id: int
    name: str
    team: str = ""
    why_not: str = ""


@dataclass(frozen=True)
class TeamsView:
    """Everything the Teams dialog shows."""

    rule: TeamRule | None
    rule_text: str
    teams: tuple[TeamRow, ...]
    candidates: tuple[CandidateRow, ...]
    pool_known: bool
    problems: tuple[str, ...]


def _rule(session: Session) -> TeamRule:
    rule = session_format(session).team
    if rule is None:
        raise ServiceError("This tournament's format has no team tournament.")
    return rule


def championship_pool(db: TournamentDb) -> tuple[frozenset[int], bool]:
    """The pool's player ids, and whether it is known yet (after its qualifying round)."""
    fmt = effective_format(db)
    if fmt.pool is None:
        return frozenset(), True
    standings, _names = tournament_standings(db)
    known = standings.through >= fmt.pool.after_round
    return frozenset(int(p) for p in standings.pool), known


def _team(session: Session, team_id: int) -> Team:
    team = session.get(Team, team_id)
    if team is None:
        raise ServiceError("That team is no longer in the tournament.")
    return team


def _names(db: TournamentDb, team_id: int, player_id: int | None = None) -> tuple[str, str]:
    """The team's and the player's names, for the action's line in the History."""
    with db.read() as session:
        team = _team(session, team_id).name
        player = player_in(session, player_id).name if player_id is not None else ""
    return team, player


def _check_name(session: Session, name: str, team_id: int | None) -> str:
    name = typed_text(name, "A team's name", NAME_LIMIT, collapse_spaces=True)
    if not name:
        raise ServiceError("A team needs a name.")
    for other_id, other in session.execute(select(Team.id, Team.name)):
        if other_id != team_id and other.casefold() == name.casefold():
            raise ServiceError(f"There is already a team called {other!r}.")
    return name


def _members(session: Session, team_id: int) -> list[TeamMember]:
    return list(session.scalars(select(TeamMember).where(TeamMember.team_id == team_id)))


# -- teams ----------------------------------------------------------------------------------------
def create_team(db: TournamentDb, name: str) -> Change:
    name = " ".join(name.split())
    with db.action(f"Create team {name}") as session:
        _rule(session)
        name = _check_name(session, name, None)
        team = Team(name=name)
        session.add(team)
        session.flush()
        team_id = team.id
    return _team_change(f"Team {name} created", team_id)


def rename_team(db: TournamentDb, team_id: int, name: str) -> Change:
    old, _ = _names(db, team_id)
    name = " ".join(name.split())
    with db.action(f"Rename team {old} to {name}") as session:
        team = _team(session, team_id)
        name = _check_name(session, name, team_id)
        team.name = name
    return _team_change(f"Team {old} is now {name}", team_id)


def delete_team(db: TournamentDb, team_id: int) -> Change:
    """Delete a team and its member list (the players stay in the tournament)."""
    name, _ = _names(db, team_id)
    with db.action(f"Delete team {name}") as session:
        team = _team(session, team_id)
        for member in _members(session, team_id):  # one by one, so Undo brings each back
            session.delete(member)
        session.flush()  # the members first: the database's own cascade must find none left
        session.delete(team)
    return _team_change(f"Team {name} deleted", team_id)


# -- members --------------------------------------------------------------------------------------
def _why_not_eligible(player: Player, rule: TeamRule, pool: frozenset[int]) -> str:
    if player.withdrawn:
        return f"{player.name} has withdrawn from the tournament"
    if not player.competing:
        return f"{player.name} is not competing (a TD or assistant filling a seat)"
    if rule.members_from == TeamMembers.NON_POOL and player.id in pool:
        return (f"{player.name} is in the championship pool; only players outside the pool "
                "play in the team tournament")
    return ""


def add_member(db: TournamentDb, team_id: int, player_id: int, power: str | None = None
               ) -> Change:
    """Put a player in a team (optionally with the power the team picked for them)."""
    pool, _known = championship_pool(db)
    team_name, player_name = _names(db, team_id, player_id)
    with db.action(f"Add {player_name} to team {team_name}") as session:
        rule = _rule(session)
        team = _team(session, team_id)
        player = player_in(session, player_id)
        why_not = _why_not_eligible(player, rule, pool)
        if why_not:
            raise ServiceError(f"{why_not}.")
        current = session.scalar(select(TeamMember).where(TeamMember.player_id == player_id))
        if current is not None:
            other = _team(session, current.team_id).name
            raise ServiceError(f"{player.name} is already in team {other}; a player is in one "
                               "team only.")
        members = _members(session, team_id)
        if len(members) >= rule.size:
            raise ServiceError(f"Team {team.name} already has {len(members)} players; the "
                               f"format's teams have {rule.size}.")
        power = _check_power(session, rule, team, members, player, power)
        session.add(TeamMember(team_id=team_id, player_id=player_id, power=power))
    return _team_change(f"{player.name} joined team {team.name}", team_id)


def remove_member(db: TournamentDb, team_id: int, player_id: int) -> Change:
    team_name, player_name = _names(db, team_id, player_id)
    with db.action(f"Remove {player_name} from team {team_name}") as session:
        team = _team(session, team_id)
        player = player_in(session, player_id)
        member = session.scalar(select(TeamMember).where(
            TeamMember.team_id == team_id, TeamMember.player_id == player_id))
        if member is None:
            raise ServiceError(f"{player.name} is not in team {team.name}.")
        session.delete(member)
    return _team_change(f"{player.name} left team {team.name}", team_id)


def set_member_power(db: TournamentDb, team_id: int, player_id: int, power: str | None
                     ) -> Change:
    """Record the power the team picked for a member (None: not picked yet)."""
    team_name, player_name = _names(db, team_id, player_id)
    typed = (power or "").strip().upper()
    typed = LETTER_TO_POWER.get(typed, typed)
    what = (f"Team {team_name}: {player_name} plays {POWER_TITLES.get(typed, typed)}" if typed
            else f"Team {team_name}: no power picked for {player_name}")
    with db.action(what) as session:
        rule = _rule(session)
        team = _team(session, team_id)
        player = player_in(session, player_id)
        members = _members(session, team_id)
        member = next((m for m in members if m.player_id == player_id), None)
        if member is None:
            raise ServiceError(f"{player.name} is not in team {team.name}.")
        others = [m for m in members if m.player_id != player_id]
        member.power = _check_power(session, rule, team, others, player, power)
        words = POWER_TITLES[member.power] if member.power else "no power yet"
    return _team_change(f"{player.name} of team {team.name}: {words}", team_id)


def _check_power(session: Session, rule: TeamRule, team: Team, others: list[TeamMember],
                 player: Player, power: str | None) -> str | None:
    if power is None or not power.strip():
        return None
    wanted = power.strip().upper()
    wanted = LETTER_TO_POWER.get(wanted, wanted)
    if wanted not in POWERS:
        raise ServiceError(f"{power!r} is not a power; pick one of "
                           f"{', '.join(POWER_TITLES.values())}.")
    if not rule.team_picks_powers:
        raise ServiceError("In this format the seating assigns powers; a team does not pick "
                           "them.")
    holder = next((m for m in others if m.power == wanted), None)
    if holder is not None:
        name = player_in(session, holder.player_id).name
        raise ServiceError(f"Team {team.name} already picked {POWER_TITLES[wanted]} for "
                           f"{name}; each power is played once per team.")
    return wanted


# -- reading --------------------------------------------------------------------------------------
def list_teams(db: TournamentDb) -> list[TeamRow]:
    with db.read() as session:
        return _team_rows(session)


def _team_rows(session: Session) -> list[TeamRow]:
    names = dict(session.execute(select(Player.id, Player.name)).all())
    members: dict[int, list[MemberRow]] = {}
    for m in session.scalars(select(TeamMember)):
        members.setdefault(m.team_id, []).append(MemberRow(m.player_id, names[m.player_id],
                                                           m.power))
    order = {p: i for i, p in enumerate(POWERS)}
    rows = []
    for team in session.scalars(select(Team)):
        found = sorted(members.get(team.id, []), key=lambda m: (
            order.get(m.power or "", len(POWERS)), name_key(m.name)))
        rows.append(TeamRow(team.id, team.name, tuple(found)))
    return sorted(rows, key=lambda t: name_key(t.name))


def teams_view(db: TournamentDb) -> TeamsView:
    """The teams, who may still join one, and what the format's rule finds wrong."""
    fmt = effective_format(db)
    rule = fmt.team
    pool, known = championship_pool(db) if rule is not None else (frozenset(), True)
    with db.read() as session:
        teams = _team_rows(session)
        team_of = {m.player_id: t.name for t in teams for m in t.members}
        candidates = []
        for player in session.scalars(select(Player)):
            why_not = _why_not_eligible(player, rule, pool) if rule is not None else ""
            candidates.append(CandidateRow(player.id, player.name, team_of.get(player.id, ""),
                                           why_not))
    candidates.sort(key=lambda c: name_key(c.name))
    return TeamsView(rule, describe_rule(rule), tuple(teams), tuple(candidates), known,
                     tuple(team_problems(db, fmt, pool)))


def team_problems(db: TournamentDb, fmt: TournamentFormat | None = None,
                  pool: frozenset[int] | None = None) -> list[str]:
    """The core's checks (team size, pool members, powers, team-mates together) with names."""
    fmt = fmt or effective_format(db)
    if pool is None:
        pool = championship_pool(db)[0] if fmt.team is not None else frozenset()
    model, labels = _named(tournament_model(db))
    problems = check_teams(model, fmt, [labels.get(str(p), str(p)) for p in pool])
    return [text[:1].upper() + text[1:] + "." for text in problems]


def _named(model: tm.Tournament) -> tuple[tm.Tournament, dict[str, str]]:
    """The same tournament with players known by name (the core's messages name members by
    id, and the TD reads names); a name two players share gets their number."""
    counts: dict[str, int] = {}
    for p in model.players:
        counts[p.name] = counts.get(p.name, 0) + 1
    label = {p.id: p.name if counts[p.name] == 1 else f"{p.name} (#{p.id})"
             for p in model.players}
    players = tuple(replace(p, id=label[p.id], name=label[p.id]) for p in model.players)
    boards = tuple(replace(b, powers={pw: label.get(pl, pl) for pw, pl in b.powers.items()})
                   for b in model.boards)
    teams = tuple(replace(t, members=tuple(label.get(m, m) for m in t.members),
                          powers={label.get(m, m): pw for m, pw in t.powers.items()})
                  for t in model.teams)
    return tm.Tournament(players=players, boards=boards, teams=teams, name=model.name), label
