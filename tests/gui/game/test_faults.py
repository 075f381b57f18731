"""The sheet checked against the board, without a window: which void order leaves which unit
holding, and where the fault is underlined."""

from __future__ import annotations

from tdapp.core.board.contract import position_to_contract
from tdapp.core.board.position import Position
from tdapp.core.orders.options import ParseOptions
from tdapp.gui.game.faults import check_sheet, fate, ordered_province
from tdapp.services import games

START = Position.initial()
CONTRACT = position_to_contract(START)


def checked(power: str, text: str):
    read = games.read_sheet(text, power, CONTRACT, ParseOptions())
    return check_sheet(read, power, START, games.orderable_units(CONTRACT, power))


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
    assert ordered_province(games.read_sheet("Waive", "RUSSIA", {"phase": "W1901A"},
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
