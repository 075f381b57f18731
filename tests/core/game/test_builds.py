"""Build errors carried to the next build phase (EDC 2026, seed 004), on real positions: what
the judge owes and does at the Winter that settles them. No database.

Seed 004: "If there is an error in the number of builds awarded and the game then advances to
the point of the next Spring movement deadline, the builds will be corrected at the next build
phase from when the error is noticed"."""

from __future__ import annotations

from tdapp.core.board.contract import position_to_contract
from tdapp.core.board.position import Phase, Position
from tdapp.core.formats import get_format
from tdapp.core.game.builds import (
    build_error,
    carried_total,
    carried_words,
    owed_adjustments,
    with_carried,
)
from tdapp.core.game.phases import phase_title, settling_phase
from tdapp.core.game.play import adjudicate_position
from tdapp.core.game.record import ENTERED, PhaseRow, SheetRow


def test_a_nobody_adjusts_fall_still_opens_the_winter_that_settles_a_carry() -> None:
    """A carried removal is settled at the end of the next Fall even when no power would
    otherwise adjust (the judge then skips the Winter)."""
    start = {"phase": "F1905M", "units": {"FRANCE": ["A PAR", "A MAR", "F BRE"],
                                          "ITALY": ["A VEN"]},
             "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "ITALY": ["VEN"]},
             "dislodged": {}, "contested": [], "carried": {"W1904A": {"FRANCE": -1}}}
    out = adjudicate_position(start, {}, get_format("edc-2026"))
    winter = out["next"]
    assert winter["phase"] == "W1905A" and winter["adjustments"] == {"FRANCE": -1}
    settled = adjudicate_position(winter, {}, get_format("edc-2026"))
    assert settled["next"]["phase"] == "S1906M" and "carried" not in settled["next"]
    assert len(settled["next"]["units"]["FRANCE"]) == 2
    assert settled["next"]["centers"]["FRANCE"] == ["BRE", "MAR", "PAR"]


def test_a_carried_build_spares_a_removal_even_with_every_unit_at_home() -> None:
    """Austria owes a removal (3 units at home, 2 centres) and 1 build is carried to it: it
    removes nothing, and a removal written anyway is void: none is owed."""
    winter = {"phase": "W1905A", "units": {"AUSTRIA": ["A VIE", "A BUD", "F TRI"]},
              "centers": {"AUSTRIA": ["VIE", "BUD"], "ITALY": ["TRI"]},
              "dislodged": {}, "contested": [], "carried": {"W1904A": {"AUSTRIA": 1}}}
    assert owed_adjustments(winter) == {}
    out = adjudicate_position(winter, {}, get_format("edc-2026"))
    assert sorted(out["next"]["units"]["AUSTRIA"]) == ["A BUD", "A VIE", "F TRI"]
    assert not [r for r in out["results"] if "disband" in r["tags"]]
    sheets = {"AUSTRIA": SheetRow("AUSTRIA", "Remove F Tri", ENTERED)}
    written = adjudicate_position(winter, sheets, get_format("edc-2026"))
    assert [(r["unit"], r["tags"], r["message"]) for r in written["results"]] == [
        ("F TRI", ["void"], "AUSTRIA has no removals")]
    assert written["next"]["units"] == out["next"]["units"]


def test_a_carried_removal_follows_the_sheet_then_civil_disorder() -> None:
    winter = {"phase": "W1905A",
              "units": {"FRANCE": ["A PAR", "A MAR", "F BRE", "A BUR", "A BEL"]},
              "centers": {"FRANCE": ["PAR", "MAR", "BRE", "BEL", "SPA"]},
              "dislodged": {}, "contested": [], "carried": {"W1904A": {"FRANCE": -2}}}
    assert owed_adjustments(winter) == {"FRANCE": -2}
    sheets = {"FRANCE": SheetRow("FRANCE", "Remove A Bur", ENTERED)}
    out = adjudicate_position(winter, sheets, get_format("edc-2026"))
    left = out["next"]["units"]["FRANCE"]
    assert len(left) == 3 and "A BUR" not in left
    assert sorted(out["next"]["centers"]["FRANCE"]) == ["BEL", "BRE", "MAR", "PAR", "SPA"]


