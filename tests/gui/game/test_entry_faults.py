"""Orders that cannot be carried out, typed through the game view: flagged as they are typed
(underlined at the fault, the reason in a TD's words, the unit holding), exactly the ones the
judge then voids, and one row per unit in the results."""

from __future__ import annotations

import html
from collections import Counter
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from sqlalchemy import select

from tdapp.core.powers import POWERS
from tdapp.gui.game.view import GameView
from tdapp.store.models import GamePhase
from tests.gui import screens

from .helpers import START_CENTRES, board_db, put_position, type_sheet

UNITS = {
    "AUSTRIA": ["A VIE", "F TRI"],
    "ENGLAND": ["A LON", "F EDI", "A LVP", "A WAL"],
    "FRANCE": ["F BRE", "A PAR", "A MAR", "F MAO"],
    "GERMANY": ["A BER", "F KIE", "A MUN"],
    "ITALY": ["F NAP", "A ROM", "F ION", "A VEN"],
    "RUSSIA": ["A MOS", "F SEV", "A WAR"],
    "TURKEY": ["A CON", "F ANK", "A SMY"],
}
# Every kind of impossible order beside orders that can be carried out (and A WAL, unordered).
SHEETS = {
    "AUSTRIA": "F Trieste-Venice, A Vienna Supports A Budapest",
    "ENGLAND": "A London-English Channel, F Edinburgh-Yorkshire, A Liverpool-Edinburgh",
    "FRANCE": "F Brest-Paris, A Paris-Munich, A Marseilles-Burgundy, "
              "F Mid-Atlantic Ocean-Spain",
    "GERMANY": "A Berlin-Silesia, A Munich Supports A Berlin-Silesia, "
               "F Kiel Supports A Berlin-Silesia",
    "ITALY": "F Naples Convoys A Rome-Tunis, A Rome-Tunis, A Venice Convoys A Rome-Tunis, "
             "F Ionian Sea Hold",
    "RUSSIA": "A Moscow-Ukraine, A Warsaw Supports A Moscow-Ukraine, "
              "F Sevastopol Supports A Warsaw",
    "TURKEY": "F Ankara-Armenia, A Smyrna-Ankara, A Constantinople-Bulgaria",
}
# What the view must say of them (the TD's words), whether the parser or the judge finds it.
EXPECTED_FLAGS = {
    ("AUSTRIA", "A Vienna Supports A Budapest"): "Budapest",
    ("ENGLAND", "A London-English Channel"): "an army cannot move to a sea: English Channel",
    ("FRANCE", "F Brest-Paris"): "a fleet cannot move inland: Paris",
    ("FRANCE", "A Paris-Munich"): "not adjacent: an army in Paris cannot reach Munich",
    ("FRANCE", "F Mid-Atlantic Ocean-Spain"): "coast",
    ("GERMANY", "F Kiel Supports A Berlin-Silesia"): "F KIE cannot reach Silesia",
    ("ITALY", "F Naples Convoys A Rome-Tunis"): "not a fleet on a coast: Naples",
    ("ITALY", "A Rome-Tunis"): "no fleet at sea could convoy A ROM to Tunis",
    ("ITALY", "A Venice Convoys A Rome-Tunis"): "",
    ("RUSSIA", "F Sevastopol Supports A Warsaw"): "F SEV cannot reach Warsaw",
}


def save(widget: QWidget, name: str) -> Path:
    QApplication.processEvents()
    target = screens.folder("") / name
    assert widget.grab().save(str(target))
    return target


def flagged(widget: GameView) -> dict[tuple[str, str], str]:
    """(power, order as typed) -> the reason shown, for every order shown as a fault."""
    return {(power, r.text): r.error for power in POWERS
            for r in widget.entry.panels[power].results if r.error}


