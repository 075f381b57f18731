"""Issue 14: Enter in an order sheet accepted the sheet and jumped to the next power, so one
order per line, as an assistant reads a paper sheet, scattered orders across powers. Now Enter
makes a new line and the sheet is accepted with a visible, named key (Shift+Enter, the button)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.gui.game.helpers import view  # noqa: F401 - the board's game view fixture

from .shots import shot


def test_enter_is_a_new_line_and_shift_enter_accepts(qtbot, view, tmp_path) -> None:  # noqa: F811
    view.start()
    edit = view.entry.panels["AUSTRIA"].edit
    view.activateWindow()
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus, timeout=2000)
    for i, line in enumerate(["A Vie-Gal", "A Bud-Ser", "F Tri-Alb"]):
        if i:
            if edit.completer.popup().isVisible():
                qtbot.keyClick(edit, Qt.Key.Key_Escape)
            qtbot.keyClick(edit, Qt.Key.Key_Return)
            assert edit.hasFocus(), "Enter left the sheet"
        qtbot.keyClicks(edit, line)
    if edit.completer.popup().isVisible():
        qtbot.keyClick(edit, Qt.Key.Key_Escape)
    assert edit.toPlainText() == "A Vie-Gal\nA Bud-Ser\nF Tri-Alb"
    button = view.entry.panels["AUSTRIA"].accept_button
    assert button.isVisibleTo(view) and "⇧↵" in button.text() and "Shift+Enter" in button.toolTip()
    shot(view, "order-sheet-one-per-line")
    qtbot.keyClick(edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert view.entry.panels["ENGLAND"].edit.hasFocus()
    assert view.state.current.sheets["AUSTRIA"].text == "A Vie-Gal\nA Bud-Ser\nF Tri-Alb"


def test_the_accept_button_accepts_the_sheet(qtbot, view) -> None:  # noqa: F811
    view.start()
    view.entry.panels["ENGLAND"].edit.setPlainText("F Lon-N Sea")
    qtbot.mouseClick(view.entry.panels["ENGLAND"].accept_button, Qt.MouseButton.LeftButton)
    assert view.state.current.sheets["ENGLAND"].text == "F Lon-N Sea"
    assert view.entry.panels["FRANCE"].edit.hasFocus()
    assert "F LON – NTH" in view.entry.panels["ENGLAND"].reading.text().replace(" - ", " – ")


def test_adjudicating_with_unread_orders_asks_first(qtbot, view, dialog_answers) -> None:  # noqa: F811
    from PySide6.QtWidgets import QMessageBox
    view.start()
    view.entry.panels["ENGLAND"].edit.setPlainText("F Lon-Nth; A Lvp-Xyz")
    view.save("ENGLAND")
    dialog_answers.next_answer = QMessageBox.StandardButton.No
    view.adjudicate()
    kind, title, text = dialog_answers.shown[-1]
    assert (kind, title) == ("question", "Void or unread orders")
    assert "England: 'A Lvp-Xyz'" in text and "England: F EDI" in text
    assert view.state.current.phase == "S1901M"  # No: nothing adjudicated
    dialog_answers.next_answer = QMessageBox.StandardButton.Yes
    view.adjudicate()
    assert view.state.current.phase == "F1901M"


def _focus(qtbot, view, power: str):  # noqa: F811
    edit = view.entry.panels[power].edit
    view.activateWindow()
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus, timeout=2000)
    return edit


def test_enter_ends_the_line_even_with_completions_shown(qtbot, view) -> None:  # noqa: F811
    """Issue 24: `F Bre-Mid` Enter `A Par-Bur` gave "F Bre-Mid-Atlantic OceanA Par-Bur", and
    `F Nwg-Nor` Enter inserted North Africa, the list's first entry; seed 001 calls "Nor"
    ambiguous. A completion is taken only when the TD picks it."""
    view.start()
    edit = _focus(qtbot, view, "FRANCE")
    qtbot.keyClicks(edit, "F Bre-Mid")
    assert edit.popup.isVisible() and not edit.picked()  # offered, nothing chosen
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert not edit.popup.isVisible()
    qtbot.keyClicks(edit, "A Par-Bur")
    assert edit.toPlainText() == "F Bre-Mid\nA Par-Bur"
    edit = _focus(qtbot, view, "ENGLAND")
    qtbot.keyClicks(edit, "F Nwg-Nor")
    assert edit.popup.isVisible()
    shot(view, "order-sheet-completions-offered")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert edit.toPlainText() == "F Nwg-Nor\n"
    assert "North Africa" not in edit.toPlainText()
    reading = view.entry.panels["ENGLAND"].results[0]
    assert reading.error.startswith("'Nor' could be Norway (NWY), Norwegian Sea (NWG), North Sea")


def test_a_completion_is_taken_when_picked(qtbot, view) -> None:  # noqa: F811
    view.start()
    edit = _focus(qtbot, view, "GERMANY")
    qtbot.keyClicks(edit, "A Ber-Silesi")
    assert edit.popup.isVisible()
    qtbot.keyClick(edit.popup, Qt.Key.Key_Down)  # the TD chooses with the arrow keys
    assert edit.picked().startswith("Silesia")
    qtbot.keyClick(edit.popup, Qt.Key.Key_Return)
    assert edit.toPlainText() == "A Ber-Silesia"
    qtbot.keyClick(edit, Qt.Key.Key_Return)  # then Enter is a new line again
    qtbot.keyClicks(edit, "A Mun-Bur")
    assert edit.toPlainText() == "A Ber-Silesia\nA Mun-Bur"
