"""Long work off the GUI thread: a QRunnable that reports back through queued signals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Signal


class WorkerSignals(QObject):
    finished = Signal(object)  # the function's result
    failed = Signal(object)  # the exception


class Worker(QRunnable):
    """Runs ``fn()`` on a pool thread; exactly one of ``finished`` / ``failed`` is emitted."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        super().__init__()
        self.setAutoDelete(False)  # the controller keeps it until its signal arrives
        self.signals = WorkerSignals()
        self._fn = fn

    def run(self) -> None:
        try:
            result = self._fn()
        except Exception as exc:  # reported to the GUI thread, shown there in words
            self.signals.failed.emit(exc)
        else:
            self.signals.finished.emit(result)
