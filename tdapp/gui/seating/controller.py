"""Connects the Boards page, the Seat round action and the wizard to the services."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QWidget

from tdapp.core.formats import TournamentFormat
from tdapp.core.tournament import board_call
from tdapp.core.tournament.board_call import PlayersPlan, SeatingProposal
from tdapp.gui.controller import AppController
from tdapp.gui.operations import CancelToken, Operation
from tdapp.gui.window.main_window import MainWindow
from tdapp.services import formats, rollcall, rounds, seating
from tdapp.services.changes import Change
from tdapp.services.rounds import BoardRow
from tdapp.services.seating import WhoPlaysProposal

if TYPE_CHECKING:  # the wizard, the projector and the PDF are imported when first used
    from tdapp.gui.seating.projection import SeatingProjector
    from tdapp.gui.seating.runner import ProgressPanel
    from tdapp.gui.seating.wizard import SeatingWizard

LATE_RESEED_SECONDS = 3.0
STATUS_WORDS = {"present": "present", "standby": "standby", "late": "late", "absent": "absent"}


class SeatingCalls:
    """The seating wizard's service calls (its ``WizardCalls``), through the operation API:
    reads waited for without freezing the window, searches started behind the step's
    progress panel."""

    def __init__(self, app: AppController) -> None:
        self.app = app

    def who_plays(self, round_number: int) -> WhoPlaysProposal | None:
        found: WhoPlaysProposal | None = self.app.read(seating.who_plays, round_number)
        return found

    def tournament_format(self) -> TournamentFormat | None:
        fmt: TournamentFormat | None = self.app.read(formats.effective_format)
        return fmt

    def seat(self, panel: ProgressPanel, round_number: int, plan: PlayersPlan, method: str,
             seed: int, time_limit: float,
             on_done: Callable[[tuple[SeatingProposal, int]], None],
             on_failed: Callable[[], None]) -> None:
        db = self.app.db
        if db is None:
            return

        def work(token: CancelToken) -> tuple[SeatingProposal, int]:
            context = seating.seating_context(db, round_number, method)
            proposal = board_call.seat_with_context(context, plan, seed, time_limit, token.progress,
                                                 token.is_cancelled)
            return proposal, board_call.repeat_pairs_bound(context, plan.playing)

        self._search(panel, f"Seating round {round_number}…", work, on_done, on_failed)

    def reseed(self, panel: ProgressPanel, title: str, current: SeatingProposal,
               only_unlocked: bool, time_limit: float,
               on_done: Callable[[SeatingProposal], None],
               on_failed: Callable[[], None]) -> None:
        def work(token: CancelToken) -> SeatingProposal:
            return board_call.reseed(current, only_unlocked, None, time_limit, token.progress,
                                  token.is_cancelled)

        self._search(panel, title, work, on_done, on_failed)

    def _search(self, panel: ProgressPanel, title: str, work: Callable[[CancelToken], Any],
                done: Callable[[Any], None], failed: Callable[[], None]) -> None:
        """A search in the panel; Cancel keeps the best seating found so far."""
        panel.job = self.app.start(Operation(
            title, work, on_done=done, cancellable=True, keeps_result=True, progress=panel,
            problem_title="The round could not be seated", after_failure=lambda _exc: failed(),
            stops_with_file=True, expected=(board_call.SeatingRefusal,)))

    def existing_call(self, round_number: int) -> int:
        return int(self.app.read(seating.existing_call, round_number, default=0) or 0)

    def started_boards(self, round_number: int) -> list[int]:
        """The numbers of the round's boards whose game has started or that have a result."""
        found = self.app.read(seating.open_boards, round_number, default=None)
        return list(found[1]) if found else []

    def publish(self, round_number: int, proposal: SeatingProposal) -> bool:
        return self.app.call(seating.publish, round_number, proposal) is not None

    def board_call(self, round_number: int) -> list[BoardRow]:
        return list(self.app.read(rounds.board_call, round_number, default=[]))

    def pool_boards(self, round_number: int) -> frozenset[int]:
        return frozenset(self.app.read(seating.pool_boards, round_number, default=frozenset()))

    def call_pdf_suggestion(self, round_number: int) -> Path | None:
        db = self.app.db
        if db is None:
            return None
        return db.path.with_name(f"{db.path.stem} round {round_number} board call.pdf")

    def write_call_pdf(self, target: Path, on_done: Callable[[Path], None]) -> None:
        db = self.app.db
        if db is None:
            return
        from tdapp.services.exports import export_pdf  # reportlab: when a call is printed

        self.app.start(Operation(
            "Writing the board call…", lambda _token: export_pdf(db, target, what="board-call"),
            on_done=on_done, problem_title="The board call could not be written",
            expected=(OSError,)))


