"""Builds, removals, waives and the three civil-disorder priorities."""

from __future__ import annotations

from tdapp.core.adjudication.civil_disorder import distance, removal_order
from tdapp.core.board.position import Phase, Unit
from tdapp.core.board.standard_map import STANDARD_MAP
from tests.core.adjudication.judge_helpers import position, run


def test_builds_in_written_order_with_coasts() -> None:
    pos = position("W1901A", units={"RUSSIA": ["A WAR"]},
                   centers={"RUSSIA": ["MOS", "SEV", "STP", "WAR", "RUM"]})
    out = run(pos, {"RUSSIA": ["F STP B", "F STP/NC B", "A WAR B", "F SEV B", "A MOS B"]})
    tags = [r.tags for r in out.results]
    assert tags == [["void"], [], ["void"], [], []]
    assert "coast needed" in out.results[0].message
    assert out.next.units["STP"] == Unit("RUSSIA", "F", "STP/NC")
    assert out.next.phase == Phase("S", 1902, "M")
    extra = run(pos, {"RUSSIA": ["A MOS B", "A SEV B", "A STP B", "WAIVE", "A STP B"]})
    assert [r.tags for r in extra.results][-2:] == [["void"], ["void"]]
    assert "no builds left" in extra.results[-1].message


def test_waive_uses_a_build() -> None:
    pos = position("W1901A", units={}, centers={"FRANCE": ["PAR"]})
    out = run(pos, {"FRANCE": ["WAIVE", "A PAR B"]})
    assert out.results[0].tags == [] and out.results[1].tags == ["void"]
    assert out.next.units == {}


def test_removals_and_civil_disorder() -> None:
    pos = position("W1901A", units={"FRANCE": ["A PAR", "A PIC", "F MAO", "A BUR"]},
                   centers={"FRANCE": ["PAR", "BRE"]})
    out = run(pos, {"FRANCE": ["A PIC D", "A PIC D", "A MUN D"]})
    assert [r.tags for r in out.results[:3]] == [[], ["void"], ["void"]]
    auto = [r for r in out.results if r.text == ""]
    assert [r.unit for r in auto] == ["F MAO"]  # MAO and BUR are one from a centre: fleets first
    assert auto[0].tags == ["disband"] and auto[0].message == "removed in civil disorder"
    assert sorted(out.next.units) == ["BUR", "PAR"]


def test_distance_counts_land_and_sea() -> None:
    m = STANDARD_MAP
    assert distance(m, "ALB", {"NAP"}) == 2  # via the Ionian Sea (DATC 6.J.10)
    assert distance(m, "TYR", {"WAR"}) == 3
    assert distance(m, "SKA", {"STP"}) == 2
    assert distance(m, "PAR", {"PAR"}) == 0
    assert distance(m, "BER", {"STP"}, fleet_only=True) == 3  # Baltic, Bothnia (DATC 6.J.5)


def test_wdc_2025_priority() -> None:
    m = STANDARD_MAP
    units = [Unit("FRANCE", "A", "PAR"), Unit("FRANCE", "A", "BUR"), Unit("FRANCE", "F", "BEL"),
             Unit("FRANCE", "A", "MUN"), Unit("FRANCE", "F", "NAO"), Unit("FRANCE", "A", "RUH")]
    order = removal_order(m, "FRANCE", units, {"PAR", "BEL", "MUN"}, "wdc-2025")
    # (1) outside home, not in an SC: NAO and RUH, both two from a home centre: fleets first;
    # (2) outside home, in an SC: BEL and MUN, both two away: fleets first;
    # (3) home country, not an SC: BUR; (4) home SC: PAR
    assert [str(u) for u in order] == ["F NAO", "A RUH", "F BEL", "A MUN", "A BUR", "A PAR"]
    rulebook = removal_order(m, "FRANCE", units, {"PAR", "BEL", "MUN"})
    assert [str(u) for u in rulebook][-3:] == ["F BEL", "A MUN", "A PAR"]


def test_adjustment_phase_skipped_when_nothing_to_adjust() -> None:
    pos = position("F1901M", units={"ITALY": ["A ROM"]}, centers={"ITALY": ["ROM"]})
    out = run(pos, {"ITALY": ["A ROM H"]})
    assert out.next.phase == Phase("S", 1902, "M")
    assert out.adjustments == {}
