"""DATC 6.H.1-6.H.3 written out from the DATC text (the JSON of test_datc drops the
retreat-phase supports and convoys those cases are about): test_retreats runs them as retreat
tests, test_datc in place of the JSON's cases."""

from __future__ import annotations

from tdapp.core.adjudication import PhaseOutcome
from tdapp.core.board.position import Phase, Unit
from tests.core.adjudication.judge_helpers import position, result_of, run


def _two_phases(units: dict[str, list[str]], main_orders: dict[str, list[str]],
                retreat_orders: dict[str, list[str]]) -> tuple[PhaseOutcome, PhaseOutcome]:
    moved = run(position(units=units), main_orders)
    assert moved.next.phase == Phase("S", 1901, "R")
    return moved, run(moved.next, retreat_orders)


def no_supports_during_retreat() -> None:  # DATC 6.H.1
    _, out = _two_phases(
        {"AUSTRIA": ["F TRI", "A SER"], "TURKEY": ["F GRE"],
         "ITALY": ["A VEN", "A TYR", "F ION", "F AEG"]},
        {"AUSTRIA": ["F TRI H", "A SER H"], "TURKEY": ["F GRE H"],
         "ITALY": ["A VEN S A TYR - TRI", "A TYR - TRI", "F ION - GRE", "F AEG S F ION - GRE"]},
        {"AUSTRIA": ["F TRI R ALB", "A SER S F TRI - ALB"], "TURKEY": ["F GRE R ALB"]},
    )
    support = out.results[1]
    assert support.tags == ["void"] and support.message == "A SER is not dislodged"
    for unit in ("F TRI", "F GRE"):
        res = result_of(out, unit)
        assert not res.succeeded and res.tags == ["bounce", "disband"]
    assert "ALB" not in out.next.units


def no_supports_from_retreating_unit() -> None:  # DATC 6.H.2
    _, out = _two_phases(
        {"ENGLAND": ["A LVP", "F YOR", "F NWY"], "GERMANY": ["A KIE", "A RUH"],
         "RUSSIA": ["F EDI", "A SWE", "A FIN", "F HOL"]},
        {"ENGLAND": ["A LVP - EDI", "F YOR S A LVP - EDI", "F NWY H"],
         "GERMANY": ["A KIE S A RUH - HOL", "A RUH - HOL"],
         "RUSSIA": ["F EDI H", "A SWE S A FIN - NWY", "A FIN - NWY", "F HOL H"]},
        {"ENGLAND": ["F NWY R NTH"], "RUSSIA": ["F EDI R NTH", "F HOL S F EDI - NTH"]},
    )
    assert result_of(out, "F HOL").tags[0] == "void"
    assert all(not result_of(out, u).succeeded for u in ("F NWY", "F EDI"))
    assert "NTH" not in out.next.units and "HOL" in out.next.units  # German army there


def no_convoy_during_retreat() -> None:  # DATC 6.H.3
    _, out = _two_phases(
        {"ENGLAND": ["F NTH", "A HOL"], "GERMANY": ["F KIE", "A RUH"]},
        {"ENGLAND": ["F NTH H", "A HOL H"], "GERMANY": ["F KIE S A RUH - HOL", "A RUH - HOL"]},
        {"ENGLAND": ["A HOL R YOR", "F NTH C A HOL - YOR"]},
    )
    hol = out.results[0]
    assert hol.tags == ["void"] and "cannot reach YOR" in hol.message
    assert out.results[1].tags == ["void"]
    assert Unit("ENGLAND", "A", "YOR") not in out.next.units.values()
