"""The seating progress panel under the operation API: progress and cancel across threads,
and no cycle collection in a worker."""

from __future__ import annotations

import gc
import threading

from tdapp.gui.operations import CancelToken, Operation, OperationRunner
from tdapp.gui.seating.runner import ProgressPanel
from tdapp.gui.worker import hold_collection, release_collection


def test_no_collection_in_a_worker_and_restored_after(qtbot) -> None:
    assert gc.isenabled()
    hold_collection()
    hold_collection()  # two workers at once
    assert not gc.isenabled()
    release_collection()
    assert not gc.isenabled()
    release_collection()
    assert gc.isenabled()
    runner = OperationRunner()
    assert runner.wait_for(gc.isenabled) is False  # in the worker
    qtbot.waitUntil(gc.isenabled, timeout=2000)  # the worker lets go as it ends


def test_collector_left_off_when_it_was_off() -> None:
    gc.disable()
    try:
        hold_collection()
        release_collection()
        assert not gc.isenabled()
    finally:
        gc.enable()


def _search(runner: OperationRunner, panel: ProgressPanel, work, done, failed) -> None:
    """As the wizard starts a search: in the panel, keeping the best found when cancelled."""
    panel.job = runner.start(Operation("Working…", work, on_done=done, cancellable=True,
                                       keeps_result=True, progress=panel,
                                       after_failure=failed))


def test_panel_reports_progress_and_stops_on_cancel(qtbot) -> None:
    panel = ProgressPanel()
    qtbot.addWidget(panel)
    panel.show()
    runner = OperationRunner()
    results: list[object] = []
    started = threading.Event()

    def work(token: CancelToken) -> str:
        started.set()
        while not token.cancelled:
            token.progress(0.5)
            threading.Event().wait(0.01)
        token.progress(1.0)
        return "stopped"

    _search(runner, panel, work, results.append, results.append)
    assert panel.running and panel.cancel_button.isVisible()
    qtbot.waitUntil(lambda: panel.bar.value() == 500, timeout=5000)
    panel.cancel()
    assert "best seating found so far" in panel.label.text()
    qtbot.waitUntil(lambda: not panel.running, timeout=5000)
    assert results == ["stopped"]
    assert panel.bar.isHidden() and panel.cancel_button.isHidden()


def test_panel_hands_failures_back(qtbot, dialog_answers) -> None:
    panel = ProgressPanel()
    qtbot.addWidget(panel)
    runner = OperationRunner()
    done: list[object] = []
    failed: list[BaseException] = []

    def work(token: CancelToken):
        raise ValueError("no boards")

    _search(runner, panel, work, done.append, failed.append)
    qtbot.waitUntil(lambda: not panel.running, timeout=5000)
    assert done == [] and [str(e) for e in failed] == ["no boards"]
    assert len(dialog_answers.shown) == 1  # the TD read why, once


def test_closing_drops_a_running_search(qtbot) -> None:
    panel = ProgressPanel()
    qtbot.addWidget(panel)
    runner = OperationRunner()
    results: list[object] = []

    def work(token: CancelToken) -> str:
        while not token.cancelled:
            threading.Event().wait(0.01)
        return "late"

    _search(runner, panel, work, results.append, results.append)
    panel.wait()  # the wizard closes: stop, wait, and show nothing
    assert not panel.running and not runner.busy
    qtbot.wait(50)
    assert results == []
