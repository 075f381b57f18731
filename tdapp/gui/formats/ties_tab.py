"""The format dialog's "Tie-breakers" tab and its "Awards" tab."""

from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.formats import TournamentFormat
from tdapp.core.formats.model import BestCountryRule
from tdapp.core.formats.options import TieMode
from tdapp.core.formats.tie_breakers import criteria_for
from tdapp.gui.formats.editors import TieBreakerList
from tdapp.gui.formats.fields import (
    Binder,
    choice_box,
    chosen,
    int_box,
    optional_value,
    set_choice,
    set_optional,
)
from tdapp.gui.formats.settings_box import form_layout


def _plain_form() -> QFormLayout:
    form = QFormLayout()
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
    return form


class TiesTab(QWidget):
    """The tie-breakers in order, the champion's own list, and what a tie left over is."""

    def __init__(self, bind: Binder, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tie_breakers = TieBreakerList()
        bind.mark("tie_breakers", self.tie_breakers.list)
        self.tie_breakers.edited.connect(bind.changed)
        self.champion_ties = bind.add("champion_tie_breakers", QGroupBox(
            "The champion and places have their own list"))
        self.champion_ties.setCheckable(True)
        self.champion_list = TieBreakerList()
        self.champion_list.edited.connect(bind.changed)
        QVBoxLayout(self.champion_ties).addWidget(self.champion_list)
        self.unresolved = bind.add("unresolved_ties", choice_box(TieMode.choices()))
        self.tie_places = bind.add("tie_break_places", int_box(1, 999, "every place"))
        everyone = QGroupBox("Everyone (drag or use the buttons to reorder)")
        QVBoxLayout(everyone).addWidget(self.tie_breakers)
        lists = QHBoxLayout()
        lists.addWidget(everyone)
        lists.addWidget(self.champion_ties)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("Players on the same score are separated by these, in order:"))
        layout.addLayout(lists, 1)
        form = _plain_form()
        form.addRow("A tie they leave is:", self.unresolved)
        form.addRow("Break ties for places 1 to:", self.tie_places)
        layout.addLayout(form)

    def load(self, fmt: TournamentFormat) -> None:
        choices = criteria_for(fmt.rounds)
        self.tie_breakers.set_choices(choices)
        self.tie_breakers.set_names(fmt.tie_breakers)
        self.champion_list.set_choices(choices)
        self.champion_ties.setChecked(fmt.champion_tie_breakers is not None)
        self.champion_list.set_names(fmt.champion_tie_breakers or fmt.tie_breakers)
        set_choice(self.unresolved, fmt.unresolved_ties)
        set_optional(self.tie_places, fmt.tie_break_places)

    def changes(self, start: TournamentFormat) -> dict[str, Any]:
        return dict(
            tie_breakers=self.tie_breakers.names(),
            champion_tie_breakers=self.champion_list.names()
            if self.champion_ties.isChecked() else None,
            unresolved_ties=chosen(self.unresolved, TieMode, "unresolved_ties"),
            tie_break_places=optional_value(self.tie_places),
        )


class AwardsTab(QWidget):
    """Places, best country, the team award and the TD's special awards."""

    def __init__(self, bind: Binder, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        add = bind.add
        self.places = add("awards.places", int_box(0, 99))
        self.best = add("awards.best_country", QGroupBox("Best country (by single-game score)"))
        self.best.setCheckable(True)
        self.best_no_top = add("awards.best_country.exclude_top_board",
                               QCheckBox("Top board games do not compete"))
        self.best_solo = add("awards.best_country.solo_loss_never_wins",
                             QCheckBox("A loss to a solo never wins best country"))
        self.best_counted = add("awards.best_country.counted_games_only",
                                QCheckBox("Only games that count"))
        self.best_ties = add("awards.best_country.ties", choice_box(TieMode.choices()))
        self.best_td = add("awards.best_country.td_discretion",
                           QCheckBox("The TD decides; the table only suggests"))
        form = form_layout(self.best)
        for box in (self.best_no_top, self.best_solo, self.best_counted, self.best_td):
            form.addRow(box)
        form.addRow("Ties:", self.best_ties)
        self.team_award = add("awards.team", QCheckBox("Team champion"))
        self.special = add("awards.special", QPlainTextEdit())
        self.special.setPlaceholderText("One special award a line")
        self.special.setMaximumHeight(140)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        places = _plain_form()
        places.addRow("Places awarded (1 to):", self.places)
        layout.addLayout(places)
        layout.addWidget(self.best)
        layout.addWidget(self.team_award)
        layout.addWidget(QLabel("Special awards the TD names and assigns:"))
        layout.addWidget(self.special)
        layout.addStretch(1)

    def load(self, fmt: TournamentFormat) -> None:
        self.places.setValue(fmt.awards.places)
        best = fmt.awards.best_country
        self.best.setChecked(best.enabled)
        self.best_no_top.setChecked(best.exclude_top_board)
        self.best_solo.setChecked(best.solo_loss_never_wins)
        self.best_counted.setChecked(best.counted_games_only)
        set_choice(self.best_ties, best.ties)
        self.best_td.setChecked(best.td_discretion)
        self.team_award.setChecked(fmt.awards.team)
        self.special.setPlainText("\n".join(fmt.awards.special))

    def changes(self, start: TournamentFormat) -> dict[str, Any]:
        special = tuple(line.strip() for line in self.special.toPlainText().splitlines()
                        if line.strip())
        best = BestCountryRule(
            enabled=self.best.isChecked(), exclude_top_board=self.best_no_top.isChecked(),
            solo_loss_never_wins=self.best_solo.isChecked(),
            counted_games_only=self.best_counted.isChecked(),
            ties=chosen(self.best_ties, TieMode, "awards.best_country.ties"),
            td_discretion=self.best_td.isChecked())
        return {"awards": dataclasses.replace(start.awards, places=self.places.value(),
                                              best_country=best,
                                              team=self.team_award.isChecked(), special=special)}
