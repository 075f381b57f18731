"""Seating work off the GUI thread, with a progress bar and a Cancel button.

The search polls ``cancel`` and reports ``progress``; both cross threads safely (an Event, and
queued signals throttled to a few a second so a fast search cannot flood the GUI).
"""

from __future__ import annotations

import contextlib
import gc
import threading
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from tdapp.gui.worker import guarded, no_collection_here  # noqa: F401 (re-exported for callers)

Task = Callable[[Callable[[float], None], Callable[[], bool]], Any]
PROGRESS_EVERY = 0.1  # seconds between progress signals


class TaskSignals(QObject):
    progress = Signal(float)
    finished = Signal(object)
    failed = Signal(object)


class CancellableTask(QRunnable):
    """Runs ``fn(progress, cancel)`` on a pool thread; exactly one of finished / failed."""

    def __init__(self, fn: Task) -> None:
        super().__init__()
        self.setAutoDelete(False)  # the panel keeps it until its signal arrives
        self.signals = TaskSignals()
        self._fn = fn
        self._stop = threading.Event()
        self._last = 0.0

    def cancel(self) -> None:
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    def _progress(self, fraction: float) -> None:
        now = time.monotonic()
        if now - self._last >= PROGRESS_EVERY or fraction >= 1.0:
            self._last = now
            self.signals.progress.emit(float(fraction))

    def run(self) -> None:
        with no_collection_here():
            try:
                result = self._fn(self._progress, self._stop.is_set)
            except Exception as exc:  # shown to the TD in words by the panel's owner
                self.signals.failed.emit(exc)
            else:
                self.signals.finished.emit(result)


class ProgressPanel(QWidget):
    """A progress bar, what is being done, and Cancel (Esc in the wizard)."""

    started = Signal()
    stopped = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.task: CancellableTask | None = None
        self.label = QLabel()
        self.bar = QProgressBar()
        self.bar.setRange(0, 1000)
        self.bar.setTextVisible(False)
        self.cancel_button = QPushButton("&Cancel search")
        self.cancel_button.setToolTip("Stop and keep the best seating found so far")
        self.cancel_button.clicked.connect(self.cancel)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label)
        row.addWidget(self.bar, 1)
        row.addWidget(self.cancel_button)
        self._show_idle()

    @property
    def running(self) -> bool:
        return self.task is not None

    def start(self, text: str, fn: Task, on_done: Callable[[Any], None],
              on_failed: Callable[[BaseException], None]) -> CancellableTask:
        if self.task is not None:
            raise RuntimeError("a seating search is already running")
        task = CancellableTask(fn)
        self.task = task
        self.label.setText(text)
        self.bar.setValue(0)
        self.bar.show()
        self.cancel_button.show()
        self.cancel_button.setEnabled(True)
        self.label.show()

        def finish() -> None:
            self.task = None
            self._show_idle()
            self.stopped.emit()

        def done(result: Any) -> None:
            finish()
            on_done(result)

        def failed(exc: BaseException) -> None:
            finish()
            on_failed(exc)

        task.signals.progress.connect(lambda f: self.bar.setValue(int(f * 1000)))
        task.signals.finished.connect(done)
        task.signals.failed.connect(failed)
        self.started.emit()
        gc.collect()  # in the GUI thread: the worker runs without the collector
        self.pool.start(task)
        return task

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.cancel_button.setEnabled(False)
            self.label.setText("Stopping — keeping the best seating found so far…")

    def wait(self) -> None:
        """Stop a running search and wait for it (the window is closing): its answer is
        dropped, since nothing is left to show it."""
        task = self.task
        if task is not None:
            task.cancel()
            for signal in (task.signals.progress, task.signals.finished, task.signals.failed):
                with contextlib.suppress(RuntimeError, TypeError):  # nothing was connected
                    signal.disconnect()
        self.pool.waitForDone()
        if task is not None:
            self.task = None
            self._show_idle()

    def _show_idle(self) -> None:
        self.bar.hide()
        self.cancel_button.hide()
        self.label.hide()
