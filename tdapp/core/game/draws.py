"""Draw votes: when one may be held, who votes, whether it is secret, which powers a proposed
draw includes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tdapp.core.board.position import FALL, MOVEMENT, SPRING, Phase
from tdapp.core.formats import TournamentFormat
from tdapp.core.formats.options import DrawParticipants, Season
from tdapp.core.game.errors import GameRuleRefusal
from tdapp.core.game.phases import vote_season
from tdapp.core.game.record import VoteRow
from tdapp.core.powers import POWERS

NOT_IN_GAME = "Draw votes are held during a game in progress."
ONE_PER_SEASON = "A draw vote was held this season already: one per Spring or Fall."


@dataclass(frozen=True)
class VotePreview:
    """What a draw proposal needs: who votes, whether the vote is secret, or why not;
    ``named`` when the format lets the proposal name the powers in the draw (non-DIAS)."""

    eligible: tuple[str, ...]
    secret: bool
    refusal: str | None
    named: bool = False


def vote_preview(fmt: TournamentFormat, phase: str | None, position: Mapping[str, Any],
                 votes: Sequence[VoteRow]) -> VotePreview:
    """A draw proposal in ``phase``, the open phase of a game in progress at ``position``
    (None: no game in progress), after ``votes``."""
    if phase is None:
        return VotePreview((), True, NOT_IN_GAME)
    refusal = draw_vote_open(fmt, phase)
    if refusal is None and voted_this_season(phase, votes):
        refusal = ONE_PER_SEASON
    return VotePreview(eligible_voters(position), next_vote_secret(fmt, votes), refusal,
                       fmt.draw_votes.participants == DrawParticipants.NAMED)


def eligible_voters(position: Mapping[str, Any]) -> tuple[str, ...]:
    """Powers with at least one supply centre (contract shape), in AEFGIRT order."""
    return tuple(p for p in POWERS if position.get("centers", {}).get(p))


def draw_vote_open(fmt: TournamentFormat, phase: Phase | str) -> str | None:
    """Why no draw may be proposed in ``phase`` under the format (None when one may)."""
    rule = fmt.draw_votes
    first = Phase(SPRING if rule.from_season == Season.SPRING else FALL, rule.from_year, MOVEMENT)
    if vote_season(phase).sort_key < first.sort_key:
        return (f"{fmt.title}: draws may be proposed from {rule.from_season.title()} "
                f"{rule.from_year}.")
    return None


def voted_this_season(phase: Phase | str, votes: Sequence[VoteRow]) -> bool:
    """A draw vote was held in the season of ``phase`` already (one per Spring or Fall). A
    proposal vetoed openly is no vote (seed 000 5.7.1: "If the draw is openly vetoed, it does
    not count as the draw vote for that season")."""
    season = vote_season(phase)
    return any(vote_season(v.phase) == season for v in votes if not v.vetoed)


def open_veto(eligible: Sequence[str], vetoed_by: Sequence[str]) -> tuple[str, ...]:
    """The powers that vetoed a proposal openly, in AEFGIRT order: each one with a centre
    (5.7.2: a player who declines to come to the Game Table counts as vetoing)."""
    if not vetoed_by:
        raise GameRuleRefusal("Name the powers that vetoed the draw openly.")
    for power in vetoed_by:
        if power not in eligible:
            raise GameRuleRefusal(f"{power.title()} has no centre: it has no say in a draw.")
    return tuple(p for p in POWERS if p in set(vetoed_by))


def next_vote_secret(fmt: TournamentFormat, votes: Sequence[VoteRow]) -> bool:
    """Secret until the format's number of failed secret votes (WDC 2025: three)."""
    limit = fmt.draw_votes.secret_votes
    if limit is None:
        return True
    failed = sum(1 for v in votes if v.secret and not v.passed)
    return failed < limit


def proposed_draw(fmt: TournamentFormat, eligible: Sequence[str],
                  powers: Sequence[str] | None) -> tuple[str, ...]:
    """The powers in a proposed draw: every power with a centre (DIAS), or, where the format
    lets a proposal name them, those named (each with a centre), in AEFGIRT order.
    GameRuleRefusal when the proposal is against the rules."""
    if not powers or set(powers) == set(eligible):
        return tuple(eligible)
    if fmt.draw_votes.participants != DrawParticipants.NAMED:
        raise GameRuleRefusal(f"{fmt.title}: a draw includes every power with a centre.")
    for power in powers:
        if power not in eligible:
            raise GameRuleRefusal(f"{power.title()} has no centre: it cannot be in the draw.")
    named = tuple(p for p in POWERS if p in set(powers))
    if len(named) < 2:
        raise GameRuleRefusal("A draw needs two powers at least (one alone would be a conceded "
                              "solo).")
    return named