def test_the_view_flags_exactly_the_orders_the_judge_voids(qtbot, view: GameView,
                                                            dialog_answers) -> None:
    view.start()
    put_position(view, "S1902M", UNITS)
    for power in POWERS:
        type_sheet(qtbot, view, power, SHEETS[power])
    shown = flagged(view)
    assert set(shown) == set(EXPECTED_FLAGS)
    for key, words in EXPECTED_FLAGS.items():
        assert words in shown[key], (key, shown[key])
    gaps = html.unescape(view.entry.gaps.text())
    # each void order once, with the unit it leaves holding; A WAL alone has no order
    assert "England: A WAL has no order — it will hold" in gaps
    assert ("England: 'A London-English Channel' — an army cannot move to a sea: English "
            "Channel — A LON holds") in gaps
    assert "France: 'A Paris-Munich' — not adjacent: an army in Paris cannot reach Munich — "\
           "A PAR holds" in gaps
    assert gaps.count("has no order") == 1 and gaps.count(" holds") == len(EXPECTED_FLAGS)
    # underlined at the fault: the sea, not the whole order
    text = SHEETS["ENGLAND"]
    sea = text.index("English Channel")
    faults = view.entry.panels["ENGLAND"].edit.extraSelections()
    assert [(f.cursor.selectionStart(), f.cursor.selectionEnd()) for f in faults] == [
        (sea, sea + len("English Channel"))]
    reading = html.unescape(view.entry.panels["ENGLAND"].reading.text())
    assert "✗ A London-English Channel → <b>A LON – ENG</b>: an army cannot move" in reading
    save(view, "entry-faults-spring.png")

    qtbot.keyClick(view.entry.panels["AUSTRIA"].edit, Qt.Key.Key_Return,
                   Qt.KeyboardModifier.ControlModifier)
    # issue 14: adjudicating with void or unread orders asks first, naming them
    kind, title, asked = dialog_answers.shown[-1]
    assert (kind, title) == ("question", "Void or unread orders")
    assert "England: 'A London-English Channel'" in asked and "England: A WAL" in asked
    done = view.state.phases[-2]
    assert done.adjudicated
    voided = {(r["power"], r["order"]) for r in done.results
              if r["order"] and "void" in r["tags"]}
    assert voided == set(shown)  # the judge voids exactly what the view flagged
    # the results table: one row per unit, every void order saying the unit holds
    rows = view.results.rows
    units = Counter(r["unit"] for r in rows)
    assert sum(units.values()) == len(rows) == sum(len(u) for u in UNITS.values())
    assert all(n == 1 for n in units.values()), units
    table = view.results.table
    outcome = {table.item(i, 1).text(): table.item(i, 3).text() for i in range(len(rows))}
    for _, written in EXPECTED_FLAGS:
        assert outcome[written] == "Void — holds", written
    assert outcome["(no order)"] == "Succeeded"  # A WAL
    why = {table.item(i, 1).text(): table.item(i, 4).text() for i in range(len(rows))}
    for key, words in EXPECTED_FLAGS.items():  # the reason in the words the entry view used
        assert words in why[key[1]], (key, why[key[1]])
    assert why["A London-English Channel"] == "an army cannot move to a sea: English Channel"
    save(view, "entry-faults-results.png")


def test_a_corrected_fault_clears_as_it_is_typed(qtbot, view: GameView) -> None:
    view.start()
    put_position(view, "S1902M", UNITS)
    type_sheet(qtbot, view, "ENGLAND", "A London-English Channel")
    panel = view.entry.panels["ENGLAND"]
    assert panel.results[0].error and panel.holding == {0: "A LON"}
    edit = panel.edit
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, "A London-Wales")
    assert not panel.results[0].error and panel.holding == {}
    assert edit.extraSelections() == []
    gaps = html.unescape(view.entry.gaps.text())
    assert "A LON" not in gaps and "English Channel" not in gaps


def put_phase(widget: GameView, position: dict) -> None:
    """The open phase set to ``position`` (a test shortcut; not a user action)."""
    with board_db(widget).action("Position for the test") as session:
        row = session.scalars(select(GamePhase).where(GamePhase.board_id == widget.board_id)
                              .order_by(GamePhase.seq.desc())).first()
        row.phase, row.position = position["phase"], position
    widget.reload()


RETREAT = {
    "phase": "S1902R",
    "units": {"GERMANY": ["A MUN", "F NTH"], "ENGLAND": ["A BEL"]},
    "centers": START_CENTRES,
    "dislodged": {"FRANCE": [{"unit": "A BUR", "attacker_from": "MUN",
                              "retreats": ["GAS", "MAR", "PAR", "PIC", "RUH"]}],
                  "ENGLAND": [{"unit": "F HOL", "attacker_from": "NTH",
                               "retreats": ["HEL", "KIE"]}]},
    "contested": [],
}


