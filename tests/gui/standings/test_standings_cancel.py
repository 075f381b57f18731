"""Cancel on a long standings recompute (issue 13): the notice of a slow recompute offers
Cancel; the recompute stops at its next step, the page keeps what it showed and is computed
again when next looked at."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog, QPushButton

from tdapp.gui import operations
from tdapp.gui.standings import controller as standings_controller
from tdapp.services.standings_views import standings_view

STEP_SECONDS = 0.25  # each step of the recompute on this slow database


def _slow_database(calls: list[int]):
    """The real recompute, on a database that takes a while for each of its steps."""
    def slow(db, mode, *, check):  # noqa: ANN001, ANN202 - the service's own signature
        def slow_check() -> None:
            calls.append(1)
            time.sleep(STEP_SECONDS)
            check()
        return standings_view(db, mode, check=slow_check)
    return slow


def _press_cancel(clicked: list[str]) -> QTimer:
    def press() -> None:
        modal = QApplication.activeModalWidget()
        button = modal.findChild(QPushButton) if isinstance(modal, QProgressDialog) else None
        if button is not None and button.isVisible() and not clicked:
            clicked.append(f"{modal.labelText()} / {button.text()}")
            button.click()
    poller = QTimer()
    poller.setInterval(30)
    poller.timeout.connect(press)
    poller.start()
    return poller


def test_cancel_stops_a_long_recompute_and_keeps_the_page(
        qtbot, demo_main, monkeypatch: pytest.MonkeyPatch) -> None:
    main = demo_main
    main.window.show_page("Standings")
    page = main.window.pages["Standings"]
    controller = main.standings
    shown = list(page.model.rows())
    assert shown  # the quick recompute of the demo, shown at once
    monkeypatch.setattr(operations, "NOTICE_AFTER", 0.2)
    calls: list[int] = []
    monkeypatch.setattr(standings_controller, "standings_view", _slow_database(calls))
    clicked: list[str] = []
    poller = _press_cancel(clicked)
    started = time.monotonic()
    try:
        controller.refresh()
    finally:
        poller.stop()
    took = time.monotonic() - started
    assert clicked == ["Computing the standings… / Cancel"]
    steps = 7  # the checks of a completed-rounds recompute (tests/services/test_standings_stop)
    assert len(calls) < steps and took < (steps - 1) * STEP_SECONDS, (took, len(calls))
    print(f"cancelled after {took:.2f} s at step {len(calls)} of {steps} "
          f"(the whole recompute: {steps * STEP_SECONDS:.2f} s)")
    assert list(page.model.rows()) == shown  # kept, not cleared
    assert controller.stale  # computed again when next looked at
    monkeypatch.setattr(standings_controller, "standings_view", standings_view)
    main.window.show_page("Players")
    main.window.show_page("Standings")
    assert not controller.stale
    assert list(page.model.rows()) == shown  # nothing changed in the file meanwhile


def test_a_quick_recompute_shows_no_notice_and_no_cancel(qtbot, demo_main) -> None:
    main = demo_main
    main.window.show_page("Standings")
    clicked: list[str] = []
    poller = _press_cancel(clicked)
    try:
        main.standings.refresh()
    finally:
        poller.stop()
    assert clicked == [] and not main.standings.stale
