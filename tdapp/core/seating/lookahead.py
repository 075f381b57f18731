"""Powers chosen for the rounds still to come.

Late in a tournament players have few powers left, and Hall's condition then decides which
players can share a board at all: in the last of seven rounds a board must take exactly one player
missing each power. Players who share their remaining powers compete for them and so tend to be
seated apart, which is what we want for players who have already met. Among the assignments of a
round that repeat no power, this module therefore picks, board by board (coordinate ascent), the
one that maximises the sum over pairs who have met (this round included) of
meetings x shared remaining powers.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence

from tdapp.core.powers import POWERS

from .history import History

MAX_CHOICES = 720  # enumerate at most this many repeat-free assignments per board
MAX_PASSES = 4


def improve_for_later_rounds(
    groups: Sequence[Sequence[str]],
    powers: list[dict[str, str]],
    history: History,
    rng: random.Random,
) -> list[dict[str, str]]:
    """Return ``powers`` (power -> player per board) with boards re-assigned where another
    repeat-free assignment leaves remaining powers better suited to the rounds ahead."""
    if any(len(set(group)) != len(group) for group in groups) or _doubles(groups):
        return powers
    unplayed = {p: history.unplayed_mask(p) for group in groups for p in group}
    choices = [repeat_free_assignments(group, unplayed) for group in groups]
    if all(len(c) <= 1 for c in choices):
        return powers
    met: dict[str, dict[str, int]] = defaultdict(dict)
    for (a, b), count in history.meetings.items():
        if a in unplayed and b in unplayed:
            met[a][b] = count
            met[b][a] = count
    for group in groups:
        for a in group:
            for b in group:
                if a != b:
                    met[a][b] = met[a].get(b, 0) + 1
    current = [dict(p) for p in powers]
    remaining = {}
    for board in current:
        for power, player in board.items():
            remaining[player] = unplayed[player] & ~(1 << POWERS.index(power))
    order = [i for i, c in enumerate(choices) if len(c) > 1]
    for _ in range(MAX_PASSES):
        rng.shuffle(order)
        changed = False
        for index in order:
            group = groups[index]
            best_score, best_choice = None, None
            for choice in choices[index]:
                trial = {p: unplayed[p] & ~(1 << k) for p, k in zip(group, choice, strict=True)}
                score = _score(group, trial, remaining, met)
                if best_score is None or score > best_score:
                    best_score, best_choice = score, choice
            assert best_choice is not None
            new = {POWERS[k]: p for p, k in zip(group, best_choice, strict=True)}
            if new != current[index]:
                old_score = _score(group, {p: remaining[p] for p in group}, remaining, met)
                if best_score is not None and best_score > old_score:
                    current[index] = new
                    for p, k in zip(group, best_choice, strict=True):
                        remaining[p] = unplayed[p] & ~(1 << k)
                    changed = True
        if not changed:
            break
    return current


def _score(group: Sequence[str], trial: dict[str, int], remaining: dict[str, int],
           met: dict[str, dict[str, int]]) -> int:
    total = 0
    for player in group:
        mine = trial[player]
        for other, count in met[player].items():
            theirs = trial.get(other)
            if theirs is None:
                theirs = remaining.get(other, 0)
                total += 2 * count * (mine & theirs).bit_count()
            else:
                total += count * (mine & theirs).bit_count()
    return total


def _doubles(groups: Sequence[Sequence[str]]) -> bool:
    seen: set[str] = set()
    for group in groups:
        for player in group:
            if player in seen:
                return True
            seen.add(player)
    return False


def repeat_free_assignments(
    group: Sequence[str], unplayed: dict[str, int], limit: int = MAX_CHOICES,
    rng: random.Random | None = None,
) -> list[tuple]:
    """Assignments (power index per player) of distinct powers none of which the player played.
    Without ``rng``: all of them, or [] when there are more than ``limit`` (early rounds, where
    weighing them matters little). With ``rng``: up to ``limit`` of them, in random order."""
    masks = [unplayed[p] for p in group]
    found: list[tuple] = []
    chosen: list[int] = []

    def extend(index: int, used: int) -> bool:
        if index == len(masks):
            found.append(tuple(chosen))
            return len(found) < limit
        free = masks[index] & ~used
        bits = []
        while free:
            bit = free & -free
            free ^= bit
            bits.append(bit)
        if rng is not None:
            rng.shuffle(bits)
        for bit in bits:
            chosen.append(bit.bit_length() - 1)
            go_on = extend(index + 1, used | bit)
            chosen.pop()
            if not go_on:
                return False
        return True

    if not extend(0, 0) and rng is None:
        return []
    return found
