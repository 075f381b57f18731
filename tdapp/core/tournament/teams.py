"""The team tournament (WDC 2025 round 4): team score = sum of members' round scores.

Ties are broken by dropping each tied team's lowest score and comparing again, as often as
needed; a tie that survives is left to the TD (or settled by a recorded decision about
``"team"``). The checks report what the format forbids: wrong team size, a member in the
championship pool, team-mates seated together, a power picked twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tdapp.core.formats.model import TeamRule, TournamentFormat
from tdapp.core.formats.options import TeamMembers
from tdapp.core.tournament.model import Team, Tournament
from tdapp.core.tournament.results import ScoreSheet


@dataclass(frozen=True)
class TeamRow:
    rank: int
    team: str
    score: float
    members: tuple[tuple[str, float], ...]  # (player, round score), best first
    reason: str = ""
    tie: str = ""


def team_member_scores(team: Team, sheet: ScoreSheet, rnd: int) -> list[float]:
    """Members' raw round scores (no pool bonus: team players are outside the pool)."""
    scores = []
    for member in team.members:
        entry = sheet.entries.get(member, {}).get(rnd)
        scores.append(entry.raw if entry is not None and entry.raw is not None else 0.0)
    return scores


def team_standings(tournament: Tournament, fmt: TournamentFormat, sheet: ScoreSheet
                   ) -> tuple[TeamRow, ...]:
    rule = fmt.team
    if rule is None or not tournament.teams:
        return ()
    scored = {t.name: sorted(team_member_scores(t, sheet, rule.round), reverse=True)
              for t in tournament.teams}
    members = {t.name: t.members for t in tournament.teams}
    order = _order_teams(list(scored), scored, rule.drop_lowest_on_ties, tournament)
    rows: list[TeamRow] = []
    place = 1
    for group, reason, tie in order:
        for i, name in enumerate(group):
            last = i == len(group) - 1
            per_member = sorted(
                zip(members[name], team_member_scores(_team(tournament, name), sheet, rule.round),
                    strict=True), key=lambda m: -m[1])
            rows.append(TeamRow(place, name, sum(scored[name]), tuple(per_member),
                                reason if last else "tied; left to the TD", tie))
        place += len(group)
    return tuple(rows)


def _team(tournament: Tournament, name: str) -> Team:
    return next(t for t in tournament.teams if t.name == name)


def _order_teams(names: list[str], scored: dict[str, list[float]], drop_lowest: bool,
                 tournament: Tournament) -> list[tuple[list[str], str, str]]:
    """Groups best first, each with the reason it is above the next and its tie kind."""
    by_total: dict[float, list[str]] = {}
    for name in names:
        by_total.setdefault(round(sum(scored[name]), 9), []).append(name)
    out: list[tuple[list[str], str, str]] = []
    totals = sorted(by_total, reverse=True)
    for i, total in enumerate(totals):
        group = sorted(by_total[total])
        following = f"higher team score ({_num(total)} against {_num(totals[i + 1])})" \
            if i + 1 < len(totals) else ""
        settled = _drop_lowest(group, scored, 1, total) if drop_lowest and len(group) > 1 \
            else [(group, "", "td" if len(group) > 1 else "")]
        settled = _apply_decision(settled, tournament)
        settled[-1] = (settled[-1][0], following, settled[-1][2])
        out.extend(settled)
    return out


def _drop_lowest(group: list[str], scored: dict[str, list[float]], dropped: int,
                 tied_total: float) -> list[tuple[list[str], str, str]]:
    size = max(len(scored[n]) for n in group)
    if dropped >= size:
        return [(group, "", "td")]
    remaining = {n: round(sum(scored[n][: len(scored[n]) - dropped]), 9) for n in group}
    values = sorted(set(remaining.values()), reverse=True)
    if len(values) == 1:
        return _drop_lowest(group, scored, dropped + 1, tied_total)
    out: list[tuple[list[str], str, str]] = []
    for j, value in enumerate(values):
        members = sorted(n for n in group if remaining[n] == value)
        parts = _drop_lowest(members, scored, dropped + 1, tied_total) if len(members) > 1 \
            else [(members, "", "")]
        if j + 1 < len(values):
            parts[-1] = (parts[-1][0], f"tied on {_num(tied_total)}; higher after dropping the "
                         f"lowest {dropped} score(s) ({_num(value)} against {_num(values[j + 1])})",
                         parts[-1][2])
        out.extend(parts)
    return out


