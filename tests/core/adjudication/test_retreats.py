"""Retreats, including DATC 6.H.1-6.H.3 written out from the DATC text (datc_retreats.py: the
JSON drops the retreat-phase supports and convoys those cases are about)."""

from __future__ import annotations

from tdapp.core.board.position import Phase, Unit
from tests.core.adjudication import datc_retreats
from tests.core.adjudication.judge_helpers import position, run


def test_no_supports_during_retreat() -> None:  # DATC 6.H.1
    datc_retreats.no_supports_during_retreat()


def test_no_supports_from_retreating_unit() -> None:  # DATC 6.H.2
    datc_retreats.no_supports_from_retreating_unit()


def test_no_convoy_during_retreat() -> None:  # DATC 6.H.3
    datc_retreats.no_convoy_during_retreat()


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
