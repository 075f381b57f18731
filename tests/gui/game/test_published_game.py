"""A real, published game typed through the game view: 1901 and 1902 of the *Lords of the
Dice* classroom game (``published_game.py`` says where each season comes from and what is
derived). Every season is typed sheet by sheet and adjudicated; the results are checked against
what the blog reports (moves made or failed, captures, builds and removals, the positions its
Spring 1903 post starts from). Then an Austrian order of Spring 1902 is corrected, the later
seasons are adjudicated again, and the game is called into the board's result."""

from __future__ import annotations

import html
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from sqlalchemy import select

from tdapp.core.board.contract import position_to_contract
from tdapp.core.board.position import Position
from tdapp.core.formats import get_format
from tdapp.core.game.play import adjudicate_position
from tdapp.core.powers import POWERS
from tdapp.gui.game.adjudication import one_row_per_unit, outcome_word
from tdapp.gui.game.map_view import MapView
from tdapp.gui.game.view import GameView
from tdapp.services import games
from tdapp.store.models import Board, Seat
from tests.gui import screens

from .helpers import board_db, type_sheet
from .published_game import (
    CENTRES,
    DERIVED,
    GAME,
    PUBLISHED_ADJUSTMENTS,
    PUBLISHED_CAPTURES,
    PUBLISHED_OUTCOMES,
    SPRING_1903_UNITS,
)

# The correction: Austria's Spring 1902 sheet had its army in Vienna stay home.
CORRECTED = "A Vienna Hold, A Budapest Hold, A Romania-Serbia, F Adriatic Sea-Ionian Sea"


def outcomes(results: list[Mapping[str, Any]]) -> dict[str, str]:
    """Read-as order -> the results table's outcome word (one row per unit, as it shows)."""
    return {str(r["normalized"]): outcome_word(r) for r in one_row_per_unit(results)}


def adjudicate_with_keyboard(qtbot, widget: GameView) -> None:
    qtbot.keyClick(widget.entry.panels["AUSTRIA"].edit, Qt.Key.Key_Return,
                   Qt.KeyboardModifier.ControlModifier)


def check_entry(widget: GameView, phase: str) -> None:
    """What the entry view tells the assistant before the tricky seasons are adjudicated."""
    gaps = html.unescape(widget.entry.gaps.text())
    if phase == "S1901M":
        # "given mixed orders": the format's rule for two orders, named in the message
        assert "England: F EDI has two different orders: it holds (WDC 2025)" in gaps
        assert "Germany: A MUN has no order — it will hold" in gaps  # "no lines of communication"
        # "a crossing of the Baltic Sea ... with a lack of ships": void as typed, not only after
        assert ("Germany: 'A Berlin-Baltic Sea' — an army cannot move to a sea: Baltic Sea — "
                "A BER holds") in gaps
    if phase == "S1902M":
        reading = html.unescape(widget.entry.panels["FRANCE"].reading.text())
        assert "say which coast of Spain" in reading and "(WDC 2025)" in reading
        faults = widget.entry.panels["FRANCE"].edit.extraSelections()
        text = dict(GAME)["S1902M"]["FRANCE"]
        start = text.index("F Portugal-Spain")
        assert any(start <= s.cursor.selectionStart() < s.cursor.selectionEnd()
                   and s.cursor.selectionEnd() <= start + len("F Portugal-Spain")
                   for s in faults)
        assert "England: A WAL has no order — it will hold" in gaps
        assert "Russia: F BLA has no order — it will hold" in gaps
        # an army into the English Channel: flagged under the sea's name, the army holding
        assert ("England: 'A London-English Channel' — an army cannot move to a sea: "
                "English Channel — A LON holds") in gaps
        england = widget.entry.panels["ENGLAND"].edit.extraSelections()
        sea = dict(GAME)["S1902M"]["ENGLAND"].index("English Channel")
        assert [(f.cursor.selectionStart(), f.cursor.selectionEnd()) for f in england] == [
            (sea, sea + len("English Channel"))]
        # the fleet in Portugal: told once, with its void order, not also as a unit without one
        assert "France: F BRE has no order — it will hold" in gaps
        assert "— F POR holds" in gaps and "F POR have no order" not in gaps


