"""The team tournament's settings (WDC 2025 round 4). Not a structural rule (the team
champion is an award beside the ranking), so the structure tab places this box itself."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox

from tdapp.core.formats import FormatError, TournamentFormat
from tdapp.core.formats.model import TeamRule
from tdapp.core.formats.options import TeamMembers
from tdapp.gui.formats.fields import Binder, choice_box, chosen, int_box, set_choice
from tdapp.gui.formats.settings_box import SettingsBox, form_layout


class TeamBox(SettingsBox):
    rule = "team"  # not a final ranking: never registered, placed by the structure tab
    field = "team"
    title_words = "Team tournament"
    column = 0

    def build(self, bind: Binder) -> None:
        add = bind.add
        self.round = add("team.round", int_box(1, 20))
        self.size_box = add("team.size", int_box(2, 7))
        self.members = add("team.members_from", choice_box(TeamMembers.choices()))
        self.least = add("team.min_players", int_box(2, 999))
        self.least.setSuffix(" players")
        self.picks = add("team.team_picks_powers",
                         QCheckBox("The team picks each member's power"))
        self.apart = add("team.teammates_apart", QCheckBox("Team-mates never share a board"))
        self.drop = add("team.drop_lowest_on_ties",
                        QCheckBox("Ties: drop each team's lowest score in turn"))
        form = form_layout(self)
        form.addRow("Round:", self.round)
        form.addRow("Team size:", self.size_box)
        form.addRow("Members:", self.members)
        form.addRow("Needs outside the pool:", self.least)
        self.members.currentIndexChanged.connect(lambda *_: self.members_changed())
        self.toggled.connect(lambda *_: self.members_changed())
        for box in (self.picks, self.apart, self.drop):
            form.addRow(box)

    def members_changed(self) -> None:
        """Only a non-pool team tournament needs enough players outside the pool (and an
        unchecked team box keeps every child off: enabling one by hand would override it)."""
        self.least.setEnabled(self.isChecked()
                              and self.members.currentData() == TeamMembers.NON_POOL.value)

    def show_settings(self, fmt: TournamentFormat) -> None:
        team = fmt.team or TeamRule(round=fmt.rounds)
        self.round.setValue(team.round)
        self.size_box.setValue(team.size)
        set_choice(self.members, team.members_from)
        self.members_changed()
        self.least.setValue(team.min_players)
        self.picks.setChecked(team.team_picks_powers)
        self.apart.setChecked(team.teammates_apart)
        self.drop.setChecked(team.drop_lowest_on_ties)

    def settings(self, start: TournamentFormat) -> TeamRule:
        size, least = self.size_box.value(), self.least.value()
        members = chosen(self.members, TeamMembers, "team.members_from")
        if members == TeamMembers.NON_POOL and least < size:
            # fewer than one team can never hold a team tournament
            raise FormatError(f"must be at least one full team ({size} players), not {least}",
                              "team.min_players")
        return TeamRule(round=self.round.value(), size=size, members_from=members,
                        team_picks_powers=self.picks.isChecked(),
                        teammates_apart=self.apart.isChecked(),
                        drop_lowest_on_ties=self.drop.isChecked(), min_players=least)
