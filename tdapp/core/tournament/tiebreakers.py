"""Tie-breakers: named, reusable criteria and the engine that orders players with them.

A criterion maps each tied player to a key (higher is better) or None (no value). The engine
sorts on a primary value, then settles each group of equal values with the criteria in order,
and writes down why each group sits above the next. A tie no criterion settles is left as a
tie, marked for the TD, never broken silently.

Criterion names (a format's ``tie_breakers``): ``round-score:N``, ``last-round-score``,
``best-game``, ``head-to-head-best``, ``head-to-head-total``, ``counted-centres``,
``dropped-round``, ``count-back``, ``distance``, ``random-draw``, ``td-decision``, ``seed``,
``pool-first``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tdapp.core.formats.options import TieMode
from tdapp.core.formats.structures.ordering import Ordering
from tdapp.core.formats.tie_breakers import (  # the names, declared once there; re-exported
    ROUND_SCORE,
    TieBreaker,
    round_of,
)
from tdapp.core.formats.tie_breakers import criterion_names as criterion_names
from tdapp.core.formats.tie_breakers import known_criterion as known_criterion
from tdapp.core.tournament.model import TieDecision, Tournament
from tdapp.core.tournament.results import ScoreSheet

Key = Any  # a float or a tuple of floats; higher is better
_PLACES = 9  # float keys are compared after rounding, so 0.1 + 0.2 ties with 0.3


@dataclass
class TieContext:
    """What the criteria may look at. ``about`` picks the recorded decisions that apply."""

    tournament: Tournament
    sheet: ScoreSheet | None = None
    pool: frozenset[str] = frozenset()
    about: str = "standings"


@dataclass(frozen=True)
class Criterion:
    name: str
    phrase: str
    keys: Callable[[TieContext, Sequence[str]], dict[str, Key | None]]
    # False: a player without a value (never met the others, distance unknown) makes the
    # criterion unusable for the whole group rather than putting that player last.
    none_lowest: bool = True
    describe: Callable[[Key, Key], str] | None = None

    def explain(self, better: Key, worse: Key) -> str:
        if self.describe is not None:
            detail = self.describe(better, worse)
            return f"{self.phrase} ({detail})" if detail else self.phrase
        if better is None or worse is None:
            return self.phrase
        return f"{self.phrase} ({_show(better)} against {_show(worse)})"


# -- the criteria -------------------------------------------------------------------------------

def _sheet(ctx: TieContext) -> ScoreSheet:
    if ctx.sheet is None:
        raise ValueError("this tie-breaker needs round scores")
    return ctx.sheet


def _round_score(rnd: int | None) -> Criterion:
    def keys(ctx: TieContext, group: Sequence[str]) -> dict[str, Key | None]:
        sheet = _sheet(ctx)
        number = sheet.through if rnd is None else rnd
        return {p: sheet.round_score(p, number) or 0.0 for p in group}

    phrase = "higher last-round score" if rnd is None else f"higher round-{rnd} score"
    name = TieBreaker.LAST_ROUND_SCORE if rnd is None else f"{ROUND_SCORE}:{rnd}"
    return Criterion(name, phrase, keys)


def _best_game(ctx: TieContext, group: Sequence[str]) -> dict[str, Key | None]:
    """The game's own score: a round's multiplier or pool bonus is on the round's score, not on
    the game (WDC 2025 IX.1.c against VIII.1.b.ii "Higher single game score")."""
    sheet = _sheet(ctx)
    return {p: max((g.raw for g in sheet.games[p]), default=None) for p in group}


def _head_to_head(combine: Callable[[list[float]], float]) -> Callable[..., dict[str, Key | None]]:
    def keys(ctx: TieContext, group: Sequence[str]) -> dict[str, Key | None]:
        sheet = _sheet(ctx)
        tied = set(group)
        out: dict[str, Key | None] = {}
        for p in group:
            values = [sheet.game_value(p, g) for g in sheet.games[p]
                      if g.met(tied, p)]
            out[p] = combine(values) if values else None
        return out

    return keys


def _counted_centres(ctx: TieContext, group: Sequence[str]) -> dict[str, Key | None]:
    sheet = _sheet(ctx)
    return {p: float(sum(g.centers for g in sheet.counted_games(p))) for p in group}


def _dropped_round(ctx: TieContext, group: Sequence[str]) -> dict[str, Key | None]:
    sheet = _sheet(ctx)
    return {p: sheet.dropped_score(p) for p in group}


MAX_COUNT_BACK_YEARS = 40


def _count_back(ctx: TieContext, group: Sequence[str]) -> dict[str, Key | None]:
    """Totals with the latest round's boards rolled back 1, 2, ... years (EDC 2026).

    Seed 004: "If both are still tied then these boards will be rolled back another year and
    so-on until one of the players is ahead": players still level with someone are rolled
    back further, each year, until every one of them is apart (a three-way tie split 1-2 at one
    year goes on for the two); a player already ahead or behind is compared on the years that
    told them apart (the keys compare year by year)."""
    sheet = _sheet(ctx)
    steps: dict[str, list[float]] = {p: [] for p in group}
    for years in range(1, MAX_COUNT_BACK_YEARS + 1):
        level = [p for p in group if any(q != p and steps[q] == steps[p] for q in group)]
        if not level:
            break
        totals = {p: sheet.total_rolled_back(p, sheet.through, years) for p in level}
        if any(t is None for t in totals.values()):
            break  # a board's history ends here: what is still level stays level
        for p in level:
            steps[p].append(round(float(totals[p] or 0.0), _PLACES))
    if not any(steps.values()):
        return {p: None for p in group}
    return {p: tuple(v) for p, v in steps.items()}


def _describe_count_back(better: Key, worse: Key) -> str:
    for i, (a, b) in enumerate(zip(better, worse, strict=False)):
        if a != b:
            years = "year" if i == 0 else "years"
            return f"{_show(a)} against {_show(b)} with the last round {i + 1} {years} back"
    return "equal"


def _distance(ctx: TieContext, group: Sequence[str]) -> dict[str, Key | None]:
    t = ctx.tournament
    return {p: t.distance_of(t.player(p)) for p in group}


def _recorded(method: str) -> Callable[[TieContext, Sequence[str]], dict[str, Key | None]]:
    def keys(ctx: TieContext, group: Sequence[str]) -> dict[str, Key | None]:
        for decision in reversed(ctx.tournament.tie_decisions):  # the latest decision wins
            if decision.method != method or decision.about != ctx.about:
                continue
            if set(group) <= set(decision.order):
                return {p: float(-decision.order.index(p)) for p in group}
        return {p: None for p in group}

    return keys


def _seed(ctx: TieContext, group: Sequence[str]) -> dict[str, Key | None]:
    t = ctx.tournament
    return {p: (None if t.player(p).seed is None else float(-(t.player(p).seed or 0)))
            for p in group}


def _no_detail(better: Key, worse: Key) -> str:
    return ""  # the phrase says it all: a recorded order has no values to show


def _pool_first(ctx: TieContext, group: Sequence[str]) -> dict[str, Key | None]:
    return {p: 1.0 if p in ctx.pool else 0.0 for p in group}


_FIXED: dict[TieBreaker, Criterion] = {TieBreaker(c.name): c for c in (
    _round_score(None),
    Criterion(TieBreaker.BEST_GAME, "higher single game score", _best_game),
    Criterion(TieBreaker.HEAD_TO_HEAD_BEST, "higher score in a game where the tied players met",
              _head_to_head(max), none_lowest=False),
    Criterion(TieBreaker.HEAD_TO_HEAD_TOTAL, "higher total in games where the tied players met",
              _head_to_head(sum), none_lowest=False),
    Criterion(TieBreaker.COUNTED_CENTRES, "more supply centres in the counted games",
              _counted_centres),
    Criterion(TieBreaker.DROPPED_ROUND, "higher score in the dropped round", _dropped_round),
    Criterion(TieBreaker.COUNT_BACK, "ahead on count-back", _count_back, none_lowest=False,
              describe=_describe_count_back),
    Criterion(TieBreaker.DISTANCE, "further from home", _distance, none_lowest=False,
              describe=lambda a, b: f"{a:.0f} km against {b:.0f} km"),
    Criterion(TieBreaker.RANDOM_DRAW, "placed first by the recorded random draw",
              _recorded("random-draw"), describe=_no_detail),
    Criterion(TieBreaker.TD_DECISION, "placed first by the TD's recorded decision",
              _recorded("td"), describe=_no_detail),
    Criterion(TieBreaker.SEED, "better seed", _seed,
              describe=lambda a, b: f"seed {-a:.0f} against {_seed_text(b)}"),
    Criterion(TieBreaker.POOL_FIRST, "in the championship pool", _pool_first,
              describe=lambda a, b: "pool player over non-pool player"),
)}
if set(_FIXED) != set(TieBreaker):  # a name the formats declare needs its criterion here
    raise ImportError("tie-breakers without a criterion: "
                      + ", ".join(sorted(set(TieBreaker) - set(_FIXED))))


def _seed_text(key: Key) -> str:
    return "no seed" if key is None else f"seed {-key:.0f}"


def criterion(name: str) -> Criterion:
    """The criterion called ``name`` (``round-score:4`` takes its round after the colon)."""
    if name in _FIXED:
        return _FIXED[TieBreaker(name)]
    rnd = round_of(name)
    if rnd is not None:
        return _round_score(rnd)
    raise KeyError(f"unknown tie-breaker {name!r}")


def draw_lots(players: Sequence[str], rng: random.Random, *, about: str = "standings",
              note: str = "") -> TieDecision:
    """A random draw among tied ``players`` for the TD to record (``rng`` is injected so the
    caller decides the seed and can show it)."""
    order = sorted(players)
    rng.shuffle(order)
    return TieDecision(tuple(order), "random-draw", about, note)



def draw_order(player_ids: tuple[int, ...] | list[int], seed: int | None = None
               ) -> tuple[tuple[int, ...], int]:
    """A random order of the tied players, best first, and the seed that drew it (so the
    draw can be shown and repeated)."""
    if len(set(player_ids)) < 2:
        raise ValueError("A draw needs at least two tied players.")
    if seed is None or isinstance(seed, bool):  # a bool is a button's "checked", not a seed
        seed = random.SystemRandom().randrange(1 << 31)
    decision = draw_lots([str(p) for p in player_ids], random.Random(seed))
    return tuple(int(p) for p in decision.order), seed



_NOT_AVAILABLE = re.compile(r"(not available for )([\w ,]+)")


def names_in_note(note: str, names: dict[str, str]) -> str:
    """A tie note names players by id ("not available for 2, 3"): use their names."""
    def swap(match: re.Match[str]) -> str:
        ids = [part.strip() for part in match.group(2).split(",")]
        return match.group(1) + ", ".join(names.get(i, i) for i in ids)

    return _NOT_AVAILABLE.sub(swap, note)


# -- the engine ---------------------------------------------------------------------------------

def order_players(
    players: Sequence[str],
    value: Callable[[str], float],
    criteria: Sequence[str],
    ctx: TieContext,
    *,
    value_phrase: str = "higher score",
    break_within: int | None = None,
    unresolved: str = "td",
    offset: int = 0,
) -> Ordering:
    """Order ``players`` by ``value`` (higher first), settling equal values with ``criteria``.

    Ties of groups that start at or beyond place ``break_within`` (counting ``offset`` places
    above) are kept as shared ties: the rules only break ties for the places they name.
    A recorded TD decision always applies after the named criteria.
    """
    chain = [criterion(n) for n in criteria]
    if "td-decision" not in criteria:
        chain.append(criterion("td-decision"))
    by_value: dict[float, list[str]] = {}
    for p in players:
        by_value.setdefault(round(value(p), _PLACES), []).append(p)
    result = Ordering()
    previous: float | None = None
    place = offset
    for score in sorted(by_value, reverse=True):
        group = sorted(by_value[score])
        joint = None if previous is None else (
            f"{value_phrase} ({_show(previous)} against {_show(score)})")
        if len(group) == 1:
            part = Ordering([group], [], [""], [""])
        elif break_within is not None and place >= break_within:
            part = Ordering([group], [], ["shared"],
                            [f"tied on {_show(score)}; the rules break no tie at this place"])
        else:
            part = _settle(group, chain, ctx, f"tied on {_show(score)}", unresolved)
            if break_within is not None:
                part = _share_beyond(part, break_within - place, f"tied on {_show(score)}")
        result.extend(part, joint)
        previous = score
        place += len(group)
    return result


def _share_beyond(part: Ordering, room: int, tied: str) -> Ordering:
    """Merge the groups of a settled tie that start beyond the places the rules break ties for
    back into one shared group: the criteria decided only the places within ``room``."""
    out = Ordering()
    placed = 0
    for g, group in enumerate(part.groups):
        if placed >= room:
            rest = [p for grp in part.groups[g:] for p in grp]
            if len(rest) == 1:
                out.extend(Ordering([rest], [], [""], [""]), part.reasons[g - 1])
            else:
                note = f"{tied}; the rules break no tie at this place"
                out.extend(Ordering([sorted(rest)], [], ["shared"], [note]), part.reasons[g - 1])
            return out
        out.extend(Ordering([group], [], [part.ties[g]], [part.notes[g]]),
                   part.reasons[g - 1] if g else None)
        placed += len(group)
    return out


def _settle(group: list[str], chain: list[Criterion], ctx: TieContext, tied: str,
            unresolved: str) -> Ordering:
    skipped: list[str] = []
    for index, crit in enumerate(chain):
        keys = crit.keys(ctx, group)
        keys = {p: _norm(k) for p, k in keys.items()}
        if all(k is None for k in keys.values()) and crit.none_lowest:
            continue  # nothing recorded (no draw, no decision): nothing to say
        if any(k is None for k in keys.values()) and not crit.none_lowest:
            missing = ", ".join(ctx.tournament.player(p).label for p in group
                                if keys[p] is None)
            skipped.append(f"{crit.phrase}: not available for {missing}")  # names_in_note reads it
            continue
        distinct = sorted({k for k in keys.values() if k is not None}, reverse=True)
        has_none = any(k is None for k in keys.values())
        if len(distinct) + (1 if has_none else 0) < 2:
            continue
        parts: list[tuple[Key | None, list[str]]] = [
            (k, sorted(p for p in group if keys[p] == k)) for k in distinct]
        if has_none:
            parts.append((None, sorted(p for p in group if keys[p] is None)))
        out = Ordering()
        for i, (key, members) in enumerate(parts):
            joint = None if i == 0 else f"{tied}; {crit.explain(parts[i - 1][0], key)}"
            if len(members) == 1:
                out.extend(Ordering([members], [], [""], [""]), joint)
            else:
                out.extend(_settle(members, chain[index + 1:], ctx, tied, unresolved), joint)
        return out
    kind = "td" if unresolved == TieMode.TD else "shared"
    words = "left to the TD" if kind == "td" else "the rules leave this tie"
    detail = f" ({'; '.join(skipped)})" if skipped else ""
    return Ordering([sorted(group)], [], [kind], [f"{tied} after every tie-breaker; {words}{detail}"])


def _norm(key: Key | None) -> Key | None:
    if key is None:
        return None
    if isinstance(key, tuple):
        return tuple(round(float(k), _PLACES) for k in key)
    return round(float(key), _PLACES)


def _show(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:.0f}"
    return str(value)
