"""A board's game view: order entry for the open phase, its results, the history of every
phase with corrections, draw votes, the end of the game and the supply-centre chart.

Layout and behaviour of the tabs live in their own modules. This view builds widgets, reads
sheets as they are typed and asks the TD before anything drastic; it never calls a service: it
emits what the TD asked for, and its controller (``gui/game/controller.py``, ``BoardController``)
makes the call through the operation API and pushes the game back with :meth:`GameView.show_game`."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.board.contract import position_from_contract
from tdapp.core.board.position import Position
from tdapp.core.game.builds import carried_total
from tdapp.core.game.ending import fall_in_hand, supply_centre_chart
from tdapp.core.game.phases import phase_title
from tdapp.core.game.record import saved_status
from tdapp.core.game.sheets import (
    duplicate_orders,
    free_home_centres,
    legal_retreats,
    orderable_units,
    read_sheet,
    unordered_units,
)
from tdapp.core.orders.options import ParseOptions
from tdapp.core.orders.result import ParseResult
from tdapp.core.powers import POWERS
from tdapp.gui import theme
from tdapp.gui.game.adjudication import AdjudicationView
from tdapp.gui.game.chart import CentreChart
from tdapp.gui.game.draw_vote import ABANDONED, DrawVoteDialog
from tdapp.gui.game.entry import EntryPage, rules_text, unordered_line
from tdapp.gui.game.faults import check_sheet, fate, outcome_words
from tdapp.gui.game.history import HistoryPage
from tdapp.gui.results.player_left import PlayerLeftDialog
from tdapp.services import games
from tdapp.services.replacements import ReplacementRow
from tdapp.services.results import END_REASONS

PLACEHOLDERS = {
    "M": "Type the orders as written: A Par-Bur, F Bre-Mao …",
    "R": "Type the retreats as written: A Mun-Boh, or Disband A Mun",
    "A": "Type the builds or removals as written: Build A Par, Remove F Nap, Waive",
}
CD_NAMES = {"wdc-2025": "WDC 2025", "rulebook": "rulebook", "rulebook-1971": "1971 rulebook"}


class GameView(QWidget):
    """The game of one board. Opens on the open phase's order entry.

    Each signal is one thing the TD asked for; the controller, connected directly, has done it
    (and pushed the answer back here) by the time ``emit`` returns."""

    reload_requested = Signal()
    save_requested = Signal(str, str, object)  # power, the sheet's text, the phase it is for
    start_requested = Signal()
    status_requested = Signal(str, str, object)  # power, status, the phase it is for
    adjudicate_requested = Signal(object)  # the phase
    correction_requested = Signal(int, str, str, bool)  # phase seq, power, text, override
    player_left_requested = Signal()
    draw_vote_requested = Signal()
    # votes, abandoned powers, the draw's powers (None: every power with a centre), the phase
    vote_held = Signal(dict, list, object, object)
    vetoed_openly = Signal(list, object)  # the powers who vetoed, the phase
    chart_export_requested = Signal(object)  # the Path chosen
    end_requested = Signal(str)  # the reason
    result_requested = Signal()  # the game is over: open its result, as recorded, to check it
    told = Signal(str, str)  # title, text: something the TD is told (an information box)

    def __init__(self, board_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board_id = board_id
        self.setObjectName("gameView")
        self.state: games.GameState | None = None
        self.options = ParseOptions()
        self.judge_rules: dict[str, str] = {}
        self.civil_disorder = "rulebook"
        self.vote_dialog: DrawVoteDialog | None = None
        self.left_dialog: PlayerLeftDialog | None = None
        self._history_stale = True
        self._judged: tuple[dict[str, Any], Position | None] | None = None
        self._departures: list[ReplacementRow] = []
        self._opened: DrawVoteDialog | PlayerLeftDialog | None = None  # what the last ask opened
        self._correcting = ""  # the history's phase while a correction is saved
        self._exported: Path | None = None
        self._build()
        self._connect()

    # -- layout -------------------------------------------------------------------------
    def _build(self) -> None:
        self.title = QLabel()
        self.title.setObjectName("gameTitle")
        theme.enlarge(self.title, 5, bold=True)
        self.banner = QLabel()
        self.banner.setObjectName("gameBanner")
        self.banner.setWordWrap(True)
        self.start_button = QPushButton("&Start the game")
        self.start_button.setObjectName("startGame")
        self.vote_button = QPushButton("&Draw vote…")
        self.vote_button.setObjectName("drawVote")
        self.vote_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.left_button = QPushButton("Player &left…")
        self.left_button.setObjectName("playerLeft")
        self.left_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.end_button = QToolButton()
        self.end_button.setText("&End game")
        self.end_button.setObjectName("endGame")
        self.end_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.end_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        menu = QMenu(self.end_button)
        self.call_action = menu.addAction("The TD calls the game (scored now)")
        self.time_action = menu.addAction("The round's time is up (last completed Fall)")
        self.end_button.setMenu(menu)
        self.result_button = QPushButton("Check the &result…")
        self.result_button.setObjectName("checkResult")
        self.result_button.setToolTip("The result recorded from the game, in the result grid: "
                                      "check it, or change and save it")
        self.result_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.result_button.hide()
        head = QHBoxLayout()
        head.addWidget(self.title)
        head.addStretch(1)
        head.addWidget(self.start_button)
        head.addWidget(self.vote_button)
        head.addWidget(self.left_button)
        head.addWidget(self.end_button)
        head.addWidget(self.result_button)
        self.entry = EntryPage()
        self.results = AdjudicationView()
        self.history = HistoryPage()
        self.chart = CentreChart()
        self.tabs = QTabWidget()
        self.tabs.setObjectName("gameTabs")
        self.tabs.addTab(self.entry, "&Orders")
        self.tabs.addTab(self.results, "&Results")
        self.tabs.addTab(self.history, "&History")
        self.tabs.addTab(self.chart, "&Centres")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.addLayout(head)
        layout.addWidget(self.banner)
        layout.addWidget(self.tabs, 1)

    def _connect(self) -> None:
        self.start_button.clicked.connect(self.start)
        self.vote_button.clicked.connect(self.open_draw_vote)
        self.left_button.clicked.connect(self.player_left)
        self.call_action.triggered.connect(lambda: self.end("called"))
        self.time_action.triggered.connect(lambda: self.end("time"))
        self.result_button.clicked.connect(self.result_requested)
        self.entry.adjudicate_requested.connect(self.adjudicate)
        for panel in self.entry.panels.values():
            panel.edit.textChanged.connect(lambda p=panel.power: self.reread(p))
            panel.accepted.connect(self._accepted)
            panel.left.connect(self.save)
            panel.status_requested.connect(self.set_status)
            panel.edit.tab_handler = lambda forward, p=panel.power: self._tab(p, forward)
        self.history.correction_requested.connect(self.correct)
        self.chart.export_button.clicked.connect(self.export_chart)
        self.tabs.currentChanged.connect(self._tab_changed)
        shortcut = QShortcut(QKeySequence("Ctrl+Return"), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.adjudicate)
        shortcut2 = QShortcut(QKeySequence("Ctrl+Enter"), self)
        shortcut2.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut2.activated.connect(self.adjudicate)

    def _tab_changed(self, index: int) -> None:
        """Back on the orders: the first sheet that can be typed has the keyboard."""
        if self.tabs.widget(index) is self.history:
            self._refresh_history()
        if self.tabs.widget(index) is self.entry:
            for power in POWERS:
                edit = self.entry.panels[power].edit
                if edit.isEnabled():
                    edit.setFocus(Qt.FocusReason.TabFocusReason)
                    return

    # -- reading the game ------------------------------------------------------------------
    def reload(self) -> None:
        """Read the game again (the controller answers with :meth:`show_game`)."""
        self.reload_requested.emit()

    def show_game(self, state: games.GameState,
                  rules: tuple[ParseOptions, dict[str, str], str] | None,
                  departures: Sequence[ReplacementRow]) -> None:
        """The board's game as the file has it: its phases, the format's rules for reading
        sheets (None when they could not be read) and who left the board mid-game."""
        self.state = state
        self._departures = list(departures)
        if rules is not None:
            self.options, self.judge_rules, self.civil_disorder = rules
            cd = CD_NAMES.get(self.civil_disorder, self.civil_disorder)
            self.entry.set_rules(rules_text(self.options, self.judge_rules, cd))
        current = state.current
        where = f"Round {state.round_number} · Board {state.board_number}"
        self.title.setText(f"{where} — {phase_title(current.phase)}"
                           if current else where)
        self.setWindowTitle(f"{where} — tdapp")
        self.start_button.setVisible(not state.started and not state.finished)
        live = state.started and not state.finished
        self.vote_button.setEnabled(live)
        self.end_button.setEnabled(live)
        self.result_button.setVisible(state.finished)
        self._show_banner(state)
        for power, panel in self.entry.panels.items():
            panel.set_player(state.players.get(power))
        if current is not None:
            self._load_entry(current, live)
        else:
            for panel in self.entry.panels.values():
                panel.load("", games.ENTERED, "", False, False)
            self.entry.adjudicate_button.setEnabled(False)
        adjudicated = [i for i, p in enumerate(state.phases) if p.adjudicated]
        if adjudicated:
            i = adjudicated[-1]
            self.results.show_phase(state.phases[i], state.phases[i + 1]
                                    if i + 1 < len(state.phases) else None)
        else:
            self.results.clear()
        # The history repaints its own table and map: only when it is looked at
        self._history_stale = True
        if self.tabs.currentWidget() is self.history:
            self._refresh_history()
        self.chart.set_rows(supply_centre_chart(state.phases))

    def _refresh_history(self) -> None:
        if self._history_stale and self.state is not None:
            self.history.set_phases(self.state.phases, self.state.corrections)
            self._history_stale = False

    def _show_banner(self, state: games.GameState) -> None:
        if state.finished:
            reason = END_REASONS.get(state.end_reason or "", state.end_reason or "")
            self.banner.setText(f"Game over — {reason}. The result is recorded on the board for "
                                "scoring (Check the result… opens it).")
            theme.set_banner(self.banner, theme.OK_BACKGROUND, bold=True)
        elif not state.started:
            self.banner.setText("The game has not started: Start the game opens Spring 1901.")
            theme.set_banner(self.banner, theme.WARNING_BACKGROUND)
        else:
            votes = list(state.votes)
            last = ""
            if votes:
                v = votes[-1]
                among = (" on a draw of " + ", ".join(p.title() for p in v.powers)
                         if state.named_draws else "")
                last = (f" Last draw vote ({phase_title(v.phase)}){among}: "
                        f"{'passed' if v.passed else 'failed'}"
                        + (" — secret." if v.secret else
                           " — " + ", ".join(f"{p.title()} {'yes' if y else 'no'}"
                                             for p, y in (v.votes or {}).items()) + "."))
                if v.vetoed:  # seed 000 5.7.1: vetoed at the Game Table, no vote held
                    last = (f" Last draw proposal ({phase_title(v.phase)}): vetoed openly by "
                            + ", ".join(p.title() for p in v.vetoed_by) + "; no vote held.")
            self.banner.setText(f"{state.format_title}.{last}{self._departures_text()}")
            theme.set_banner(self.banner, None, colour=theme.MUTED, padding_px=2)

    def _departures_text(self) -> str:
        """Who left this board and who took over; a seat in civil disorder holds and votes
        for every draw (WDC 2025 III.3, VII.3.c)."""
        left = self._departures
        if not left:
            return ""
        texts = "; ".join(r.text + (" (its units hold; it votes for every draw)"
                                    if r.replaced_by is None else "") for r in left)
        return f" Left mid-game: {texts}."

    def _owes(self, position: dict[str, Any], power: str) -> tuple[str, bool]:
        kind = str(position["phase"])[-1]
        if kind == "R":
            retreats = legal_retreats(position, power)
            if not retreats:
                return "Nothing to retreat.", False
            return "Retreats: " + "; ".join(
                f"{unit} → {', '.join(where) or 'none: disbanded'}"
                for unit, where in retreats.items()), True
        if kind == "A":
            owed = position.get("adjustments", {}).get(power, 0)
            carried = carried_total(position).get(power, 0)
            late = ""
            if carried and owed:
                more = "more" if (owed > 0) == (carried > 0) else "fewer"
                late = f"{abs(carried)} {more} for a build error found late"
            if owed > 0:
                free = ", ".join(free_home_centres(position, power))
                return (f"Builds owed: {owed} (free home centres: {free}"
                        + (f"; {late})" if late else ")")), True
            if owed < 0:
                cd = CD_NAMES.get(self.civil_disorder, self.civil_disorder)
                return (f"Removals owed: {-owed}" + (f" ({late})" if late else "")
                        + f"; a removal not written follows the {cd} civil-disorder order"), True
            if carried:
                return "No adjustment: a build error found late evens it out.", False
            return "No adjustment.", False
        units = position.get("units", {}).get(power, [])
        return ("" if units else "No units."), bool(units)

    def _load_entry(self, current: games.PhaseRow, live: bool) -> None:
        rule = self.state.grace if self.state is not None else None
        grace = rule is not None and current.kind == "M"
        for power, panel in self.entry.panels.items():
            sheet = current.sheets.get(power)
            owes, can_order = self._owes(current.position, power)
            panel.edit.setPlaceholderText(PLACEHOLDERS[current.kind] if can_order else "")
            panel.load(sheet.text if sheet else "", sheet.status if sheet else games.ENTERED,
                       owes, can_order and live and not current.adjudicated,
                       grace, sheet.grace_started_at if sheet else None,
                       rule.minutes if rule is not None else None)
            self.reread(power)
        self.entry.adjudicate_button.setEnabled(live)

    # -- typing ---------------------------------------------------------------------------
    def _status(self, power: str) -> str:
        current = self.state.current if self.state else None
        sheet = current.sheets.get(power) if current else None
        return sheet.status if sheet else games.ENTERED

    def reread(self, power: str) -> None:
        """Read a sheet as it is typed: readings, underlines, and the summary of gaps."""
        current = self.state.current if self.state else None
        if current is None:
            return
        panel = self.entry.panels[power]
        text = panel.edit.toPlainText()
        read = read_sheet(text, power, current.position, self.options) if text else []
        # what the judge will void on its own is shown now, not only at adjudication
        owed = (current.position.get("adjustments", {}).get(power, 0)
                if current.kind == "A" else None)
        checked = check_sheet(read, power, self._judged_position(current),
                              orderable_units(current.position, power), owed)
        status = self._status(power)
        unordered = unordered_units(current.position, power, checked.results, status)
        if status != games.NO_ORDERS:  # a unit whose order is void is told once, with it
            unordered = [u for u in unordered if u not in checked.holding_units()]
        duplicates = duplicate_orders(checked.results, self.judge_rules, self.options)
        panel.show_reading(checked.results, unordered, status, duplicates, current.kind,
                           checked.holding)
        self._show_gaps()

    def _judged_position(self, current: games.PhaseRow) -> Position | None:
        """The open phase's position as the judge sees it (made once per phase shown)."""
        if self._judged is None or self._judged[0] is not current.position:
            try:
                board: Position | None = position_from_contract(current.position)
            except ValueError:  # a position the judge cannot read: the sheets are still read
                board = None
            self._judged = (current.position, board)  # kept: compared by identity
        return self._judged[1]

    def _show_gaps(self) -> None:
        gaps = self._gaps()
        if gaps is not None:
            self.entry.show_gaps(*gaps)

    def _gaps(self) -> tuple[list[str], list[str], list[str]] | None:
        """Units left without orders (and builds not written), void orders, and the units
        given two orders where the format lets the last one count, power by power."""
        current = self.state.current if self.state else None
        if current is None:
            return None
        lines: list[str] = []
        void: list[str] = []
        counted: list[str] = []
        last_counts = self.judge_rules.get("duplicate_orders") == "last"
        for power in POWERS:
            panel = self.entry.panels[power]
            if current.kind == "A":
                owed = current.position.get("adjustments", {}).get(power, 0)
                written = sum(1 for r in panel.results if r.error is None)
                if owed and written < abs(owed):
                    what = "build" if owed > 0 else "removal"
                    void_too = " (a void one does not count)" if any(
                        r.error for r in panel.results) else ""
                    lines.append(f"{power.title()}: {abs(owed) - written} {what}"
                                 f"{'s' if abs(owed) - written > 1 else ''} not written"
                                 f"{void_too}")
            elif panel.unordered and self._status(power) != games.NO_ORDERS:
                lines.append(unordered_line(power, panel.unordered, current.kind))
            for i, r in enumerate(panel.results):
                if r.error:
                    held = (f" — {fate(panel.holding[i], current.kind)}"
                            if i in panel.holding and self._status(power) != games.NO_ORDERS
                            else "")
                    void.append(f"{power.title()}: '{r.text}' — {r.error}{held}")
            if last_counts:  # not void: the unit moves by its last order (EDC 2026)
                counted += _last_orders(power, panel.results, panel.duplicates)
            else:
                void += sorted({f"{power.title()}: {note}"
                                for note in panel.duplicates.values()})
        return lines, void, counted

    def _accepted(self, power: str) -> None:
        self.save(power)
        self._tab(power, True)

    def _tab(self, power: str, forward: bool) -> bool:
        """The keyboard to the next (or previous) power with something to order, round again
        after Turkey; the sheet left behind is saved when it loses the focus."""
        order = list(POWERS) if forward else list(reversed(POWERS))
        start = order.index(power)
        for step in range(1, len(order)):
            panel = self.entry.panels[order[(start + step) % len(order)]]
            if panel.edit.isEnabled():
                panel.edit.setFocus(Qt.FocusReason.TabFocusReason)
                return True
        return self.entry.panels[power].edit.isEnabled()  # the only sheet: it keeps the keys

    def save(self, power: str) -> None:
        panel = self.entry.panels[power]
        if not panel.dirty or self.state is None or not self.state.started:
            return
        text = panel.edit.toPlainText()
        self.save_requested.emit(power, text,
                                 self.state.current.phase if self.state.current else None)

    def sheet_saved(self, power: str, text: str) -> None:
        """The sheet ``text`` of ``power`` is in the file: mark it saved, without a reload."""
        current = self.state.current if self.state is not None else None
        if current is None:
            return
        panel = self.entry.panels[power]
        panel.saved_text = text
        before = current.sheets.get(power)
        status = saved_status(before.status if before else None)
        current.sheets[power] = games.SheetRow(power, text, status)
        panel.status.setText(games.SHEET_STATUSES[status] if status != games.ENTERED else "")
        panel.status.setVisible(status != games.ENTERED)
        self.reread(power)

    def save_all(self) -> None:
        for power in POWERS:
            self.save(power)

    # -- actions --------------------------------------------------------------------------
    def start(self) -> None:
        self.start_requested.emit()
        self.entry.panels["AUSTRIA"].edit.setFocus()

    def set_status(self, power: str, status: str) -> None:
        """Mark a sheet; "No orders" again on a sheet marked so takes the mark back."""
        self.save(power)
        if status == games.NO_ORDERS and self._status(power) == games.NO_ORDERS:
            status = games.ENTERED
        self.status_requested.emit(power, status, self._phase())

    def _phase(self) -> str | None:
        """The open phase as this window shows it (an entry sent later must still be for it)."""
        current = self.state.current if self.state else None
        return current.phase if current else None

    def adjudicate(self) -> None:
        if self.state is None or self.state.finished or not self.state.started:
            return
        self.save_all()
        if not self._adjudicate_during_grace() or not self._adjudicate_with_gaps():
            return
        self.adjudicate_requested.emit(self.state.current.phase if self.state.current else None)

    def show_adjudicated(self) -> None:
        self.tabs.setCurrentWidget(self.results)

    def grace_running(self, now: dt.datetime | None = None) -> list[str]:
        """The powers whose grace period for a missing sheet has not ended, with its end
        ("Russia (until 10:05:23)"); a sheet typed in the grace period is no longer waited for."""
        current = self.state.current if self.state else None
        rule = self.state.grace if self.state else None
        if current is None or rule is None:
            return []
        now = now or dt.datetime.now(dt.UTC)
        waiting = []
        for power in POWERS:
            sheet = current.sheets.get(power)
            if sheet is None or sheet.status != games.GRACE or sheet.grace_started_at is None:
                continue
            ends = sheet.grace_started_at.replace(tzinfo=dt.UTC) + dt.timedelta(
                minutes=rule.minutes)
            if now < ends:
                waiting.append(f"{power.title()} (until {ends.astimezone():%H:%M:%S})")
        return waiting

    def _adjudicate_during_grace(self) -> bool:
        """Ctrl+Enter while a grace period runs would make that power's units hold for good:
        ask first."""
        waiting = self.grace_running()
        if not waiting:
            return True
        answer = QMessageBox.question(
            self, "Grace period running",
            f"The grace period for a missing sheet is still running: {', '.join(waiting)}.\n\n"
            "Adjudicate now? Their units will hold.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def _phase_kind(self) -> str:
        current = self.state.current if self.state else None
        return current.kind if current is not None else "M"

    def _adjudicate_with_gaps(self) -> bool:
        """Void orders and units without an order hold: name them and ask before adjudicating."""
        lines, void, counted = self._gaps() or ([], [], [])
        if not lines and not void and not counted:
            return True
        shown = lines + void
        parts = []
        if shown:
            more = f"\n…and {len(shown) - 12} more" if len(shown) > 12 else ""
            parts.append("These orders are void or missing:\n\n" + "\n".join(shown[:12])
                         + more + f"\n\n{outcome_words(self._phase_kind())}")
        if counted:  # issue 24: listed among the void, though the unit moves
            parts.append("A unit with two orders moves by the last one written:\n\n"
                         + "\n".join(counted))
        answer = QMessageBox.question(
            self, "Void or unread orders" if shown else "Two orders for one unit",
            "\n\n".join(parts) + "\n\nAdjudicate now?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def correct(self, seq: int, power: str, text: str, override: bool) -> None:
        current = self.history.current()
        self._correcting = current.phase if current is not None else ""
        self.correction_requested.emit(seq, power, text, override)

    def show_correction(self, report: games.CorrectionReport) -> None:
        """A correction saved: the history shows its phase and what it changed."""
        self.history.select_phase(self._correcting)
        self.history.show_report(report)

    def player_left(self) -> PlayerLeftDialog | None:
        """A player leaves this board: a replacement takes the seat or it is left in civil
        disorder, from the open phase (WDC 2025 III.3)."""
        self._opened = None
        self.player_left_requested.emit()
        return self._opened if isinstance(self._opened, PlayerLeftDialog) else None

    def show_player_left(self, dialog: PlayerLeftDialog) -> None:
        dialog.finished.connect(lambda _code: dialog.deleteLater())
        self.left_dialog = dialog
        self._opened = dialog
        dialog.open()

    def open_draw_vote(self) -> DrawVoteDialog | None:
        self._opened = None
        self.draw_vote_requested.emit()
        return self._opened if isinstance(self._opened, DrawVoteDialog) else None

    def show_draw_vote(self, preview: games.VotePreview, civil_disorder: set[str]) -> None:
        """The draw vote dialog for ``preview``; a seat left in ``civil_disorder`` is shown as
        abandoned (it votes for every draw)."""
        current = self.state.current if self.state else None
        title = phase_title(current.phase) if current else ""
        dialog = DrawVoteDialog(preview.eligible, preview.secret, title, self,
                                named=preview.named)
        # a seat left in civil disorder votes for every draw: shown as abandoned, ready
        for power in civil_disorder:
            if power in dialog.choices:
                dialog.choices[power].setCurrentText(ABANDONED)
        dialog.accepted.connect(lambda: self.hold_vote(dialog.votes(), dialog.abandoned(),
                                                       dialog.draw_powers()))
        dialog.vetoed.connect(self.veto_openly)
        self.vote_dialog = dialog
        self._opened = dialog
        dialog.open()

    def hold_vote(self, votes: dict[str, bool], abandoned: Sequence[str],
                  powers: Sequence[str] | None = None) -> None:
        """Record the vote on a draw of ``powers`` (every power with a centre when None); the
        banner then says whether it passed (and, when open, how each power voted), and a
        passed vote ends the game."""
        self.vote_held.emit(votes, list(abandoned), list(powers) if powers is not None else None,
                            self._phase())

    def veto_openly(self, powers: Sequence[str]) -> None:
        """A proposal vetoed openly at the table (DBN 5.7.1): recorded with who vetoed it; no
        vote is held and the season's draw vote is not used up."""
        self.vetoed_openly.emit(list(powers), self._phase())

    def export_chart(self) -> Path | None:
        state = self.state
        if state is None:
            return None
        suggested = f"centres-round{state.round_number}-board{state.board_number}.csv"
        name, _ = QFileDialog.getSaveFileName(self, "Export the supply-centre chart",
                                              suggested, "CSV files (*.csv)")
        if not name:
            return None
        self._exported = None
        self.chart_export_requested.emit(Path(name))
        return self._exported

    def chart_exported(self, path: Path) -> None:
        self._exported = path

    def end(self, reason: str) -> None:
        if reason == "time" and self.state is not None and fall_in_hand(self.state.current):
            answer = QMessageBox.question(
                self, "Time is up during a Fall",
                "The Fall is being adjudicated: adjudicate it first and score the game on it?"
                "\n\nNo: score on the last completed Fall.",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
                | QMessageBox.StandardButton.Cancel)
            if answer == QMessageBox.StandardButton.Cancel:
                return
            if answer == QMessageBox.StandardButton.Yes:
                self.adjudicate()
                current = self.state.current if self.state else None
                if current is not None and current.phase.startswith("F"):
                    self.told.emit("Retreats first", "Enter and adjudicate the Fall retreats, "
                                   "then end the game.")
                    return
                if self.state is not None and self.state.finished:
                    return  # the Fall itself ended the game
                self.end_requested.emit(reason)
                return
            self.end_requested.emit(reason)
            return
        words = {"called": "The TD calls the game now: it is scored on the centres of the "
                           "last completed Fall.",
                 "time": "The round's time is up: the game is scored on the centres of the "
                         "last completed Fall."}[reason]
        answer = QMessageBox.question(self, "End the game", words + "\n\nEnd the game?")
        if answer == QMessageBox.StandardButton.Yes:
            self.end_requested.emit(reason)


def _last_orders(power: str, results: Sequence[ParseResult], duplicates: Mapping[int, str]
                 ) -> list[str]:
    """The order that counts for each unit written twice, where the last one counts: its
    note and the order as written ("France: A PAR has two orders: this last one counts —
    'A Par-Pic'")."""
    last: dict[str, int] = {}
    for i in sorted(duplicates):
        last[" ".join(results[i].normalized.split()[:2])] = i
    return [f"{power.title()}: {duplicates[i]} — '{results[i].text}'" for i in last.values()]
