"""The format dialog: start from the current format or any built-in one, change any part, read
the result in words as you go, and save it into the tournament."""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.clock.formats import list_clock_formats
from tdapp.core.formats import (
    FormatError,
    TournamentFormat,
    describe_format,
    get_format,
    list_formats,
)
from tdapp.core.formats.describe import criterion_words
from tdapp.core.formats.model import TeamRule
from tdapp.core.formats.options import TeamMembers, TieMode
from tdapp.core.formats.systems import check_format
from tdapp.core.scoring.formula import FormulaSystem
from tdapp.core.scoring.registry import list_systems
from tdapp.gui import theme
from tdapp.gui.formats.fields import error_label, refusal_words
from tdapp.gui.formats.form import FormatForm
from tdapp.services.formats import FormatState

CURRENT = "current"
CHANGED_COLOUR = theme.CHANGED
SUMMARY_TITLE = "In words (changes in blue)"
STALE_TITLE = "In words: the last version without a mistake (fix it to update)"


def _in_words(fmt: TournamentFormat) -> list[tuple[str, str]]:
    """``describe_format`` and the parts the dialog changes that it leaves out."""
    out = describe_format(fmt)
    if fmt.pool is not None:
        cut = "; ".join(criterion_words(c) for c in fmt.pool.cut_tie_breakers)
        _after(out, "Championship pool", "Ties at the pool cut", cut or "no tie-breakers listed")
    if fmt.knockout is not None:
        _after(out, "Knock-out", "Final seeding", "; then ".join(
            c.words for c in fmt.knockout.final_seeding))
    if fmt.team is not None:  # describe_format's sentence leaves out the team options
        _replace(out, "Team tournament", _team_words(fmt.team))
    best = fmt.awards.best_country
    if best.enabled:
        options = [words for on, words in (
            (best.exclude_top_board, "top board games do not compete"),
            (best.solo_loss_never_wins, "a loss to a solo never wins"),
            (best.counted_games_only, "only games that count"),
            (best.td_discretion, "the TD decides"),
        ) if on]
        ties = "ties left to the TD" if best.ties == TieMode.TD else "ties shared"
        out.append(("Best country", "; ".join(["by single-game score", *options, ties])))
    if fmt.awards.special:
        out.append(("Special awards", ", ".join(fmt.awards.special)))
    out.append(("Clock", f"the {fmt.clock_schedule} schedule"))
    return out


def _after(out: list[tuple[str, str]], topic: str, new_topic: str, words: str) -> None:
    """Put a sentence right below the one it details (at the end if that one is missing)."""
    topics = [t for t, _ in out]
    at = topics.index(topic) + 1 if topic in topics else len(out)
    out.insert(at, (new_topic, words))


def _replace(out: list[tuple[str, str]], topic: str, words: str) -> None:
    """Say ``topic`` with ``words`` instead, where it stands (at the end if it is missing)."""
    for i, (name, _) in enumerate(out):
        if name == topic:
            out[i] = (topic, words)
            return
    out.append((topic, words))


def _team_words(team: TeamRule) -> str:
    who = team.members_from.words
    parts = [f"round {team.round}, teams of {team.size} from {who}, team score = sum"]
    if team.members_from == TeamMembers.NON_POOL:
        parts.append(f"needs at least {team.min_players} of them")
    parts.append("the team picks each member's power" if team.team_picks_powers
                 else "powers assigned as usual")
    if team.teammates_apart:
        parts.append("team-mates never share a board")
    parts.append("ties by dropping each team's lowest score" if team.drop_lowest_on_ties
                 else "ties left to the TD")
    return "; ".join(parts)


def summary_html(fmt: TournamentFormat, compare: TournamentFormat | None) -> str:
    """The format in words as a table; sentences that differ from ``compare`` in colour."""
    before = dict(_in_words(compare)) if compare is not None else {}
    rows = []
    for topic, words in _in_words(fmt):
        changed = compare is not None and before.get(topic) != words
        style = f' style="color:{CHANGED_COLOUR}; font-weight:bold"' if changed else ""
        mark = " ●" if changed else ""
        rows.append(f'<tr><td valign="top" style="padding-right:10px"><b>{html.escape(topic)}'
                    f'</b>{mark}</td><td{style}>{html.escape(words)}</td></tr>')
    return f"<h3>{html.escape(fmt.title)}</h3><table>{''.join(rows)}</table>"


