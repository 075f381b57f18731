"""The season window's layout: a tool bar of the TD's actions and one table per part of the
season (events, standings, invitation list, semi-final stage, championship game). Layout only:
the controller connects the actions and fills the tables from a :class:`SeasonView`."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QSpinBox,
    QTableView,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.tournament.season import Invitation, QualifyingEvent, SeasonRow
from tdapp.core.tournament.season_calendar import outside_season, season_year
from tdapp.core.tournament.semifinal import Seat
from tdapp.gui import theme
from tdapp.gui.common.table_model import Column, RowTableModel
from tdapp.services.season import SeasonView


@dataclass(frozen=True)
class InvitationLine:
    invitation: Invitation
    preferred: str  # "2, 3" or ""
    status: str  # "straight to the final", "semi-final round 2, board 3", "declined" ...


def _points(value: float) -> str:
    return f"{value:.2f}"


EVENT_COLUMNS: list[Column[QualifyingEvent]] = [
    Column("Event", lambda e: e.name),
    Column("Date", lambda e: e.date),
    Column("Boards", lambda e: e.boards, align_right=True),
    Column("Players", lambda e: e.players, align_right=True),
    Column("Class", lambda e: (e.classification or "does not qualify").title()),
    Column("Event score", lambda e: f"{e.score:.0f}", sort_key=lambda e: e.score,
           align_right=True),
    Column("Why", lambda e: e.why()),
]

STANDINGS_COLUMNS: list[Column[SeasonRow]] = [
    Column("Rank", lambda r: r.rank, align_right=True),
    Column("Player", lambda r: r.player),
    Column("Total", lambda r: _points(r.total), sort_key=lambda r: r.total, align_right=True),
    Column("Counted events", lambda r: "; ".join(
        f"{c.event} ({c.place}) {_points(c.points)}" for c in r.counted)),
    Column("Best single", lambda r: _points(r.best_single), sort_key=lambda r: r.best_single,
           align_right=True),
    Column("TopShare %", lambda r: "" if r.top_share is None else f"{r.top_share:.2f}",
           sort_key=lambda r: -1 if r.top_share is None else r.top_share, align_right=True),
    Column("Rookie", lambda r: "rookie" if r.rookie else ""),
    Column("Tie-breaker", lambda r: r.reason),
]

INVITATION_COLUMNS: list[Column[InvitationLine]] = [
    Column("Seed", lambda x: x.invitation.seed, align_right=True),
    Column("Player", lambda x: x.invitation.player),
    Column("Invited as", lambda x: "alternate" if x.invitation.alternate else "qualifier"),
    Column("Why", lambda x: x.invitation.how),
    Column("Preferred rounds", lambda x: x.preferred, editable=True,
           tooltip="The semi-final rounds the player asked for, first choice first: 2, 1"),
    Column("Semi-final stage", lambda x: x.status),
]

STAGE_COLUMNS: list[Column[Seat]] = [
    Column("Round", lambda s: s.round, align_right=True),
    Column("Board", lambda s: s.board, align_right=True),
    Column("Seed", lambda s: s.seed, align_right=True),
    Column("Player", lambda s: s.player),
    Column("Preferred", lambda s: ", ".join(map(str, s.preferred)) or "none given",
           tooltip="A player with no preference counts as wanting round 1"),
    Column("Note", lambda s: "; ".join(n for n in (
        "moved (lowest seeds move to make boards of seven)" if s.moved else "",
        f"alternate for {s.replaces}" if s.replaces else "") if n)),
]

@dataclass(frozen=True)
class FinalLine:
    place: str  # the championship game's seeding (4.3: solo first, then DBN seed), or "alt 1"
    player: str
    seed: int
    how: str


FINAL_COLUMNS: list[Column[FinalLine]] = [
    Column("Championship seed", lambda f: f.place, align_right=True),
    Column("Player", lambda f: f.player),
    Column("DBN seed", lambda f: f.seed, align_right=True),
    Column("How", lambda f: f.how),
]


def _table(model: RowTableModel, stretch: int) -> QTableView:
    table = QTableView()
    table.setModel(model)
    table.verticalHeader().setVisible(False)
    table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return table


class SeasonWindow(QMainWindow):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("DBN Invitational season")
        self.resize(1200, 720)
        bar = QToolBar("Season")
        bar.setMovable(False)
        self.addToolBar(bar)
        self.new_action = bar.addAction("New season…")
        self.open_action = bar.addAction("Open season…")
        bar.addSeparator()
        self.add_event_action = bar.addAction("Add event…")
        self.remove_event_action = bar.addAction("Remove event")
        self.major_action = bar.addAction("Major on/off")
        self.major_action.setStatusTip("The DBN Board's say on the selected event (2.4.3)")
        self.known_action = bar.addAction("Known players…")
        self.known_action.setStatusTip("Players in the DBN database before the season; the "
                                       "others are rookies (2.10)")
        self.champion_action = bar.addAction("Defending champion…")
        self.coin_toss_action = bar.addAction("Record coin toss…")
        self.addToolBarBreak()  # the invitation list and the stage on a second row
        bar = QToolBar("Invitational")
        bar.setMovable(False)
        self.addToolBar(bar)
        self.decline_action = bar.addAction("Declined")
        self.cannot_play_action = bar.addAction("Cannot play")
        self.winner_action = bar.addAction("Semi-final winner…")
        self.mid_game_action = bar.addAction("Left mid-game…")
        self.mid_game_action.setStatusTip("The selected player left a semi-final game: the next "
                                          "alternate takes over; out for the season (5.8)")
        self.final_start_action = bar.addAction("Championship start…")
        self.final_start_action.setStatusTip("Option 1 or 2, agreed by the finalists or selected "
                                             "by the DBN Board (4.2)")
        self.export_action = bar.addAction("Export…")
        self.export_action.setStatusTip("The standings, invitations, semi-finals and "
                                        "championship game as PDF or Excel")
        bar.addSeparator()
        self.start_action = bar.addAction("Start the Invitational…")
        self.start_action.setStatusTip("Write the tournament file: seeded players, each "
                                       "semi-final round's roll call")
        self.season_actions = [self.start_action, self.add_event_action, self.remove_event_action,
                               self.major_action, self.known_action,
                               self.champion_action, self.coin_toss_action,
                               self.decline_action, self.cannot_play_action, self.winner_action,
                               self.mid_game_action, self.final_start_action,
                               self.export_action]
        self.events = RowTableModel(EVENT_COLUMNS, parent=self)
        self.standings = RowTableModel(STANDINGS_COLUMNS, parent=self)
        self.invitations = RowTableModel(
            INVITATION_COLUMNS, greyed=lambda x: x.invitation.alternate, parent=self)
        self.stage = RowTableModel(STAGE_COLUMNS, parent=self)
        self.final = RowTableModel(FINAL_COLUMNS, parent=self)
        self.events_table = _table(self.events, 6)
        self.standings_table = _table(self.standings, 3)
        self.invitations_table = _table(self.invitations, 3)
        self.stage_table = _table(self.stage, 5)
        self.final_table = _table(self.final, 3)
        self.tabs = QTabWidget()
        for table, title in ((self.events_table, "Events"),
                             (self.standings_table, "Standings"),
                             (self.invitations_table, "Invitations"),
                             (self.stage_table, "Semi-final stage"),
                             (self.final_table, "Championship game")):
            self.tabs.addTab(table, title)
        self.summary = QLabel("Open a season file, or start a new one.")
        self.summary.setWordWrap(True)
        # room for three wrapped lines: a word-wrapped label in a tabbed window gets squeezed
        self.summary.setMinimumHeight(self.summary.fontMetrics().lineSpacing() * 3 + 4)
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        theme.set_text_colour(self.problems, theme.ERROR)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self.summary)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.problems)
        self.setCentralWidget(body)
        self.set_season_open(False)

    def set_season_open(self, is_open: bool) -> None:
        for action in self.season_actions:
            action.setEnabled(is_open)

    def show_view(self, view: SeasonView, title: str) -> None:
        season = view.season_input
        self.setWindowTitle(f"{title} — DBN Invitational season")
        self.events.set_rows(list(season.events))
        self.standings.set_rows(list(view.standings.rows))
        self.invitations.replace_rows(invitation_lines(view))  # typed in: kept in place
        self.stage.set_rows(list(view.stage.seats) if view.stage else [])
        self.final.set_rows(final_lines(view))
        qualifying = sum(1 for e in season.events if e.qualifies)
        invited = sum(1 for i in view.invitations if not i.alternate)
        alternates = len(view.invitations) - invited
        self.summary.setText(
            f"{season.name or title}: {len(season.events)} events ({qualifying} qualifying), "
            f"{len(view.standings.rows)} players in the standings; {invited} invited "
            f"(of {season.invited}) and {alternates} alternates. Placement points are "
            f"1.5 × event score / (1.5 + (place − 1)^1.17), never under 1%; the best "
            f"{season.best} count.")
        if view.championship_start:
            self.summary.setText(self.summary.text() + " Championship game: "
                                 + view.championship_start + ".")
        waiting = [r.player for r in view.standings.rows if r.coin_toss_needed]
        lines = list(view.problems) + list(view.outside_season)
        if waiting:
            lines.append("A public coin toss is still needed between: " + ", ".join(waiting))
        self.problems.setText("\n".join(lines))

    def selected_invitation(self) -> InvitationLine | None:
        rows = self.invitations_table.selectionModel().selectedRows()
        return self.invitations.row_at(rows[0].row()) if rows else None

    def selected_event(self) -> QualifyingEvent | None:
        rows = self.events_table.selectionModel().selectedRows()
        return self.events.row_at(rows[0].row()) if rows else None


def final_lines(view: SeasonView) -> list[FinalLine]:
    """The championship game's players, then (once all seven are known) its alternates."""
    lines = [FinalLine(str(i), f.player, f.seed, f.how)
             for i, f in enumerate(view.finalists, start=1)]
    if len(view.finalists) == 7:
        lines.extend(FinalLine(f"alternate {i}", e.player, e.seed,
                               "did not win a semi-final game; alternates by DBN seed (4.4)")
                     for i, e in enumerate(view.final_alternates[:4], start=1))
    return lines


