"""Differential test: random legal full-board movement phases adjudicated by tdapp and by the
PyPI adjudicators ``diplomacy`` and ``pydip`` (the ``crosscheck`` extra; tdapp never imports them).

Where they disagree, the difference must be one written down here as deliberate:

- tdapp versus ``diplomacy``: none on these random phases (``TDAPP_CROSSCHECK_PHASES=3000``:
  3,000 phases agree). In whole random games two deliberate differences remain, both where
  diplomacy follows DATC 2.4 and tdapp DATC 3.0 (see ``_deliberately_different``). A dislodged
  unit with no legal retreat is disbanded at once by both; tdapp then skips the retreat phase
  when nobody else has a retreat to make.
- tdapp versus ``pydip``: pydip lets a unit cut a support by attacking the supporter *from the
  province the support is aimed at* (F MAR - LYO cutting F LYO S A SPA - MAR). The rulebook
  and DATC 6.D.15 ("defender can not cut support for attack on itself") say such an attack
  does not cut the support (it can only dislodge the supporter). tdapp follows the rules;
  every disagreement with pydip must show this pattern (3,000 phases: all of them do). pydip
  needs a coast in a support to a split-coast province; a support written without one is given
  the coast the fleet moves to.
"""

from __future__ import annotations

import os

import pytest

from tdapp.core.adjudication.canonical import parse_canonical
from tdapp.core.adjudication.movement import adjudicate_movement
from tdapp.core.adjudication.results import OrderEntry
from tdapp.core.board.contract import position_from_contract
from tdapp.core.board.standard_map import STANDARD_MAP as M
from tests.core.adjudication.random_phases import RandomPhase, random_phases

pytestmark = pytest.mark.crosscheck

PHASES = int(os.environ.get("TDAPP_CROSSCHECK_PHASES", "300"))  # thousands by hand


def _tdapp(ph: RandomPhase):
    """(units after the phase, dislodged units that can retreat, all dislodged units) as sets of
    (power, "A PAR")."""
    pos = position_from_contract({"phase": "S1901M", "units": ph.units})
    entries = [
        OrderEntry(power, parse_canonical(text), text)
        for power, texts in ph.orders.items()
        for text in texts
    ]
    out = adjudicate_movement(pos, entries)
    stay = {(u.power, str(u)) for u in out.units.values()}
    can_retreat = {(d.unit.power, str(d.unit)) for d in out.dislodged if d.retreats}
    gone = {(d.unit.power, str(d.unit)) for d in out.dislodged}
    return stay, can_retreat, gone


def test_agrees_with_diplomacy() -> None:
    diplomacy = pytest.importorskip("diplomacy")
    disagreements = []
    for i, ph in enumerate(random_phases(PHASES, seed=7)):
        game = diplomacy.Game()
        game.clear_units()
        for power, units in ph.units.items():
            game.set_units(power, units)
        for power, orders in ph.orders.items():
            game.set_orders(power, orders)
        game.process()
        stay, gone = set(), set()
        for power in ph.units:
            for unit in game.get_units(power):
                # diplomacy marks a dislodged unit with '*' and drops one that cannot retreat
                (gone if unit.startswith("*") else stay).add((power, unit.lstrip("*")))
        ours_stay, ours_retreating, _ = _tdapp(ph)
        if (ours_stay, ours_retreating) != (stay, gone):
            disagreements.append(i)
    assert disagreements == []


def _cut_from_target(ph: RandomPhase) -> bool:
    """Whether some supporter is attacked from the province its support is aimed at."""
    moves: dict[str, str] = {}
    supports: list[tuple[str, str]] = []
    for orders in ph.orders.values():
        for text in orders:
            w = text.split()
            here = M.province_of(w[1])
            if w[2] == "-":
                moves[here] = M.province_of(w[3])
            elif w[2] == "S":
                aim = M.province_of(w[6]) if len(w) > 5 else M.province_of(w[4])
                supports.append((here, aim))
    return any(moves.get(aim) == here for here, aim in supports)


def test_differs_from_pydip_only_where_pydip_cuts_from_the_target() -> None:
    pytest.importorskip("pydip")
    from pydip.map.predefined import vanilla_dip
    from pydip.turn.resolve import resolve_turn

    from tests.core.adjudication.pydip_bridge import pydip_commands, pydip_name

    game_map = vanilla_dip.generate_map()
    names = set(game_map.name_map)
    unexplained, explained = [], 0
    for i, ph in enumerate(random_phases(PHASES, seed=11)):
        result = resolve_turn(game_map, pydip_commands(ph, game_map))
        stay, gone = set(), set()
        for power, units in result.items():
            for unit, retreats in units.items():
                (gone if retreats is not None else stay).add((power, unit.position))
        ours_stay, _, ours_gone = _tdapp(ph)

        def named(pairs):
            return {(p, pydip_name(M, u.split()[1], u.split()[0], names)) for p, u in pairs}

        if (named(ours_stay), named(ours_gone)) == (stay, gone):
            continue
        if _cut_from_target(ph):
            explained += 1
        else:
            unexplained.append(i)
    assert unexplained == []
    assert explained <= PHASES // 50  # the known pydip difference stays rare


