"""The one way the GUI runs work: every service call, import, export and seating search.

Two shapes, after Anki's ``CollectionOp`` / ``QueryOp``:

* :meth:`OperationRunner.wait_for` — a call whose answer the caller needs now (a save, a list
  for a view). It runs on a worker thread; the GUI thread waits for it without processing
  anything for a moment (:data:`QUICK_SECONDS`), so a quick call behaves exactly as a plain
  function call. A slower one (a locked file, a database across the venue network) keeps the
  window alive: the clock ticks and the window repaints, the TD's clicks wait, and after
  :data:`NOTICE_AFTER` a "Waiting for the tournament database…" notice appears.
* :meth:`OperationRunner.wait_for_stoppable` — the same for a read that can stop part-way (the
  standings recomputed): its notice offers Cancel from the start, the work stops at its next
  ``token.check()`` and :class:`Cancelled` is raised to the caller.
* :meth:`OperationRunner.start` — long work (an import, an export, a seating search): it runs
  on a worker behind a progress view, offers Cancel when the work can stop (it checks its
  :class:`CancelToken`), and hands its result to ``on_done`` on the GUI thread.

Either way a refusal (``ServiceError``), an edit someone else made first (``StaleEdit``) or an
unexpected error becomes one message in the TD's words (:func:`problem_message`), and a
:class:`~tdapp.services.changes.Change` result is broadcast to every open view.
"""

from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtWidgets import QMessageBox, QProgressDialog, QWidget

from tdapp.gui import filesvc
from tdapp.gui.worker import hold_collection, release_collection
from tdapp.services.changes import Change, ServiceError, StaleEdit

T = TypeVar("T")

QUICK_SECONDS = 0.1  # a call this quick never lets another event in: a plain function call
NOTICE_AFTER = 0.6  # seconds before a waiting call says what it waits for
GIVE_UP_AFTER = 15.0  # seconds before the TD may stop waiting for a database that is silent
POLL_SECONDS = 0.02  # how often a waiting call looks after the window
PROGRESS_EVERY = 0.1  # seconds between progress reports, so fast work cannot flood the GUI
DIALOG_RANGE = 1000  # a progress dialog's steps for a fraction


class Cancelled(Exception):  # noqa: N818 - it is what happened, not an error
    """Raised by work that stopped because the TD pressed Cancel."""


class NoAnswer(ServiceError):
    """The TD stopped waiting for a database that did not answer."""

    def __init__(self, seconds: int) -> None:
        super().__init__(
            f"The tournament database did not answer for {seconds} seconds, so tdapp stopped "
            "waiting. Check the venue network or the server. What you did may still be saved "
            "when it answers, and every screen will then show it: look before doing it again.")


class CancelToken:
    """Shared by the GUI (which may cancel) and the work (which checks and reports progress).
    Both sides are thread-safe: an Event, and a queued signal throttled to a few a second."""

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._last = 0.0
        self._report: Callable[[float], None] | None = None

    def cancel(self) -> None:
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    def is_cancelled(self) -> bool:
        """The same as :attr:`cancelled`, as a function for work that polls one."""
        return self._stop.is_set()

    def check(self) -> None:
        """Stop here (raise :class:`Cancelled`) if the TD cancelled."""
        if self._stop.is_set():
            raise Cancelled

    def progress(self, fraction: float) -> None:
        now = time.monotonic()
        if self._report is not None and (now - self._last >= PROGRESS_EVERY or fraction >= 1.0):
            self._last = now
            self._report(float(fraction))


# -- what a failure means to the TD (the one place) ------------------------------------------------
def unexpected_problem_text(exc: BaseException, *, saved_nothing: bool) -> str:
    """What an unexpected error means to the TD, then its first line (cut short) for a report."""
    lines = str(exc).strip().splitlines()
    first = lines[0] if lines else ""
    if len(first) > 200:
        first = first[:199] + "\u2026"
    outcome = ("Nothing was changed: the tournament file is as it was before."
               if saved_nothing else "It did not finish.")
    return (f"tdapp met a problem it did not expect. {outcome} Try once more; if it happens "
            "again, note what you did and report it.\n\n"
            f"Details: {type(exc).__name__}{': ' + first if first else ''}")


STALE_TITLE = "Someone else changed this first"
STALE_AFTER = ("Your change was not saved. The screen now shows what is in the tournament "
               "file; make your change again if it is still needed.")


def problem_message(exc: BaseException, title: str, *, saved_nothing: bool = True,
                    expected: tuple[type[BaseException], ...] = ()) -> tuple[str, str]:
    """The title and text the TD reads for ``exc``: a conflict, a refusal in the service's own
    words, or an unexpected error explained (its technical first line underneath)."""
    if isinstance(exc, StaleEdit):
        return STALE_TITLE, f"{exc}\n\n{STALE_AFTER}"
    if isinstance(exc, filesvc.FILE_ERRORS + expected):
        return title, str(exc) or type(exc).__name__
    return "Something went wrong", unexpected_problem_text(exc, saved_nothing=saved_nothing)