def invitation_lines(view: SeasonView) -> list[InvitationLine]:
    prefs = view.season_input.semifinal.preferences
    seats = {s.player: s for s in view.stage.seats} if view.stage else {}
    finalists = {e.player for e in view.stage.finalists} if view.stage else set()
    replaced = {r.out: r.alternate for r in view.stage.replacements} if view.stage else {}
    left = {m.out: m for m in view.mid_game}
    took_over = {m.alternate: m for m in view.mid_game}
    lines = []
    for inv in view.invitations:
        if inv.player in left:
            m = left[inv.player]
            status = (f"left semi-final board {m.board} ({m.phase}): replaced by {m.alternate}, "
                      "out for the season")
        elif inv.player in took_over:
            m = took_over[inv.player]
            status = f"took over on semi-final board {m.board} from {m.out} ({m.phase})"
        elif inv.player in finalists:
            status = "straight to the championship game (top three seed)"
        elif inv.player in seats:
            seat = seats[inv.player]
            status = f"semi-final round {seat.round}, board {seat.board}"
        elif inv.player in replaced:
            status = f"cannot play: replaced by {replaced[inv.player]}, out for the season"
        else:
            status = "alternate, not needed yet" if inv.alternate else ""
        lines.append(InvitationLine(inv, ", ".join(map(str, prefs.get(inv.player, ()))),
                                    status))
    return lines