def check_outcome(widget: GameView, phase: str) -> None:
    """The phase just adjudicated against the source's account of it."""
    done, opened = widget.state.phases[-2], widget.state.phases[-1]
    assert done.phase == phase and done.adjudicated
    got = outcomes(done.results)
    for order, word in PUBLISHED_OUTCOMES.get(phase, {}).items():
        assert got.get(order) == word, f"{phase} {order}: {got.get(order)}, published {word}"
    summary = html.unescape(widget.results.summary.text())
    for capture in PUBLISHED_CAPTURES.get(phase, ()):
        assert capture in summary, f"{phase}: {capture} not in {summary!r}"
    if phase.endswith("M"):  # the posts report no unit dislodged in 1901-1902: no retreats
        assert not opened.position.get("dislodged") and not opened.phase.endswith("R")
    owed = opened.position.get("adjustments", {})
    for power, count in PUBLISHED_ADJUSTMENTS.get(opened.phase, {}).items():
        assert owed.get(power, 0) == count, f"{opened.phase} {power}: {owed.get(power, 0)}"


def play(qtbot, widget: GameView) -> None:
    for phase, sheets in GAME:
        assert widget.state.current.phase == phase
        widget.tabs.setCurrentWidget(widget.entry)  # back on the Orders page, as assistants are
        for power in POWERS:
            if power in sheets:
                type_sheet(qtbot, widget, power, sheets[power])
        assert widget.state.current.sheets.keys() == sheets.keys()
        check_entry(widget, phase)
        if phase == "S1902M":  # the sheets as typed, the faults underlined
            save(widget, "published-game-entry.png")
        adjudicate_with_keyboard(qtbot, widget)
        check_outcome(widget, phase)


def save(widget: QWidget, name: str) -> Path:
    QApplication.processEvents()
    target = screens.folder("") / name
    image = widget.grab()
    assert image.width() >= 400 and image.height() >= 300
    assert image.save(str(target))
    return target


def fall_map(qtbot, row: games.PhaseRow) -> MapView:
    """The Fall 1902 map at projector size: the position, every order and what became of it."""
    board = MapView()
    qtbot.addWidget(board)
    board.resize(1400, 1190)
    board.set_position(row.position, row.results)
    plan = board.plan()
    assert len(plan.units) == sum(len(u) for u in row.position["units"].values())
    assert not plan.skipped, plan.skipped  # every order of the phase is drawn
    return board


def test_the_derived_lines_are_lines_of_the_record() -> None:
    """Every line called derived in the record is a line typed (so the labels stay honest)."""
    typed = dict(GAME)
    for phase, powers in DERIVED.items():
        for power, lines in powers.items():
            written = [line.strip() for part in typed[phase][power].split("\n")
                       for line in part.replace(";", ",").split(",")]
            for line in lines:
                assert line in written, f"{phase} {power}: {line!r}"


def test_another_adjudicator_reaches_the_same_positions() -> None:
    """The same orders through the ``diplomacy`` package (a test-only cross-check, never
    imported by tdapp): after every phase, the same units in the same places and the same
    centres as ours. Void orders are left out: the other adjudicator holds those units too."""
    other = pytest.importorskip("diplomacy")
    fmt = get_format("wdc-2025")
    position = position_to_contract(Position.initial())
    game = other.Game()
    for phase, sheets in GAME:
        assert game.get_current_phase() == phase
        out = adjudicate_position(
            position, {p: games.SheetRow(p, t, games.ENTERED) for p, t in sheets.items()}, fmt)
        for power in POWERS:
            game.set_orders(power, [r["normalized"] for r in out["results"] if r["order"]
                                    and r["power"] == power and "void" not in r["tags"]])
        game.process()
        position = out["next"]
        theirs = {p: sorted(u.lstrip("*") for u in units) for p, units in game.get_units().items()}
        assert theirs == {p: sorted(position["units"].get(p, [])) for p in theirs}, phase
        assert ({p: sorted(c) for p, c in game.get_centers().items()}
                == {p: sorted(position["centers"].get(p, [])) for p in POWERS}), phase


