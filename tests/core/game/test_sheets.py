"""Order sheets read against real positions: what each power orders in a phase, what it leaves
unordered, orders given twice, retreats and free home centres."""

from __future__ import annotations

from tdapp.core.board.contract import position_to_contract
from tdapp.core.board.position import DislodgedUnit, Phase, Position, Unit
from tdapp.core.formats import TournamentFormat, get_format, parse_options_for
from tdapp.core.game import sheets
from tdapp.core.game.record import GRACE, LATE, NO_ORDERS, SheetRow, saved_status
from tdapp.core.orders.options import ParseOptions

START = position_to_contract(Position.initial())


def reading(fmt: TournamentFormat) -> ParseOptions:
    """How ``fmt`` reads sheets (the one place these tests ask a format for it)."""
    return parse_options_for(fmt)


def spring_retreats() -> dict:
    """Spring 1901 retreats: Austria's army in Serbia dislodged, free to go to Albania or Greece."""
    board = Position.initial()
    board.phase = Phase.parse("S1901R")
    board.dislodged = [DislodgedUnit(Unit("AUSTRIA", "A", "SER"), "BUL", ("ALB", "GRE"))]
    return position_to_contract(board)


def winter_after_france_took_spain_and_lost_marseilles() -> dict:
    board = Position.initial()
    board.phase = Phase.parse("W1901A")
    board.centers["SPA"] = "FRANCE"
    board.centers["MAR"] = "ITALY"
    del board.units["MAR"]
    return position_to_contract(board)


def test_every_unit_is_ordered_in_movement_none_in_adjustments() -> None:
    assert sorted(sheets.orderable_units(START, "RUSSIA")) == [
        "A MOS", "A WAR", "F SEV", "F STP/SC"]
    winter = winter_after_france_took_spain_and_lost_marseilles()
    assert sheets.orderable_units(winter, "FRANCE") == []


def test_in_a_retreat_phase_only_dislodged_units_are_ordered() -> None:
    position = spring_retreats()
    assert sheets.orderable_units(position, "AUSTRIA") == ["A SER"]
    assert sheets.orderable_units(position, "TURKEY") == []
    assert sheets.legal_retreats(position, "AUSTRIA") == {"A SER": ["ALB", "GRE"]}
    options = reading(get_format("wdc-2025"))
    read = sheets.read_sheet("A Ser-Gre", "AUSTRIA", position, options)
    assert [r.normalized for r in read] == ["A SER R GRE"]
    assert sheets.unordered_units(position, "AUSTRIA", read) == []


def test_a_unit_no_readable_order_moves_is_unordered_whatever_coast_is_written() -> None:
    options = reading(get_format("wdc-2025"))
    read = sheets.read_sheet("A Mos-Ukr; F StP-Bot", "RUSSIA", START, options)
    # the fleet in St Petersburg (south coast) is ordered though no coast is written
    assert sorted(sheets.unordered_units(START, "RUSSIA", read)) == ["A WAR", "F SEV"]
    unreadable = sheets.read_sheet("A War-Xyz", "RUSSIA", START, options)
    assert "A WAR" in sheets.unordered_units(START, "RUSSIA", unreadable)
    every_unit = sheets.orderable_units(START, "RUSSIA")
    assert sheets.unordered_units(START, "RUSSIA", read, NO_ORDERS) == every_unit


def test_free_home_centres_are_owned_and_empty() -> None:
    position = winter_after_france_took_spain_and_lost_marseilles()
    # Marseilles is lost; Paris and Brest are held by French units
    assert sheets.free_home_centres(position, "FRANCE") == []
    assert sheets.free_home_centres(position, "ITALY") == []  # Marseilles is no Italian home
    position["units"]["FRANCE"] = ["F BRE"]
    assert sheets.free_home_centres(position, "FRANCE") == ["PAR"]


def test_two_orders_for_one_unit_are_named_with_the_format_rule() -> None:
    # WDC 2025 (seed 001): "If a unit receives more than one different order, it is
    # considered unordered and holds."
    # EDC 2026 (seed 004): "If two or more orders for the same unit are entered, then the
    # adjudication will use only the one lower down the text (i.e. the last one)"
    wdc, edc = get_format("wdc-2025"), get_format("edc-2026")
    read = sheets.read_sheet("A Par-Bur, A Par-Pic, F Bre-Mao", "FRANCE", START,
                             reading(wdc))
    notes = sheets.duplicate_orders(read, wdc.adjudicator_rules(), reading(wdc))
    assert notes == {0: "A PAR has two different orders: it holds (WDC 2025)",
                     1: "A PAR has two different orders: it holds (WDC 2025)"}
    notes = sheets.duplicate_orders(read, edc.adjudicator_rules(), reading(edc))
    assert notes[1] == "A PAR has two orders: this last one counts (EDC 2026)"
    assert notes[0] == "A PAR has two orders: only the last one counts (EDC 2026)"
    same = sheets.read_sheet("A Par-Bur, A Par-Bur", "FRANCE", START, reading(wdc))
    assert sheets.duplicate_orders(same, wdc.adjudicator_rules(), reading(wdc)) == {}


def test_a_sheet_typed_in_its_grace_period_is_late() -> None:
    assert saved_status(GRACE) == LATE
    assert saved_status(None) == saved_status(NO_ORDERS) == "entered"
    assert saved_status(LATE) == LATE
    assert SheetRow("FRANCE", "", NO_ORDERS).handed_in
    assert not SheetRow("FRANCE", "  ", "entered").handed_in
