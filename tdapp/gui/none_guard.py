"""A guard against a reference-counting bug of PySide6 6.12.0 on Python 3.11.

Every call of a Qt method that returns nothing (``painter.setPen``, ``label.setText`` ...)
takes one reference from ``None`` without having given one. ``None`` starts with a few thousand
references, so a projector repainting five times a second brought the interpreter down with
"Fatal Python error: none_dealloc" within a minute. PySide6 6.11.3 does not do this, and from
Python 3.12 on ``None`` is immortal, so the guard only acts when it sees the leak: it then gives
``None`` a reference count no program can use up, which is what Python 3.12 does itself.
"""

from __future__ import annotations

import ctypes
import sys

_ENOUGH = 1 << 40  # more references than a program can drop in its lifetime
_applied = False


def pyside_leaks_none() -> bool:
    """Whether void Qt methods drop references to ``None`` in this PySide6."""
    from PySide6.QtCore import QObject

    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(16):
        probe.setObjectName("probe")
    return sys.getrefcount(None) <= before - 8


def guard_none() -> bool:
    """Make ``None`` immortal if this PySide6 leaks it; returns whether it had to."""
    global _applied
    if _applied or sys.version_info >= (3, 12) or not pyside_leaks_none():
        return _applied
    ctypes.c_ssize_t.from_address(id(None)).value += _ENOUGH  # ob_refcnt is the first field
    _applied = True
    return True
