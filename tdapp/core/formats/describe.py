"""A format in words, for the format dialog and the printed rules sheet."""

from __future__ import annotations

from collections.abc import Mapping

from tdapp.core.formats.model import (
    CorrectionRule,
    CountGroup,
    GraceRule,
    OrderReadingRule,
    TeamRule,
    TournamentFormat,
)
from tdapp.core.formats.options import (
    BuildErrors,
    CorrectionLimit,
    DrawParticipants,
    TeamMembers,
)
from tdapp.core.formats.structures import final_ranking_rule, final_rankings
from tdapp.core.orders.options import MissingBuildCoast, MissingCoast, WrongUnitType

__all__ = ["criterion_words", "describe_format"]

_CRITERIA_WORDS = {
    "last-round-score": "higher last-round score",
    "best-game": "higher single game score",
    "head-to-head-best": "higher score in a game where the tied players met",
    "head-to-head-total": "higher total in games where the tied players met",
    "counted-centres": "more supply centres in the counted games",
    "dropped-round": "higher score in the dropped round",
    "count-back": "count-back, the last round rolled back a year at a time",
    "distance": "further from home",
    "random-draw": "a recorded random draw",
    "td-decision": "the TD's recorded decision",
    "seed": "better seed",
    "pool-first": "championship-pool player first",
}


def criterion_words(name: str) -> str:
    if name.startswith("round-score:"):
        return f"higher round-{name.split(':', 1)[1]} score"
    return _CRITERIA_WORDS.get(name, name)


def _counting(group: CountGroup) -> str:
    rounds = ", ".join(str(r) for r in group.rounds)
    words = f"rounds {rounds}" if len(group.rounds) > 1 else f"round {rounds}"
    if group.best is not None and group.best < len(group.rounds):
        words = f"best {group.best} of {words}"
    if group.max_played is not None:
        words += f" (at most {group.max_played} played)"
    return words


def describe_format(fmt: TournamentFormat) -> list[tuple[str, str]]:
    """(topic, sentence) pairs saying what the format does, in the order a TD reads rules."""
    out = [("Rounds", f"{fmt.rounds} rounds")]
    for rule in fmt.round_rules:
        extra = f", score x{rule.multiplier:g}" if rule.multiplier != 1 else ""
        out.append((f"Round {rule.number}", f"{rule.label or 'Round ' + str(rule.number)}: "
                    f"{rule.scoring} scoring, {rule.seating} seating, {rule.powers} powers{extra}"))
    out.append(("Tournament score", " + ".join(_counting(g) for g in fmt.count_groups())))
    if fmt.two_boards_allowed:
        out.append(("Two boards", f"allowed; the {fmt.double_board} score counts"))
    # Each structural rule says its own settings (a pool may serve a team round too), then
    # the chosen rule says who is champion.
    for structure in final_rankings():
        out.extend(structure.describe(fmt))
    out.append(("Champion", final_ranking_rule(fmt.final_ranking).champion_words(fmt)))
    if fmt.tie_breakers:
        out.append(("Tie-breakers", "; ".join(criterion_words(c) for c in fmt.tie_breakers)))
    if fmt.champion_tie_breakers is not None:
        out.append(("Champion tie-breakers",
                    "; ".join(criterion_words(c) for c in fmt.champion_tie_breakers)))
    if fmt.tie_break_places is not None:
        out.append(("Ties", f"broken for places 1-{fmt.tie_break_places}; shared below"))
    if fmt.team:
        out.append(("Team tournament", _team_sentence(fmt.team)))
    out.append(("Awards", f"places 1-{fmt.awards.places}"
                + ("; best country" if fmt.awards.best_country.enabled else "")
                + ("; team champion" if fmt.awards.team else "")))
    house = {k: v for k, v in fmt.rules.items() if k != "duplicate_orders"}  # see Order sheets
    if house:
        out.append(("House rules", ", ".join(f"{k} = {v}" for k, v in house.items())))
    out.append(("Order sheets", reading_words(fmt.reading, fmt.rules)))
    d = fmt.draw_votes
    votes = "secret" if d.secret_votes is None else (
        "open" if d.secret_votes == 0 else f"the first {d.secret_votes} secret, then open")
    out.append(("Draw votes", f"from {d.from_season} {d.from_year}, {votes}"
                + ("" if d.clock_stops else "; the clock does not stop")
                + (f"; forced draw after {d.forced_draw_after}" if d.forced_draw_after else "")
                + ("; a proposal names the powers in the draw" if d.participants == DrawParticipants.NAMED
                   else "")))
    out.append(("Late orders", grace_words(fmt.grace)))
    out.append(("Corrections", correction_words(fmt.corrections)))
    out.append(("Build errors", build_error_words(fmt.corrections)))
    if fmt.end_year:
        out.append(("Game end", f"after {fmt.end_year}"))
    out.append(("Civil disorder", fmt.civil_disorder))
    out.append(("Sit-outs", fmt.sit_out_order))
    return out


