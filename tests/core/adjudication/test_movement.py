"""Movement: tags and messages, rule variants, and the position after the phase."""

from __future__ import annotations

from tdapp.core.adjudication import OrderEntry, adjudicate_phase
from tdapp.core.adjudication.canonical import parse_canonical
from tdapp.core.board.position import DislodgedUnit, Phase, Unit
from tdapp.core.orders.model import Hold, Move
from tests.core.adjudication.judge_helpers import position, result_of, run


def test_bounce_names_the_other_unit() -> None:
    pos = position(units={"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]})
    out = run(pos, {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]})
    par = result_of(out, "A PAR")
    assert par.tags == ["bounce"] and par.message == "bounced with A MUN"
    assert result_of(out, "A MUN").message == "bounced with A PAR"
    assert out.next.phase == Phase("F", 1901, "M")
    assert out.next.contested == frozenset()  # only a retreat phase needs to know


def test_support_cut_and_dislodged_messages() -> None:
    pos = position(units={
        "GERMANY": ["A MUN", "A BER", "F KIE"],
        "RUSSIA": ["A WAR", "F BAL", "A SIL"],
    })
    out = run(pos, {
        "GERMANY": ["A MUN - SIL", "A BER S A MUN - SIL", "F KIE H"],
        "RUSSIA": ["F BAL - BER", "A SIL H", "A WAR S A SIL"],
    })
    ber = result_of(out, "A BER")
    assert ber.tags == ["cut"] and ber.message == "support cut by F BAL"
    assert result_of(out, "A MUN").tags == ["bounce"]
    assert result_of(out, "A SIL").succeeded


def test_dislodged_unit_and_its_retreats() -> None:
    pos = position(units={"FRANCE": ["A BUR"], "GERMANY": ["A MUN", "A RUH", "A HOL"],
                          "ENGLAND": ["A PIC"]})
    out = run(pos, {"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR", "A HOL - BEL"],
                    "ENGLAND": ["A PIC - BEL"]})
    bur = result_of(out, "A BUR")
    assert bur.tags == ["dislodged"] and bur.message == "dislodged by A MUN"
    assert bur.text == "" and bur.normalized == "A BUR H"
    assert out.next.phase == Phase("S", 1901, "R")
    assert out.next.dislodged == [
        DislodgedUnit(Unit("FRANCE", "A", "BUR"), "MUN", ("GAS", "MAR", "PAR"))
    ]
    assert out.next.contested == frozenset({"BEL"})


def test_unordered_units_hold_and_are_reported() -> None:
    pos = position(units={"ITALY": ["A ROM", "F NAP"]})
    out = run(pos, {"ITALY": ["A ROM - APU"]})
    assert [(r.unit, r.text, r.normalized) for r in out.results] == [
        ("A ROM", "A ROM - APU", "A ROM - APU"),
        ("F NAP", "", "F NAP H"),
    ]


def test_void_orders_say_why_and_the_unit_holds() -> None:
    pos = position(units={"ENGLAND": ["F LON"], "FRANCE": ["A PAR"]})
    out = run(pos, {"ENGLAND": ["F LON - PAR", "A PAR - BUR"]})
    assert out.results[0].tags == ["void"] and "cannot reach" in out.results[0].message
    assert out.results[1].tags == ["void"] and out.results[1].message == "A PAR belongs to FRANCE"
    unparsed = adjudicate_phase(pos, [OrderEntry("FRANCE", None, "A Par-", "no destination")])
    assert unparsed.results[0].tags == ["void"] and unparsed.results[0].message == "no destination"
    assert unparsed.next.units["PAR"] == Unit("FRANCE", "A", "PAR")


