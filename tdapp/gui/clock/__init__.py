"""The round clock on screen: the projector window and the TD's operator panel."""

from tdapp.gui.clock.none_guard import guard_none

guard_none()  # before any painting: see none_guard for the PySide6 6.12.0 bug it works around
