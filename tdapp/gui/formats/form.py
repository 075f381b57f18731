"""Every part of a tournament format as widgets on tabs: load a format, read one back."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.formats import TournamentFormat, copy_format
from tdapp.core.formats.model import (
    DOUBLE_BOARD_RULES,
    AwardsRule,
    BestCountryRule,
    CorrectionRule,
    DrawVoteRule,
    FormatError,
    GraceRule,
    KnockoutRule,
    LockedFinalRule,
    PoolRule,
    TeamRule,
    TopBoardRule,
    rule_variants,
    seating_methods,
)
from tdapp.core.formats.structures import final_rankings
from tdapp.core.formats.structures.knockout import SEEDING_WORDS
from tdapp.core.formats.structures.locked_final_boards import SIT_OUT_WORDS
from tdapp.gui.formats.editors import CountingTable, RoundsTable, TieBreakerList, parse_rounds
from tdapp.gui.formats.fields import (
    FieldMarks,
    choice_box,
    error_label,
    float_box,
    int_box,
    optional_value,
    set_choice,
    set_optional,
    watch,
)
from tdapp.gui.formats.reading_box import OrderReadingBox

DOUBLE_WORDS = {"best": "the better score counts", "first": "the first board counts",
                "sum": "both scores count"}
TIE_WORDS = (("td", "left to the TD"), ("shared", "shared"))
SIT_OUT_ORDERS = (("td-choice", "the TD chooses"),
                  ("wdc-2018-locals-first", "locals and organisers first (WDC 2018)"),
                  ("lowest-seeds-move", "the lowest seeds (DBN)"))
CORRECTION_WORDS = (("next-deadline", "until the next deadline"),
                    ("next-movement", "until the next movement phase"))
BUILD_ERROR_WORDS = (("recompute", "re-adjudicate everything"),
                     ("next-adjustment", "carry to the next adjustment phase"))
PARTICIPANT_WORDS = (("survivors", "every power with a centre (DIAS)"),
                     ("named", "the powers the proposal names"))
JUDGE_DEFAULT = "(judge default)"
TABS = ("Rounds", "Counting", "Pool and top board", "Tie-breakers", "Awards",
        "Rules, clock and draws")
_ROUND_FIELD = re.compile(r"round_rules\[(\d+)\]\.(\w+)")
_ROUND_COLUMNS = {"label": 0, "scoring": 1, "seating": 2, "powers": 3, "multiplier": 4}


def _form(parent: QWidget) -> QFormLayout:
    layout = QFormLayout(parent)
    layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
    return layout


class FormatForm(QTabWidget):
    """The format's parts on six tabs. ``edited`` fires on every change a person makes."""

    edited = Signal()

    def __init__(self, clock_schedules: Sequence[tuple[str, str]],
                 tie_breaker_names: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.marks = FieldMarks()
        self._loading = False
        self._scoring = "haight"  # the loaded format's system: new rounds' default
        self._clock_schedules = clock_schedules
        self._criteria = tuple(tie_breaker_names)
        self.errors: list[QLabel] = []
        builders = (self._rounds_tab, self._counting_tab, self._structure_tab,
                    self._tie_tab, self._awards_tab, self._rules_tab)
        for index, (title, build) in enumerate(zip(TABS, builders, strict=True)):
            page = QWidget()
            outer = QVBoxLayout(page)
            error = error_label()
            self.errors.append(error)
            outer.addWidget(error)
            body = QWidget()
            build(body, index)
            outer.addWidget(body, 1)
            self.addTab(page, title)

    # -- building the tabs ---------------------------------------------------------------------
    def _add(self, field: str, widget: QWidget, tab: int) -> QWidget:
        self.marks.add(field, widget, tab)
        watch(widget, self._changed)
        return widget

    def _rounds_tab(self, page: QWidget, tab: int) -> None:
        self.rounds = self._add("rounds", int_box(1, 20), tab)
        self.rounds_table = RoundsTable(seating_methods())
        self.marks.add("round_rules", self.rounds_table, tab)
        self.rounds_table.edited.connect(self._changed)
        self.rounds.valueChanged.connect(self._resize_rounds)
        top = QHBoxLayout()
        top.addWidget(QLabel("Number of rounds:"))
        top.addWidget(self.rounds)
        top.addStretch(1)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.rounds_table, 1)

    def _counting_tab(self, page: QWidget, tab: int) -> None:
        self.counting = CountingTable()
        self.marks.add("counting", self.counting.table, tab)
        self.counting.edited.connect(self._changed)
        self.two_boards = self._add("two_boards_allowed",
                                    QCheckBox("A player may play two boards in a round"), tab)
        self.double_board = self._add(
            "double_board", choice_box((r, DOUBLE_WORDS[r]) for r in DOUBLE_BOARD_RULES), tab)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("The tournament score adds up these groups of rounds; in each, "
                                "only the best N count (e.g. rounds 1-3, best 2):"))
        layout.addWidget(self.counting)
        layout.addWidget(self.two_boards)
        row = QHBoxLayout()
        row.addWidget(QLabel("On two boards:"))
        row.addWidget(self.double_board)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(1)

    def _structure_tab(self, page: QWidget, tab: int) -> None:
        add = self._add
        self.final_ranking = add("final_ranking", choice_box(
            (r.name, r.choice) for r in final_rankings()), tab)
        for index, rule in enumerate(final_rankings()):  # each rule says who is champion
            self.final_ranking.setItemData(index, f"Champion: {rule.champion}",
                                           Qt.ItemDataRole.ToolTipRole)
        self.pool = add("pool", QGroupBox("Championship pool"), tab)
        self.pool.setCheckable(True)
        self.pool_after = add("pool.after_round", int_box(1, 20), tab)
        self.pool_size = add("pool.size", int_box(1, 999), tab)
        self.pool_bonus_round = add("pool.bonus_round", int_box(1, 20), tab)
        self.pool_bonus = add("pool.bonus_multiplier", float_box(0.0, 10.0, 0.25), tab)
        self.pool_champion = add("pool.champion_from_pool",
                                 QCheckBox("The champion comes from the pool"), tab)
        self.pool_first = add("pool.pool_first_on_ties",
                              QCheckBox("Pool players first on a tied score"), tab)
        self.pool_private = add("pool.ranking_private", QCheckBox(
            "The ranking stays private until the bonus round is over (the projector shows "
            "the pool by name)"), tab)
        form = _form(self.pool)
        form.addRow("Picked after round:", self.pool_after)
        form.addRow("Pool size:", self.pool_size)
        form.addRow("Bonus round:", self.pool_bonus_round)
        form.addRow("Bonus round score ×", self.pool_bonus)
        form.addRow(self.pool_champion)
        form.addRow(self.pool_first)
        form.addRow(self.pool_private)
        self.cut_list = self._ordered("pool.cut_tie_breakers", TieBreakerList(), tab, 114)
        form.addRow(QLabel("A tie at the cut is broken by, in order:"))
        form.addRow(self.cut_list)
        self.top = add("top_board", QGroupBox("Top board"), tab)
        self.top.setCheckable(True)
        self.top_after = add("top_board.after_round", int_box(1, 20), tab)
        self.top_round = add("top_board.round", int_box(1, 20), tab)
        self.top_size = add("top_board.size", int_box(2, 7), tab)
        self.top_champion = add("top_board.champion", choice_box(
            (("board-winner", "highest game score"), ("board-topper", "most centres"))), tab)
        form = _form(self.top)
        form.addRow("The best after round:", self.top_after)
        form.addRow("Play round:", self.top_round)
        form.addRow("Players:", self.top_size)
        form.addRow("Champion:", self.top_champion)
        self.locked = add("locked_final", QGroupBox("Final boards locked to rank ranges"), tab)
        self.locked.setCheckable(True)
        self.locked_round = add("locked_final.round", int_box(1, 20), tab)
        self.locked_within = add("locked_final.within", choice_box(
            (("total", "by tournament score"), ("round", "by final-round score"))), tab)
        form = _form(self.locked)
        form.addRow("Final round:", self.locked_round)
        form.addRow("Within a range:", self.locked_within)
        sit_outs = QLabel("Sit-outs and two boards: " + SIT_OUT_WORDS + ".")
        sit_outs.setWordWrap(True)
        form.addRow(sit_outs)
        self.knockout = add("knockout", QGroupBox("Knock-out"), tab)
        self.knockout.setCheckable(True)
        self.ko_rounds = add("knockout.qualifying_rounds", self._line(), tab)
        self.ko_final = add("knockout.final_round", int_box(1, 20), tab)
        self.ko_automatic = add("knockout.automatic", int_box(0, 7), tab)
        form = _form(self.knockout)
        form.addRow("Qualifying rounds:", self.ko_rounds)
        form.addRow("Final round:", self.ko_final)
        form.addRow("Seeds straight to the final:", self.ko_automatic)
        self.ko_seeding = self._ordered(
            "knockout.final_seeding", TieBreakerList(words=lambda n: SEEDING_WORDS.get(n, n)),
            tab, 62)
        self.ko_seeding.set_choices(tuple(SEEDING_WORDS))
        form.addRow(QLabel("The final is seeded by, in order:"))
        form.addRow(self.ko_seeding)
        self.team = add("team", QGroupBox("Team tournament"), tab)
        self.team.setCheckable(True)
        self.team_round = add("team.round", int_box(1, 20), tab)
        self.team_size = add("team.size", int_box(2, 7), tab)
        self.team_members = add("team.members_from", choice_box(
            (("non-pool", "players outside the pool"), ("all", "every player"))), tab)
        self.team_min = add("team.min_players", int_box(2, 999), tab)
        self.team_min.setSuffix(" players")
        self.team_picks = add("team.team_picks_powers",
                              QCheckBox("The team picks each member's power"), tab)
        self.team_apart = add("team.teammates_apart",
                              QCheckBox("Team-mates never share a board"), tab)
        self.team_drop = add("team.drop_lowest_on_ties",
                             QCheckBox("Ties: drop each team's lowest score in turn"), tab)
        form = _form(self.team)
        form.addRow("Round:", self.team_round)
        form.addRow("Team size:", self.team_size)
        form.addRow("Members:", self.team_members)
        form.addRow("Needs outside the pool:", self.team_min)
        self.team_members.currentIndexChanged.connect(lambda *_: self._members_changed())
        self.team.toggled.connect(lambda *_: self._members_changed())
        for box in (self.team_picks, self.team_apart, self.team_drop):
            form.addRow(box)
        self._lay_out_structure(page)

    def _members_changed(self) -> None:
        """Only a non-pool team tournament needs enough players outside the pool (and an
        unchecked team box keeps every child off: enabling one by hand would override it)."""
        self.team_min.setEnabled(self.team.isChecked()
                                 and self.team_members.currentData() == "non-pool")

    def _ordered(self, field: str, editor: TieBreakerList, tab: int,
                 height: int) -> TieBreakerList:
        """A reorderable list of named criteria inside a rule's box, marked as ``field``."""
        editor.list.setMinimumHeight(height)
        editor.list.setMaximumHeight(height)
        self.marks.add(field, editor.list, tab)
        editor.edited.connect(self._changed)
        return editor

    def _lay_out_structure(self, page: QWidget) -> None:
        """Two columns of rule boxes in a scroll area, so a short window never clips one."""
        inner = QWidget()
        grid = QGridLayout(inner)
        grid.setContentsMargins(0, 0, 4, 0)
        ranking = QHBoxLayout()
        ranking.addWidget(QLabel("Champion and places:"))
        ranking.addWidget(self.final_ranking)
        ranking.addStretch(1)
        grid.addLayout(ranking, 0, 0, 1, 2)
        for column, boxes in enumerate(((self.pool, self.team),
                                        (self.top, self.locked, self.knockout))):
            stack = QVBoxLayout()
            for box in boxes:
                stack.addWidget(box)
            stack.addStretch(1)
            grid.addLayout(stack, 1, column)
        grid.setRowStretch(1, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(inner)
        scroll.viewport().setAutoFillBackground(False)  # the tab's own background shows through
        inner.setAutoFillBackground(False)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)

    @staticmethod
    def _line():
        from PySide6.QtWidgets import QLineEdit

        edit = QLineEdit()
        edit.setPlaceholderText("e.g. 1-3")
        return edit

    def _tie_tab(self, page: QWidget, tab: int) -> None:
        self.tie_breakers = TieBreakerList()
        self.marks.add("tie_breakers", self.tie_breakers.list, tab)
        self.tie_breakers.edited.connect(self._changed)
        self.champion_ties = QGroupBox("The champion and places have their own list")
        self.champion_ties.setCheckable(True)
        self.marks.add("champion_tie_breakers", self.champion_ties, tab)
        watch(self.champion_ties, self._changed)
        self.champion_list = TieBreakerList()
        self.champion_list.edited.connect(self._changed)
        QVBoxLayout(self.champion_ties).addWidget(self.champion_list)
        self.unresolved = self._add("unresolved_ties", choice_box(TIE_WORDS), tab)
        self.tie_places = self._add("tie_break_places", int_box(1, 999, "every place"), tab)
        everyone = QGroupBox("Everyone (drag or use the buttons to reorder)")
        QVBoxLayout(everyone).addWidget(self.tie_breakers)
        lists = QHBoxLayout()
        lists.addWidget(everyone)
        lists.addWidget(self.champion_ties)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("Players on the same score are separated by these, in order:"))
        layout.addLayout(lists, 1)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        form.addRow("A tie they leave is:", self.unresolved)
        form.addRow("Break ties for places 1 to:", self.tie_places)
        layout.addLayout(form)

    def _awards_tab(self, page: QWidget, tab: int) -> None:
        add = self._add
        self.places = add("awards.places", int_box(0, 99), tab)
        self.best = add("awards.best_country", QGroupBox("Best country (by single-game score)"),
                        tab)
        self.best.setCheckable(True)
        self.best_no_top = add("awards.best_country.exclude_top_board",
                               QCheckBox("Top board games do not compete"), tab)
        self.best_solo = add("awards.best_country.solo_loss_never_wins",
                             QCheckBox("A loss to a solo never wins best country"), tab)
        self.best_counted = add("awards.best_country.counted_games_only",
                                QCheckBox("Only games that count"), tab)
        self.best_ties = add("awards.best_country.ties", choice_box(TIE_WORDS), tab)
        self.best_td = add("awards.best_country.td_discretion",
                           QCheckBox("The TD decides; the table only suggests"), tab)
        form = _form(self.best)
        for box in (self.best_no_top, self.best_solo, self.best_counted, self.best_td):
            form.addRow(box)
        form.addRow("Ties:", self.best_ties)
        self.team_award = add("awards.team", QCheckBox("Team champion"), tab)
        self.special = add("awards.special", QPlainTextEdit(), tab)
        self.special.setPlaceholderText("One special award a line")
        self.special.setMaximumHeight(140)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        form.addRow("Places awarded (1 to):", self.places)
        layout.addLayout(form)
        layout.addWidget(self.best)
        layout.addWidget(self.team_award)
        layout.addWidget(QLabel("Special awards the TD names and assigns:"))
        layout.addWidget(self.special)
        layout.addStretch(1)

    def _rules_tab(self, page: QWidget, tab: int) -> None:
        add = self._add
        self.variants: dict[str, object] = {}
        rules = QGroupBox("House rules for the adjudicator")
        form = _form(rules)
        for key, values in rule_variants().items():
            if key == "duplicate_orders":  # with the other rules for reading a sheet
                continue
            choices = [(v, v) for v in values]
            if key != "civil_disorder":
                choices.insert(0, ("", JUDGE_DEFAULT))
            box = add("civil_disorder" if key == "civil_disorder" else f"rules.{key}",
                      choice_box(choices), tab)
            self.variants[key] = box
            form.addRow(key.replace("_", " ").capitalize() + ":", box)
        self.sit_out = add("sit_out_order", choice_box(SIT_OUT_ORDERS), tab)
        self.clock = add("clock_schedule", choice_box(self._clock_schedules), tab)
        self.end_year = add("end_year", int_box(1901, 1999, "when time is called"), tab)
        other = QGroupBox("Clock and game end")
        form2 = _form(other)
        form2.addRow("Clock schedule:", self.clock)
        form2.addRow("Game ends after:", self.end_year)
        form2.addRow("Who sits out:", self.sit_out)
        votes = QGroupBox("Draw votes")
        self.vote_year = add("draw_votes.from_year", int_box(1901, 1999), tab)
        self.vote_season = add("draw_votes.from_season", choice_box(
            (("spring", "spring"), ("fall", "fall"))), tab)
        self.vote_secret = add("draw_votes.secret_votes", int_box(0, 20, "all secret"), tab)
        self.vote_clock = add("draw_votes.clock_stops",
                              QCheckBox("The clock stops for a vote"), tab)
        self.vote_forced = add("draw_votes.forced_draw_after", int_box(1901, 1999, "never"), tab)
        self.vote_who = add("draw_votes.participants", choice_box(PARTICIPANT_WORDS), tab)
        form3 = _form(votes)
        form3.addRow("Allowed from year:", self.vote_year)
        form3.addRow("Season:", self.vote_season)
        form3.addRow("Secret votes (then open):", self.vote_secret)
        form3.addRow(self.vote_clock)
        form3.addRow("Forced draw after:", self.vote_forced)
        form3.addRow("In a draw:", self.vote_who)
        late = self._late_sheets_box(tab)
        self.reading = OrderReadingBox(lambda field, widget: self._add(field, widget, tab))
        self.variants["duplicate_orders"] = self.reading.duplicate
        grid = QGridLayout(page)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(rules, 0, 0)
        grid.addWidget(other, 1, 0)
        grid.addWidget(votes, 0, 1)
        grid.addWidget(late, 1, 1)
        grid.addWidget(self.reading, 2, 0, 1, 2)
        grid.setRowStretch(3, 1)

    def _late_sheets_box(self, tab: int) -> QGroupBox:
        """The grace period for a missing sheet and until when a mistake is corrected."""
        add = self._add
        box = QGroupBox("Late sheets and corrections")
        self.grace = add("grace", QGroupBox("Grace period for a missing sheet"), tab)
        self.grace.setCheckable(True)
        self.grace_minutes = add("grace.minutes", int_box(1, 30), tab)
        self.grace_minutes.setSuffix(" min")
        self.grace_times = add("grace.per_game", int_box(1, 20), tab)
        self.grace_times.setSuffix(" per game")
        self.grace_movement = add("grace.movement_only",
                                  QCheckBox("In movement phases only"), tab)
        # Length and how often share a row: one row more and, at the dialog's 740 pixels, the
        # tab squeezed its spin boxes below their height ("1 per game" cut at the bottom).
        often = QHBoxLayout()
        often.addWidget(self.grace_minutes)
        often.addSpacing(12)
        often.addWidget(QLabel("How often:"))
        often.addWidget(self.grace_times)
        often.addStretch(1)
        form = _form(self.grace)
        form.addRow("Length:", often)
        form.addRow(self.grace_movement)
        self.correct_until = add("corrections.until", choice_box(CORRECTION_WORDS), tab)
        self.correct_until.currentIndexChanged.connect(self._correction_rule_changed)
        self.correct_text = add("corrections.text", QLineEdit(), tab)
        self._loaded_correction: tuple[object, str] = (None, "")
        self.correct_text.setPlaceholderText("The rule in your own words, quoted to the TD")
        self.correct_text.setMinimumWidth(300)
        self.build_errors = add("corrections.build_errors", choice_box(BUILD_ERROR_WORDS), tab)
        self.build_errors.setToolTip(
            "A correction that changes builds already played past the next Spring movement "
            "deadline: adjudicate everything again, or keep the game as played and put the "
            "difference right at the next build phase (EDC 2026).")
        outer = _form(box)
        outer.addRow(self.grace)
        outer.addRow("Mistakes are corrected:", self.correct_until)
        outer.addRow("In the rules' words:", self.correct_text)
        outer.addRow("Build errors:", self.build_errors)
        return box

    # -- loading and reading -------------------------------------------------------------------
    def set_systems(self, systems: Sequence[tuple[str, str]]) -> None:
        self.rounds_table.set_systems(systems)

    def load(self, fmt: TournamentFormat) -> None:
        """Show every part of ``fmt`` (no ``edited`` signals while loading)."""
        self._loading = True
        try:
            self._load(fmt)
        finally:
            self._loading = False
        self.marks.clear()
        self.show_error(None, "")

    def _load(self, fmt: TournamentFormat) -> None:
        self._scoring = fmt.scoring
        self.rounds.setValue(fmt.rounds)
        rules = [fmt.round_rule(n) for n in range(1, fmt.rounds + 1)]
        self.rounds_table.set_rules(rules)
        self.counting.set_groups(fmt.count_groups())
        self.two_boards.setChecked(fmt.two_boards_allowed)
        set_choice(self.double_board, fmt.double_board)
        set_choice(self.final_ranking, fmt.final_ranking)
        pool = fmt.pool or PoolRule(after_round=max(1, fmt.rounds - 1), size=21,
                                    bonus_round=fmt.rounds)
        self.pool.setChecked(fmt.pool is not None)
        self.pool_after.setValue(pool.after_round)
        self.pool_size.setValue(pool.size)
        self.pool_bonus_round.setValue(pool.bonus_round)
        self.pool_bonus.setValue(pool.bonus_multiplier)
        self.pool_champion.setChecked(pool.champion_from_pool)
        self.pool_first.setChecked(pool.pool_first_on_ties)
        self.pool_private.setChecked(pool.ranking_private)
        top = fmt.top_board or TopBoardRule(after_round=max(1, fmt.rounds - 1), round=fmt.rounds)
        self.top.setChecked(fmt.top_board is not None)
        self.top_after.setValue(top.after_round)
        self.top_round.setValue(top.round)
        self.top_size.setValue(top.size)
        set_choice(self.top_champion, top.champion)
        locked = fmt.locked_final or LockedFinalRule(round=fmt.rounds)
        self.locked.setChecked(fmt.locked_final is not None)
        self.locked_round.setValue(locked.round)
        set_choice(self.locked_within, locked.within)
        ko = fmt.knockout or KnockoutRule(tuple(range(1, fmt.rounds)), fmt.rounds)
        self.knockout.setChecked(fmt.knockout is not None)
        self.ko_rounds.setText(", ".join(map(str, ko.qualifying_rounds)))
        self.ko_final.setValue(ko.final_round)
        self.ko_automatic.setValue(ko.automatic)
        team = fmt.team or TeamRule(round=fmt.rounds)
        self.team.setChecked(fmt.team is not None)
        self.team_round.setValue(team.round)
        self.team_size.setValue(team.size)
        set_choice(self.team_members, team.members_from)
        self._members_changed()
        self.team_min.setValue(team.min_players)
        self.team_picks.setChecked(team.team_picks_powers)
        self.team_apart.setChecked(team.teammates_apart)
        self.team_drop.setChecked(team.drop_lowest_on_ties)
        self.ko_seeding.set_names(ko.final_seeding)
        rounds_criteria = [f"round-score:{n}" for n in range(1, fmt.rounds + 1)]
        choices = [*rounds_criteria, *(c for c in self._criteria if c != "round-score:N")]
        self.cut_list.set_choices(choices)
        self.cut_list.set_names(pool.cut_tie_breakers)
        self.tie_breakers.set_choices(choices)
        self.tie_breakers.set_names(fmt.tie_breakers)
        self.champion_list.set_choices(choices)
        self.champion_ties.setChecked(fmt.champion_tie_breakers is not None)
        self.champion_list.set_names(fmt.champion_tie_breakers or fmt.tie_breakers)
        set_choice(self.unresolved, fmt.unresolved_ties)
        set_optional(self.tie_places, fmt.tie_break_places)
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
        for key, box in self.variants.items():
            value = fmt.civil_disorder if key == "civil_disorder" else fmt.rules.get(key, "")
            set_choice(box, value)  # type: ignore[arg-type]
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
        self._loaded_correction = (fmt.corrections.until, fmt.corrections.text)
        set_choice(self.build_errors, fmt.corrections.build_errors)
        self.reading.load(fmt.reading)

    def build(self, start: TournamentFormat, name: str, title: str) -> TournamentFormat:
        """``start`` with everything the widgets say; :class:`FormatError` names what is wrong."""
        rules = self.rounds_table.rules()
        changes = dict(
            name=name, title=title, rounds=self.rounds.value(), round_rules=rules,
            scoring=rules[0].scoring if rules else start.scoring,
            counting=self.counting.groups(), two_boards_allowed=self.two_boards.isChecked(),
            double_board=self.double_board.currentData(),
            final_ranking=self.final_ranking.currentData(),
            pool=self._pool(start), top_board=self._top(), locked_final=self._locked(start),
            knockout=self._knockout(), team=self._team(),
            tie_breakers=self.tie_breakers.names(),
            champion_tie_breakers=self.champion_list.names()
            if self.champion_ties.isChecked() else None,
            unresolved_ties=self.unresolved.currentData(),
            tie_break_places=optional_value(self.tie_places),
            awards=self._awards(start),
            rules={k: box.currentData() for k, box in self.variants.items()  # type: ignore
                   if k != "civil_disorder" and box.currentData()},  # type: ignore
            civil_disorder=self.variants["civil_disorder"].currentData()  # type: ignore
            if "civil_disorder" in self.variants else start.civil_disorder,
            sit_out_order=self.sit_out.currentData(),
            clock_schedule=self.clock.currentData(),
            end_year=optional_value(self.end_year),
            draw_votes=DrawVoteRule(
                from_year=self.vote_year.value(), from_season=self.vote_season.currentData(),
                secret_votes=optional_value(self.vote_secret),
                clock_stops=self.vote_clock.isChecked(),
                forced_draw_after=optional_value(self.vote_forced),
                participants=self.vote_who.currentData()),
            grace=GraceRule(self.grace_minutes.value(), self.grace_times.value(),
                            self.grace_movement.isChecked()) if self.grace.isChecked() else None,
            corrections=CorrectionRule(self.correct_until.currentData(),
                                       self.correct_text.text().strip(),
                                       self.build_errors.currentData()),
            reading=self.reading.rule(),
        )
        return copy_format(start, **changes)

    def _pool(self, start: TournamentFormat) -> PoolRule | None:
        if not self.pool.isChecked():
            return None
        return PoolRule(self.pool_after.value(), self.pool_size.value(),
                        self.pool_bonus_round.value(), self.pool_bonus.value(),
                        self.pool_champion.isChecked(), self.pool_first.isChecked(),
                        self.cut_list.names(), self.pool_private.isChecked())

    def _top(self) -> TopBoardRule | None:
        if not self.top.isChecked():
            return None
        return TopBoardRule(self.top_after.value(), self.top_round.value(), self.top_size.value(),
                            self.top_champion.currentData())

    def _locked(self, start: TournamentFormat) -> LockedFinalRule | None:
        if not self.locked.isChecked():
            return None
        champion = start.locked_final.champion if start.locked_final else "board-topper"
        return LockedFinalRule(self.locked_round.value(), self.locked_within.currentData(),
                               champion)

    def _knockout(self) -> KnockoutRule | None:
        if not self.knockout.isChecked():
            return None
        rounds = parse_rounds(self.ko_rounds.text(), "knockout.qualifying_rounds")
        seeding = self.ko_seeding.names()
        if not seeding:  # the final's seats would follow board order: say how to seed it
            raise FormatError("add at least one: a solo first, or the seed",
                              "knockout.final_seeding")
        return KnockoutRule(rounds, self.ko_final.value(), self.ko_automatic.value(), seeding)

    def _team(self) -> TeamRule | None:
        if not self.team.isChecked():
            return None
        size, least = self.team_size.value(), self.team_min.value()
        non_pool = self.team_members.currentData() == "non-pool"
        if non_pool and least < size:  # fewer than one team can never hold a team tournament
            raise FormatError(f"must be at least one full team ({size} players), not {least}",
                              "team.min_players")
        return TeamRule(round=self.team_round.value(), size=size,
                        members_from=self.team_members.currentData(),
                        team_picks_powers=self.team_picks.isChecked(),
                        teammates_apart=self.team_apart.isChecked(),
                        drop_lowest_on_ties=self.team_drop.isChecked(), min_players=least)

    def _awards(self, start: TournamentFormat) -> AwardsRule:
        special = tuple(line.strip() for line in self.special.toPlainText().splitlines()
                        if line.strip())
        best = BestCountryRule(
            enabled=self.best.isChecked(), exclude_top_board=self.best_no_top.isChecked(),
            solo_loss_never_wins=self.best_solo.isChecked(),
            counted_games_only=self.best_counted.isChecked(), ties=self.best_ties.currentData(),
            td_discretion=self.best_td.isChecked())
        return dataclasses.replace(start.awards, places=self.places.value(), best_country=best,
                                   team=self.team_award.isChecked(), special=special)

    # -- edits and errors ----------------------------------------------------------------------
    def _resize_rounds(self, rounds: int) -> None:
        if not self._loading:
            old = self.rounds_table.rowCount()
            self.counting.follow_rounds(old, rounds)
            self.rounds_table.resize_to(rounds, self._scoring)

    def _changed(self) -> None:
        if not self._loading:
            self.edited.emit()

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

    def show_error(self, field: str | None, message: str) -> None:
        """Say ``message`` on the tab of ``field`` and outline the field; nothing when empty."""
        for label in self.errors:
            label.hide()
        if not message:
            self.marks.clear()
            return
        tab = self._mark(field, message)
        if tab is None:
            return
        self.errors[tab].setText(message)
        self.errors[tab].show()

    def _mark(self, field: str | None, message: str) -> int | None:
        match = _ROUND_FIELD.fullmatch(field or "")
        if match and int(match.group(1)) < self.rounds_table.rowCount():
            row, column = int(match.group(1)), _ROUND_COLUMNS.get(match.group(2), 0)
            widget = self.rounds_table.cell(row, column) or self.rounds_table
            self.marks.mark_widget(widget, message)
            return 0
        return self.marks.mark(field, message)

    def error_tab(self) -> int | None:
        for index, label in enumerate(self.errors):
            if not label.isHidden():
                return index
        return None