# -- progress views -------------------------------------------------------------------------------
class ProgressView(Protocol):
    """Where long work shows how far it is (a dialog, or a panel inside a wizard page)."""

    def begin(self, text: str, cancel: Callable[[], None] | None) -> None: ...

    def set_fraction(self, fraction: float) -> None: ...

    def finish(self) -> None: ...


class DialogProgress:
    """The default progress view: a small dialog, busy until the work reports a fraction."""

    def __init__(self, parent: QWidget | None, title: str) -> None:
        self.parent = parent
        self.title = title
        self.dialog: QProgressDialog | None = None

    def begin(self, text: str, cancel: Callable[[], None] | None) -> None:
        dialog = QProgressDialog(text, "Cancel" if cancel else "", 0, 0, self.parent)
        if cancel is None:
            dialog.setCancelButton(None)  # one transaction: it cannot stop halfway
        else:
            dialog.canceled.connect(cancel)
        dialog.setWindowTitle(self.title)
        dialog.setMinimumDuration(0)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.show()
        self.dialog = dialog

    def set_fraction(self, fraction: float) -> None:
        if self.dialog is not None:
            self.dialog.setMaximum(DIALOG_RANGE)
            self.dialog.setValue(int(fraction * DIALOG_RANGE))

    def finish(self) -> None:
        dialog, self.dialog = self.dialog, None
        if dialog is not None:
            dialog.blockSignals(True)  # closing is not a Cancel
            dialog.reset()
            dialog.close()
            dialog.deleteLater()


# -- running --------------------------------------------------------------------------------------
class _Signals(QObject):
    progress = Signal(float)
    finished = Signal(object)  # the result
    failed = Signal(object)  # the exception


class _Task(QRunnable):
    """Runs ``fn(token)`` on a pool thread; exactly one of finished / failed is emitted, and the
    outcome is kept for a caller that waits without signals. The cycle collector is held off
    from before the start (in the GUI thread) to the end: run in a worker, it could destroy Qt
    objects that belong to the GUI thread."""

    def __init__(self, fn: Callable[[CancelToken], Any], token: CancelToken) -> None:
        super().__init__()
        self.setAutoDelete(False)  # the runner keeps it until its signal arrives
        self.signals = _Signals()
        self.fn = fn
        self.token = token
        self.done = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None
        token._report = self.signals.progress.emit

    def run(self) -> None:
        try:
            try:
                self.result = self.fn(self.token)
            except Exception as exc:  # shown to the TD in words on the GUI thread
                self.error = exc
            if self.error is not None:
                self.signals.failed.emit(self.error)
            else:
                self.signals.finished.emit(self.result)
        finally:
            # Done only once the signal is posted: a caller waiting on ``done`` may go on to
            # close the window and quit, and a signal still being emitted from this thread
            # then touched a QObject being destroyed (a segfault at exit, 1 start in 6).
            self.done.set()
            release_collection()


@dataclass
class Operation(Generic[T]):
    """Long work for :meth:`OperationRunner.start`.

    ``work(token)`` runs on a worker thread; it may report ``token.progress(fraction)`` and,
    when ``cancellable``, should look at ``token.cancelled`` (or call ``token.check()``).
    ``on_done(result)`` runs on the GUI thread; a cancelled operation calls ``on_cancelled``
    instead, unless ``keeps_result`` (a search keeps the best it found so far). A failure is
    shown to the TD under ``problem_title``; ``after_failure`` then tidies up."""

    title: str
    work: Callable[[CancelToken], T]
    on_done: Callable[[T], object] | None = None  # what it returns is dropped
    cancellable: bool = False
    keeps_result: bool = False
    on_cancelled: Callable[[], None] | None = None
    after_failure: Callable[[BaseException], None] | None = None
    problem_title: str = "That could not be done"
    expected: tuple[type[BaseException], ...] = ()  # shown in their own words, like a refusal
    saved_nothing: bool = False  # what an unexpected error means for the file
    progress: ProgressView | None = None  # a dialog titled ``window_title`` when None
    window_title: str = "Working"
    # A search whose answer means nothing once the file closes: the file does not wait for
    # it, it is stopped and its answer dropped (an import or an export is waited for).
    stops_with_file: bool = False


