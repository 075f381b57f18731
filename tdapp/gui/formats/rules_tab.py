"""The format dialog's "Rules, clock and draws" tab: the adjudicator's house rules, the clock
and the game's end, who sits out, draw votes, late sheets and corrections, and how order sheets
are read."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from tdapp.core.formats import TournamentFormat
from tdapp.core.formats.model import CorrectionRule, DrawVoteRule, GraceRule, rule_variants
from tdapp.core.formats.options import (
    BuildErrors,
    CorrectionLimit,
    DrawParticipants,
    Season,
    SitOutOrder,
)
from tdapp.gui.formats.fields import (
    Binder,
    choice_box,
    chosen,
    int_box,
    optional_value,
    set_choice,
    set_optional,
)
from tdapp.gui.formats.reading_box import OrderReadingBox
from tdapp.gui.formats.settings_box import form_layout

JUDGE_DEFAULT = "(judge default)"


class RulesTab(QWidget):
    """Every game rule of the format as widgets."""

    def __init__(self, bind: Binder, clock_schedules: Sequence[tuple[str, str]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        add = bind.add
        self.variants: dict[str, QComboBox] = {}
        rules = QGroupBox("House rules for the adjudicator")
        form = form_layout(rules)
        for key, values in rule_variants().items():
            if key == "duplicate_orders":  # with the other rules for reading a sheet
                continue
            choices = [(v, v) for v in values]
            if key != "civil_disorder":
                choices.insert(0, ("", JUDGE_DEFAULT))
            box = add("civil_disorder" if key == "civil_disorder" else f"rules.{key}",
                      choice_box(choices))
            self.variants[key] = box
            form.addRow(key.replace("_", " ").capitalize() + ":", box)
        self.sit_out = add("sit_out_order", choice_box(SitOutOrder.choices()))
        self.clock = add("clock_schedule", choice_box(clock_schedules))
        self.end_year = add("end_year", int_box(1901, 1999, "when time is called"))
        other = QGroupBox("Clock and game end")
        form2 = form_layout(other)
        form2.addRow("Clock schedule:", self.clock)
        form2.addRow("Game ends after:", self.end_year)
        form2.addRow("Who sits out:", self.sit_out)
        votes = self._votes_box(bind)
        late = self._late_sheets_box(bind)
        self.reading = OrderReadingBox(bind)
        self.variants["duplicate_orders"] = self.reading.duplicate
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(rules, 0, 0)
        grid.addWidget(other, 1, 0)
        grid.addWidget(votes, 0, 1)
        grid.addWidget(late, 1, 1)
        grid.addWidget(self.reading, 2, 0, 1, 2)
        grid.setRowStretch(3, 1)

    def _votes_box(self, bind: Binder) -> QGroupBox:
        add = bind.add
        votes = QGroupBox("Draw votes")
        self.vote_year = add("draw_votes.from_year", int_box(1901, 1999))
        self.vote_season = add("draw_votes.from_season", choice_box(Season.choices()))
        self.vote_secret = add("draw_votes.secret_votes", int_box(0, 20, "all secret"))
        self.vote_clock = add("draw_votes.clock_stops", QCheckBox("The clock stops for a vote"))
        self.vote_forced = add("draw_votes.forced_draw_after", int_box(1901, 1999, "never"))
        self.vote_who = add("draw_votes.participants", choice_box(DrawParticipants.choices()))
        form = form_layout(votes)
        form.addRow("Allowed from year:", self.vote_year)
        form.addRow("Season:", self.vote_season)
        form.addRow("Secret votes (then open):", self.vote_secret)
        form.addRow(self.vote_clock)
        form.addRow("Forced draw after:", self.vote_forced)
        form.addRow("In a draw:", self.vote_who)
        return votes

    def _late_sheets_box(self, bind: Binder) -> QGroupBox:
        """The grace period for a missing sheet and until when a mistake is corrected."""
        add = bind.add
        box = QGroupBox("Late sheets and corrections")
        self.grace = add("grace", QGroupBox("Grace period for a missing sheet"))
        self.grace.setCheckable(True)
        self.grace_minutes = add("grace.minutes", int_box(1, 30))
        self.grace_minutes.setSuffix(" min")
        self.grace_times = add("grace.per_game", int_box(1, 20))
        self.grace_times.setSuffix(" per game")
        self.grace_movement = add("grace.movement_only", QCheckBox("In movement phases only"))
        # Length and how often share a row: one row more and, at the dialog's 740 pixels, the
        # tab squeezed its spin boxes below their height ("1 per game" cut at the bottom).
        often = QHBoxLayout()
        often.addWidget(self.grace_minutes)
        often.addSpacing(12)
        often.addWidget(QLabel("How often:"))
        often.addWidget(self.grace_times)
        often.addStretch(1)
        form = form_layout(self.grace)
        form.addRow("Length:", often)
        form.addRow(self.grace_movement)
        self.correct_until = add("corrections.until", choice_box(CorrectionLimit.choices()))
        self.correct_until.currentIndexChanged.connect(self._correction_rule_changed)
        self.correct_text = add("corrections.text", QLineEdit())
        self._loaded_correction: tuple[object, str] = (None, "")
        self._loading = False
        self.correct_text.setPlaceholderText("The rule in your own words, quoted to the TD")
        self.correct_text.setMinimumWidth(300)
        self.build_errors = add("corrections.build_errors", choice_box(BuildErrors.choices()))
        self.build_errors.setToolTip(
            "A correction that changes builds already played past the next Spring movement "
            "deadline: adjudicate everything again, or keep the game as played and put the "
            "difference right at the next build phase (EDC 2026).")
        outer = form_layout(box)
        outer.addRow(self.grace)
        outer.addRow("Mistakes are corrected:", self.correct_until)
        outer.addRow("In the rules' words:", self.correct_text)
        outer.addRow("Build errors:", self.build_errors)
        return box

    def _correction_rule_changed(self) -> None:
        """The rule's words quoted the other choice ("... before the next movement phase"):
        kept, they would contradict the new one in every refused correction, so they go and the
        field asks for the new rule's words. Words the TD wrote stay; back to the loaded choice,
        the loaded words come back."""
        if self._loading:
            return
        until, words = self._loaded_correction
        if self.correct_until.currentData() == until:
            if not self.correct_text.text().strip():
                self.correct_text.setText(words)
                self.correct_text.setCursorPosition(0)
        elif self.correct_text.text().strip() == words.strip():
            self.correct_text.clear()

    # -- loading and reading -------------------------------------------------------------------
    def load(self, fmt: TournamentFormat) -> None:
        self._loading = True
        try:
            self._load(fmt)
        finally:
            self._loading = False

    def _load(self, fmt: TournamentFormat) -> None:
        for key, box in self.variants.items():
            set_choice(box, fmt.civil_disorder if key == "civil_disorder"
                       else fmt.rules.get(key, ""))
        set_choice(self.sit_out, fmt.sit_out_order)
        set_choice(self.clock, fmt.clock_schedule)
        set_optional(self.end_year, fmt.end_year)
        votes = fmt.draw_votes
        self.vote_year.setValue(votes.from_year)
        set_choice(self.vote_season, votes.from_season)
        set_optional(self.vote_secret, votes.secret_votes)
        self.vote_clock.setChecked(votes.clock_stops)
        set_optional(self.vote_forced, votes.forced_draw_after)
        set_choice(self.vote_who, votes.participants)
        grace = fmt.grace or GraceRule()
        self.grace.setChecked(fmt.grace is not None)
        self.grace_minutes.setValue(grace.minutes)
        self.grace_times.setValue(grace.per_game)
        self.grace_movement.setChecked(grace.movement_only)
        set_choice(self.correct_until, fmt.corrections.until)
        self.correct_text.setText(fmt.corrections.text)
        self.correct_text.setCursorPosition(0)  # the rule's first words show, not its end
        self._loaded_correction = (fmt.corrections.until.value, fmt.corrections.text)
        set_choice(self.build_errors, fmt.corrections.build_errors)
        self.reading.load(fmt.reading)

    def changes(self, start: TournamentFormat) -> dict[str, Any]:
        judge = {k: str(box.currentData()) for k, box in self.variants.items()
                 if k != "civil_disorder" and box.currentData()}
        disorder = self.variants.get("civil_disorder")
        return dict(
            rules=judge,
            civil_disorder=str(disorder.currentData()) if disorder is not None
            else start.civil_disorder,
            sit_out_order=chosen(self.sit_out, SitOutOrder, "sit_out_order"),
            clock_schedule=str(self.clock.currentData()),
            end_year=optional_value(self.end_year),
            draw_votes=DrawVoteRule(
                from_year=self.vote_year.value(),
                from_season=chosen(self.vote_season, Season, "draw_votes.from_season"),
                secret_votes=optional_value(self.vote_secret),
                clock_stops=self.vote_clock.isChecked(),
                forced_draw_after=optional_value(self.vote_forced),
                participants=chosen(self.vote_who, DrawParticipants, "draw_votes.participants")),
            grace=GraceRule(self.grace_minutes.value(), self.grace_times.value(),
                            self.grace_movement.isChecked()) if self.grace.isChecked() else None,
            corrections=CorrectionRule(
                chosen(self.correct_until, CorrectionLimit, "corrections.until"),
                self.correct_text.text().strip(),
                chosen(self.build_errors, BuildErrors, "corrections.build_errors")),
            reading=self.reading.rule(),
        )