# -- whole games: movement, retreats, adjustments, centres and skipped phases --------------------

GAMES = int(os.environ.get("TDAPP_CROSSCHECK_GAMES", "8"))
GAME_PHASES = 24


def _deliberately_different(order: str) -> bool:
    """Orders whose adjudication tdapp deliberately does differently from ``diplomacy``
    (which follows DATC 2.4 preferences where tdapp follows DATC 3.0):
    - ``A NAP - APU VIA`` with no fleet ordered to convoy it: DATC 3.0 6.G.8 lets the move fail
      (no fall-back to the land route); diplomacy moves it by land;
    - a support naming a coast the move does not go to (``F POR S F MAO - SPA/NC`` while the
      fleet goes to SPA/SC): DATC 3.0 6.B.9 does not count it; diplomacy does."""
    w = order.split()
    if w[-1] == "VIA" and M.can_move("A", w[1], w[3]):
        return True
    return len(w) > 2 and w[2] == "S" and "/" in w[-1]


def _diplomacy_state(game) -> tuple[dict, dict, dict]:
    units, dislodged = {}, {}
    for power in game.powers:
        for unit in game.get_units(power):
            if unit.startswith("*"):
                dislodged.setdefault(power, []).append(unit[1:])
            else:
                units.setdefault(power, []).append(unit)
    centers = {p: sorted(game.get_centers(p)) for p in game.powers if game.get_centers(p)}
    return units, dislodged, centers


def _sorted(d: dict) -> dict:
    return {p: sorted(v) for p, v in d.items() if v}


def _random_orders(rng, game, phase: str) -> dict[str, list[str]]:
    possible = game.get_all_possible_orders()
    orders: dict[str, list[str]] = {}
    for power in game.powers:
        locations = game.get_orderable_locations(power)
        if not phase.endswith("A"):
            orders[power] = [
                rng.choice(choices) for loc in locations
                if (choices := sorted(o for o in possible[loc] if not _deliberately_different(o)))
            ]
            continue
        owed = len(game.get_centers(power)) - len(game.get_units(power))
        if owed > 0:
            builds = sorted({o for loc in locations for o in possible[loc] if o.endswith(" B")})
            rng.shuffle(builds)
            chosen, used = [], set()
            for build in builds:
                province = build.split()[1][:3]
                if province not in used and len(chosen) < owed:
                    used.add(province)
                    chosen.append(build)
            orders[power] = chosen
        elif owed < 0:  # removals written in full: civil-disorder rules differ by design
            units = sorted(game.get_units(power))
            rng.shuffle(units)
            orders[power] = [f"{unit} D" for unit in units[:-owed]]
    return orders


def test_whole_games_agree_with_diplomacy() -> None:
    import random

    diplomacy = pytest.importorskip("diplomacy")
    from tdapp.commands.adjudicate import adjudicate_document
    from tdapp.core.adjudication.reading import canonical_reader

    for seed in range(GAMES):
        rng = random.Random(seed)
        game = diplomacy.Game()
        units, _, centers = _diplomacy_state(game)
        doc = {"phase": game.get_current_phase(), "units": units, "centers": centers}
        for _ in range(GAME_PHASES):
            if game.is_game_done:
                break
            phase = game.get_current_phase()
            assert doc["phase"] == phase
            doc["orders"] = _random_orders(rng, game, phase)
            for power, orders in doc["orders"].items():
                game.set_orders(power, orders)
            ours = adjudicate_document(doc, canonical_reader)["next"]
            game.process()
            units, dislodged, centers = _diplomacy_state(game)
            mine_dislodged = {p: [d["unit"] for d in ds] for p, ds in ours["dislodged"].items()}
            assert (ours["phase"], _sorted(ours["units"]), _sorted(mine_dislodged),
                    _sorted(ours["centers"])) == (
                game.get_current_phase(), _sorted(units), _sorted(dislodged), _sorted(centers)
            ), f"game {seed}, {phase}, orders {doc['orders']}"
            doc = {k: v for k, v in ours.items() if k != "adjustments"}
