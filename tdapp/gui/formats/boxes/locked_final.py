"""Final-round boards locked to their rank range (``locked-final-boards``, EDC 2026)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from tdapp.core.formats import TournamentFormat
from tdapp.core.formats.model import LockedFinalRule
from tdapp.core.formats.options import BoardChampion, RankWithin
from tdapp.core.formats.structures.locked_final_boards import SIT_OUT_WORDS
from tdapp.gui.formats.fields import Binder, choice_box, chosen, int_box, set_choice
from tdapp.gui.formats.settings_box import SettingsBox, form_layout


class LockedFinalBox(SettingsBox):
    rule = "locked-final-boards"
    field = "locked_final"
    title_words = "Final boards locked to rank ranges"

    def build(self, bind: Binder) -> None:
        self.round = bind.add("locked_final.round", int_box(1, 20))
        self.within = bind.add("locked_final.within", choice_box(RankWithin.choices()))
        form = form_layout(self)
        form.addRow("Final round:", self.round)
        form.addRow("Within a range:", self.within)
        sit_outs = QLabel("Sit-outs and two boards: " + SIT_OUT_WORDS + ".")
        sit_outs.setWordWrap(True)
        form.addRow(sit_outs)

    def show_settings(self, fmt: TournamentFormat) -> None:
        locked = fmt.locked_final or LockedFinalRule(round=fmt.rounds)
        self.round.setValue(locked.round)
        set_choice(self.within, locked.within)

    def settings(self, start: TournamentFormat) -> LockedFinalRule:
        champion = (start.locked_final.champion if start.locked_final
                    else BoardChampion.BOARD_TOPPER)
        return LockedFinalRule(self.round.value(),
                               chosen(self.within, RankWithin, "locked_final.within"), champion)
