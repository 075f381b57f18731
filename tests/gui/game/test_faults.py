"""The sheet checked against the board, without a window: which void order leaves which unit
holding, and where the fault is underlined."""

from __future__ import annotations

from tdapp.core.board.contract import position_to_contract
from tdapp.core.board.position import Position
from tdapp.core.game.play import adjudicate_position
from tdapp.core.game.sheets import orderable_units, read_sheet
from tdapp.core.orders.options import ParseOptions
from tdapp.gui.game.faults import check_sheet, fate, ordered_province
from tdapp.services import games

START = Position.initial()
CONTRACT = position_to_contract(START)


def checked(power: str, text: str):
    read = read_sheet(text, power, CONTRACT, ParseOptions())
    return check_sheet(read, power, START, orderable_units(CONTRACT, power))


def test_a_void_order_leaves_its_unit_holding() -> None:
    sheet = checked("ENGLAND", "A Liverpool-North Sea, F London-English Channel")
    text = "A Liverpool-North Sea, F London-English Channel"
    first = sheet.results[0]
    assert first.error == "an army cannot move to a sea: North Sea"
    assert first.order is not None  # kept: the unit it names is known
    assert text[first.span[0]:first.span[1]] == "North Sea"
    assert sheet.results[1].error is None
    assert sheet.holding == {0: "A LVP"}
    assert fate("A LVP", "M") == "A LVP holds" and fate("A LVP", "R") == "A LVP is disbanded"


def test_a_unit_with_a_good_order_besides_the_void_one_does_not_hold() -> None:
    sheet = checked("ENGLAND", "F London-Burgundy, F London-Wales")
    assert sheet.results[0].error == "a fleet cannot move inland: Burgundy"
    assert sheet.holding == {}  # the judge takes the order it can carry out


def test_an_unreadable_order_naming_a_unit_leaves_it_holding() -> None:
    text = "F Brest-Spain, A Paris-Burgundy"
    sheet = checked("FRANCE", text)
    assert sheet.results[0].error and sheet.holding == {0: "F BRE"}
    # an order for another power's unit leaves none of this power's units holding
    other = checked("FRANCE", "A Munich-Burgundy")
    assert other.results[0].error and other.holding == {}


def test_the_unit_an_order_reads_as_ordering() -> None:
    sheet = checked("RUSSIA", "F St Petersburg (south coast)-Gulf of Bothnia")
    assert ordered_province(sheet.results[0]) == "STP"
    assert ordered_province(read_sheet("Waive", "RUSSIA", {"phase": "W1901A"},
                                             ParseOptions())[0]) == ""


def test_a_long_player_name_ends_in_an_ellipsis_not_mid_letter(qtbot):
    from tdapp.gui.game.entry import ElidingLabel

    label = ElidingLabel("Austria — Jorge Castellanos-Villanueva")
    qtbot.addWidget(label)
    label.resize(160, 24)
    label.show()
    qtbot.waitExposed(label)
    shown = super(ElidingLabel, label).text()
    assert shown.endswith("…") and shown.startswith("Austria — ")
    assert label.text() == "Austria — Jorge Castellanos-Villanueva"  # the whole name is kept
    label.resize(900, 24)
    assert super(ElidingLabel, label).text() == label.text()


def _winter(austria_units: list[str], austria_centres: list[str], owed: int) -> dict:
    contract = {**CONTRACT, "phase": "W1901A",
                "units": {**CONTRACT["units"], "AUSTRIA": austria_units},
                "centers": {**CONTRACT["centers"], "AUSTRIA": austria_centres},
                "adjustments": {"AUSTRIA": owed}}
    return contract


def checked_winter(contract: dict, text: str):
    from tdapp.core.board.contract import position_from_contract

    read = read_sheet(text, "AUSTRIA", contract, ParseOptions())
    return check_sheet(read, "AUSTRIA", position_from_contract(contract),
                       orderable_units(contract, "AUSTRIA"),
                       contract["adjustments"]["AUSTRIA"])


def test_a_build_beyond_those_owed_is_flagged_as_the_judge_voids_it() -> None:
    # QA: three builds for two owed were all shown as good; the judge voided the third
    # ("AUSTRIA has no builds left") and the TD learnt it only from the results.
    winter = _winter(["A SER", "A GAL", "F ALB"], ["BUD", "TRI", "VIE", "SER", "GRE"], 2)
    sheet = checked_winter(winter, "Build A Vie, Build F Tri, Build A Bud")
    assert [r.error for r in sheet.results] == [
        None, None, "Austria owes 2 builds: one more does not count"]
    third = sheet.results[2]
    assert "Build A Vie, Build F Tri, Build A Bud"[third.span[0]:third.span[1]] == "Build A Bud"
    # a void build uses none of those owed, as with the judge: the next good one counts
    sheet = checked_winter(winter, "Build F Vie, Build F Tri, Build A Bud")
    assert [r.error is None for r in sheet.results] == [False, True, True]
    assert checked_winter(winter, "Waive, Waive, Build A Bud").results[2].error
    # the judge agrees: the same build is the one it voids
    out = adjudicate_position(
        winter, {"AUSTRIA": games.SheetRow("AUSTRIA", "Build A Vie, Build F Tri, Build A Bud",
                                           games.ENTERED, None)}, _format())
    void = [r for r in out["results"] if "void" in r.get("tags", ())]
    assert [r["order"] for r in void] == ["Build A Bud"]
    # and the results table gives the judge's reason in the same words
    from tdapp.gui.game.adjudication import void_in_words

    rows = out["results"]
    told = void_in_words(rows, winter)
    (index,) = [i for i, r in enumerate(rows) if r.get("order") == "Build A Bud"]
    assert told[index] == ("AUSTRIA has no builds left",
                           "Austria owes 2 builds: one more does not count")


def test_a_removal_beyond_those_owed_and_a_build_when_removals_are_owed() -> None:
    winter = _winter(["A VIE", "A BUD", "F TRI"], ["VIE", "BUD"], -1)
    sheet = checked_winter(winter, "Remove A Vie, Remove A Bud")
    assert [r.error for r in sheet.results] == [
        None, "Austria owes 1 removal: one more does not count"]
    owing = _winter(["A GAL", "A BUD", "F TRI"], ["BUD", "VIE"], -1)  # Vienna vacant, owned
    sheet = checked_winter(owing, "Build A Vie, Remove A Gal")
    assert [r.error for r in sheet.results] == [
        "Austria has no builds to make this winter", None]


def _format():
    from tdapp.core.formats import get_format

    return get_format("wdc-2025")
