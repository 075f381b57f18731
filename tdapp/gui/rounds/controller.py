"""The Rounds page: the rounds list and the roll call of the selected round."""

from __future__ import annotations

from tdapp.gui.controller import AppController
from tdapp.gui.window.main_window import MainWindow
from tdapp.services import checkins, rollcall
from tdapp.services.changes import Change
from tdapp.services.rounds import list_rounds, set_round_status


class RoundsController:
    def __init__(self, window: MainWindow, app: AppController) -> None:
        self.page = window.rounds_page
        self.app = app
        self.page.round_selected.connect(self.show_roll_call)
        self.page.answers_requested.connect(self.record)
        self.page.reopen_requested.connect(self.reopen)
        app.file_opened.connect(lambda _path: self.refresh())
        app.file_closed.connect(self._clear)
        app.changed.connect(self._changed)

    def refresh(self) -> None:
        self.page.set_rounds(self.app.read(list_rounds, default=[]))
        number = self.page.current_round()
        if number is not None:
            self.show_roll_call(number)

    def _clear(self) -> None:
        self.page.set_rounds([])
        self.page.set_roll_call(0, [], "")
        self.page.set_check_ins({}, None)

    def show_roll_call(self, number: int) -> None:
        rows = self.app.read(rollcall.roll_call, number, default=[])
        self.page.set_roll_call(number, rows, rollcall.count(rows).summary())
        self.show_check_ins(number)

    def show_check_ins(self, number: int) -> None:
        """Who checked in for the round (from their phones, or at the desk): shown beside the
        roll call, which changes only when the TD marks them."""
        self.page.set_check_ins(self.app.read(checkins.check_ins, number, default={}),
                                self.app.read(checkins.check_in_round, default=None))

    def record(self, number: int, player_ids: list[int], field: str, value: object) -> None:
        """One answer of the roll call (the page names the field) for the selected players."""
        if field == "status":
            self.app.call(rollcall.set_answers, number, player_ids, status=str(value))
        elif field == "two_boards":
            self.app.call(rollcall.set_answers, number, player_ids, two_boards=bool(value))
        elif field == "volunteer_sit_out":
            self.app.call(rollcall.set_answers, number, player_ids,
                          volunteer_sit_out=bool(value))
        else:  # the page's own names: any other is a bug
            raise ValueError(f"unknown roll-call answer {field!r}")

    def reopen(self, number: int) -> None:
        """The TD opens a finished round again (a late correction); the next result closes it."""
        self.app.call(set_round_status, number, "playing")

    def _changed(self, change: Change) -> None:
        if change.rounds or change.boards or change.results or change.tournament:
            self.refresh()
        elif change.roll_call or change.players:
            number = self.page.current_round()
            if number is not None:
                self.show_roll_call(number)
        elif change.room:  # a check-in taken back, say; codes and answers change nothing here
            number = self.page.current_round()
            if number is not None:
                self.show_check_ins(number)
