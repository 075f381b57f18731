"""Everything Qt: the main window, pages, dialogs, table models and projector screens.

One layout: a feature lives in ``gui/<feature>/`` with its views and its controller. Views
(``page.py``, ``dialog.py``, ``model.py``...) build widgets and emit what the TD asks for; they
never call a service. The controller (``controller.py``) connects the view's signals to the
services through :class:`tdapp.gui.controller.AppController` and refreshes the view when a
change is broadcast. Shared pieces:

- ``window/``: the main window, its menus (``menus.py``: every menu built there; a feature
  adds its command with ``window.menus.add(Menu.TOURNAMENT, action)``), and the controller
  that builds every feature's controller;
- ``common/``: pieces several features use (the table model, table settings, dialog fields);
- ``theme.py``: every colour and font, named by what it means;
- ``controller.py`` / ``worker.py``: the one way to call services and run slow work.
"""

from tdapp.gui.none_guard import guard_none

# Before any window paints: PySide6 6.12.0 on Python 3.11 leaks a reference to None on every
# Qt call that returns nothing, and Python aborts once they run out (see none_guard).
guard_none()
