"""The seating worker: progress and cancel across threads, and no cycle collection in it."""

from __future__ import annotations

import gc
import threading

from tdapp.gui.seating.runner import ProgressPanel, guarded, no_collection_here


def test_no_collection_in_a_worker_and_restored_after() -> None:
    assert gc.isenabled()
    with no_collection_here():
        assert not gc.isenabled()
        with no_collection_here():  # two workers at once
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    seen = []
    thread = threading.Thread(target=guarded(lambda: seen.append(gc.isenabled())))
    thread.start()
    thread.join()
    assert seen == [False] and gc.isenabled()


def test_collector_left_off_when_it_was_off() -> None:
    gc.disable()
    try:
        with no_collection_here():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_panel_reports_progress_and_stops_on_cancel(qtbot) -> None:
    panel = ProgressPanel()
    qtbot.addWidget(panel)
    panel.show()
    results: list[object] = []
    started = threading.Event()

    def work(progress, cancel) -> str:
        started.set()
        while not cancel():
            progress(0.5)
            threading.Event().wait(0.01)
        progress(1.0)
        return "stopped"

    panel.start("Working…", work, results.append, results.append)
    assert panel.running and panel.cancel_button.isVisible()
    qtbot.waitUntil(lambda: panel.bar.value() == 500, timeout=5000)
    panel.cancel()
    assert "best seating found so far" in panel.label.text()
    qtbot.waitUntil(lambda: not panel.running, timeout=5000)
    assert results == ["stopped"]
    assert panel.bar.isHidden() and panel.cancel_button.isHidden()


def test_panel_hands_failures_back(qtbot) -> None:
    panel = ProgressPanel()
    qtbot.addWidget(panel)
    done: list[object] = []
    failed: list[BaseException] = []

    def work(progress, cancel):
        raise ValueError("no boards")

    panel.start("Working…", work, done.append, failed.append)
    qtbot.waitUntil(lambda: not panel.running, timeout=5000)
    assert done == [] and [str(e) for e in failed] == ["no boards"]
