"""The one place where the GUI calls services.

Every call goes through the operation API (:mod:`tdapp.gui.operations`): :meth:`AppController.call`
and :meth:`AppController.read` wait for their answer without freezing the window, long work goes
through :meth:`AppController.start`. A refusal (ServiceError, StaleEdit, a file that cannot be
opened) is shown to the TD as one message, and what changed is broadcast with the ``changed``
signal so every open view refreshes itself.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar, TypeVarTuple, overload

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from tdapp.gui import filesvc
from tdapp.gui.operations import Job, Operation, OperationRunner, unexpected_problem_text
from tdapp.services.changes import Change, ServiceError, StaleEdit
from tdapp.services.live import announced, typed_change
from tdapp.services.server_info import describe, is_database_url
from tdapp.services.tournaments import TournamentInfo
from tdapp.store.database import TournamentDb

__all__ = ["AppController", "unexpected_problem_text"]

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)
D = TypeVar("D")
P = ParamSpec("P")
Ts = TypeVarTuple("Ts")


class HoldsChange(Protocol):
    """A service's report that holds the Change it made (a draw vote's outcome)."""

    @property
    def change(self) -> Change | None: ...


class Stoppable(Protocol[T_co]):
    """A read that calls ``check()`` where it may stop (``check`` raises to stop it)."""

    def __call__(self, db: TournamentDb, /, *, check: Callable[[], None]) -> T_co: ...


class KeepsCalls(Protocol):
    """What this station keeps while the venue server is gone (services/outbox.py)."""

    url: str  # the venue server's tournament

    def __len__(self) -> int: ...  # how many entries are kept

    def keep(self, service: Callable[..., object], args: tuple[Any, ...],
             kwargs: dict[str, Any], exc: BaseException) -> object: ...

    def explain(self, service: Callable[..., object], exc: BaseException) -> BaseException: ...


def _same_path(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (b.exists() and os.path.samefile(a, b))
    except OSError:
        return False


class AppController(QObject):
    changed = Signal(object)  # a Change
    file_opened = Signal(object)  # the Path of the open tournament
    file_closing = Signal()  # the file is still open: last chance to write what was typed
    file_closed = Signal()
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db: TournamentDb | None = None
        self._window: QWidget | None = None
        self.operations = OperationRunner(self)
        self.operations.changed.connect(self.changed)
        self.operations.busy_changed.connect(self.busy_changed)
        # A venue server's tournament: what this station keeps while the server is gone
        # (tdapp.services.outbox.Outbox, set by the venue controller).
        self.outbox: KeepsCalls | None = None

    # -- set-up ---------------------------------------------------------------------------
    def set_window(self, window: QWidget) -> None:
        self._window = window
        self.operations.window = window

    @property
    def path(self) -> Path | None:
        return self.db.path if self.db else None

    @property
    def busy(self) -> bool:
        return self.operations.busy

    # -- showing refusals -------------------------------------------------------------------
    def show_problem(self, exc: BaseException, title: str = "That could not be done") -> None:
        """A refusal, a conflict or a bug, as the one message of the operation API."""
        self.operations.show_failure(exc, title)

    def inform(self, title: str, text: str) -> None:
        QMessageBox.information(self._window, title, text)

    # -- tournament files (opened off the GUI thread: a damaged or distant file may be slow) --
    def open_file(self, path: Path | str) -> bool:
        """Open a tournament file, or a venue server's tournament given its URL."""
        on_server = is_database_url(path)
        if self.db is not None and not on_server and _same_path(self.db.path, Path(path)):
            self.file_opened.emit(self.db.path)  # already open here: just show it
            return True
        location: Path | str = str(path) if on_server else Path(path)
        name = describe(str(path)) if on_server else Path(path).name
        db = self._file_step(lambda: filesvc.open_tournament(location), "Cannot open this file",
                             f"Opening {name}…")
        if db is None:
            return False
        self._replace_db(db)
        return True

    def new_file(self, path: Path, info: TournamentInfo) -> bool:
        db = self._file_step(lambda: filesvc.create_new_tournament(Path(path), info),
                             "Cannot create the tournament", f"Creating {Path(path).name}…")
        if db is None:
            return False
        self._replace_db(db)
        return True

    def save_copy_as(self, target: Path) -> bool:
        db = self.db
        if db is None:
            return False
        done = self._file_step(lambda: filesvc.save_copy_as(db, Path(target)) or True,
                               "Cannot save a copy", f"Saving a copy as {Path(target).name}…")
        return done is not None

    def _file_step(self, fn: Callable[[], T], title: str, notice: str) -> T | None:
        try:
            return self.operations.wait_for(fn, notice)
        except filesvc.FILE_ERRORS as exc:
            self.show_problem(exc, title)
        except Exception as exc:  # a bug, not a refusal: say so rather than fail silently
            self.operations.show_failure(exc, title)
        return None

    def close_file(self) -> None:
        if self.db is None:
            return
        self.operations.wait_all()  # an import still writing finishes before the file closes
        self.file_closing.emit()
        db, self.db = self.db, None
        self.operations.wait_for(lambda: filesvc.close_tournament(db), "Closing the file…")
        self.file_closed.emit()

    def swap_db(self, operation: Callable[[TournamentDb], TournamentDb]) -> bool:
        """Run an operation that closes the open file and hands back its replacement (restoring
        a snapshot); every view then reloads as for a newly opened file."""
        current = self.db
        if current is None:
            return False
        try:
            db = self.operations.wait_for(lambda: operation(current))
        except filesvc.FILE_ERRORS as exc:
            self.show_problem(exc)
            if self.db is not None and self.db.closed:
                self.db = None
                self.file_closed.emit()
            return False
        self.db = db
        self.file_opened.emit(db.path)
        return True

    def _replace_db(self, db: TournamentDb) -> None:
        if self.db is not None:
            self.close_file()
        self.db = db
        self.file_opened.emit(db.path)

    # -- service calls -----------------------------------------------------------------------
    # Typed by the service's own signature: ``service(db, *args, **kwargs)`` is checked by mypy
    # at each call as if written out (ParamSpec), and its answer keeps its type. ``read`` and
    # ``wait`` take positional arguments only (a TypeVarTuple), which leaves their own keywords
    # (``default``, ``notice``) free.
    def call(self, service: Callable[Concatenate[TournamentDb, P], Change | HoldsChange | None],
             *args: P.args, **kwargs: P.kwargs) -> Change | None:
        """Run ``service(db, *args, **kwargs)`` and wait for it without freezing the window;
        broadcast its Change, or show the TD why it failed (one message)."""
        return typed_change(self.call_for_report(service, *args, **kwargs))

    def call_for_report(self, service: Callable[Concatenate[TournamentDb, P], T],
                        *args: P.args, **kwargs: P.kwargs) -> T | None:
        """As :meth:`call`, for a service returning a report that holds its Change (a
        correction's report): the report itself comes back, None when nothing was saved."""
        db = self.db
        if db is None:
            return None
        try:
            result = self.operations.wait_for(
                lambda: announced(db, lambda: service(db, *args, **kwargs)))
        except Exception as exc:  # the action rolled back as a whole: nothing was saved
            # The venue server gone: what was typed is kept, sent when it is back
            # (services/outbox.py); work computed from the server's state says it waits.
            shown: BaseException = exc
            if self.outbox is not None:
                if self.outbox.keep(service, args, kwargs, exc):
                    return None
                shown = self.outbox.explain(service, exc)
            self.operations.show_failure(shown)
            return None
        self.operations.broadcast(typed_change(result))  # a draw vote's outcome holds its change
        return result

    def attempt(self, service: Callable[Concatenate[TournamentDb, P], T],
                *args: P.args, **kwargs: P.kwargs) -> T | None:
        """A service call whose refusal the caller shows in its own dialog, next to what the TD
        typed: a ServiceError is raised to the caller. Otherwise as :meth:`call`: waited for
        without freezing the window, a Change result broadcast, a conflict (StaleEdit) or a
        bug shown as the one message of the operation API (``None`` returned)."""
        db = self.db
        if db is None:
            return None
        try:
            result = self.operations.wait_for(
                lambda: announced(db, lambda: service(db, *args, **kwargs)))
        except StaleEdit as exc:
            self.operations.show_failure(exc)
            return None
        except ServiceError:
            raise
        except Exception as exc:  # a bug: nothing was saved
            self.operations.show_failure(exc)
            return None
        self.operations.broadcast(result)
        return result

    def run(self, work: Callable[Concatenate[TournamentDb, P], T],
            *args: P.args, **kwargs: P.kwargs) -> T:
        """``work(db, *args, **kwargs)`` waited for as :meth:`read`, every failure raised to
        the caller, which answers it in its own place (a clock that says it is not saved, a
        dialog that cannot open); nothing is shown or broadcast here. No tournament open is a
        ServiceError."""
        db = self.db
        if db is None:
            raise ServiceError("No tournament is open.")
        return self.operations.wait_for(lambda: work(db, *args, **kwargs))

    @overload
    def read(self, query: Callable[[TournamentDb, *Ts], T], *args: *Ts) -> T | None: ...

    @overload
    def read(self, query: Callable[[TournamentDb, *Ts], T], *args: *Ts, default: D) -> T | D: ...

    def read(self, query: Callable[[TournamentDb, *Ts], T], *args: *Ts,
             default: object = None) -> object:
        """A read-only service call (lists, details); a refusal is shown and ``default``
        returned. An unexpected error is not caught here: a view's bug stays loud."""
        db = self.db
        if db is None:
            return default
        try:
            return self.operations.wait_for(lambda: query(db, *args))
        except ServiceError as exc:
            self.show_problem(exc)
            return default

    def read_stoppable(self, query: Stoppable[T], *, notice: str) -> T | None:
        """A read that can stop part-way: ``query(db, check=...)`` calls ``check()`` where it
        may stop (its other arguments bound with functools.partial). Waited for as
        :meth:`read`, its notice (``notice``) offers Cancel; Cancel raises
        :class:`~tdapp.gui.operations.Cancelled` to the caller, which keeps what it showed. A
        refusal is shown and None returned."""
        db = self.db
        if db is None:
            return None
        try:
            return self.operations.wait_for_stoppable(
                lambda token: query(db, check=token.check), notice)
        except ServiceError as exc:
            self.show_problem(exc)
            return None

    def wait(self, work: Callable[[*Ts], T], *args: *Ts,
             notice: str = "Waiting for the tournament database…") -> T:
        """Work that is no service call on the open file (the demo written, a season file),
        waited for without freezing the window; its errors are raised to the caller."""
        return self.operations.wait_for(lambda: work(*args), notice)

    # -- long work -------------------------------------------------------------------------------
    def start(self, operation: Operation[T]) -> Job[T]:
        """Run long work (an import, an export, a seating search) behind its progress view."""
        return self.operations.start(operation)
