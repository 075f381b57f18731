"""Order entry reads a sheet by the rules of the format in force, as it is typed: a TD's own
copy of EDC 2026 keeps EDC's strict abbreviation rule and its two-orders rule, and the entry
page names them after the format's title."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt

from tdapp.core.formats import copy_format, get_format
from tdapp.gui.game.view import GameView
from tdapp.services import formats

from .helpers import board_db, save, type_sheet


def _own_edc(widget: GameView) -> None:
    own = copy_format(get_format("edc-2026"), name="our-edc", title="Our EDC", end_year=1910)
    formats.save_custom_format(board_db(widget), own, "edc-2026")


def _reading(widget: GameView, power: str) -> str:
    return html.unescape(widget.entry.panels[power].reading.text()).replace(" - ", " – ")


def test_a_tds_copy_of_edc_reads_lon_nor_as_edc_says(qtbot, view: GameView) -> None:
    _own_edc(view)
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    assert view.options.strict_abbreviations and view.options.rules_name == "Our EDC"
    rules = view.entry.rules.text()
    assert rules.startswith("Our EDC: two orders for one unit: the last one counts; "
                            "an official but wrong abbreviation is an illegal order")
    type_sheet(qtbot, view, "ENGLAND", "F Lon-Nor, F Edi-Nth, A Lvp-Yor")
    england = view.entry.panels["ENGLAND"]
    reading = _reading(view, "ENGLAND")
    assert "F LON – NWY" in reading  # EDC's own example: Nor is Norway, London cannot go there
    assert "F LON – NTH" not in reading
    assert england.results[0].normalized == "F LON - NWY"
    faults = [(s.cursor.selectionStart(), s.cursor.selectionEnd())
              for s in england.edit.extraSelections()]
    assert faults and faults[0][0] < len("F Lon-Nor")  # underlined in the first order
    gaps = html.unescape(view.entry.gaps.text())
    england_line = next(line for line in gaps.split("<br>") if "'F Lon-Nor'" in line)
    assert "not adjacent: a fleet in London cannot reach Norway" in england_line
    # the rule that made it so is named, after the format's title, before the unit's fate
    assert "official but wrong abbreviations are illegal orders" in england_line
    assert england_line.removesuffix("</span>").endswith("(Our EDC) — F LON holds")
    # EDC's rule for two orders for one unit came with the copy: the last one counts
    view.entry.panels["FRANCE"].edit.setPlainText("A Par-Bur, A Par-Pic, F Bre-Mao, A Mar H")
    assert ("France: A PAR has two orders: this last one counts (Our EDC)"
            in html.unescape(view.entry.gaps.text()))
    save(view, "entry-own-format-rules.png")


def test_the_same_typing_under_wdc_2025_goes_to_the_north_sea(qtbot,
                                                                view: GameView) -> None:
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    assert view.entry.rules.text().startswith("WDC 2025: two orders for one unit: it holds")
    type_sheet(qtbot, view, "ENGLAND", "F Lon-Nor, F Edi-Nwg, A Lvp-Yor")
    assert "F LON – NTH" in _reading(view, "ENGLAND")
    assert view.entry.panels["ENGLAND"].results[0].order is not None


def test_two_orders_where_the_last_counts_are_not_called_void(qtbot, view: GameView,
                                                               dialog_answers) -> None:
    """Issue 24: the Adjudicate question listed "A VIE has two orders: this last one counts"
    under "These orders are void or missing … Those units will hold", though it moved."""
    _own_edc(view)
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    type_sheet(qtbot, view, "AUSTRIA", "A Vie-Bud, A Vie-Gal, A Bud-Ser")
    gaps = html.unescape(view.entry.gaps.text())
    counting = next(line for line in gaps.split("<br>") if "A VIE has two" in line)
    assert counting == "Austria: A VIE has two orders: this last one counts (Our EDC) — 'A Vie-Gal'"
    assert "only the last one counts" not in gaps  # one line per unit, the order that counts
    save(view, "entry-last-order-counts.png")
    qtbot.keyClick(view.entry.panels["AUSTRIA"].edit, Qt.Key.Key_Return,
                   Qt.KeyboardModifier.ControlModifier)
    kind, _title, text = dialog_answers.shown[-1]
    void_part, _, moves_part = text.partition("A unit with two orders moves by the last one")
    assert "These orders are void or missing" in void_part and "Those units will hold" in void_part
    assert "A VIE" not in void_part  # units without orders are listed there, not Vienna
    assert "Austria: A VIE has two orders: this last one counts (Our EDC) — 'A Vie-Gal'" \
        in moves_part
    # and it does move: Vienna's army is in Galicia after the Spring
    assert "A GAL" in view.state.phases[-1].position["units"]["AUSTRIA"]


def test_two_orders_where_the_unit_holds_stay_with_the_holds(qtbot, view: GameView,
                                                             dialog_answers) -> None:
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)  # WDC 2025: it holds
    type_sheet(qtbot, view, "AUSTRIA", "A Vie-Bud, A Vie-Gal, A Bud-Ser")
    qtbot.keyClick(view.entry.panels["AUSTRIA"].edit, Qt.Key.Key_Return,
                   Qt.KeyboardModifier.ControlModifier)
    _kind, _title, text = dialog_answers.shown[-1]
    assert "moves by the last one" not in text
    void_part = text.split("Those units will hold")[0]
    assert "Austria: A VIE has two different orders: it holds" in void_part
