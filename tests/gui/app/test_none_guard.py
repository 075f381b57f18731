"""The projector can repaint all day: void Qt calls never use up the references of None."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject

import tdapp.gui.clock  # noqa: F401 - applies the guard
from tdapp.gui.none_guard import guard_none, pyside_leaks_none


def test_none_survives_far_more_void_calls_than_it_has_references(qapp) -> None:
    guard_none()
    probe = QObject()
    for _ in range(50_000):  # None has ~5,000 references: unguarded, 6.12.0 on 3.11 dies here
        probe.setObjectName("x")
    assert sys.getrefcount(None) > 1000


def test_the_guard_acts_only_where_the_leak_is(qapp) -> None:
    if sys.version_info >= (3, 12) or not pyside_leaks_none():
        assert guard_none() is False
    else:
        assert guard_none() is True
