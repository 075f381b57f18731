"""Property-based checks: whatever orders are written, the judge answers and the board stays
consistent (every unit accounted for, one unit per province, a result for every order)."""

from __future__ import annotations

from hypothesis import given, settings

from tdapp.core.adjudication import adjudicate_phase
from tdapp.core.board.position import Phase
from tdapp.core.board.standard_map import STANDARD_MAP
from tdapp.core.powers import POWERS
from tests.core.adjudication.judge_strategies import adjustment_cases, boards

M = STANDARD_MAP


@settings(max_examples=300, deadline=None)
@given(boards())
def test_movement_keeps_the_board_consistent(case) -> None:
    position, entries, rules = case
    out = adjudicate_phase(position, entries, rules)
    nxt = out.next
    assert len(out.results) >= len(entries)
    for res in out.results:
        assert set(res.tags) <= {"bounce", "cut", "dislodged", "void", "no convoy", "disrupted",
                                 "disband"}
    # each unit is on the board, retreating, or disbanded with no retreat
    disbanded = {r.unit for r in out.results if "disband" in r.tags}
    assert len(nxt.units) + len(nxt.dislodged) + len(disbanded) == len(position.units)
    for province, unit in nxt.units.items():
        assert unit.province == province
        assert M.can_occupy(unit.unit_type, unit.location)
    for d in nxt.dislodged:
        assert d.retreats
        for r in d.retreats:
            assert M.province_of(r) not in nxt.units and M.province_of(r) not in nxt.contested
    if nxt.phase.kind == "R":
        retreats = adjudicate_phase(nxt, [], rules)
        assert len(retreats.next.units) == len(nxt.units)


@settings(max_examples=200, deadline=None)
@given(adjustment_cases())
def test_adjustments_leave_every_power_at_its_centre_count_or_below(case) -> None:
    position, entries, rules = case
    out = adjudicate_phase(position, entries, rules)
    assert out.next.phase == Phase("S", 1902, "M")
    for power in POWERS:
        owned = sum(1 for o in position.centers.values() if o == power)
        before = len(position.units_of(power))
        after = len(out.next.units_of(power))
        if before > owned:
            assert after == owned  # removals owed are always made, by order or civil disorder
        else:
            assert before <= after <= max(owned, before)
    for province, unit in out.next.units.items():
        assert unit.province == province and M.can_occupy(unit.unit_type, unit.location)