@dataclass(eq=False)
class Job(Generic[T]):
    """A started :class:`Operation`: cancel it, or wait for it."""

    operation: Operation[T]
    token: CancelToken
    task: _Task
    view: ProgressView
    runner: OperationRunner
    dropped: bool = field(default=False)

    @property
    def running(self) -> bool:
        return self in self.runner.jobs

    @property
    def cancelled(self) -> bool:
        return self.token.cancelled

    def cancel(self) -> None:
        self.token.cancel()

    def drop(self) -> None:
        """Cancel, and forget the answer (nothing is left to show it): the window is closing."""
        self.token.cancel()
        self.dropped = True

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the work has ended (True) or ``timeout`` seconds passed (False)."""
        return self.task.done.wait(timeout)


class OperationRunner(QObject):
    """Runs operations for one window and broadcasts what they changed."""

    changed = Signal(object)  # a Change
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.window: QWidget | None = None
        self.pool = QThreadPool(self)  # long work
        self.quick_pool = QThreadPool(self)  # calls waited for: never queued behind a search
        self.quick_pool.setMaxThreadCount(4)
        self.jobs: list[Job[Any]] = []
        self.waiting = 0  # calls being waited for right now (nested waits are possible)
        self._waited: set[_Task] = set()

    @property
    def busy(self) -> bool:
        return bool(self.jobs)

    # -- messages -----------------------------------------------------------------------------
    def show_failure(self, exc: BaseException, title: str = "That could not be done", *,
                     saved_nothing: bool = True,
                     expected: tuple[type[BaseException], ...] = ()) -> None:
        """The one message a failed operation gives the TD. A conflict also reloads every
        view, so the TD sees the other person's change before trying again."""
        if not isinstance(exc, filesvc.FILE_ERRORS + expected):
            traceback.print_exception(exc)  # a bug: the details go to the log as well
        if isinstance(exc, StaleEdit) and exc.rows:
            self._resolve_conflict(exc)
            return
        heading, text = problem_message(exc, title, saved_nothing=saved_nothing,
                                        expected=expected)
        QMessageBox.warning(self.window, heading, text)
        if isinstance(exc, StaleEdit):
            self.changed.emit(Change.everything("Reloaded after someone else's change"))

    def _resolve_conflict(self, exc: StaleEdit) -> None:
        """Both versions side by side; the TD keeps theirs or saves theirs over with yours."""
        from tdapp.gui.venue import conflict

        self.changed.emit(Change.everything("Reloaded after someone else's change"))
        if conflict.ask(exc, self.window) is conflict.Choice.SAVE_MINE and exc.retry:
            try:
                result = self.wait_for(exc.retry)
            except Exception as again:  # changed once more meanwhile: the same choice again
                self.show_failure(again)
                return
            self.broadcast(result)

    def broadcast(self, result: object) -> None:
        if isinstance(result, Change):
            self.changed.emit(result)

    # -- calls waited for ----------------------------------------------------------------------
    def wait_for(self, fn: Callable[[], T], notice: str = "Waiting for the tournament "
                 "database…") -> T:
        """``fn()`` on a worker thread, its answer (or its exception) here. The window stays
        alive while it takes long; the TD's clicks wait until it is done."""
        return self._wait(lambda _token: fn(), notice, cancellable=False)

    def wait_for_stoppable(self, work: Callable[[CancelToken], T],
                           notice: str = "Waiting for the tournament database…") -> T:
        """As :meth:`wait_for`, for ``work(token)`` that calls ``token.check()`` where it may
        stop: once the notice shows it offers Cancel, and Cancel raises :class:`Cancelled`
        here when the work has stopped (at its next check)."""
        return self._wait(work, notice, cancellable=True)

    def _wait(self, work: Callable[[CancelToken], T], notice: str, *, cancellable: bool) -> T:
        token = CancelToken()
        task = _Task(work, token)
        # Kept until its signal arrives here, so the task is let go of in this thread.
        self._waited.add(task)
        task.signals.finished.connect(lambda _r: self._waited.discard(task))
        task.signals.failed.connect(lambda _e: self._waited.discard(task))
        hold_collection()
        self.quick_pool.start(task)
        if not task.done.wait(QUICK_SECONDS):
            self._keep_window_alive(task, notice, cancellable)
        if task.error is not None:
            raise task.error
        return task.result

    def _keep_window_alive(self, task: _Task, notice: str, cancellable: bool = False) -> None:
        """Run the window's events (not the TD's clicks) until ``task`` ends. Once the notice
        shows (a modal dialog: the rest of the window takes no input), its own button works;
        after :data:`GIVE_UP_AFTER` it offers to stop waiting for a database that does not
        answer (raises :class:`NoAnswer`; a change that arrives later is still broadcast).
        A ``cancellable`` task's notice offers Cancel at once: pressed, the task's token is
        cancelled and the wait goes on until the work stops (its exception is then raised)."""
        started = time.monotonic()
        dialog: QProgressDialog | None = None
        offered = False
        flags = QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents
        self.waiting += 1
        try:
            while not task.done.wait(POLL_SECONDS):
                QCoreApplication.processEvents(flags)
                waited = time.monotonic() - started
                if dialog is None and waited >= NOTICE_AFTER:
                    dialog = self._notice(notice, cancellable)
                if (cancellable and not offered and dialog is not None and dialog.wasCanceled()
                        and not task.token.cancelled):
                    task.token.cancel()  # the work stops at its next check
                    dialog.setCancelButton(None)  # Cancel hid the notice: it says why we wait
                    dialog.setLabelText(f"{notice}\n\nStopping…")
                    dialog.show()
                if dialog is not None and not offered and waited >= GIVE_UP_AFTER:
                    offered = True
                    dialog.reset()  # an Esc pressed before the offer was no choice to stop
                    dialog.show()
                    dialog.setLabelText(f"{notice}\n\nNo answer for {int(waited)} seconds: "
                                        "is the tournament database reachable?")
                    dialog.setCancelButtonText("Stop waiting")
                if offered and dialog is not None and dialog.wasCanceled() \
                        and not task.done.is_set():
                    task.signals.finished.connect(self.broadcast)  # it may still arrive
                    raise NoAnswer(int(waited))
                # The TD's clicks go only to a visible modal notice, never to the window behind.
                flags = (QEventLoop.ProcessEventsFlag.AllEvents
                         if dialog is not None and dialog.isVisible()
                         else QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        finally:
            self.waiting -= 1
            if dialog is not None:
                dialog.blockSignals(True)
                dialog.reset()
                dialog.close()
                dialog.deleteLater()

    def _notice(self, notice: str, cancellable: bool = False) -> QProgressDialog:
        dialog = QProgressDialog(notice, "Cancel" if cancellable else "", 0, 0, self.window)
        if not cancellable:
            dialog.setCancelButton(None)  # a transaction cannot stop halfway
        dialog.setWindowTitle("Please wait")
        dialog.setWindowModality(Qt.WindowModality.ApplicationModal)
        dialog.setMinimumDuration(0)
        dialog.setAutoReset(False)
        dialog.setAutoClose(False)
        dialog.show()
        return dialog

    # -- long work -----------------------------------------------------------------------------
    def start(self, operation: Operation[T]) -> Job[T]:
        token = CancelToken()
        task = _Task(operation.work, token)
        view = operation.progress or DialogProgress(self.window, operation.window_title)
        job: Job[T] = Job(operation, token, task, view, self)
        task.signals.progress.connect(view.set_fraction)
        task.signals.finished.connect(lambda result: self._finished(job, result))
        task.signals.failed.connect(lambda exc: self._failed(job, exc))
        view.begin(operation.title, job.cancel if operation.cancellable else None)
        self.jobs.append(job)
        self.busy_changed.emit(True)
        hold_collection()
        self.pool.start(task)
        return job

    def _end(self, job: Job[Any]) -> bool:
        """Take the job off the list; False when its answer is to be dropped (or the job was
        ended already: dropped and forgotten before its signal arrived)."""
        if job not in self.jobs:
            return False
        self.jobs.remove(job)
        job.view.finish()
        self.busy_changed.emit(bool(self.jobs))
        return not job.dropped

    def _finished(self, job: Job[Any], result: Any) -> None:
        if not self._end(job):
            return
        op = job.operation
        if job.cancelled and not op.keeps_result:
            if op.on_cancelled is not None:
                op.on_cancelled()
            return
        self.broadcast(result)
        if op.on_done is not None:
            op.on_done(result)

    def _failed(self, job: Job[Any], exc: BaseException) -> None:
        if not self._end(job):
            return
        op = job.operation
        if isinstance(exc, Cancelled) or (job.cancelled and not op.keeps_result):
            if op.on_cancelled is not None:
                op.on_cancelled()
            return
        self.show_failure(exc, op.problem_title, saved_nothing=op.saved_nothing,
                          expected=op.expected)
        if op.after_failure is not None:
            op.after_failure(exc)

    def wait_all(self) -> None:
        """The file is closing: stop the searches, let every other job finish (their answers
        still arrive)."""
        for job in list(self.jobs):
            if job.operation.stops_with_file:
                job.drop()
        self.pool.waitForDone()
        # Not the quick pool: a call waited for has ended, or the TD stopped waiting for a
        # silent database, and closing must not hang on it again.

    def forget(self, job: Job[Any]) -> None:
        """A dropped job whose worker has ended: take it off the list now, without waiting for
        its signal (the window showing it is going)."""
        if job in self.jobs:
            self._end(job)

    def drop_all(self) -> None:
        """Cancel every job and drop its answer, then wait for the workers (the program ends)."""
        for job in list(self.jobs):
            job.drop()
        self.wait_all()
        for job in list(self.jobs):
            self.forget(job)
