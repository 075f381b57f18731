"""Pages whose contents take a moment to compute (standings, awards of hundreds of players):
recomputed when they are shown, not on every change while hidden."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from PySide6.QtCore import SignalInstance

from tdapp.services.changes import Change

if TYPE_CHECKING:  # the controllers' own type: common pieces never load it
    from tdapp.gui.controller import AppController


class LazyPage(Protocol):
    """A page that may be hidden (its ``shown`` signal is given to :meth:`watch`)."""

    def isVisible(self) -> bool: ...  # noqa: N802 - Qt's name


PageT = TypeVar("PageT", bound=LazyPage)


class RefreshWhenSeen(Generic[PageT]):
    """Controller mix-in. The page says when it is shown; the subclass gives ``refresh()`` and
    ``_clear()`` and may do something quick while hidden (``while_hidden``)."""

    page: PageT
    stale = False

    def watch(self, app: AppController, shown: SignalInstance) -> None:
        """Follow ``app``'s file and changes; ``shown`` is the page's signal that it is seen."""
        shown.connect(self._shown)
        app.file_opened.connect(lambda _path: self.refresh_when_seen())
        app.file_closed.connect(self._clear)
        app.changed.connect(self._changed)

    def _changed(self, change: Change) -> None:
        if self.wants(change):
            self.refresh_when_seen()

    def refresh_when_seen(self) -> None:
        if self.page.isVisible():
            self.refresh()
        else:
            self.stale = True
            self.while_hidden()

    def _shown(self) -> None:
        if self.stale:
            self.refresh()

    def wants(self, change: Change) -> bool:
        """Whether ``change`` may alter what the page shows (nothing by default)."""
        return False

    def while_hidden(self) -> None:
        """Cheap work worth doing even while hidden (nothing by default)."""

    def refresh(self) -> None:
        raise NotImplementedError

    def _clear(self) -> None:
        raise NotImplementedError