def test_a_carried_build_leaves_a_written_removal_of_a_unit_away_from_home_standing() -> None:
    """France owes two removals and one build is carried to it: it removes one, and the one it
    writes is carried out even for a unit away from home (the judge sees every unit)."""
    winter = {"phase": "W1905A",
              "units": {"FRANCE": ["A PAR", "A MAR", "F BRE", "A BEL", "A HOL"]},
              "centers": {"FRANCE": ["PAR", "MAR", "BRE"]},
              "dislodged": {}, "contested": [], "carried": {"W1904A": {"FRANCE": 1}}}
    assert owed_adjustments(winter) == {"FRANCE": -1}
    sheets = {"FRANCE": SheetRow("FRANCE", "Remove A Bel", ENTERED)}
    out = adjudicate_position(winter, sheets, get_format("edc-2026"))
    assert [(r["unit"], r["tags"]) for r in out["results"]] == [("A BEL", [])]
    assert sorted(out["next"]["units"]["FRANCE"]) == ["A HOL", "A MAR", "A PAR", "F BRE"]
    assert "carried" not in out["next"]


def test_a_carried_removal_without_an_order_goes_by_the_formats_civil_disorder() -> None:
    """EDC 2026 plays the AH 4th edition rule (farthest from home first); the centres France
    owns all stay France's."""
    winter = {"phase": "W1905A",
              "units": {"FRANCE": ["A PAR", "A MAR", "F BRE", "A BEL", "A PIC"]},
              "centers": {"FRANCE": ["PAR", "MAR", "BRE", "BEL", "SPA"]},
              "dislodged": {}, "contested": [], "carried": {"W1904A": {"FRANCE": -1}}}
    assert owed_adjustments(winter) == {"FRANCE": -1}
    out = adjudicate_position(winter, {}, get_format("edc-2026"))
    assert [(r["unit"], r["message"]) for r in out["results"]] == [
        ("A BEL", "removed in civil disorder")]  # two from home; Picardy is one
    assert sorted(out["next"]["centers"]["FRANCE"]) == ["BEL", "BRE", "MAR", "PAR", "SPA"]


def test_a_carried_build_with_no_vacant_home_centre_is_lost_with_a_message() -> None:
    winter = {"phase": "W1905A",
              "units": {"GERMANY": ["A BER", "F KIE", "A MUN"], "FRANCE": ["A PAR"]},
              "centers": {"GERMANY": ["BER", "KIE", "MUN"], "FRANCE": ["PAR", "BRE"]},
              "dislodged": {}, "contested": [], "carried": {"W1904A": {"GERMANY": 1}}}
    assert owed_adjustments(winter) == {"FRANCE": 1}  # Germany has nowhere to build
    sheets = {"GERMANY": SheetRow("GERMANY", "Build A Mun", ENTERED),
              "FRANCE": SheetRow("FRANCE", "Build F Bre", ENTERED)}
    out = adjudicate_position(winter, sheets, get_format("edc-2026"))
    germany = [r for r in out["results"] if r["power"] == "GERMANY"]
    assert [(r["order"], r["tags"]) for r in germany] == [("Build A Mun", ["void"]),
                                                          ("", ["void"])]
    assert germany[1]["message"] == "1 carried build lost: no vacant home centre to build in"
    assert sorted(out["next"]["units"]["GERMANY"]) == ["A BER", "A MUN", "F KIE"]
    assert sorted(out["next"]["units"]["FRANCE"]) == ["A PAR", "F BRE"]
    assert out["next"]["phase"] == "S1906M" and "carried" not in out["next"]


def france_winter(centres: list[str]) -> dict:
    """Winter 1901 with France's armies out of Paris and Marseilles: one build per centre over
    its three units (Brest is taken by its fleet)."""
    return {"phase": "W1901A", "units": {"FRANCE": ["A BUR", "A SPA", "F BRE"]},
            "centers": {"FRANCE": centres}, "dislodged": {}, "contested": []}


