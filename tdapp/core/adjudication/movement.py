"""The movement phase: which orders are legal, then who moves, bounces, cuts and is dislodged.

Resolution follows Lucas Kruijswijk's partial-resolution method (DATC section 5): one decision per
unit (a move succeeds, a support is given, a convoying fleet stays), resolved on demand with a
guess when decisions depend on each other in a cycle. A cycle that resolves both ways is a
circular movement (every move in it succeeds) or, when a convoy is part of it, a convoy paradox
settled by the Szykman rule (the convoying fleets in it hold). Everything is indexed by integers
so that no lookup touches strings during resolution.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tdapp.core.adjudication import rules as R
from tdapp.core.adjudication.results import (
    BOUNCE,
    CUT,
    DESTINATION,
    DISLODGED,
    DISRUPTED,
    NO_CONVOY,
    TARGET,
    UNIT,
    VOID,
    Fault,
    OrderEntry,
    OrderResult,
    format_order,
    result_for,
)
from tdapp.core.board.position import DislodgedUnit, Position, Unit
from tdapp.core.board.standard_map import COAST, LAND, GameMap
from tdapp.core.orders.model import Convoy, Hold, Move, SupportHold, SupportMove

HOLD, MOVE, SUP_HOLD, SUP_MOVE, CONVOY = 0, 1, 2, 3, 4
_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2
_INF = 1 << 30


@dataclass(slots=True)
class MovementOutcome:
    results: list[OrderResult]
    units: dict[str, Unit]  # where every unit that was not dislodged stands now
    dislodged: list[DislodgedUnit]  # with their legal retreats
    contested: frozenset[str]  # provinces left empty by a standoff


@dataclass(slots=True)
class _Parsed:
    """A legal order reduced to integers."""

    kind: int
    dest: int = -1  # province moved or supported into; convoy destination
    dest_loc: int = -1  # location moved to (a fleet's coast)
    target: int = -1  # province of the supported or convoyed unit
    via: bool = False  # "via convoy" written, or the destination needs a convoy
    adjacent: bool = True  # an army move that could go by land
    path: frozenset[int] = frozenset()  # the fleets' provinces, when the route is written
    land_fallback: bool = False  # 1971 rules: by land if the convoy is disrupted


class _Board:
    """The units of a position as parallel integer arrays."""

    def __init__(self, position: Position) -> None:
        m = position.game_map
        self.map = m
        self.units: list[Unit] = list(position.units.values())
        pidx, lidx = m.province_index, m.location_index
        self.prov = [pidx[p] for p in position.units]  # keyed by province already
        self.loc = [lidx[u.location] for u in self.units]
        self.power = [u.power for u in self.units]
        self.is_army = [u.unit_type == "A" for u in self.units]
        self.at = [-1] * len(m.province_names)
        for i, p in enumerate(self.prov):
            self.at[p] = i
        self.names = [f"{u.unit_type} {u.location}" for u in self.units]

    def reach(self, u: int) -> frozenset[int]:
        return (self.map.army_reach if self.is_army[u] else self.map.fleet_reach)[self.loc[u]]

    def name(self, u: int) -> str:
        return self.names[u]


def _route_exists(m: GameMap, origin: int, dest: int, fleets: set[int] | frozenset[int]) -> bool:
    """Whether fleets (sea provinces) chain from ``origin`` to ``dest``."""
    if not fleets:
        return False
    seas = m.sea_neighbours
    goal = seas[dest]
    frontier = [f for f in seas[origin] if f in fleets]
    seen = set(frontier)
    reach = m.fleet_reach
    while frontier:
        f = frontier.pop()
        if f in goal:
            return True
        for g in reach[f]:
            if g in fleets and g not in seen:
                seen.add(g)
                frontier.append(g)
    return False


def _on_minimal_route(m: GameMap, origin: int, dest: int, fleet: int, fleets: set[int]) -> bool:
    """Whether ``fleet`` is needed by some convoy route: it lies on a route none of whose fleets
    can be skipped (DATC 6.G.19: an unnecessary fleet's convoy order is illegal)."""
    seas = m.sea_neighbours
    reach = m.fleet_reach

    def extend(path: list[int]) -> bool:
        last = path[-1]
        if last in seas[dest]:
            return fleet in path
        for nxt in reach[last]:
            if nxt not in fleets or nxt in path:
                continue
            # no shortcut: the new fleet touches only the last one, and not the origin
            if nxt in seas[origin] or any(nxt in reach[p] for p in path[:-1]):
                continue
            if any(p in seas[dest] for p in path):
                continue
            path.append(nxt)
            if extend(path):
                return True
            path.pop()
        return False

    return any(extend([first]) for first in seas[origin] if first in fleets)


def place_name(m: GameMap, loc: str) -> str:
    """``STP/NC`` -> ``St Petersburg north coast``: a place as a TD names it."""
    province, _, coast = loc.partition("/")
    info = m.provinces.get(province)
    name = info.name if info else province
    return f"{name} {_COAST_WORDS.get(coast, coast)}" if coast else name


_COAST_WORDS = {"NC": "north coast", "SC": "south coast", "EC": "east coast"}


def _check_order(board: _Board, u: int, order: object) -> _Parsed | Fault:
    """The order reduced to integers, or why it is illegal (the one place that decides it: the
    judge reports ``Fault.message``, the entry view shows ``Fault.words``)."""
    m = board.map
    pidx, lidx = m.province_index, m.location_index
    me = board.prov[u]
    unit = board.names[u]
    if isinstance(order, Hold):
        return _Parsed(HOLD)
    if isinstance(order, Move):
        return _check_move(board, u, order)
    if isinstance(order, (SupportHold, SupportMove)):
        sp = pidx.get(order.supported_location.split("/", 1)[0], -1)
        if sp < 0:
            return Fault(f"unknown province {order.supported_location}",
                         f"unknown province: {order.supported_location}", TARGET)
        if sp == me:
            return Fault(f"{unit} cannot support itself", "a unit cannot support itself",
                         TARGET)
        if board.at[sp] < 0:
            return Fault(f"no unit in {m.province_names[sp]} to support",
                         f"no unit to support in {place_name(m, m.province_names[sp])}", TARGET)
        if isinstance(order, SupportHold):
            if sp not in board.reach(u):
                return Fault(f"{unit} cannot reach {m.province_names[sp]}",
                             f"a support only reaches where the supporter could move: {unit} "
                             f"cannot reach {place_name(m, m.province_names[sp])}", TARGET)
            return _Parsed(SUP_HOLD, sp, target=sp)
        dp = pidx.get(order.destination.split("/", 1)[0], -1)
        if dp < 0:
            return Fault(f"unknown province {order.destination}",
                         f"unknown province: {order.destination}", DESTINATION)
        if dp == me:
            return Fault(f"{unit} cannot support a move into its own province",
                         "a unit cannot support a move to where it stands", DESTINATION)
        if dp not in board.reach(u):
            return Fault(f"{unit} cannot reach {m.province_names[dp]}",
                         f"a support only reaches where the supporter could move: {unit} "
                         f"cannot reach {place_name(m, m.province_names[dp])}", DESTINATION)
        # a coast named in the support must be the one the move goes to (DATC 6.B.9)
        coast = lidx.get(order.destination, -1) if "/" in order.destination else -1
        return _Parsed(SUP_MOVE, dp, coast, target=sp)
    if isinstance(order, Convoy):
        if board.is_army[u] or not m.is_sea[me]:
            return Fault("only a fleet at sea can convoy",
                         "an army cannot convoy" if board.is_army[u]
                         else "only a fleet at sea can convoy, not a fleet on a coast: "
                         f"{_here(board, u)}",
                         UNIT)
        ap = pidx.get(order.army_location.split("/", 1)[0], -1)
        dp = pidx.get(order.destination.split("/", 1)[0], -1)
        if ap < 0 or dp < 0:
            return Fault("unknown province in convoy order", "unknown province in the convoy")
        a = board.at[ap]
        if a < 0:
            return Fault(f"no army in {m.province_names[ap]} to convoy",
                         f"no army to convoy in {place_name(m, m.province_names[ap])}", TARGET)
        if not board.is_army[a]:
            return Fault("only armies can be convoyed",
                         f"only an army can be convoyed: {board.name(a)} is a fleet", TARGET)
        if ap == dp:
            return Fault(f"a unit cannot move to its own province ({m.province_names[ap]})",
                         "a convoy to where the army stands: "
                         f"{place_name(m, m.province_names[ap])}", DESTINATION)
        return _Parsed(CONVOY, dp, target=ap)
    return Fault("not a movement-phase order", "not a movement-phase order")


def _here(board: _Board, u: int) -> str:
    return place_name(board.map, board.units[u].location)


def _unreachable(board: _Board, u: int, dest_text: str, dp: int) -> Fault:
    """A move the unit cannot make: the message the results give, and the TD's words."""
    m = board.map
    there = place_name(m, dest_text)
    if board.is_army[u]:
        return Fault(f"{board.names[u]} cannot reach {m.province_names[dp]}",
                     f"not adjacent: an army in {_here(board, u)} cannot reach {there}",
                     DESTINATION)
    words = (f"a fleet cannot move inland: {there}"
             if m.provinces[m.province_names[dp]].type == LAND
             else f"not adjacent: a fleet in {_here(board, u)} cannot reach {there}")
    return Fault(f"{board.names[u]} cannot reach {dest_text}", words, DESTINATION)


def _check_move(board: _Board, u: int, order: Move) -> _Parsed | Fault:
    m = board.map
    pidx, lidx = m.province_index, m.location_index
    me = board.prov[u]
    dest_text = order.destination
    dp = pidx.get(dest_text.split("/", 1)[0], -1)
    if dp < 0:
        return Fault(f"unknown province {dest_text}", f"unknown province: {dest_text}",
                     DESTINATION)
    if dp == me:
        return Fault(f"{board.names[u]} cannot move to its own province",
                     f"a unit cannot move to where it stands: {place_name(m, dest_text)}",
                     DESTINATION)
    if not board.is_army[u]:
        adj = m.fleet_adj[board.loc[u]]
        coasts = m.provinces[m.province_names[dp]].coasts
        if "/" in dest_text:
            dl = lidx.get(dest_text, -1)
            if dl not in adj:
                return _unreachable(board, u, dest_text, dp)
        elif coasts:
            reachable = [lidx[c] for c in coasts if lidx[c] in adj]
            if len(reachable) != 1:
                if not reachable:
                    return _unreachable(board, u, dest_text, dp)
                both = " or ".join(place_name(m, c) for c in coasts)
                return Fault(f"coast needed: {' or '.join(coasts)}",
                             f"coast needed: a fleet in {_here(board, u)} can reach {both}",
                             DESTINATION)
            dl = reachable[0]
        else:
            dl = dp
            if dl not in adj:
                return _unreachable(board, u, dest_text, dp)
        return _Parsed(MOVE, dp, dl)
    if m.is_sea[dp]:
        return Fault(f"an army cannot move to {m.province_names[dp]}",
                     f"an army cannot move to a sea: {place_name(m, dest_text)}", DESTINATION)
    path = frozenset(pidx.get(p.split("/", 1)[0], -1) for p in order.convoy_path)
    if dp in m.army_adj[me]:
        return _Parsed(MOVE, dp, dp, via=order.via_convoy or bool(path), path=path)
    me_type = m.provinces[m.province_names[me]].type
    dest_type = m.provinces[m.province_names[dp]].type
    if me_type != COAST or dest_type != COAST:
        return _unreachable(board, u, dest_text, dp)
    return _Parsed(MOVE, dp, dp, via=True, adjacent=False, path=path)


def _unit_of(board: _Board, power: str, order: object) -> int | Fault:
    """The unit an order is for, or why it is for none of ``power``'s units."""
    m = board.map
    location = getattr(order, "location", None)
    p = m.province_index.get(location.split("/", 1)[0], -1) if location else -1
    u = board.at[p] if p >= 0 else -1
    if u < 0:
        if not location:
            return Fault("not a movement-phase order", "not a movement-phase order")
        return Fault(f"no unit in {location}", f"no unit in {place_name(m, location)}", UNIT)
    if board.power[u] != power:  # not an order for this unit: its owner gave none
        return Fault(f"{board.name(u)} belongs to {board.power[u]}",
                     f"{board.name(u)} is {board.power[u].title()}'s", UNIT)
    return u


def _no_fleets(board: _Board, u: int, parsed: _Parsed) -> Fault | None:
    """A move by convoy that no fleet at sea could ever carry: void, the army holds
    (DATC 6.D.32), whatever the other orders are."""
    m = board.map
    if parsed.kind != MOVE or not parsed.via:
        return None
    at_sea = {board.prov[f] for f in range(len(board.units))
              if not board.is_army[f] and m.is_sea[board.prov[f]]}
    if _route_exists(m, board.prov[u], parsed.dest, at_sea):
        return None
    there = place_name(m, m.province_names[parsed.dest])
    return Fault("no fleets to convoy it",
                 f"no fleet at sea could convoy {board.name(u)} to {there}", DESTINATION)


def movement_faults(position: Position, power: str,
                    orders: Sequence[object | None]) -> list[Fault | None]:
    """Per order of ``power``, why the judge will void it whatever the other orders are (the
    same checks as :func:`adjudicate_movement`), or None. Not checked here: what depends on the
    other orders (a support or convoy that no move matches, two orders for one unit)."""
    board = _Board(position)
    faults: list[Fault | None] = []
    for order in orders:
        if order is None:
            faults.append(None)
            continue
        u = _unit_of(board, power, order)
        if isinstance(u, Fault):
            faults.append(u)
            continue
        checked = _check_order(board, u, order)
        faults.append(checked if isinstance(checked, Fault) else _no_fleets(board, u, checked))
    return faults


def _same(a: _Parsed, b: _Parsed) -> bool:
    return (a.kind, a.dest, a.dest_loc, a.target, a.via) == (
        b.kind, b.dest, b.dest_loc, b.target, b.via
    )


def adjudicate_movement(
    position: Position, entries: Sequence[OrderEntry], rules: R.RuleOptions | None = None
) -> MovementOutcome:
    rules = rules or R.RuleOptions()
    board = _Board(position)
    m = board.map
    n = len(board.units)
    results: list[OrderResult] = []
    unit_results: list[list[OrderResult]] = [[] for _ in range(n)]
    candidates: list[list[tuple[_Parsed, OrderResult]]] = [[] for _ in range(n)]

    for entry in entries:
        res = result_for(entry)
        results.append(res)
        order = entry.order
        if order is None:
            continue
        found = _unit_of(board, entry.power, order)
        if isinstance(found, Fault):
            location = getattr(order, "location", None)
            p = m.province_index.get(location.split("/", 1)[0], -1) if location else -1
            if p >= 0 and board.at[p] >= 0:
                res.unit = board.names[board.at[p]]
            res.normalized = format_order(order)
            res.fail(VOID, found.message)
            continue
        u = found
        res.unit = board.names[u]
        unit_results[u].append(res)
        checked = _check_order(board, u, order)
        if isinstance(checked, Fault):
            res.normalized = format_order(order)
            res.fail(VOID, checked.message)
            continue
        res.normalized = _normalized(board, u, order, checked)
        candidates[u].append((checked, res))

    orders: list[_Parsed] = []
    main_result: list[OrderResult] = []
    twins: list[tuple[OrderResult, OrderResult]] = []
    for u in range(n):
        cands = candidates[u]
        chosen: _Parsed | None = None
        if cands:
            if all(_same(c[0], cands[0][0]) for c in cands[1:]):
                chosen = cands[0][0]
                main = cands[0][1]
                twins.extend((main, c[1]) for c in cands[1:])  # the same order twice
            elif rules.duplicate_orders == R.LAST:
                chosen, main = cands[-1]
                for _, res in cands[:-1]:
                    res.fail(VOID, "replaced by a later order for the same unit")
            else:
                for _, res in cands:
                    res.fail(VOID, "the unit has two different orders: it holds")
                main = cands[-1][1]
        if chosen is None:
            chosen = _Parsed(HOLD)
            if not unit_results[u]:
                main = OrderResult(board.power[u], "", board.name(u), f"{board.name(u)} H")
                results.append(main)
                unit_results[u].append(main)
            elif not cands:
                main = unit_results[u][-1]
        orders.append(chosen)
        main_result.append(main)

    _decide_convoy_intent(board, orders, rules)
    outcome = _resolve_phase(board, orders, main_result, unit_results, results)
    for main, twin in twins:
        twin.tags, twin.messages = list(main.tags), list(main.messages)
        twin.succeeded = main.succeeded
    return outcome


def _resolve_phase(
    board: _Board,
    orders: list[_Parsed],
    main_result: list[OrderResult],
    unit_results: list[list[OrderResult]],
    results: list[OrderResult],
) -> MovementOutcome:
    fallback = [u for u, o in enumerate(orders) if o.land_fallback]
    if not fallback:
        return _Resolution(board, orders, main_result, unit_results, results).run()
    # 1971 rules: an unwanted convoy to an adjacent province is not taken when it is disrupted
    # (DATC 6.G.4); the army then goes by land and the phase is adjudicated again.
    before = [(list(r.tags), list(r.messages), r.succeeded) for r in results]
    resolution = _Resolution(board, orders, main_result, unit_results, results)
    outcome = resolution.run()
    tables = resolution.tables
    assert tables is not None  # run() builds them
    disrupted = [u for u in fallback if not tables.path_ok(u)]
    if not disrupted:
        return outcome
    for u in disrupted:
        orders[u].via = False
    for r, (tags, messages, succeeded) in zip(results, before, strict=False):
        r.tags, r.messages, r.succeeded = tags, messages, succeeded
    return _Resolution(board, orders, main_result, unit_results, results).run()


def _normalized(board: _Board, u: int, order: object, parsed: _Parsed) -> str:
    """The canonical order with the unit's real type and location."""
    m = board.map
    unit = board.names[u]
    if parsed.kind == HOLD:
        return f"{unit} H"
    if parsed.kind == MOVE:
        text = f"{unit} - {m.location_names[parsed.dest_loc]}"
        return text + " VIA" if isinstance(order, Move) and order.via_convoy else text
    if parsed.kind in (SUP_HOLD, SUP_MOVE):
        s = board.at[parsed.target]
        text = f"{unit} S {board.names[s]}"
        if parsed.kind == SUP_MOVE and isinstance(order, SupportMove):
            text += f" - {order.destination}"
        return text
    return f"{unit} C A {m.province_names[parsed.target]} - {m.province_names[parsed.dest]}"


def _decide_convoy_intent(board: _Board, orders: list[_Parsed], rules: R.RuleOptions) -> None:
    """Whether an army ordered to an adjacent province goes by convoy (DATC 4.A.3)."""
    m = board.map
    if rules.convoy_to_adjacent == R.EXPLICIT:
        return
    convoys = [f for f, c in enumerate(orders) if c.kind == CONVOY]
    if not convoys:
        return
    fleets_at_sea = {board.prov[f] for f in range(len(orders))
                     if not board.is_army[f] and m.is_sea[board.prov[f]]}
    for u, o in enumerate(orders):
        if o.kind != MOVE or not board.is_army[u] or not o.adjacent or o.via:
            continue
        convoyers = [
            f for f in convoys
            if orders[f].target == board.prov[u] and orders[f].dest == o.dest
        ]
        if not convoyers:
            continue
        if rules.convoy_to_adjacent == R.ANY_CONVOY:
            v = board.at[o.dest]
            swapping = v >= 0 and orders[v].kind == MOVE and orders[v].dest == board.prov[u]
            fleets = {board.prov[f] for f in convoyers}
            o.via = o.land_fallback = swapping and _route_exists(m, board.prov[u], o.dest, fleets)
            continue
        own = [f for f in convoyers if board.power[f] == board.power[u]]
        o.via = any(
            _on_minimal_route(m, board.prov[u], o.dest, board.prov[f], fleets_at_sea) for f in own
        )


@dataclass(slots=True)
class _Tables:
    """The resolved phase, as the resolution's integer tables."""

    kind: list[int]
    dest: list[int]
    target: list[int]
    via: list[bool]
    h2h: list[int]  # the unit met head-to-head, or -1
    moves_into: list[list[int]]  # province -> units moving there
    convoy_fleets: list[list[int]]  # convoyed army -> fleets ordered to carry it
    szykman: set[int]  # convoying fleets held by the Szykman rule
    result: list[bool]
    path_ok: Callable[[int], bool]


class _Resolution:
    def __init__(
        self,
        board: _Board,
        orders: list[_Parsed],
        main_result: list[OrderResult],
        unit_results: list[list[OrderResult]],
        results: list[OrderResult],
    ) -> None:
        self.board = board
        self.orders = orders
        self.main = main_result
        self.unit_results = unit_results
        self.results = results
        self.tables: _Tables | None = None

    def run(self) -> MovementOutcome:  # noqa: C901 - one pass over the phase, kept together
        board, orders = self.board, self.orders
        m = board.map
        n = len(orders)
        kind = [o.kind for o in orders]
        dest = [o.dest for o in orders]
        target = [o.target for o in orders]
        via = [o.via for o in orders]
        prov, power, at = board.prov, board.power, board.at
        n_prov = len(m.province_names)

        # convoys: which fleets carry which convoyed move; moves with no possible route hold
        convoy_fleets: list[list[int]] = [[] for _ in range(n)]
        for f in range(n):
            if kind[f] == CONVOY:
                a = at[target[f]]
                path = orders[a].path
                if kind[a] == MOVE and via[a] and dest[a] == dest[f]:
                    if path and prov[f] not in path:
                        # a written route is the only one the army takes (WDC 2025 V.2.a)
                        self.main[f].tags.append(VOID)
                        self.main[f].messages.append("not on the convoy route written")
                    else:
                        convoy_fleets[a].append(f)
                else:
                    self.main[f].messages.append(
                        f"{board.name(a)} was not ordered to {m.province_names[dest[f]]} by convoy"
                    )
                    self.main[f].tags.append(VOID)
        at_sea = {prov[f] for f in range(n) if not board.is_army[f] and m.is_sea[prov[f]]}
        for u in range(n):
            if kind[u] == MOVE and via[u]:
                fleets = {prov[f] for f in convoy_fleets[u]}
                if not _route_exists(m, prov[u], dest[u], at_sea):
                    # no fleets that could ever carry it: an illegal order, the army holds and
                    # may be supported to hold (DATC 6.D.32)
                    kind[u] = HOLD
                    self.main[u].fail(VOID, "no fleets to convoy it")
                    for f in convoy_fleets[u]:
                        self.main[f].tags.append(VOID)
                    convoy_fleets[u] = []
                elif not _route_exists(m, prov[u], dest[u], fleets):
                    # it stays a (failed) move: no hold support for it (DATC 6.D.8)
                    self.main[u].fail(NO_CONVOY, "no convoy route")
                    for f in convoy_fleets[u]:
                        self.main[f].tags.append(VOID)
                        self.main[f].messages.append("not part of a complete convoy route")
                    convoy_fleets[u] = []

        moves_into: list[list[int]] = [[] for _ in range(n_prov)]
        for u in range(n):
            if kind[u] == MOVE:
                moves_into[dest[u]].append(u)
        move_supports: list[list[int]] = [[] for _ in range(n)]
        hold_supports: list[list[int]] = [[] for _ in range(n)]
        for s in range(n):
            k = kind[s]
            if k == SUP_MOVE:
                v = at[target[s]]
                coast = orders[s].dest_loc
                if (
                    kind[v] == MOVE
                    and dest[v] == dest[s]
                    and (coast < 0 or coast == orders[v].dest_loc)
                ):
                    move_supports[v].append(s)
                else:
                    self.main[s].tags.append(VOID)
                    self.main[s].messages.append(
                        f"{board.name(v)} did not move to {m.province_names[dest[s]]}"
                    )
            elif k == SUP_HOLD:
                v = at[target[s]]
                if kind[v] != MOVE:
                    hold_supports[v].append(s)
                else:
                    self.main[s].tags.append(VOID)
                    self.main[s].messages.append(f"{board.name(v)} did not hold")
        h2h = [-1] * n
        for u in range(n):
            if kind[u] == MOVE and not via[u]:
                v = at[dest[u]]
                if v >= 0 and kind[v] == MOVE and not via[v] and dest[v] == prov[u]:
                    h2h[u] = v

        state = [_UNRESOLVED] * n
        result = [False] * n
        deps: list[int] = []
        szykman: set[int] = set()  # convoying fleets held by the Szykman rule

        def path_ok(u: int) -> bool:
            fleets = convoy_fleets[u]
            ok = {prov[f] for f in fleets if f not in szykman and resolve(f)}
            return _route_exists(m, prov[u], dest[u], ok)

        def attack(u: int) -> int:
            v = at[dest[u]]
            sup = move_supports[u]
            if v < 0 or (kind[v] == MOVE and h2h[u] != v and resolve(v)):
                return 1 + sum(1 for s in sup if resolve(s))
            pv = power[v]
            if pv == power[u]:
                return 0
            return 1 + sum(1 for s in sup if power[s] != pv and resolve(s))

        def hold_strength(p: int) -> int:
            v = at[p]
            if v < 0:
                return 0
            if kind[v] == MOVE:
                return 0 if resolve(v) else 1
            return 1 + sum(1 for s in hold_supports[v] if resolve(s))

        def prevent(u: int) -> int:
            if via[u] and not path_ok(u):
                return 0
            h = h2h[u]
            if h >= 0 and resolve(h):
                return 0
            return 1 + sum(1 for s in move_supports[u] if resolve(s))

        def adjudicate(u: int) -> bool:
            k = kind[u]
            if k == MOVE:
                if via[u] and not path_ok(u):
                    return False
                a = attack(u)
                if a == 0:
                    return False
                h = h2h[u]
                if h >= 0:
                    if a <= 1 + sum(1 for s in move_supports[h] if resolve(s)):
                        return False
                elif a <= hold_strength(dest[u]):
                    return False
                return all(o == u or a > prevent(o) for o in moves_into[dest[u]])
            if k == CONVOY:
                return not any(resolve(o) for o in moves_into[prov[u]])
            # a support is given unless cut, or dislodged from where it is aimed
            aim = dest[u] if k == SUP_MOVE else target[u]
            me = power[u]
            for o in moves_into[prov[u]]:
                if power[o] == me:
                    continue
                if prov[o] == aim:
                    if resolve(o):
                        return False
                    continue
                if via[o] and not path_ok(o):
                    continue
                return False
            return True

        # Guess bookkeeping (Tarjan-like): a decision being guessed has a depth; ``low`` is the
        # shallowest guess read since the current decision started. A decision that read a guess
        # shallower than its own is only tentative and is reset when that guess is settled.
        depth_of = [0] * n
        depth = 0
        low = _INF

        def backup(cycle: list[int]) -> None:
            if any(kind[d] == CONVOY for d in cycle):
                # convoy paradox: the convoying fleets in it hold (Szykman)
                for d in cycle:
                    if kind[d] == CONVOY:
                        szykman.add(d)
                    state[d] = _UNRESOLVED
            else:
                # circular movement: every move in the cycle succeeds
                for d in cycle:
                    if kind[d] == MOVE:
                        result[d] = True
                        state[d] = _RESOLVED
                    else:
                        state[d] = _UNRESOLVED

        def resolve(u: int) -> bool:
            nonlocal depth, low
            st = state[u]
            if st == _RESOLVED:
                return result[u]
            if st == _GUESSING:
                if depth_of[u] < low:
                    low = depth_of[u]
                return result[u]
            depth += 1
            mine = depth
            depth_of[u] = mine
            outer_low = low
            low = _INF
            old = len(deps)
            state[u] = _GUESSING
            result[u] = False
            first = adjudicate(u)
            lo = low
            if lo > mine:  # no guess involved
                state[u] = _RESOLVED
                result[u] = first
                depth -= 1
                low = outer_low
                return first
            if lo < mine:  # rests on an outer guess: tentative
                depth_of[u] = lo
                result[u] = first
                deps.append(u)
                depth -= 1
                low = min(outer_low, lo)
                return first
            # our own guess mattered: try the other one
            for d in deps[old:]:
                state[d] = _UNRESOLVED
            del deps[old:]
            low = _INF
            result[u] = True
            state[u] = _GUESSING
            second = adjudicate(u)
            cycle = [u, *deps[old:]]
            for d in deps[old:]:
                state[d] = _UNRESOLVED
            del deps[old:]
            depth -= 1
            low = outer_low
            if first == second:
                state[u] = _RESOLVED
                result[u] = first
                return first
            state[u] = _UNRESOLVED
            backup(cycle)
            return resolve(u)

        for u in range(n):
            if kind[u] != HOLD:
                resolve(u)
        self.tables = _Tables(kind, dest, target, via, h2h, moves_into, convoy_fleets, szykman,
                              result, path_ok)
        return self._outcome(self.tables)

    def _outcome(self, t: _Tables) -> MovementOutcome:
        kind, dest, via, h2h, moves_into = t.kind, t.dest, t.via, t.h2h, t.moves_into
        result, path_ok = t.result, t.path_ok
        board, orders = self.board, self.orders
        m = board.map
        n = len(orders)
        prov, at = board.prov, board.at
        moved = [kind[u] == MOVE and result[u] for u in range(n)]
        # who dislodged whom
        dislodger = [-1] * n
        for u in range(n):
            if moved[u]:
                v = at[dest[u]]
                if v >= 0 and not moved[v]:
                    dislodger[v] = u
        new_units: dict[str, Unit] = {}
        occupied_after: set[int] = set()
        for u, unit in enumerate(board.units):
            if moved[u]:
                loc = m.location_names[orders[u].dest_loc]
                new_units[m.province_names[dest[u]]] = Unit(unit.power, unit.unit_type, loc)
                occupied_after.add(dest[u])
            elif dislodger[u] < 0:
                new_units[m.province_names[prov[u]]] = unit
                occupied_after.add(prov[u])
        # standoffs: an empty province that a move failed to enter, not counting a unit that
        # lost a head-to-head battle (DATC 6.H.9)
        contested: set[int] = set()
        for p, movers in enumerate(moves_into):
            if not movers or p in occupied_after:
                continue
            for u in movers:
                if moved[u] or (h2h[u] >= 0 and dislodger[u] == h2h[u]):
                    continue
                if via[u] and not path_ok(u):
                    continue
                contested.add(p)
        dislodged: list[DislodgedUnit] = []
        for u in range(n):
            a = dislodger[u]
            if a < 0:
                continue
            came_from = None if via[a] else m.province_names[prov[a]]
            retreats = retreat_options(
                m, board.units[u], came_from, occupied_after, contested
            )
            dislodged.append(DislodgedUnit(board.units[u], came_from, retreats))
        self._messages(t, moved, dislodger)
        return MovementOutcome(
            self.results,
            new_units,
            dislodged,
            frozenset(m.province_names[p] for p in contested),
        )

    def _messages(self, t: _Tables, moved: list[bool], dislodger: list[int]) -> None:
        kind, dest, target, via, moves_into = t.kind, t.dest, t.target, t.via, t.moves_into
        board = self.board
        n = len(kind)
        prov, power = board.prov, board.power
        name = board.name
        for u in range(n):
            res = self.main[u]
            k = kind[u]
            if k == MOVE and not moved[u]:
                if NO_CONVOY in res.tags:
                    continue
                if via[u] and not t.path_ok(u):
                    fleets = t.convoy_fleets[u]
                    lost = [name(f) for f in fleets if dislodger[f] >= 0]
                    if lost:
                        res.fail(DISRUPTED, f"convoy disrupted: {', '.join(lost)} dislodged")
                    elif any(f in t.szykman for f in fleets):
                        res.fail(DISRUPTED, "convoy paradox: the convoy fails (Szykman rule)")
                    else:
                        res.fail(DISRUPTED, "convoy failed")
                else:
                    res.fail(BOUNCE, self._bounce_reason(t, u))
            elif k in (SUP_HOLD, SUP_MOVE) and not t.result[u]:
                cutters = [o for o in moves_into[prov[u]] if power[o] != power[u]]
                aim = dest[u] if k == SUP_MOVE else target[u]
                by = [o for o in cutters if prov[o] != aim] or cutters
                res.fail(CUT, f"support cut by {name(by[0])}" if by else "support cut")
            if dislodger[u] >= 0:
                for r in self.unit_results[u]:
                    r.fail(DISLODGED, f"dislodged by {name(dislodger[u])}")

    def _bounce_reason(self, t: _Tables, u: int) -> str:
        kind, dest, h2h, moves_into, result = t.kind, t.dest, t.h2h, t.moves_into, t.result
        board = self.board
        v = board.at[dest[u]]
        if h2h[u] >= 0 and result[h2h[u]]:  # lost a head-to-head battle
            return f"bounced with {board.name(h2h[u])}"
        if v >= 0 and not (kind[v] == MOVE and result[v]):
            if board.power[v] == board.power[u] and h2h[u] != v:
                return f"cannot dislodge own {board.name(v)}"
            others = [o for o in moves_into[dest[u]] if o != u]
            if others and h2h[u] < 0:
                return "bounced with " + ", ".join(board.name(o) for o in [v, *others])
            return f"bounced with {board.name(v)}"
        others = [o for o in moves_into[dest[u]] if o != u]
        if others:
            return "bounced with " + ", ".join(board.name(o) for o in others)
        return "failed"


def retreat_options(
    m: GameMap,
    unit: Unit,
    attacker_from: str | None,
    occupied: set[int] | frozenset[int],
    contested: set[int] | frozenset[int],
) -> tuple[str, ...]:
    """Where a dislodged unit may retreat: an adjacent, empty province that was not the scene
    of a standoff and not where its attacker came from (by land)."""
    loc = m.location_index[unit.location]
    table = m.army_adj if unit.unit_type == "A" else m.fleet_adj
    banned = m.province_index.get(attacker_from, -1) if attacker_from else -1
    out = []
    for d in table[loc]:
        p = m.loc_province[d]
        if p == banned or p in occupied or p in contested:
            continue
        out.append(m.location_names[d])
    return tuple(sorted(out))


__all__ = ["MovementOutcome", "adjudicate_movement", "retreat_options"]
