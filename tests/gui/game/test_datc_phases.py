"""DATC-style tricky phases typed through the game view, the way players write them on paper,
and the results as the view shows them (DATC v3.0 cases named in each)."""

from __future__ import annotations

import html

import pytest
from PySide6.QtCore import Qt

from tdapp.gui.game.adjudication import COLUMNS
from tdapp.gui.game.view import GameView

from .helpers import put_position, type_sheet

CASES = [
    pytest.param(  # DATC 6.C.1: three army circular movement
        "S1902M",
        {"TURKEY": ["F ANK", "A CON", "A SMY"]},
        {"TURKEY": "F Ankara-Constantinople; A Constantinople-Smyrna; A Smyrna-Ankara"},
        {"F ANK - CON": "Succeeded", "A CON - SMY": "Succeeded", "A SMY - ANK": "Succeeded"},
        id="6.C.1-circular-movement"),
    pytest.param(  # DATC 6.D.1: supported hold can prevent dislodgement
        "S1902M",
        {"AUSTRIA": ["F ADR", "A TRI"], "ITALY": ["A VEN", "A TYR"]},
        {"AUSTRIA": "F Adriatic Sea supports A Trieste - Venice\nA Tri-Ven",
         "ITALY": "A Ven H\nA Tyrolia S A Venice"},
        {"A TRI - VEN": "Failed", "A VEN H": "Succeeded", "A TYR S A VEN": "Succeeded"},
        id="6.D.1-supported-hold"),
    pytest.param(  # DATC 6.E.1: dislodged unit has no effect on the attacker's area
        "S1902M",
        {"GERMANY": ["A BER", "F KIE", "A SIL"], "RUSSIA": ["A PRU"]},
        {"GERMANY": "A Ber-Pru, F Kie-Ber, A Sil S A Ber-Pru", "RUSSIA": "A Prussia-Berlin"},
        {"A BER - PRU": "Succeeded", "F KIE - BER": "Succeeded", "A PRU - BER": "Dislodged"},
        id="6.E.1-dislodged-no-effect"),
    pytest.param(  # DATC 6.B.2: moving with unspecified coast when only one can be reached
        "S1902M",
        {"FRANCE": ["F GAS"]},
        {"FRANCE": "F Gascony - Spain"},
        {"F GAS - SPA/NC": "Succeeded"},
        id="6.B.2-coast-not-needed"),
    pytest.param(  # DATC 6.F.1: no convoy in a coastal area (the fleet in Greece cannot)
        "S1902M",
        {"TURKEY": ["A GRE", "F AEG", "F CON", "F BLA"]},
        {"TURKEY": "A Gre-Sev; F Aeg C A Gre-Sev; F Con C A Gre-Sev; F Bla C A Gre-Sev"},
        {"A GRE - SEV": "Void — holds"},  # no route: the order cannot be carried out
        id="6.F.1-no-convoy-through-coast"),
]


@pytest.mark.parametrize(("phase", "units", "sheets", "expected"), CASES)
def test_datc_phase_typed_and_adjudicated(qtbot, view: GameView, phase: str,
                                          units: dict, sheets: dict, expected: dict,
                                          dialog_answers) -> None:
    view.start()
    put_position(view, phase, units)
    for power, text in sheets.items():
        type_sheet(qtbot, view, power, text)
    gaps = html.unescape(view.entry.gaps.text())
    assert "no order" not in gaps, gaps  # every unit has an order (a void one: with its reason)
    void = {order for order, outcome in expected.items() if outcome == "Void — holds"}
    assert gaps.count(" holds") >= len(void), gaps  # the judge's voids are told before it
    qtbot.keyClick(view.entry.panels["AUSTRIA"].edit, Qt.Key.Key_Return,
                   Qt.KeyboardModifier.ControlModifier)
    table = view.results.table
    read_as = COLUMNS.index("Read as")
    result = COLUMNS.index("Result")
    shown = {table.item(r, read_as).text().replace(" – ", " - "): table.item(r, result).text()
             for r in range(table.rowCount())}
    for order, outcome in expected.items():
        assert shown.get(order) == outcome, (order, shown)