class FormatDialog(QDialog):
    """Emits ``save_requested(format, base)``; the controller saves and closes it."""

    save_requested = Signal(object, str)
    systems_requested = Signal()  # the TD wants to write a formula system

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Tournament format")
        self.resize(1200, 740)
        self._state: FormatState | None = None
        self._start: TournamentFormat | None = None
        self._custom: tuple[FormulaSystem, ...] = ()
        self.current: TournamentFormat | None = None  # the format as the widgets say, if valid
        self.start_from = QComboBox()
        self.name_edit = QLineEdit()
        self.title_edit = QLineEdit()
        self.form = FormatForm([(c.name, c.title) for c in list_clock_formats()])
        self.summary = QLabel()
        self.summary.setObjectName("formatSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.status = error_label()
        self.reset_button = QPushButton("&Reset")
        self.systems_button = QPushButton("Scoring s&ystems…")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.save_button = self.buttons.addButton("&Save to tournament",
                                                  QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button.setDefault(True)
        self._lay_out()
        self.start_from.currentIndexChanged.connect(lambda *_: self._start_changed())
        self.name_edit.textChanged.connect(lambda *_: self.refresh())
        self.title_edit.textChanged.connect(lambda *_: self.refresh())
        self.form.edited.connect(self.refresh)
        self.reset_button.clicked.connect(self._start_changed)
        self.systems_button.clicked.connect(self.systems_requested)
        self.buttons.rejected.connect(self.reject)
        self.save_button.clicked.connect(self._save)

    def _lay_out(self) -> None:
        top = QHBoxLayout()
        for text, widget, stretch in (("Start from:", self.start_from, 2),
                                      ("Name:", self.name_edit, 1),
                                      ("Title:", self.title_edit, 2)):
            label = QLabel(text)
            label.setBuddy(widget)
            top.addWidget(label)
            top.addWidget(widget, stretch)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.summary)
        summary_box = QGroupBox(SUMMARY_TITLE)
        self.summary_box = summary_box
        QVBoxLayout(summary_box).addWidget(scroll)
        splitter = QSplitter()
        splitter.addWidget(self.form)
        splitter.addWidget(summary_box)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([720, 460])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.status)
        bottom = QHBoxLayout()
        bottom.addWidget(self.reset_button)
        bottom.addWidget(self.systems_button)
        bottom.addStretch(1)
        bottom.addWidget(self.buttons)
        layout.addLayout(bottom)

    # -- what it starts from ------------------------------------------------------------------
    def set_state(self, state: FormatState, custom: Sequence[FormulaSystem] = ()) -> None:
        """Show the tournament's format; ``custom`` are its formula systems."""
        self._state = state
        self._custom = tuple(custom)
        self.form.set_systems(self._systems())
        self.start_from.blockSignals(True)
        self.start_from.clear()
        # A TD's copy says what it was changed from, unless its title says it already (it read
        # "... 2026 (changed) — changed"); the tooltip always says it.
        base = get_format(state.base).title
        changed = f" — changed from {base}" if state.custom else ""
        shown = changed if base not in state.fmt.title else ""
        self.start_from.addItem(f"Current format: {state.fmt.title}{shown}", CURRENT)
        self.start_from.setItemData(0, f"{state.fmt.title}{changed}",
                                    Qt.ItemDataRole.ToolTipRole)
        for fmt in list_formats():
            self.start_from.addItem(f"Built-in: {fmt.title}", fmt.name)
        self.start_from.setCurrentIndex(0)
        self.start_from.blockSignals(False)
        self._start_changed()

    def update_systems(self, custom: Sequence[FormulaSystem]) -> None:
        """Offer the tournament's formula systems as they are now, keeping every choice made."""
        self._custom = tuple(custom)
        self.form.set_systems(self._systems())
        self.refresh()

    def _systems(self) -> list[tuple[str, str]]:
        systems = [(s.name, f"{s.title} (formula)") for s in self._custom]
        return systems + [(s.name, s.title) for s in list_systems()]

    def base_name(self) -> str:
        data = self.start_from.currentData()
        if data == CURRENT and self._state is not None:
            return self._state.base
        return str(data)

    def _start_changed(self) -> None:
        if self._state is None:
            return
        data = self.start_from.currentData()
        self._start = self._state.fmt if data == CURRENT else get_format(str(data))
        for edit, text in ((self.name_edit, self._start.name),
                           (self.title_edit, self._start.title)):
            edit.blockSignals(True)
            edit.setText(text)
            edit.blockSignals(False)
        self.form.load(self._start)
        self.refresh()

    # -- live checking ----------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the widgets into a format, check it, and say what it does or what is wrong."""
        if self._start is None:
            return
        try:
            fmt = self.form.build(self._start, self.name_edit.text().strip(),
                                  self.title_edit.text().strip())
            fmt = self._own_name(fmt)
            check_format(fmt, self._custom)
        except FormatError as exc:
            self.current = None
            self.show_refusal(exc.field, str(exc))
            return
        self.current = fmt
        self.form.show_error(None, "")
        theme.set_error_border(self.name_edit, False)
        theme.set_error_border(self.title_edit, False)
        self.status.hide()
        self.summary.setText(summary_html(fmt, get_format(self.base_name())))
        self.summary.setEnabled(True)
        self.summary_box.setTitle(SUMMARY_TITLE)
        self.save_button.setEnabled(True)

    def _own_name(self, fmt: TournamentFormat) -> TournamentFormat:
        """A changed built-in gets a name and title of its own, so nobody mistakes it."""
        base = get_format(self.base_name())
        if fmt == base or fmt.name != base.name:
            return fmt
        name, title = f"{base.name}-custom", f"{base.title} (changed)"
        for edit, text in ((self.name_edit, name), (self.title_edit, title)):
            edit.blockSignals(True)
            edit.setText(text)
            edit.blockSignals(False)
        return dataclasses.replace(fmt, name=name, title=title)

    def show_refusal(self, field: str | None, message: str) -> None:
        """Say what is wrong next to the field at fault, and keep Save off until it is fixed."""
        message = refusal_words(field, message)
        self.form.show_error(field, message)
        tab = self.form.error_tab()
        if tab is not None:
            self.form.setCurrentIndex(tab)
        theme.set_error_border(self.name_edit, field == "name")
        theme.set_error_border(self.title_edit, field == "title")
        self.summary.setEnabled(False)  # greyed: it no longer says what the boxes say
        self.summary_box.setTitle(STALE_TITLE)
        self.status.setText(f"Not saved yet: {message}")
        self.status.show()
        self.save_button.setEnabled(False)

    def _save(self) -> None:
        self.refresh()
        if self.current is not None:
            self.save_requested.emit(self.current, self.base_name())
