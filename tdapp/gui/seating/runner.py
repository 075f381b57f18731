"""The seating wizard's progress view: a bar, what is being done, and Cancel (Esc).

The search itself runs through the operation API (:mod:`tdapp.gui.operations`), which calls
:meth:`ProgressPanel.begin` / :meth:`set_fraction` / :meth:`finish`; the search polls the
operation's cancel token and keeps the best seating it found when cancelled.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from tdapp.gui.operations import Job

BAR_RANGE = 1000


class ProgressPanel(QWidget):
    """A progress bar, what is being done, and Cancel (Esc in the wizard)."""

    started = Signal()
    stopped = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.job: Job[Any] | None = None
        self._cancel: Callable[[], None] | None = None
        self.label = QLabel()
        self.bar = QProgressBar()
        self.bar.setRange(0, BAR_RANGE)
        self.bar.setTextVisible(False)
        self.cancel_button = QPushButton("&Cancel search")
        self.cancel_button.setToolTip("Stop and keep the best seating found so far")
        self.cancel_button.clicked.connect(self.cancel)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label)
        row.addWidget(self.bar, 1)
        row.addWidget(self.cancel_button)
        self._show_idle()

    @property
    def running(self) -> bool:
        return self._cancel is not None

    # -- the operation API's progress view ---------------------------------------------------
    def begin(self, text: str, cancel: Callable[[], None] | None) -> None:
        if self.running:
            raise RuntimeError("a seating search is already running")
        self._cancel = cancel or (lambda: None)
        self.label.setText(text)
        self.bar.setValue(0)
        for widget in (self.bar, self.cancel_button, self.label):
            widget.show()
        self.cancel_button.setEnabled(cancel is not None)
        self.started.emit()

    def set_fraction(self, fraction: float) -> None:
        self.bar.setValue(int(fraction * BAR_RANGE))

    def finish(self) -> None:
        self._cancel = None
        self.job = None
        self._show_idle()
        self.stopped.emit()

    # -- the TD ------------------------------------------------------------------------------
    def cancel(self) -> None:
        if self._cancel is not None:
            self._cancel()
            self.cancel_button.setEnabled(False)
            self.label.setText("Stopping — keeping the best seating found so far…")

    def wait(self) -> None:
        """Stop a running search and wait for it (the window is closing): its answer is
        dropped, since nothing is left to show it."""
        job = self.job
        if job is not None:
            job.drop()
            job.wait()
            job.runner.forget(job)

    def _show_idle(self) -> None:
        self.bar.hide()
        self.cancel_button.hide()
        self.label.hide()
