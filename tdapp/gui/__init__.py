"""Everything Qt: the main window, pages, dialogs, table models and projector screens."""

from tdapp.gui.none_guard import guard_none

# Before any window paints: PySide6 6.12.0 on Python 3.11 leaks a reference to None on every
# Qt call that returns nothing, and Python aborts once they run out (see none_guard).
guard_none()
