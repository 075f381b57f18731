"""Python's cycle collector and worker threads.

The collector runs in whichever thread happens to allocate, and run in a worker it may destroy
Qt objects that belong to the GUI thread, which crashes the program. So while any worker runs,
collection waits: the GUI thread holds it off before starting a worker
(:func:`hold_collection`) and the worker lets go when it ends (:func:`release_collection`).
Work is run through :mod:`tdapp.gui.operations`.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Callable, Iterator
from typing import Any

_gc_lock = threading.Lock()
_gc_holders = 0
_gc_was_enabled = True


def hold_collection() -> None:
    """One more holder keeps the cycle collector off (call before a worker starts)."""
    global _gc_holders, _gc_was_enabled
    with _gc_lock:
        if _gc_holders == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_holders += 1


def release_collection() -> None:
    """One holder less; the last one puts the collector back as it was."""
    global _gc_holders
    with _gc_lock:
        _gc_holders -= 1
        if _gc_holders == 0 and _gc_was_enabled:
            gc.enable()


@contextlib.contextmanager
def no_collection_here() -> Iterator[None]:
    """Keep the cycle collector out while this block runs (nested and threaded holds add up)."""
    hold_collection()
    try:
        yield
    finally:
        release_collection()


def guarded(fn: Callable[[], Any]) -> Callable[[], Any]:
    """``fn`` for a plain thread, run without the cycle collector; collects here first, in the
    GUI thread, whatever was waiting."""
    gc.collect()

    def run() -> Any:
        with no_collection_here():
            return fn()

    return run
