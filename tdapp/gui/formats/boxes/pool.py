"""The championship pool's settings (``pool-champion``; a pool may serve a team tournament
under another rule too, so the box is ticked independently of the ranking chosen)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QLabel

from tdapp.core.formats import TournamentFormat
from tdapp.core.formats.model import PoolRule
from tdapp.core.formats.tie_breakers import criteria_for
from tdapp.gui.formats.editors import TieBreakerList, ordered_list
from tdapp.gui.formats.fields import Binder, float_box, int_box
from tdapp.gui.formats.settings_box import SettingsBox, form_layout


class PoolBox(SettingsBox):
    rule = "pool-champion"
    field = "pool"
    title_words = "Championship pool"
    column = 0

    def build(self, bind: Binder) -> None:
        add = bind.add
        self.after = add("pool.after_round", int_box(1, 20))
        self.size_box = add("pool.size", int_box(1, 999))
        self.bonus_round = add("pool.bonus_round", int_box(1, 20))
        self.bonus = add("pool.bonus_multiplier", float_box(0.0, 10.0, 0.25))
        self.champion = add("pool.champion_from_pool",
                            QCheckBox("The champion comes from the pool"))
        self.first = add("pool.pool_first_on_ties",
                         QCheckBox("Pool players first on a tied score"))
        self.private = add("pool.ranking_private", QCheckBox(
            "The ranking stays private until the bonus round is over (the projector shows "
            "the pool by name)"))
        self.cut_list = ordered_list(bind, "pool.cut_tie_breakers", TieBreakerList(), 114)
        form = form_layout(self)
        form.addRow("Picked after round:", self.after)
        form.addRow("Pool size:", self.size_box)
        form.addRow("Bonus round:", self.bonus_round)
        form.addRow("Bonus round score ×", self.bonus)
        form.addRow(self.champion)
        form.addRow(self.first)
        form.addRow(self.private)
        form.addRow(QLabel("A tie at the cut is broken by, in order:"))
        form.addRow(self.cut_list)

    def show_settings(self, fmt: TournamentFormat) -> None:
        pool = fmt.pool or PoolRule(after_round=max(1, fmt.rounds - 1), size=21,
                                    bonus_round=fmt.rounds)
        self.after.setValue(pool.after_round)
        self.size_box.setValue(pool.size)
        self.bonus_round.setValue(pool.bonus_round)
        self.bonus.setValue(pool.bonus_multiplier)
        self.champion.setChecked(pool.champion_from_pool)
        self.first.setChecked(pool.pool_first_on_ties)
        self.private.setChecked(pool.ranking_private)
        self.cut_list.set_choices(criteria_for(fmt.rounds))
        self.cut_list.set_names(pool.cut_tie_breakers)

    def settings(self, start: TournamentFormat) -> PoolRule:
        return PoolRule(self.after.value(), self.size_box.value(), self.bonus_round.value(),
                        self.bonus.value(), self.champion.isChecked(), self.first.isChecked(),
                        self.cut_list.names(), self.private.isChecked())
