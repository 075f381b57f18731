"""Power assignment: automatic (exact, nobody repeats, then spread), from preference lists.

The Paris method lives in :mod:`paris`; hand-made assignments are checked by :mod:`review`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tdapp.core.powers import LETTER_TO_POWER, POWERS

from .history import History
from .matching import INFINITE, best_assignment

REPEAT_COST = 1000.0  # one repeated power outweighs any amount of spreading


def power_cost(times_played: int) -> float:
    """Cost of giving a player a power they have played ``times_played`` times: first avoid
    repeats, then prefer the power they played least (spreading powers evenly)."""
    if times_played == 0:
        return 0.0
    return REPEAT_COST * times_played + times_played * times_played


def assign_board_powers(
    players: Sequence[str],
    history: History,
    rng: random.Random | None = None,
    this_round: Mapping[str, Counter[str]] | None = None,
    fixed: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """Exact best power assignment for one board of seven; returns power -> player.

    ``this_round`` adds powers already given this round (players on two boards should not take
    the same power twice). ``fixed`` pins player -> power (team round, hand-set seats).
    A random jitter far below one repeat breaks ties so that equal choices vary by seed.
    """
    fixed = fixed or {}
    cost: list[list[float]] = []
    for player in players:
        row = []
        extra = this_round.get(player) if this_round else None
        for power in POWERS:
            if player in fixed:
                row.append(0.0 if fixed[player] == power else INFINITE)
                continue
            times = history.times_played(player, power) + (extra[power] if extra else 0)
            jitter = rng.random() * 1e-3 if rng else 0.0
            row.append(power_cost(times) + jitter)
        cost.append(row)
    columns, total = best_assignment(cost)
    if total == INFINITE:
        raise ValueError("fixed powers on one board clash: " + ", ".join(sorted(fixed)))
    return {POWERS[column]: player for player, column in zip(players, columns, strict=True)}


def assign_round_powers(
    boards: Sequence[Sequence[str]],
    history: History,
    seed: int = 0,
    fixed: Mapping[str, str] | None = None,
) -> list[dict[str, str]]:
    """Powers for every board of a round, board by board (a player on two boards is steered to
    two different powers)."""
    rng = random.Random(seed)
    this_round: dict[str, Counter[str]] = {}
    result = []
    for board in boards:
        powers = assign_board_powers(board, history, rng, this_round, fixed)
        for power, player in powers.items():
            this_round.setdefault(player, Counter())[power] += 1
        result.append(powers)
    return result


def parse_preferences(text: str) -> list[str]:
    """``"FGIRT"`` -> [FRANCE, GERMANY, ITALY, RUSSIA, TURKEY]. Spaces, commas and case are
    ignored; an unknown letter or a power given twice is an error."""
    powers: list[str] = []
    for letter in text.upper():
        if letter in " ,;-/>":
            continue
        if letter not in LETTER_TO_POWER:
            raise ValueError(f"unknown power letter {letter!r} in preference list {text!r}")
        power = LETTER_TO_POWER[letter]
        if power in powers:
            raise ValueError(f"power {power} listed twice in preference list {text!r}")
        powers.append(power)
    return powers


def choosing_order(
    players: Sequence[str], ranking: Sequence[str], lowest_first: bool = True
) -> list[str]:
    """Who chooses first from preference lists: by default the lowest-ranked (unranked players
    count as lowest, in the given order)."""
    position = {player: index for index, player in enumerate(ranking)}
    best_first = sorted(players, key=lambda p: position.get(p, len(position)))
    return list(reversed(best_first)) if lowest_first else best_first


@dataclass
class PreferenceOutcome:
    powers: dict[str, str]  # power -> player
    notes: list[str] = field(default_factory=list)


def assign_from_preferences(
    players: Sequence[str],
    preferences: Mapping[str, str],
    choosing_order: Sequence[str],
    history: History,
    allow_repeats: bool = False,
) -> PreferenceOutcome:
    """Players choose in ``choosing_order`` (e.g. lowest-ranked first), each taking the first
    power on their list that is still free and, unless ``allow_repeats``, not played before.
    Players whose list runs out get the best of what is left, exactly as the automatic method."""
    order = [p for p in choosing_order if p in players]
    order += [p for p in players if p not in order]
    taken: dict[str, str] = {}
    notes: list[str] = []
    undecided: list[str] = []
    for player in order:
        wanted = parse_preferences(preferences.get(player, ""))
        chosen = None
        for power in wanted:
            if power in taken:
                continue
            if not allow_repeats and history.times_played(player, power):
                continue
            chosen = power
            break
        if chosen is None:
            undecided.append(player)
            if wanted:
                notes.append(f"{player}: no listed power left; assigned automatically")
            continue
        taken[chosen] = player
        rank = wanted.index(chosen) + 1
        notes.append(f"{player} takes {chosen} (choice {rank})")
    if undecided:
        free = [power for power in POWERS if power not in taken]
        cost = [
            [power_cost(history.times_played(player, power)) for power in free]
            for player in undecided
        ]
        columns, _ = best_assignment(cost)
        for player, column in zip(undecided, columns, strict=True):
            taken[free[column]] = player
            notes.append(f"{player} gets {free[column]}")
    return PreferenceOutcome({power: taken[power] for power in POWERS if power in taken}, notes)