def _apply_decision(groups: list[tuple[list[str], str, str]], tournament: Tournament
                    ) -> list[tuple[list[str], str, str]]:
    out: list[tuple[list[str], str, str]] = []
    for members, reason, tie in groups:
        decision = next((d for d in reversed(tournament.tie_decisions)
                         if d.about == "team" and set(members) <= set(d.order)), None)
        if len(members) < 2 or decision is None:
            out.append((members, reason, tie))
            continue
        ordered = sorted(members, key=decision.order.index)
        words = "TD's decision" if decision.method == "td" else "recorded random draw"
        for k, name in enumerate(ordered):
            last = k == len(ordered) - 1
            out.append(([name], reason if last else f"tied after dropping scores; {words}", ""))
    return out


def check_teams(tournament: Tournament, fmt: TournamentFormat,
                pool: Sequence[str] = ()) -> list[str]:
    """What is wrong with the teams under the format's team rule (empty when all is well)."""
    rule = fmt.team
    if rule is None:
        return ["the format has no team tournament"] if tournament.teams else []
    problems: list[str] = []
    seen: dict[str, str] = {}
    in_pool = set(pool)
    if rule.members_from == TeamMembers.NON_POOL and tournament.teams:
        eligible = [p for p in tournament.players
                    if p.competing and not p.withdrawn and p.id not in in_pool]
        if len(eligible) < rule.min_players:
            problems.append(f"only {len(eligible)} players are outside the pool; the team "
                            f"tournament needs at least {rule.min_players}")
    for team in tournament.teams:
        if len(team.members) != rule.size:
            problems.append(f"team {team.name!r} has {len(team.members)} players, not {rule.size}")
        for member in team.members:
            if member in seen:
                problems.append(f"{member} is in teams {seen[member]!r} and {team.name!r}")
            seen[member] = team.name
            if rule.members_from == TeamMembers.NON_POOL and member in in_pool:
                problems.append(f"{member} of team {team.name!r} is in the championship pool")
        if rule.team_picks_powers and team.powers:
            picked = list(team.powers.values())
            for power in sorted({p for p in picked if picked.count(p) > 1}):
                problems.append(f"team {team.name!r} picked {power} more than once")
            problems.extend(_powers_played(tournament, team, rule.round))
        if rule.teammates_apart:
            problems.extend(_teammates_together(tournament, team, rule.round))
    return problems


def _powers_played(tournament: Tournament, team: Team, rnd: int) -> list[str]:
    """Members seated on a power other than the one their team picked."""
    out = []
    for board in tournament.boards:
        if board.round != rnd:
            continue
        for power, player in board.powers.items():
            wanted = team.powers.get(player)
            if wanted is not None and wanted != power:
                out.append(f"{player} of team {team.name!r} plays {power} in round {rnd}, "
                           f"not {wanted} as the team picked")
    return out


def _teammates_together(tournament: Tournament, team: Team, rnd: int) -> list[str]:
    members = set(team.members)
    out = []
    for board in tournament.boards:
        if board.round != rnd:
            continue
        together = sorted(members.intersection(board.powers.values()))
        if len(together) > 1:
            out.append(f"team {team.name!r}: {', '.join(together)} share round {rnd} "
                       f"board {board.number}")
    return out


def _num(value: float) -> str:
    return f"{value:g}"


def describe_rule(rule: TeamRule | None) -> str:
    if rule is None:
        return "This tournament's format has no team tournament."
    who = ("players outside the championship pool" if rule.members_from == TeamMembers.NON_POOL
           else "any player")
    powers = ("the team picks each member's power" if rule.team_picks_powers
              else "the seating assigns powers")
    apart = "; team-mates never share a board" if rule.teammates_apart else ""
    return (f"Round {rule.round}: teams of {rule.size} {who}; {powers}{apart}; "
            "team score = sum of the members' round scores.")