class EventDialog(QDialog):
    """An event's name, date, size and the DBN Board's say on "major" (2.3-2.4).

    The date is typed as YYYY-MM-DD and defaults to today (issue 24: it defaulted to
    2000-01-01, and typing over a date field kept that year). A date outside the season's
    window (2.2.1) is said under it: the season's own once an event is dated (the file then
    refuses it, so OK waits), else today's season, asked about on OK."""

    def __init__(self, parent: QWidget | None, name: str = "", date: str = "",
                 boards: int = 0, players: int = 0, *, season: int | None = None,
                 today: dt.date | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Qualifying event")
        self.setMinimumWidth(520)
        self.season = season
        self.today = today or dt.date.today()
        self.name = QLineEdit(name)
        self.date = QLineEdit(date or self.today.isoformat())
        self.date.setObjectName("eventDate")
        self.date.setPlaceholderText("YYYY-MM-DD")
        self.date_note = QLabel()
        self.date_note.setObjectName("eventDateNote")
        self.date_note.setWordWrap(True)
        self.boards = QSpinBox()
        self.boards.setRange(0, 10000)
        self.boards.setValue(boards)
        self.players = QSpinBox()
        self.players.setRange(0, 100000)
        self.players.setValue(players)
        self.major = QCheckBox("Major (the DBN Board's say, 2.4.3)")
        form = QFormLayout(self)
        form.addRow("Name", self.name)
        form.addRow("Date", self.date)
        form.addRow("", self.date_note)
        form.addRow("Boards", self.boards)
        form.addRow("Unique players", self.players)
        form.addRow("", self.major)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.date.textChanged.connect(self._check_date)
        self._check_date()

    def date_text(self) -> str:
        return self.date.text().strip()

    def date_problem(self) -> tuple[str, bool]:
        """What is wrong with the date in words ("" when nothing), and whether it is refused
        (not a date, or outside a season whose events are dated) rather than only warned."""
        text = self.date_text()
        try:
            dt.date.fromisoformat(text)
        except ValueError:
            return (f"{text!r} is not a date: type it as YYYY-MM-DD "
                    f"({self.today.isoformat()})." if text else "Type the event's date "
                    "(YYYY-MM-DD)."), True
        if self.season is not None:
            why = outside_season(text, self.season)
            return (f"{why[0].upper()}{why[1:]}." if why else ""), bool(why)
        why = outside_season(text, season_year(self.today.isoformat()))
        return (f"Not in this season: {why}." if why else ""), False

    def _check_date(self) -> None:
        words, refused = self.date_problem()
        self.date_note.setText(words)
        self.date_note.setVisible(bool(words))
        theme.set_text_colour(self.date_note, theme.ERROR if refused else theme.WARNING)
        self.ok_button.setEnabled(not refused)
        if self.isVisible():
            self.adjustSize()  # the note's lines come and go: the dialog keeps them whole

    def accept(self) -> None:
        words, refused = self.date_problem()
        if refused:
            return
        if words and QMessageBox.question(
                self, "Date outside the season", f"{words}\n\nKeep this date?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No) != QMessageBox.StandardButton.Yes:
            self.date.setFocus()
            self.date.selectAll()
            return
        super().accept()
