"""Long work off the GUI thread: a QRunnable that reports back through queued signals.

Every worker runs with Python's cycle collector held off (:func:`no_collection_here`): the
collector runs in whichever thread happens to allocate, and run in a worker it may destroy Qt
objects that belong to the GUI thread, which crashes the program.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Callable, Iterator
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Signal

_gc_lock = threading.Lock()
_gc_holders = 0
_gc_was_enabled = True


@contextlib.contextmanager
def no_collection_here() -> Iterator[None]:
    """Keep the cycle collector out of a worker thread while it runs: while any worker runs,
    collection waits; the GUI thread collects before a worker starts (see :func:`guarded`)."""
    global _gc_holders, _gc_was_enabled
    with _gc_lock:
        if _gc_holders == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_holders += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_holders -= 1
            if _gc_holders == 0 and _gc_was_enabled:
                gc.enable()


def guarded(fn: Callable[[], Any]) -> Callable[[], Any]:
    """``fn`` for a worker thread, run without the cycle collector; collects here first, in the
    GUI thread, whatever was waiting."""
    gc.collect()

    def run() -> Any:
        with no_collection_here():
            return fn()

    return run


class WorkerSignals(QObject):
    finished = Signal(object)  # the function's result
    failed = Signal(object)  # the exception


class Worker(QRunnable):
    """Runs ``fn()`` on a pool thread; exactly one of ``finished`` / ``failed`` is emitted."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        super().__init__()
        self.setAutoDelete(False)  # the controller keeps it until its signal arrives
        self.signals = WorkerSignals()
        gc.collect()  # made in the GUI thread: collect here, never in the worker
        self._fn = fn

    def run(self) -> None:
        try:
            with no_collection_here():
                result = self._fn()
        except Exception as exc:  # reported to the GUI thread, shown there in words
            self.signals.failed.emit(exc)
        else:
            self.signals.finished.emit(result)
