"""Python's cycle collector and worker threads.

The collector runs in whichever thread happens to allocate, and run in a worker it may destroy
Qt objects that belong to the GUI thread, which crashes the program. So while any worker runs,
collection waits: the GUI thread holds it off before starting a worker
(:func:`hold_collection`) and the worker lets go when it ends (:func:`release_collection`).
Work is run through :mod:`tdapp.gui.operations`.
"""

from __future__ import annotations

import gc
import threading

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


