"""An offset to the builds or removals owed (a build error carried to the next Winter, EDC 2026):
it changes the count and nothing else. Every unit and centre stays in play, a written removal of
any of the power's units is carried out, civil disorder fills a shortfall by the format's
priority, and builds still need an owned, vacant home centre."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from tdapp.core.adjudication import OrderEntry, RuleOptions, adjudicate_phase
from tdapp.core.adjudication.adjustments import Due, dues, owed_counts
from tdapp.core.adjudication.canonical import parse_canonical
from tdapp.core.adjudication.judge import PhaseOutcome
from tdapp.core.board.position import Phase, Position
from tdapp.core.powers import POWERS
from tests.core.adjudication.judge_helpers import position, run
from tests.core.adjudication.judge_strategies import adjustment_cases

# France: five centres, five units, two of them away from home (BEL, HOL are its centres)
FRANCE_FULL = position("W1905A",
                       units={"FRANCE": ["A PAR", "A MAR", "F BRE", "A BEL", "A HOL"]},
                       centers={"FRANCE": ["PAR", "MAR", "BRE", "BEL", "HOL"]})


def judge(pos: Position, orders: dict[str, list[str]], offset: dict[str, int],
          **rules: str) -> PhaseOutcome:
    entries = [OrderEntry(power, parse_canonical(text, pos.phase.kind), text)
               for power, texts in orders.items() for text in texts]
    return adjudicate_phase(pos, entries, RuleOptions(**rules), owed_offset=offset)


def removed(out: PhaseOutcome) -> list[str]:
    return [r.unit for r in out.results if "disband" in r.tags]


def test_a_carried_removal_written_for_a_unit_away_from_home_is_carried_out() -> None:
    out = judge(FRANCE_FULL, {"FRANCE": ["A HOL D"]}, {"FRANCE": -1})
    assert [(r.unit, r.tags, r.message) for r in out.results] == [("A HOL", [], "")]
    assert "HOL" not in out.next.units and len(out.next.units) == 4
    assert out.next.centers == FRANCE_FULL.centers  # every centre stays France's


def test_a_carried_build_leaves_a_written_removal_of_a_unit_away_from_home_standing() -> None:
    """Two removals owed, one build carried: the one removal left is the one written, whatever
    unit it names (the unit away from home was the one hidden from the judge before)."""
    pos = position("W1905A",
                   units={"FRANCE": ["A PAR", "A MAR", "F BRE", "A BEL", "A HOL"]},
                   centers={"FRANCE": ["PAR", "MAR", "BRE"]})
    out = judge(pos, {"FRANCE": ["A BEL D"]}, {"FRANCE": 1})
    assert [(r.unit, r.tags) for r in out.results] == [("A BEL", [])]
    assert sorted(out.next.units) == ["BRE", "HOL", "MAR", "PAR"]
    second = judge(pos, {"FRANCE": ["A BEL D", "A HOL D"]}, {"FRANCE": 1})
    assert second.results[1].tags == ["void"]
    assert second.results[1].message == "FRANCE has no removals left"


def test_a_carried_removal_without_an_order_follows_the_format_priority() -> None:
    """Nothing written: civil disorder by the rule in force, with the power's real centres."""
    wdc = judge(FRANCE_FULL, {}, {"FRANCE": -1}, civil_disorder="wdc-2025")
    assert removed(wdc) == ["A HOL"]  # outside home in an SC, farthest from home: HOL over BEL
    assert wdc.results[0].message == "removed in civil disorder"
    # rulebook: farthest from a centre France owns; every unit stands in one, so fleets first
    rulebook = judge(FRANCE_FULL, {}, {"FRANCE": -1}, civil_disorder="rulebook")
    assert removed(rulebook) == ["F BRE"]
    ah2000 = judge(FRANCE_FULL, {}, {"FRANCE": -2}, civil_disorder="rulebook-1971")
    assert removed(ah2000) == ["A HOL", "A BEL"]  # farthest from home first
    assert ah2000.next.centers == FRANCE_FULL.centers


def test_a_written_removal_and_civil_disorder_share_the_carried_count() -> None:
    out = judge(FRANCE_FULL, {"FRANCE": ["A PAR D"]}, {"FRANCE": -2},
                civil_disorder="wdc-2025")
    assert [r.unit for r in out.results] == ["A PAR", "A HOL"]
    assert sorted(out.next.units) == ["BEL", "BRE", "MAR"]


def test_a_carried_build_needs_an_owned_vacant_home_centre() -> None:
    pos = position("W1905A", units={"GERMANY": ["A BER", "F KIE", "A MUN"]},
                   centers={"GERMANY": ["BER", "KIE", "MUN"]})
    out = judge(pos, {"GERMANY": ["A BER B"]}, {"GERMANY": 1})
    assert out.results[0].tags == ["void"]
    assert out.results[0].message == "GERMANY has no builds"
    lost = out.results[1]
    assert (lost.power, lost.unit, lost.tags) == ("GERMANY", "", ["void"])
    assert lost.message == "1 carried build lost: no vacant home centre to build in"
    assert out.next.units == pos.units
    assert dues(pos, {"GERMANY": 1}) == {"GERMANY": Due(0, 1)}