def test_duplicate_orders_hold_or_last() -> None:
    pos = position(units={"FRANCE": ["A PAR"]})
    held = run(pos, {"FRANCE": ["A PAR - BUR", "A PAR - PIC"]})
    assert all("void" in r.tags for r in held.results)
    assert held.next.units["PAR"] == Unit("FRANCE", "A", "PAR")
    last = run(pos, {"FRANCE": ["A PAR - BUR", "A PAR - PIC"]}, duplicate_orders="last")
    assert last.results[0].tags == ["void"] and last.results[1].tags == []
    assert last.next.units["PIC"] == Unit("FRANCE", "A", "PIC")
    same = run(pos, {"FRANCE": ["A PAR - BUR", "A PAR - BUR"]})
    assert same.next.units["BUR"] == Unit("FRANCE", "A", "BUR")
    bounced = run(position(units={"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]}),
                  {"FRANCE": ["A PAR - BUR", "A PAR - BUR"], "GERMANY": ["A MUN - BUR"]})
    assert [r.tags for r in bounced.results] == [["bounce"], ["bounce"], ["bounce"]]


def test_illegal_order_does_not_count_as_a_duplicate() -> None:
    pos = position(units={"FRANCE": ["A PAR"]})
    out = run(pos, {"FRANCE": ["A PAR - MUN", "A PAR - BUR"]})
    assert out.next.units["BUR"] == Unit("FRANCE", "A", "BUR")


def test_convoy_to_adjacent_by_intent_or_only_when_written() -> None:
    units = {"ENGLAND": ["A NWY", "F SKA"], "RUSSIA": ["A SWE"]}
    orders = {"ENGLAND": ["A NWY - SWE", "F SKA C A NWY - SWE"], "RUSSIA": ["A SWE - NWY"]}
    swapped = run(position(units=units), orders)
    assert swapped.next.units["SWE"].power == "ENGLAND"
    assert swapped.next.units["NWY"].power == "RUSSIA"
    explicit = run(position(units=units), orders, convoy_to_adjacent="explicit")
    assert explicit.next.units["NWY"].power == "ENGLAND"  # head-to-head: nobody moves
    assert result_of(explicit, "A NWY").tags == ["bounce"]
    orders["ENGLAND"][0] = "A NWY - SWE VIA"
    written = run(position(units=units), orders, convoy_to_adjacent="explicit")
    assert written.next.units["SWE"].power == "ENGLAND"


def test_convoy_messages() -> None:
    pos = position(units={"ENGLAND": ["A LON", "F NTH"], "GERMANY": ["F HEL", "F DEN"]})
    out = run(pos, {
        "ENGLAND": ["A LON - NWY", "F NTH C A LON - NWY"],
        "GERMANY": ["F HEL - NTH", "F DEN S F HEL - NTH"],
    })
    lon = result_of(out, "A LON")
    assert lon.tags == ["disrupted"] and "F NTH dislodged" in lon.message
    missing = run(position(units={"ENGLAND": ["A LON", "F NTH"]}), {"ENGLAND": ["A LON - NWY"]})
    assert result_of(missing, "A LON").tags == ["no convoy"]
    no_fleet = run(position(units={"ENGLAND": ["A LON"]}), {"ENGLAND": ["A LON - NWY"]})
    assert result_of(no_fleet, "A LON").tags == ["void"]


def test_self_dislodgement_is_impossible() -> None:
    pos = position(units={"GERMANY": ["A MUN", "A BER", "A SIL"]})
    out = run(pos, {"GERMANY": ["A BER - MUN", "A SIL S A BER - MUN"]})
    ber = result_of(out, "A BER")
    assert ber.tags == ["bounce"] and ber.message == "cannot dislodge own A MUN"
    assert not out.next.dislodged


def test_circular_movement_and_fleet_coasts() -> None:
    pos = position(units={"TURKEY": ["F ANK", "A CON", "A SMY"]})
    out = run(pos, {"TURKEY": ["F ANK - CON", "A CON - SMY", "A SMY - ANK"]})
    assert all(r.succeeded for r in out.results)
    fleet = run(position(units={"FRANCE": ["F MAO"]}), {"FRANCE": ["F MAO - SPA"]})
    assert "coast needed" in fleet.results[0].message
    gascony = run(position(units={"FRANCE": ["F GAS"]}), {"FRANCE": ["F GAS - SPA"]})
    assert gascony.next.units["SPA"] == Unit("FRANCE", "F", "SPA/NC")


def test_fall_updates_centres_and_goes_to_winter() -> None:
    pos = position("F1901M", units={"FRANCE": ["A BUR"], "GERMANY": ["A MUN"]},
                   centers={"FRANCE": ["PAR"], "GERMANY": ["MUN", "BEL"]})
    out = adjudicate_phase(pos, [OrderEntry("FRANCE", Move("A", "BUR", "BEL"), "A BUR - BEL"),
                                 OrderEntry("GERMANY", Hold("A", "MUN"), "A MUN H")])
    assert out.next.centers["BEL"] == "FRANCE"
    assert out.next.phase == Phase("W", 1901, "A")
    assert out.adjustments == {"FRANCE": 1}


def test_dislodged_unit_with_no_retreat_is_disbanded_at_once() -> None:
    pos = position(units={"FRANCE": ["A LON"], "TURKEY": ["A YOR"], "ITALY": ["A WAL"]})
    out = run(pos, {"FRANCE": ["A LON - YOR"], "TURKEY": ["A YOR - LON"],
                    "ITALY": ["A WAL S A YOR - LON"]})
    lon = result_of(out, "A LON")
    assert lon.tags == ["bounce", "dislodged", "disband"]
    assert lon.message == "bounced with A YOR; dislodged by A YOR; no retreat: disbanded"
    assert out.next.phase == Phase("F", 1901, "M")  # no retreat phase to play
    assert out.next.dislodged == [] and out.next.units["LON"] == Unit("TURKEY", "A", "LON")


def test_written_convoy_route_is_the_only_one() -> None:
    units = {"FRANCE": ["A BEL", "F NTH", "F ENG"], "ENGLAND": ["F LON", "F YOR"]}
    pos = position(units=units)
    entries = [
        OrderEntry("FRANCE", Move("A", "BEL", "LON", via_convoy=True, convoy_path=("ENG",)), ""),
        OrderEntry("FRANCE", parse_canonical("F NTH C A BEL - LON"), ""),
        OrderEntry("FRANCE", parse_canonical("F ENG C A BEL - LON"), ""),
    ]
    both = adjudicate_phase(pos, entries)
    assert both.results[1].tags == ["void"]
    assert both.results[1].message == "not on the convoy route written"
    assert result_of(both, "A BEL").tags == ["bounce"]  # London holds: 1 against 1
    # a route written to an adjacent province makes it a convoy, with no land fallback
    entries[0] = OrderEntry("FRANCE", Move("A", "BEL", "HOL", via_convoy=True,
                                           convoy_path=("ENG",)), "")
    adjacent = adjudicate_phase(pos, entries[:1])
    assert result_of(adjacent, "A BEL").tags == ["no convoy"]


def test_pandins_paradox_says_szykman() -> None:  # DATC 6.F.16
    pos = position(units={"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG"],
                          "GERMANY": ["F NTH", "F BEL"]})
    out = run(pos, {
        "ENGLAND": ["F LON S F WAL - ENG", "F WAL - ENG"],
        "FRANCE": ["A BRE - LON", "F ENG C A BRE - LON"],
        "GERMANY": ["F NTH S F BEL - ENG", "F BEL - ENG"],
    })
    bre = result_of(out, "A BRE")
    assert bre.tags == ["disrupted"]
    assert bre.message == "convoy paradox: the convoy fails (Szykman rule)"
    assert result_of(out, "F WAL").message == "bounced with F ENG, F BEL"
    assert result_of(out, "F LON").succeeded  # the support is not cut


def test_convoying_a_unit_dislodging_a_unit_of_the_same_power() -> None:
    # DATC 6.D.16, the one case missing from the DATC JSON, written out from the DATC text
    pos = position(units={"ENGLAND": ["A LON", "F NTH"], "FRANCE": ["F ENG", "A BEL"]})
    out = run(pos, {
        "ENGLAND": ["A LON H", "F NTH C A BEL - LON"],
        "FRANCE": ["F ENG S A BEL - LON", "A BEL - LON"],
    })
    assert result_of(out, "A BEL").succeeded
    assert out.next.units["LON"] == Unit("FRANCE", "A", "LON")
    assert [str(d.unit) for d in out.next.dislodged] == ["A LON"]
    assert out.next.dislodged[0].attacker_from is None  # the attack came by convoy
    assert out.next.dislodged[0].retreats == ("WAL", "YOR")


def test_an_order_for_someone_elses_unit_leaves_the_owner_unordered() -> None:  # DATC 6.A.6
    pos = position(units={"ENGLAND": ["F LON"]})
    out = run(pos, {"GERMANY": ["F LON - NTH"]})
    assert [(r.power, r.text, r.tags) for r in out.results] == [
        ("GERMANY", "F LON - NTH", ["void"]),
        ("ENGLAND", "", []),
    ]
    assert out.results[1].normalized == "F LON H"
