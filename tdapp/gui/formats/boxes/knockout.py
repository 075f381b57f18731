"""A knock-out stage's settings (``knockout``, DBN Invitational 2025)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QLineEdit

from tdapp.core.formats import FormatError, TournamentFormat
from tdapp.core.formats.model import KnockoutRule
from tdapp.core.formats.options import FinalSeeding
from tdapp.gui.formats.editors import TieBreakerList, ordered_list, parse_rounds
from tdapp.gui.formats.fields import Binder, int_box
from tdapp.gui.formats.settings_box import SettingsBox, form_layout


def _seeding_words(name: str) -> str:
    try:
        return FinalSeeding(name).words
    except ValueError:  # a criterion of a later version: shown as it is spelt
        return name


class KnockoutBox(SettingsBox):
    rule = "knockout"
    field = "knockout"
    title_words = "Knock-out"

    def build(self, bind: Binder) -> None:
        add = bind.add
        self.rounds = add("knockout.qualifying_rounds", QLineEdit())
        self.rounds.setPlaceholderText("e.g. 1-3")
        self.final = add("knockout.final_round", int_box(1, 20))
        self.automatic = add("knockout.automatic", int_box(0, 7))
        self.seeding = ordered_list(bind, "knockout.final_seeding",
                                    TieBreakerList(words=_seeding_words), 62)
        self.seeding.set_choices(tuple(FinalSeeding))
        form = form_layout(self)
        form.addRow("Qualifying rounds:", self.rounds)
        form.addRow("Final round:", self.final)
        form.addRow("Seeds straight to the final:", self.automatic)
        form.addRow(QLabel("The final is seeded by, in order:"))
        form.addRow(self.seeding)

    def show_settings(self, fmt: TournamentFormat) -> None:
        ko = fmt.knockout or KnockoutRule(tuple(range(1, fmt.rounds)), fmt.rounds)
        self.rounds.setText(", ".join(map(str, ko.qualifying_rounds)))
        self.final.setValue(ko.final_round)
        self.automatic.setValue(ko.automatic)
        self.seeding.set_names(ko.final_seeding)

    def settings(self, start: TournamentFormat) -> KnockoutRule:
        rounds = parse_rounds(self.rounds.text(), "knockout.qualifying_rounds")
        seeding = tuple(FinalSeeding.parse(name, f"knockout.final_seeding[{i}]")
                        for i, name in enumerate(self.seeding.names()))
        if not seeding:  # the final's seats would follow board order: say how to seed it
            raise FormatError("add at least one: a solo first, or the seed",
                              "knockout.final_seeding")
        return KnockoutRule(rounds, self.final.value(), self.automatic.value(), seeding)