def grace_words(grace: GraceRule | None) -> str:
    """"a 2-minute grace period, once per game, in movement phases" or no grace at all."""
    if grace is None:
        return "no grace period: a power without a sheet holds every unit"
    times = {1: "once", 2: "twice"}.get(grace.per_game, f"{grace.per_game} times")
    where = "in movement phases" if grace.movement_only else "in any phase"
    return (f"a {grace.minutes}-minute grace period for a missing sheet, {times} per game, "
            f"{where}; after that every unit holds")


def correction_words(rule: CorrectionRule) -> str:
    until = ("before the next deadline" if rule.until == CorrectionLimit.NEXT_DEADLINE
             else "before the next movement phase")
    return f"a mistake found {until} is corrected at once; a later one only by the TD ({rule.text})"


def build_error_words(rule: CorrectionRule) -> str:
    if rule.build_errors == BuildErrors.NEXT_ADJUSTMENT:
        return ("builds found wrong after the next Spring movement deadline stand; the "
                "difference is put right at the next build phase")
    return "a correction adjudicates every later phase again, builds included"


def reading_words(rule: OrderReadingRule, judge_rules: Mapping[str, str]) -> str:
    """How a sheet is read, in a TD's words: two orders for one unit (the judge's
    ``duplicate_orders``), abbreviations, unit types and coasts."""
    twice = ("two orders for one unit: the last one written counts"
             if judge_rules.get("duplicate_orders") == "last"
             else "two different orders for one unit: it holds")
    if rule.strict_abbreviations:
        names = ("an official but wrong abbreviation is an illegal order and the unit holds "
                 "(F Lon-Nor is London to Norway)")
    elif rule.correct_slips:
        names = ("abbreviations read by their clear intent; an official one that makes the "
                 "order impossible is read as its neighbour (Nwy/Nwg, Lvp/Lvn, Tyr/Tys) when "
                 "that is the one possible order")
    else:
        names = ("abbreviations read by their clear intent; an official one that makes the "
                 "order impossible is not corrected")
    builds = ("every build says A or F" if rule.require_unit_type_in_builds
              else "A or F needed only in a coastal build")
    coast = ("a fleet moving to Spain, Bulgaria or St Petersburg must name the coast"
             if rule.missing_coast == MissingCoast.STRICT
             else "a fleet names the coast only where it could reach both")
    build_coast = ("F St Petersburg built without a coast is a waived build"
                   if rule.missing_build_coast == MissingBuildCoast.WAIVE
                   else "F St Petersburg built without a coast is an illegal order, ignored")
    unit = ("an order naming the wrong unit type (A for F) is still followed"
            if rule.wrong_unit_type == WrongUnitType.FOLLOW
            else "an order naming the wrong unit type (A for F) fails and the unit holds")
    return "; ".join((twice, names, builds, coast, build_coast, unit))


def _team_sentence(team: TeamRule) -> str:
    """The team tournament as its options are set (each option said only when it applies)."""
    who = "players outside the championship pool" if team.members_from == TeamMembers.NON_POOL else (
        "any players")
    parts = [f"round {team.round}, teams of {team.size} {who}", "team score = sum"]
    if team.team_picks_powers:
        parts.append("the team picks each member's power")
    if team.teammates_apart:
        parts.append("team-mates never share a board")
    parts.append("ties by dropping each team's lowest score in turn"
                 if team.drop_lowest_on_ties else "ties left to the TD")
    return ", ".join(parts)