def test_a_carried_build_is_made_where_there_is_room_and_the_rest_is_lost() -> None:
    pos = position("W1905A", units={"GERMANY": ["A BER", "F KIE"]},
                   centers={"GERMANY": ["BER", "KIE", "MUN", "DEN"]})
    assert owed_counts(pos) == {"GERMANY": 1}  # two more centres, one vacant home centre
    assert owed_counts(pos, {"GERMANY": 1}) == {"GERMANY": 1}
    out = judge(pos, {"GERMANY": ["A MUN B"]}, {"GERMANY": 1})
    assert [r.tags for r in out.results] == [[], ["void"]]
    assert out.results[1].message == "1 carried build lost: no vacant home centre to build in"
    assert sorted(out.next.units) == ["BER", "KIE", "MUN"]
    # one build too many earlier: this Winter's build is taken back, nothing is lost
    fewer = judge(pos, {"GERMANY": ["A MUN B"]}, {"GERMANY": -1})
    assert fewer.results[0].tags == ["void"] and len(fewer.results) == 1
    assert fewer.next.units == pos.units


def test_a_carried_build_spares_a_removal_owed() -> None:
    pos = position("W1905A", units={"AUSTRIA": ["A VIE", "A BUD", "F TRI"]},
                   centers={"AUSTRIA": ["VIE", "BUD"], "ITALY": ["TRI"]})
    assert owed_counts(pos) == {"AUSTRIA": -1}
    assert owed_counts(pos, {"AUSTRIA": 1}) == {}
    out = judge(pos, {"AUSTRIA": ["F TRI D"]}, {"AUSTRIA": 1})
    assert out.results[0].tags == ["void"] and out.next.units == pos.units


def test_carried_removals_beyond_the_units_left_are_lost_with_a_message() -> None:
    pos = position("W1905A", units={"ITALY": ["A VEN"]}, centers={"ITALY": ["VEN"]})
    out = judge(pos, {}, {"ITALY": -2})
    assert removed(out) == ["A VEN"]
    assert out.results[-1].message == "1 carried removal lost: no unit left to remove"
    assert out.next.units == {}


def test_a_fall_with_a_carry_holds_the_winter_that_settles_it() -> None:
    fall = position("F1905M", units={"FRANCE": ["A PAR", "A MAR", "F BRE"]},
                    centers={"FRANCE": ["PAR", "MAR", "BRE"]})
    plain = run(fall, {})
    assert plain.next.phase == Phase("S", 1906, "M") and plain.adjustments == {}
    carried = judge(fall, {}, {"FRANCE": -1})
    assert carried.next.phase == Phase("W", 1905, "A")
    assert carried.adjustments == {"FRANCE": -1}
    evened = judge(fall, {}, {"FRANCE": 0, "ITALY": 0})
    assert evened.next.phase == Phase("S", 1906, "M")  # a zero offset is no offset
    # the retreats of a Fall end it too; a carry that evens out still holds its Winter
    dislodged = position("F1905R", units={"FRANCE": ["A PAR", "A MAR"]},
                         centers={"FRANCE": ["PAR", "MAR", "BRE"]},
                         dislodged={"FRANCE": [{"unit": "F BRE", "attacker_from": "ENG",
                                                "retreats": ["PIC"]}]})
    after = judge(dislodged, {"FRANCE": ["F BRE - PIC"]}, {"FRANCE": 1})
    assert after.next.phase == Phase("W", 1905, "A")
    assert after.adjustments == {"FRANCE": 1}  # PIC is no centre: Brest stands empty
    lost_brest = dataclasses.replace(dislodged, centers={"PAR": "FRANCE", "MAR": "FRANCE"})
    evens = judge(lost_brest, {"FRANCE": ["F BRE - PIC"]}, {"FRANCE": 1})  # -1 and +1
    assert evens.next.phase == Phase("W", 1905, "A") and evens.adjustments == {}


def test_a_spring_passes_a_carry_by() -> None:
    spring = position("S1906M", units={"FRANCE": ["A PAR"]}, centers={"FRANCE": ["PAR"]})
    out = judge(spring, {"FRANCE": ["A PAR - BUR"]}, {"FRANCE": -1})
    assert out.next.phase == Phase("F", 1906, "M") and out.adjustments == {}


@settings(max_examples=150, deadline=None)
@given(adjustment_cases(), st.dictionaries(st.sampled_from(POWERS), st.integers(-3, 3)))
def test_an_offset_changes_the_count_and_nothing_else(case, offset) -> None:
    pos, entries, rules = case
    assert owed_counts(pos) == pos.adjustments()  # no offset: the board's own count
    same = adjudicate_phase(pos, entries, rules, owed_offset={})
    plain = adjudicate_phase(pos, entries, rules)
    assert [r.as_dict() for r in same.results] == [r.as_dict() for r in plain.results]
    assert same.next == plain.next
    out = adjudicate_phase(pos, entries, rules, owed_offset=offset)
    due = dues(pos, offset)
    assert out.next.centers == pos.centers
    for power in POWERS:
        before, after = len(pos.units_of(power)), len(out.next.units_of(power))
        count = due[power].count if power in due else 0
        if count < 0:
            assert after == before + count  # removals owed are always made
        else:
            assert before <= after <= before + count
        for unit in pos.units_of(power):  # nobody else's units are touched
            assert out.next.units.get(unit.province) in (unit, None)
            if out.next.units.get(unit.province) is None:
                assert count < 0