def test_retreats_the_judge_voids_are_flagged_and_disbanded_once(qtbot,
                                                                 view: GameView,
                                                                 dialog_answers) -> None:
    view.start()
    put_phase(view, RETREAT)
    type_sheet(qtbot, view, "FRANCE", "A Burgundy-Munich")
    type_sheet(qtbot, view, "ENGLAND", "F Holland-Ruhr")
    shown = flagged(view)
    assert shown[("FRANCE", "A Burgundy-Munich")].startswith(
        "A BUR may not retreat to Munich (it may retreat to: Gascony, Marseilles, Paris, "
        "Picardy, Ruhr)")
    assert shown[("ENGLAND", "F Holland-Ruhr")] == ("F HOL cannot reach Ruhr (it may retreat to: "
                                                    "Helgoland Bight, Kiel)")
    gaps = html.unescape(view.entry.gaps.text())
    assert gaps.count("is disbanded") == 2 and "no order" not in gaps
    save(view, "entry-faults-retreats.png")
    qtbot.keyClick(view.entry.panels["AUSTRIA"].edit, Qt.Key.Key_Return,
                   Qt.KeyboardModifier.ControlModifier)
    done = view.state.phases[-2]
    assert {(r["power"], r["order"]) for r in done.results
            if r["order"] and "void" in r["tags"]} == set(shown)
    rows = view.results.rows
    assert sorted(r["unit"] for r in rows) == ["A BUR", "F HOL"]  # one row per unit
    table = view.results.table
    assert [table.item(i, 3).text() for i in range(len(rows))] == ["Void — disbanded"] * 2


def test_builds_the_judge_voids_are_flagged(qtbot, view: GameView) -> None:
    view.start()
    put_phase(view, {"phase": "W1901A",
                     "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
                     "centers": {**START_CENTRES, "FRANCE": ["PAR", "BRE", "MAR", "SPA"]},
                     "dislodged": {}, "contested": [], "adjustments": {"FRANCE": 3,
                                                                       "GERMANY": 2}})
    type_sheet(qtbot, view, "FRANCE", "Build A Paris, Build F Marseilles, Build A Spain")
    shown = flagged(view)
    assert shown == {("FRANCE", "Build A Paris"): "cannot build: Paris is occupied",
                     ("FRANCE", "Build A Spain"): "cannot build: Spain is not a home centre of "
                                                  "France"}
    gaps = html.unescape(view.entry.gaps.text())
    assert "France: 2 builds not written (a void one does not count)" in gaps
    assert "Germany: 2 builds not written" in gaps and "Germany: 2 builds not written (" not in gaps
    save(view, "entry-faults-builds.png")


def test_an_extra_build_is_asked_about_in_words_for_builds(qtbot, view: GameView,
                                                           dialog_answers) -> None:
    """Issue 24 item 12j: the extra-build warning asked "Adjudicate now? Those units will
    hold." A winter's void build is not made; a retreat's void order disbands."""
    view.start()
    put_phase(view, {"phase": "W1901A",
                     "units": {"FRANCE": ["A PAR"]},
                     "centers": {**START_CENTRES, "FRANCE": ["PAR", "BRE", "MAR", "SPA"]},
                     "dislodged": {}, "contested": [], "adjustments": {"FRANCE": 1}})
    type_sheet(qtbot, view, "FRANCE", "Build F Brest, Build A Marseilles")
    assert flagged(view) == {("FRANCE", "Build A Marseilles"):
                             "France owes 1 build: one more does not count"}
    dialog_answers.next_answer = QMessageBox.StandardButton.No
    qtbot.keyClick(view.entry.panels["AUSTRIA"].edit, Qt.Key.Key_Return,
                   Qt.KeyboardModifier.ControlModifier)
    kind, title, asked = dialog_answers.shown[-1]
    assert (kind, title) == ("question", "Void or unread orders")
    assert "hold" not in asked
    assert "A void build or removal is not made, and builds not written are waived" in asked
    assert asked.endswith("Adjudicate now?")
    assert view.state.current.phase == "W1901A"  # No: nothing adjudicated
