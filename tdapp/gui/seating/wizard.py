"""The board-call wizard: who plays, seating, powers, review, board call.

A non-modal window: the TD can look at the Players or Rounds page while a search runs. The
wizard keeps the round's proposal; its steps edit it in memory; only the last step writes to the
file (one action, one Undo). The wizard never calls a service: what it needs from the file, the
searches and the publishing are asked of its controller through :class:`WizardCalls`
(``SeatingCalls`` in ``gui/seating/controller.py``, which runs them through the operation API).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget, QWizard

from tdapp.core.formats import TournamentFormat
from tdapp.core.formats.options import PowerMethod
from tdapp.core.tournament import board_call
from tdapp.core.tournament.board_call import PlayersPlan, SeatingProposal
from tdapp.gui.seating.common import call_seats
from tdapp.gui.seating.projection import SeatingProjector, board_call_content
from tdapp.gui.seating.runner import ProgressPanel
from tdapp.gui.seating.step_call import BoardCallPage
from tdapp.gui.seating.step_powers import PowersPage
from tdapp.gui.seating.step_review import ReviewPage
from tdapp.gui.seating.step_seat import SeatingPage
from tdapp.gui.seating.step_who import WhoPlaysPage
from tdapp.services.rounds import BoardRow
from tdapp.services.seating import WhoPlaysProposal

WHO, SEAT, POWERS, REVIEW, CALL = range(5)
WIZARD_SIZE = QSize(1280, 800)

Found = Callable[[SeatingProposal | None], None]  # a search's answer; None when it failed


class WizardCalls(Protocol):
    """What the wizard asks of its controller: reads of the file, the searches (run behind a
    step's progress panel, Cancel keeping the best seating found so far), the publishing."""

    def who_plays(self, round_number: int) -> WhoPlaysProposal | None: ...

    def tournament_format(self) -> TournamentFormat | None: ...

    def seat(self, panel: ProgressPanel, round_number: int, plan: PlayersPlan, method: str,
             seed: int, time_limit: float,
             on_done: Callable[[tuple[SeatingProposal, int]], None],
             on_failed: Callable[[], None]) -> None:
        """Seat the round; ``on_done`` gets the proposal and the repeat pairs' lower bound."""

    def reseed(self, panel: ProgressPanel, title: str, current: SeatingProposal,
               only_unlocked: bool, time_limit: float,
               on_done: Callable[[SeatingProposal], None],
               on_failed: Callable[[], None]) -> None: ...

    def existing_call(self, round_number: int) -> int: ...

    def started_boards(self, round_number: int) -> list[int]: ...

    def publish(self, round_number: int, proposal: SeatingProposal) -> bool: ...

    def board_call(self, round_number: int) -> list[BoardRow]: ...

    def pool_boards(self, round_number: int) -> frozenset[int]: ...

    def call_pdf_suggestion(self, round_number: int) -> Path | None: ...

    def write_call_pdf(self, target: Path, on_done: Callable[[Path], None]) -> None: ...


class SeatingWizard(QWizard):
    published = Signal(int)  # round number

    def __init__(self, calls: WizardCalls, round_number: int, projector: SeatingProjector,
                 parent: QWidget | None = None, proposal: SeatingProposal | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.calls = calls
        self.round_number = round_number
        self.projector = projector
        self.plan: PlayersPlan | None = proposal.plan if proposal else None
        self.proposal: SeatingProposal | None = proposal
        self.powers_for: SeatingProposal | None = proposal
        self.lower_bound: int | None = None
        self.time_limit = board_call.DEFAULT_TIME_LIMIT
        self.setWindowTitle(f"Seat round {round_number} — tdapp")
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setOption(QWizard.WizardOption.NoCancelButtonOnLastPage, True)
        self.who_page = WhoPlaysPage(self)
        self.seat_page = SeatingPage(self)
        self.powers_page = PowersPage(self)
        self.review_page = ReviewPage(self)
        self.call_page = BoardCallPage(self)
        for page_id, page in enumerate((self.who_page, self.seat_page, self.powers_page,
                                        self.review_page, self.call_page)):
            self.setPage(page_id, page)
        if proposal is not None:  # a late arrival: straight to the review of the open boards
            self.setStartId(REVIEW)
            self.setWindowTitle(f"Late arrivals: boards of round {round_number} not started "
                                "— tdapp")
        self.resize(WIZARD_SIZE)
        self.panels: list[ProgressPanel] = [self.seat_page.progress, self.review_page.progress]
        self._ask_before_closing = True
        self.currentIdChanged.connect(self._page_shown)

    def _page_shown(self, page_id: int) -> None:
        """Back to Powers after a re-seed: QWizard does not initialise a page it returns to,
        so start the power method over on the new seating here."""
        if page_id == POWERS and self.proposal is not None and self.powers_for is not self.proposal:
            self.powers_page.initializePage()

    # -- step 1 -------------------------------------------------------------------------------
    def load_who_plays(self) -> WhoPlaysProposal | None:
        return self.calls.who_plays(self.round_number)

    def set_plan(self, plan: PlayersPlan) -> None:
        self.plan = plan

    # -- step 2 -------------------------------------------------------------------------------
    def format_method(self) -> str:
        """The seating method the tournament's format gives this round."""
        fmt: TournamentFormat | None
        if self.proposal is not None:
            fmt = self.proposal.context.fmt
        else:
            fmt = self.calls.tournament_format()
        return fmt.round_rule(self.round_number).seating if fmt else "balanced"

    def start_seating(self, panel: ProgressPanel, method: str, seed: int, time_limit: float,
                      on_done: Callable[[SeatingProposal | None], None]) -> None:
        plan = self.plan
        if plan is None:
            return
        self.time_limit = time_limit

        def done(result: tuple[SeatingProposal, int]) -> None:
            self.proposal, self.lower_bound = result
            self.powers_for = None
            on_done(self.proposal)

        self.calls.seat(panel, self.round_number, plan, method, seed, time_limit, done,
                        lambda: on_done(None))

    def start_reseed(self, panel: ProgressPanel, only_unlocked: bool,
                     on_done: Callable[[SeatingProposal | None], None]) -> None:
        current = self.proposal
        if current is None:
            return
        def done(fresh: SeatingProposal) -> None:
            method = self.powers_page.method or current.context.power_method
            if method == PowerMethod.PREFERENCES:
                board_call.assign_preferences(fresh)
            self.proposal = fresh
            self.powers_for = None  # back on the Powers step, its method starts over
            on_done(fresh)

        what = "the unlocked boards" if only_unlocked else f"round {self.round_number}"
        self.calls.reseed(panel, f"Seating {what} again…", current, only_unlocked,
                          self.time_limit, done, lambda: on_done(None))

    # -- step 3 -------------------------------------------------------------------------------
    def restore_automatic_powers(self) -> None:
        if self.proposal is not None:
            self.proposal.restore_automatic()

    def mirror_turn(self, heading: str, board: int, seats: list[tuple[str, str]],
                    prompt: str) -> bool:
        return self.projector.mirror_turn(heading, board, seats, prompt)

    def projector_turns(self, on: bool) -> None:
        if not on:
            self.projector.end_turns()

    # -- step 5 -------------------------------------------------------------------------------
    def existing_boards(self) -> int:
        return self.calls.existing_call(self.round_number)

    def started_boards(self) -> list[int]:
        """The numbers of the round's boards whose game has started or that have a result:
        a new call must leave their seats as they are."""
        return self.calls.started_boards(self.round_number)

    def publish(self) -> list[BoardRow] | None:
        proposal = self.proposal
        if proposal is None:
            return None
        existing = self.existing_boards()
        if existing:
            answer = QMessageBox.question(
                self, "Replace the board call?",
                f"Round {self.round_number} already has a board call of {existing} boards. "
                "Replace it with this one?")
            if answer != QMessageBox.StandardButton.Yes:
                return None
        if not self.calls.publish(self.round_number, proposal):
            return None
        self.published.emit(self.round_number)
        return self.calls.board_call(self.round_number)

    def print_call(self) -> None:
        default = self.calls.call_pdf_suggestion(self.round_number)
        if default is None:
            return
        target, _ = QFileDialog.getSaveFileName(self, "Print the board call", str(default),
                                                "PDF documents (*.pdf)")
        if not target:
            return
        self.calls.write_call_pdf(Path(target), lambda path: self.call_page.details.setText(
            f"Board call written to {path}"))

    def show_on_projector(self) -> None:
        boards = self.calls.board_call(self.round_number)
        pool = self.calls.pool_boards(self.round_number)
        self.projector.show_call(board_call_content(
            f"Round {self.round_number} \u2014 board call", call_seats(boards), pool,
            [b.number for b in boards if b.top_board]))

    # -- closing ------------------------------------------------------------------------------
    def busy(self) -> bool:
        return any(panel.running for panel in self.panels)

    def close_now(self) -> None:
        """Close without asking (the tournament file is closing)."""
        self._ask_before_closing = False
        self.close()

    def reject(self) -> None:
        if (self._ask_before_closing and self.proposal is not None
                and not self.call_page.published):
            answer = QMessageBox.question(self, "Close without publishing?",
                                          "The seating is not published yet. Close anyway?")
            if answer != QMessageBox.StandardButton.Yes:
                return
        super().reject()

    def done(self, result: int) -> None:
        for panel in self.panels:
            panel.wait()
        self.projector.end_turns()
        super().done(result)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        for panel in self.panels:
            panel.wait()
        self.projector.end_turns()
        super().closeEvent(event)

