"""Awards: places, best country per power, team champion and the TD's special awards.

Every award carries the rule that gave it. Players who are not competing never take a place or
an award: they are not in the standings' ranks and are filtered out of every other award.
"""

from __future__ import annotations

from dataclasses import dataclass

from tdapp.core.formats.model import BestCountryRule, TournamentFormat
from tdapp.core.formats.options import TieMode
from tdapp.core.formats.structures import final_ranking_rule
from tdapp.core.powers import POWERS
from tdapp.core.tournament.model import Tournament
from tdapp.core.tournament.results import Game, ScoreSheet
from tdapp.core.tournament.standings import Standings
from tdapp.core.tournament.teams import team_standings


@dataclass(frozen=True)
class Award:
    """An award. Several ``players`` means a shared award (``tie`` "shared") or a tie the TD
    must settle (``tie`` "td"). ``value`` is the score that earned it, when one did."""

    name: str
    kind: str  # "place", "best-country", "team", "special"
    players: tuple[str, ...]
    rule: str
    place: int | None = None
    power: str | None = None
    team: str | None = None
    value: float | None = None
    tie: str = ""


@dataclass(frozen=True)
class Awards:
    awards: tuple[Award, ...]
    issues: tuple[str, ...] = ()

    def named(self, name: str) -> Award:
        for award in self.awards:
            if award.name == name:
                return award
        raise KeyError(f"no award named {name!r}")


def compute_awards(tournament: Tournament, fmt: TournamentFormat, standings: Standings) -> Awards:
    issues: list[str] = []
    awards: list[Award] = []
    awards.extend(place_awards(fmt, standings))
    if fmt.awards.best_country.enabled:
        awards.extend(best_country_awards(tournament, fmt, standings))
    if fmt.awards.team and fmt.team is not None and standings.sheet is not None:
        awards.extend(_team_award(tournament, fmt, standings))
    awards.extend(_special_awards(tournament, issues))
    return Awards(tuple(awards), tuple(issues))


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_awards(fmt: TournamentFormat, standings: Standings) -> list[Award]:
    """Champion and places 2..``fmt.awards.places``, from the ranked rows."""
    out: list[Award] = []
    ranked = [r for r in standings.rows if r.rank is not None]
    seen: set[int] = set()
    for row in ranked:
        rank = row.rank
        assert rank is not None
        if rank > fmt.awards.places or rank in seen:
            continue
        seen.add(rank)
        group = [r for r in ranked if r.rank == rank]
        if rank == 1:
            name, rule = "Champion", final_ranking_rule(fmt.final_ranking).champion
        else:
            name, rule = f"{ordinal(rank)} place", f"{ordinal(rank)} in the standings"
        if len(group) > 1:
            rule += f"; {group[0].note}"
        out.append(Award(name, "place", tuple(r.player for r in group), rule, place=rank,
                         value=row.score, tie=row.tie if len(group) > 1 else ""))
    return out


def best_country_awards(tournament: Tournament, fmt: TournamentFormat,
                        standings: Standings) -> list[Award]:
    """Best single-game score on each power, with the format's exclusions."""
    rule = fmt.awards.best_country
    sheet = standings.sheet
    if sheet is None:
        return []
    competing = {p.id for p in tournament.players if p.competing}
    out: list[Award] = []
    by_power: dict[str, dict[str, float]] = {p: {} for p in POWERS}
    for player in competing:
        for game in sheet.games.get(player, []):
            if game.power in by_power and _eligible(game, player, rule, sheet):
                best_so_far = by_power[game.power]
                best_so_far[player] = max(best_so_far.get(player, game.raw), game.raw)
    for power in POWERS:
        best = by_power[power]
        if not best:
            continue
        top = max(best.values())
        winners = sorted(p for p, v in best.items() if round(v - top, 9) == 0)
        words = _best_country_rule(rule)
        tie = ""
        if len(winners) > 1:
            decision = next((d for d in reversed(tournament.tie_decisions)
                             if d.about == f"best-country:{power}"
                             and set(winners) <= set(d.order)), None)
            if decision is not None:
                winners = [min(winners, key=decision.order.index)]
                words += "; tie settled by the " + (
                    "TD" if decision.method == "td" else "recorded random draw")
            else:
                tie = rule.ties
                words += "; tie shared" if tie == TieMode.SHARED else "; tie left to the TD"
        out.append(Award(f"Best {power.title()}", "best-country", tuple(winners), words,
                         power=power, value=top, tie=tie))
    return out


def _eligible(game: Game, player: str, rule: BestCountryRule, sheet: ScoreSheet) -> bool:
    if rule.exclude_top_board and game.top:
        return False
    if rule.solo_loss_never_wins and game.lost_to_solo:
        return False
    if rule.counted_games_only:
        entry = sheet.entries[player].get(game.round)
        if entry is None or entry.board != game.board:
            return False
    return True


def _best_country_rule(rule: BestCountryRule) -> str:
    parts = ["highest single-game score on the power"]
    if rule.exclude_top_board:
        parts.append("top board excluded")
    if rule.solo_loss_never_wins:
        parts.append("a loss to a solo never wins")
    if rule.counted_games_only:
        parts.append("only the game that counted in its round")
    text = "; ".join(parts)
    if rule.td_discretion:
        text += " (a suggestion: the format leaves this award to the TD)"
    return text


def _team_award(tournament: Tournament, fmt: TournamentFormat, standings: Standings) -> list[Award]:
    assert standings.sheet is not None
    rows = team_standings(tournament, fmt, standings.sheet)
    if not rows:
        return []
    first = [r for r in rows if r.rank == 1]
    tie = "td" if len(first) > 1 else ""
    names = " / ".join(r.team for r in first)
    team_round = fmt.team.round if fmt.team else 0
    rule = f"highest combined round-{team_round} score of the team"
    if tie:
        rule += "; tied after dropping scores, left to the TD"
    players = tuple(p for r in first for p, _ in r.members)
    return [Award("Team champion", "team", players, rule, team=names, value=first[0].score,
                  tie=tie)]


def _special_awards(tournament: Tournament, issues: list[str]) -> list[Award]:
    out = []
    for special in tournament.special_awards:
        allowed = []
        for player in special.players:
            if tournament.player(player).competing:
                allowed.append(player)
            else:
                issues.append(f"{special.name}: {player} is not competing and cannot take an award")
        if allowed:
            out.append(Award(special.name, "special", tuple(allowed),
                             "named and given by the TD" + (f": {special.note}" if special.note
                                                            else "")))
    return out