def open_wizard(app: AppController, round_number: int, projector: SeatingProjector,
                parent: QWidget | None = None, **kwargs: Any) -> SeatingWizard:
    from tdapp.gui.seating.wizard import SeatingWizard  # when a round is first seated

    wizard = SeatingWizard(SeatingCalls(app), round_number, projector, parent, **kwargs)
    wizard.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    wizard.show()
    return wizard


class BoardsController:
    def __init__(self, window: MainWindow, app: AppController) -> None:
        self.window = window
        self.page = window.boards_page
        self.app = app
        self._projector: SeatingProjector | None = None  # made when first wanted
        self.wizard: SeatingWizard | None = None
        self.page.round_selected.connect(self.show_round)
        self.page.seat_requested.connect(self.seat_round)
        self.page.print_requested.connect(self.print_call)
        self.page.projector_requested.connect(self.show_on_projector)
        self.page.standby_requested.connect(self.to_standby)
        self.page.reseed_requested.connect(self.reseed_open_boards)
        self.page.shown.connect(self.show_disputes)
        window.menus.seat_round_action.triggered.connect(self.seat_next_round)
        app.file_opened.connect(lambda _path: self.refresh())
        app.file_closed.connect(self._closed)
        window.closing.connect(self._window_closing)
        app.changed.connect(self._changed)

    @property
    def projector(self) -> SeatingProjector:
        """The board call on the projector (its screens' code loaded the first time)."""
        if self._projector is None:
            from tdapp.gui.seating.projection import SeatingProjector

            self._projector = SeatingProjector()
        return self._projector

    # -- showing -----------------------------------------------------------------------------
    def refresh(self) -> None:
        self.page.set_rounds(self.app.read(rounds.list_rounds, default=[]))
        self._update_action()

    def show_round(self, number: int) -> None:
        boards = self.app.read(rounds.board_call, number, default=[])
        late = []
        if boards:
            for pid, name, status in self.app.read(seating.unseated, number, default=[]):
                late.append((pid, f"{name} ({STATUS_WORDS.get(status, status)})"))
        out = ", ".join(name for _, name, _ in
                        self.app.read(seating.sit_outs, number, default=[]))
        summary = ""
        if not boards:
            rows = self.app.read(rollcall.roll_call, number, default=[])
            summary = rollcall.count(rows).summary() if rows else ""
        pool = self.app.read(seating.pool_boards, number, default=frozenset()) if boards \
            else frozenset()
        team = self.app.read(seating.team_round_boards, number, default=frozenset()) \
            if boards else frozenset()
        self.page.set_boards(number, boards, late, out, summary, pool, team)
        self._update_action()
        self.show_disputes()

    def show_disputes(self) -> None:
        """Mark the boards whose result a player disputes on the players' page. Read only
        while the page is in view: it is built, hidden, when a file opens."""
        number = self.page.current_round()
        if not self.page.isVisible() or number is None or self.app.db is None:
            return
        # the players' answers: loaded the first time the Boards page is looked at
        from tdapp.services.result_responses import responses_for_round

        answers = self.app.read(responses_for_round, number, default=[])
        self.page.set_disputes({a.board_number: ", ".join(
            d.player for d in a.disputes if d.settled_at is None)
            for a in answers if a.disputed})

    def _update_action(self) -> None:
        number = self.page.current_round()
        action = self.window.menus.seat_round_action
        action.setText(f"&Seat round {number}…" if number else "&Seat round…")
        action.setEnabled(self.app.db is not None and self.page.seat_button.isEnabled())

    def _changed(self, change: Change) -> None:
        if (change.rounds or change.boards or change.results or change.roll_call
                or change.players or change.tournament):
            self.refresh()
        elif change.room:
            self.show_disputes()

    def _window_closing(self) -> None:
        """The program ends: stop any search and take the board call off the projector."""
        if self.wizard is not None:
            self.wizard.close_now()
            self.wizard = None
        if self._projector is not None:
            self._projector.close()

    def _closed(self) -> None:
        if self.wizard is not None:
            self.wizard.close_now()
            self.wizard = None
        if self._projector is not None:
            self._projector.close()
        self.page.set_rounds([])
        self.page.set_boards(None, [], [], "")
        self.page.set_disputes({})
        self._update_action()

    # -- actions -----------------------------------------------------------------------------
    def seat_next_round(self) -> None:
        number = self.page.current_round()
        if number is not None:
            self.window.show_page("Boards")
            self.seat_round(number)

    def seat_round(self, number: int, proposal: board_call.SeatingProposal | None = None
                   ) -> SeatingWizard | None:
        if self.app.db is None:
            return None
        earlier = [r.number for r in self.app.read(rounds.list_rounds, default=[])
                   if r.number < number and r.status == "planned" and not r.boards]
        if earlier and proposal is None:
            self.app.inform("Seat the rounds in order",
                            f"Round {earlier[0]} has no board call yet: seat round {earlier[0]} "
                            f"before round {number}.")
            return None
        if self.wizard is not None and self.wizard.isVisible():
            if self.wizard.round_number == number and proposal is None:
                self.wizard.raise_()
                self.wizard.activateWindow()
                return self.wizard
            self.wizard.close()
        kwargs = {"proposal": proposal} if proposal is not None else {}
        self.wizard = open_wizard(self.app, number, self.projector, self.window, **kwargs)
        self.wizard.published.connect(self.page.select_round)
        self.wizard.destroyed.connect(lambda *_: self._wizard_gone())
        return self.wizard

    def _wizard_gone(self) -> None:
        self.wizard = None

    def print_call(self, number: int) -> None:
        db = self.app.db
        if db is None:
            return
        default = db.path.with_name(f"{db.path.stem} round {number} board call.pdf")
        target, _ = QFileDialog.getSaveFileName(self.window, "Print the board call",
                                                str(default), "PDF documents (*.pdf)")
        if not target:
            return
        from tdapp.services.exports import export_pdf

        self.app.start(Operation(
            "Writing the board call…", lambda _token: export_pdf(db, Path(target),
                                                                 what="board-call"),
            on_done=lambda path: self.window.statusBar().showMessage(
                f"Board call written to {path}"),
            problem_title="The board call could not be written", expected=(OSError,)))

    def show_on_projector(self, number: int) -> None:
        boards = self.app.read(rounds.board_call, number, default=[])
        if boards:
            pool = self.app.read(seating.pool_boards, number, default=frozenset())
            from tdapp.gui.seating.common import call_seats
            from tdapp.gui.seating.projection import board_call_content

            self.projector.show_call(board_call_content(
                f"Round {number} \u2014 board call", call_seats(boards), pool,
                [b.number for b in boards if b.top_board]))

    def to_standby(self, number: int, player_ids: list[int]) -> None:
        self.app.call(seating.add_to_standby, number, player_ids)

    def reseed_open_boards(self, number: int, player_ids: list[int]) -> None:
        """Late arrivals join: the boards not started are seated again with them; the TD
        reviews the result in the wizard before publishing it."""
        db = self.app.db
        if db is None:
            return
        self.app.start(Operation(
            "Seating the boards that have not started…",
            lambda _token: seating.reseed_open_boards(db, number, player_ids,
                                                      time_limit=LATE_RESEED_SECONDS),
            on_done=lambda proposal: self.seat_round(number, proposal),
            problem_title="The late arrivals could not be seated"))