def played(winter: dict, spring_adjudicated: bool) -> list[PhaseRow]:
    """The phases played after Fall 1901 movement, as the file keeps them."""
    spring = {**winter, "phase": "S1902M"}
    return [PhaseRow(2, 2, "W1901A", winter, [], None, {}),
            PhaseRow(3, 3, "S1902M", spring, [] if spring_adjudicated else None, None, {})]


def test_a_carried_note_adds_up_per_power_and_forgets_what_evens_out() -> None:
    position = {"phase": "S1903M", "carried": {"W1901A": {"FRANCE": -1, "ITALY": 1},
                                               "W1902A": {"FRANCE": -1, "ITALY": -1}}}
    assert carried_total(position) == {"FRANCE": -2}
    assert carried_total({"phase": "S1903M"}) == {}


def test_builds_owed_are_the_judges_count_with_the_carried_note() -> None:
    winter = france_winter(["BRE", "MAR", "PAR", "SPA"])
    assert owed_adjustments(winter) == {"FRANCE": 1}
    assert owed_adjustments({**winter, "carried": {"W1900A": {"FRANCE": -1}}}) == {}
    assert owed_adjustments({**winter, "phase": "S1902M"}) == {}  # no adjustment phase


def test_a_build_error_found_after_the_next_spring_deadline_is_carried() -> None:
    # France was given Spain in Fall 1901 by mistake, built, and Spring 1902 was played.
    wrong = france_winter(["BRE", "MAR", "PAR", "SPA"])
    right = france_winter(["BRE", "MAR", "PAR"])
    assert build_error("F1901M", right, played(wrong, spring_adjudicated=True)) == (
        0, {"FRANCE": -1}, "W1901A")
    words = carried_words("W1901A", {"FRANCE": -1}, phase_title(settling_phase("S1902M")))
    assert words == ["France: Winter 1901 adjustments gave 1 build too many; the game stands as "
                     "played and France has 1 build fewer (or 1 more removal) at Winter 1902 "
                     "adjustments."]


def test_a_build_error_found_before_the_spring_deadline_is_put_right_at_once() -> None:
    # Seed 004: "If a build error is spotted before the spring movement deadline it will be
    # corrected immediately"
    wrong = france_winter(["BRE", "MAR", "PAR", "SPA"])
    right = france_winter(["BRE", "MAR", "PAR"])
    assert build_error("F1901M", right, played(wrong, spring_adjudicated=False)) is None
    assert build_error("S1901M", {**right, "phase": "F1901M"},
                       played(wrong, spring_adjudicated=True)) is None  # not a Fall's end
    assert build_error("F1901M", wrong, played(wrong, spring_adjudicated=True)) is None


def test_one_phase_adjudicated_from_its_sheets_as_typed() -> None:
    start = position_to_contract(Position.initial())
    sheets = {"ITALY": SheetRow("ITALY", "A Ven-Tyr\nF Nap-Ion", ENTERED),
              "AUSTRIA": SheetRow("AUSTRIA", "A Vie-Tyr", "no-orders")}  # no orders: all hold
    out = adjudicate_position(start, sheets, get_format("wdc-2025"))
    assert out["phase"] == "S1901M" and "solo" not in out
    assert Phase.parse(out["next"]["phase"]) == Phase.parse("F1901M")  # no retreats to play
    assert "A TYR" in out["next"]["units"]["ITALY"] and "F ION" in out["next"]["units"]["ITALY"]
    assert "A VIE" in out["next"]["units"]["AUSTRIA"]


def test_a_carried_note_rides_on_the_open_phase_and_recounts_a_winter() -> None:
    winter = {**france_winter(["BRE", "MAR", "PAR", "SPA"]), "adjustments": {"FRANCE": 1}}
    noted = with_carried(winter, "W1900A", {"FRANCE": -1})
    assert noted["carried"] == {"W1900A": {"FRANCE": -1}}
    assert "adjustments" not in noted  # the carried removal evens out the build
    assert winter["adjustments"] == {"FRANCE": 1} and "carried" not in winter  # a new position
    spring = with_carried({**winter, "phase": "S1902M"}, "W1901A", {"FRANCE": 1})
    assert spring["carried"] == {"W1901A": {"FRANCE": 1}}
    assert spring["adjustments"] == {"FRANCE": 1}  # a movement phase is not recounted
