"""Retreats, including DATC 6.H.1-6.H.3 written out from the DATC text (the JSON drops the
retreat-phase supports and convoys those cases are about)."""

from __future__ import annotations

from judge_helpers import position, result_of, run

from tdapp.core.board.position import Phase, Unit


def _two_phases(units, main_orders, retreat_orders):
    moved = run(position(units=units), main_orders)
    assert moved.next.phase == Phase("S", 1901, "R")
    return moved, run(moved.next, retreat_orders)


def test_no_supports_during_retreat() -> None:  # DATC 6.H.1
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


def test_no_supports_from_retreating_unit() -> None:  # DATC 6.H.2
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


def test_no_convoy_during_retreat() -> None:  # DATC 6.H.3
    _, out = _two_phases(
        {"ENGLAND": ["F NTH", "A HOL"], "GERMANY": ["F KIE", "A RUH"]},
        {"ENGLAND": ["F NTH H", "A HOL H"], "GERMANY": ["F KIE S A RUH - HOL", "A RUH - HOL"]},
        {"ENGLAND": ["A HOL R YOR", "F NTH C A HOL - YOR"]},
    )
    hol = out.results[0]
    assert hol.tags == ["void"] and "cannot reach YOR" in hol.message
    assert out.results[1].tags == ["void"]
    assert Unit("ENGLAND", "A", "YOR") not in out.next.units.values()


def test_retreat_rules_from_a_written_position() -> None:
    pos = position(
        "F1901R",
        units={"GERMANY": ["A BUR"], "FRANCE": ["A MAR"]},
        centers={"FRANCE": ["PAR", "BRE"], "GERMANY": ["MUN", "BER", "KIE"]},
        dislodged={"FRANCE": [{"unit": "A BUR", "attacker_from": "MUN"}]},
        contested=["PIC"],
    )
    # the dislodged unit is listed apart: its province already holds the German attacker
    banned = run(pos, {"FRANCE": ["A BUR R MUN"]})
    assert banned.results[0].tags == ["void"]
    assert banned.results[0].message == "A BUR may not retreat to MUN"
    contested = run(pos, {"FRANCE": ["A BUR R PIC"]})
    assert contested.results[0].tags == ["void"]
    ok = run(pos, {"FRANCE": ["A BUR R PAR"]})
    assert ok.results[0].succeeded and ok.next.units["PAR"] == Unit("FRANCE", "A", "PAR")
    assert ok.next.phase == Phase("W", 1901, "A")  # a Fall ends: centres counted, adjustments
    unordered = run(pos, {})
    assert unordered.results[0].tags == ["disband"] and "PAR" not in unordered.next.units


def test_mutual_retreat_disbands_both() -> None:  # DATC 6.H.7 in short
    pos = position(
        "S1901R",
        units={"AUSTRIA": ["A VIE"], "GERMANY": ["A BOH"]},
        dislodged={"ITALY": [{"unit": "A VIE", "attacker_from": "TRI"}],
                   "RUSSIA": [{"unit": "A BOH", "attacker_from": "SIL"}]},
    )
    out = run(pos, {"ITALY": ["A VIE R TYR"], "RUSSIA": ["A BOH R TYR"]})
    assert [r.tags for r in out.results] == [["bounce", "disband"], ["bounce", "disband"]]
    assert out.results[0].message == "bounced with A BOH: disbanded"
    assert "TYR" not in out.next.units
    assert out.next.phase == Phase("F", 1901, "M")


def test_fleet_retreat_infers_the_only_coast() -> None:
    pos = position("S1901R", units={"FRANCE": ["F POR"]},
                   dislodged={"ENGLAND": [{"unit": "F MAO", "attacker_from": "BRE"}]})
    two = run(pos, {"ENGLAND": ["F MAO R SPA"]})
    assert two.results[0].tags == ["void"] and "coast needed" in two.results[0].message
    pos = position("S1901R", units={"FRANCE": ["F MAO"]},
                   dislodged={"ENGLAND": [{"unit": "F GAS", "attacker_from": "BRE"}]})
    one = run(pos, {"ENGLAND": ["F GAS R SPA"]})
    assert one.next.units["SPA"] == Unit("ENGLAND", "F", "SPA/NC")
