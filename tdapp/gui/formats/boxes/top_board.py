"""The top board's settings (``top-board-winner``, WDC 2018)."""

from __future__ import annotations

from tdapp.core.formats import TournamentFormat
from tdapp.core.formats.model import TopBoardRule
from tdapp.core.formats.options import BoardChampion
from tdapp.gui.formats.fields import Binder, choice_box, chosen, int_box, set_choice
from tdapp.gui.formats.settings_box import SettingsBox, form_layout


class TopBoardBox(SettingsBox):
    rule = "top-board-winner"
    field = "top_board"
    title_words = "Top board"

    def build(self, bind: Binder) -> None:
        add = bind.add
        self.after = add("top_board.after_round", int_box(1, 20))
        self.round = add("top_board.round", int_box(1, 20))
        self.size_box = add("top_board.size", int_box(2, 7))
        self.champion = add("top_board.champion", choice_box(BoardChampion.choices()))
        form = form_layout(self)
        form.addRow("The best after round:", self.after)
        form.addRow("Play round:", self.round)
        form.addRow("Players:", self.size_box)
        form.addRow("Champion:", self.champion)

    def show_settings(self, fmt: TournamentFormat) -> None:
        top = fmt.top_board or TopBoardRule(after_round=max(1, fmt.rounds - 1), round=fmt.rounds)
        self.after.setValue(top.after_round)
        self.round.setValue(top.round)
        self.size_box.setValue(top.size)
        set_choice(self.champion, top.champion)

    def settings(self, start: TournamentFormat) -> TopBoardRule:
        return TopBoardRule(self.after.value(), self.round.value(), self.size_box.value(),
                            chosen(self.champion, BoardChampion, "top_board.champion"))