def test_a_published_game_typed_checked_corrected_and_called(qtbot, view: GameView,
                                                             dialog_answers) -> None:
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    play(qtbot, view)
    state = view.state
    assert state.current.phase == "S1903M"  # no unit was dislodged: no retreat phase
    assert view.chart.values()[1:] == [[str(c) for c in CENTRES[y]] for y in (1901, 1902)]
    units = state.current.position["units"]
    for power, named in SPRING_1903_UNITS.items():
        assert set(named) <= set(units[power]), power
    # History: Fall 1902 with its reasons in words, and its map
    view.tabs.setCurrentWidget(view.history)
    view.history.select_phase("F1902M")
    table = view.history.results.table
    why = {table.item(r, 2).text(): table.item(r, 4).text() for r in range(table.rowCount())}
    assert why["A RUH S A BEL – HOL"] == "support cut by A KIE"
    assert why["A KIE – RUH"] == "bounced with A RUH"
    assert why["A ARM – ANK"] == "bounced with F ANK"
    save(view, "published-game-history.png")
    save(fall_map(qtbot, view.history.current()), "published-game-map.png")
    view.tabs.setCurrentWidget(view.chart)
    save(view, "published-game-centres.png")
    # A correction of Spring 1902 after its deadline: the TD overrides
    view.tabs.setCurrentWidget(view.history)
    view.history.select_phase("S1902M")
    view.history.power_box.setCurrentIndex(POWERS.index("AUSTRIA"))
    view.history.edit.setPlainText(CORRECTED)
    qtbot.mouseClick(view.history.apply_button, Qt.MouseButton.LeftButton)
    assert dialog_answers.shown and "Too late" in dialog_answers.shown[-1][2]
    view.history.override.setChecked(True)
    qtbot.mouseClick(view.history.apply_button, Qt.MouseButton.LeftButton)
    report = view.history.report.text()
    assert "Spring 1902 movement, Fall 1902 movement, Winter 1902 adjustments" in report
    assert "Fall 1902 movement, Austria: 'A Tyrolia Hold'" in report  # no army in Tyrolia any more
    assert ("Winter 1902 adjustments, Russia: 'Build F St. Petersburg (north coast)'"
            in report)  # 2 builds, not 3
    save(view, "published-game-correction.png")
    phases = {p.phase: p for p in view.state.phases}
    fall = outcomes(phases["F1902M"].results)
    assert fall["A GAL - VIE"] == "Failed" and fall["F BLA - CON"] == "Succeeded"
    assert phases["W1902A"].position["adjustments"] == {
        "AUSTRIA": 1, "FRANCE": 2, "GERMANY": -1, "RUSSIA": 2}
    centres = view.state.current.position["centers"]
    assert "VIE" in centres["AUSTRIA"] and "VIE" not in centres["RUSSIA"]
    # The TD calls the game: the result lands on the board
    view.end("called")
    assert view.state.finished and "Game over" in view.banner.text()
    with board_db(view).read() as session:
        board = session.get(Board, view.board_id)
        assert (board.status, board.end_reason) == ("finished", "called")
        seats = {s.power: s.centers for s in session.scalars(
            select(Seat).where(Seat.board_id == view.board_id))}
    assert [seats[p] for p in POWERS] == [5, 4, 7, 3, 4, 7, 4]
    assert sum(seats.values()) == 34
