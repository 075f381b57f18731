"""Order entry for the open phase: one panel per power in reading order (AEFGIRT), each line
shown as typed and as read, and the units left without an order listed before adjudication."""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.orders.options import MissingCoast, ParseOptions
from tdapp.core.orders.result import ParseResult
from tdapp.core.powers import POWERS
from tdapp.gui import theme
from tdapp.gui.game.faults import fate
from tdapp.gui.game.sheet_edit import SheetEdit
from tdapp.services import games

POWER_COLOURS = theme.POWER_TEXT_COLOURS


def shown(normalized: str) -> str:
    """The canonical reading as the screens show it: ``A PAR – BUR``."""
    return normalized.replace(" - ", " – ")


def reading_lines(results: Sequence[ParseResult]) -> list[tuple[str, str, str]]:
    """(as typed, as read, problem) per order; ``problem`` empty when it reads cleanly."""
    lines = []
    for r in results:
        if r.error:
            problem = r.error
            if r.ambiguous and "could be" not in problem:
                problem += " (could be " + " or ".join(shown(a) for a in r.ambiguous) + ")"
            lines.append((r.text, shown(r.normalized) if r.normalized else "—", problem))
        else:
            lines.append((r.text, shown(r.normalized), "; ".join(r.warnings)))
    return lines


def unordered_line(power: str, units: Sequence[str], kind: str = "M") -> str:
    """``Italy: F NAP has no order — it will hold`` (in a retreat phase: disbanded)."""
    verb = "has" if len(units) == 1 else "have"
    pronoun = "it" if len(units) == 1 else "they"
    fate = "be disbanded" if kind == "R" else "hold"
    return f"{power.title()}: {', '.join(units)} {verb} no order — {pronoun} will {fate}"



class ElidingLabel(QLabel):
    """A one-line label that ends in "…" when it is too narrow, instead of cutting a name off
    mid-letter ("Austria — Jorge Castellanc"); ``text()`` stays the whole text."""

    def __init__(self, text: str = "") -> None:
        super().__init__()
        self._full = text
        self._show()

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        self._full = text
        self._show()

    def text(self) -> str:
        return self._full

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._show()

    def _show(self) -> None:
        width = max(0, self.contentsRect().width())
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, width)
        super().setText(shown if width else self._full)

class PowerPanel(QFrame):
    """One power: who plays it, the sheet, how it reads, what it still owes."""

    accepted = Signal(str)  # power
    left = Signal(str)
    status_requested = Signal(str, str)  # power, status

    def __init__(self, power: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.power = power
        self.setObjectName(f"panel{power.title()}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        colour = POWER_COLOURS[power]
        self.title = ElidingLabel(power.title())
        theme.set_text_colour(self.title, colour, bold=True, size_px=14)
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status = QLabel()
        self.status.setObjectName("sheetStatus")
        theme.set_text_colour(self.status, theme.MUTED)
        self.status.setWordWrap(True)  # a grace period's start and end do not fit one line
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.no_orders = self._small_button("No orders", games.NO_ORDERS,
                                            "No sheet: every unit holds (Ctrl+Shift+N)")
        self.grace = self._small_button("Grace", games.GRACE,
                                        "Start the format's grace period (Ctrl+Shift+G)")
        for keys, status in (("Ctrl+Shift+N", games.NO_ORDERS), ("Ctrl+Shift+G", games.GRACE)):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(
                lambda s=status: self._shortcut_status(s))
        self.accept_button = QToolButton()
        self.accept_button.setObjectName("acceptSheet")
        self.accept_button.setText("Accept ⇧↵")
        self.accept_button.setToolTip("Accept this sheet and go to the next power (Shift+Enter);"
                                      " Enter starts a new line")
        self.accept_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.accept_button.clicked.connect(lambda: self.accepted.emit(self.power))
        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(self.accept_button)
        head.addWidget(self.no_orders)
        head.addWidget(self.grace)
        self.owes = QLabel()
        self.owes.setObjectName("owes")
        self.owes.setWordWrap(True)
        self.owes.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        theme.set_text_colour(self.owes, theme.SECONDARY)
        self.edit = SheetEdit()
        self.edit.setObjectName(f"sheet{power.title()}")
        self.edit.setMinimumHeight(96)
        self.edit.accepted.connect(lambda: self.accepted.emit(self.power))
        self.edit.left.connect(lambda: self.left.emit(self.power))
        self.reading = QLabel()
        self.reading.setObjectName("reading")
        self.reading.setWordWrap(True)
        self.reading.setTextFormat(Qt.TextFormat.RichText)
        self.reading.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.reading.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(4)
        layout.addLayout(head)
        layout.addWidget(self.status)
        layout.addWidget(self.owes)
        layout.addWidget(self.edit, 2)
        layout.addWidget(self.reading, 3)
        self.results: list[ParseResult] = []
        self.unordered: list[str] = []
        self.duplicates: dict[int, str] = {}
        self.holding: dict[int, str] = {}
        self.saved_text = ""

    def _small_button(self, text: str, status: str, tip: str) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes from sheet to sheet
        button.clicked.connect(lambda: self.status_requested.emit(self.power, status))
        return button

    def _shortcut_status(self, status: str) -> None:
        button = self.no_orders if status == games.NO_ORDERS else self.grace
        if button.isEnabled() and button.isVisibleTo(self):
            self.status_requested.emit(self.power, status)

    @property
    def dirty(self) -> bool:
        return self.edit.toPlainText() != self.saved_text

    def set_player(self, name: str | None) -> None:
        self.title.setText(f"{self.power.title()} — {name}" if name else self.power.title())
        self.title.setToolTip(self.title.text())  # the whole name when a long one is cut

    def load(self, text: str, status: str, owes: str, can_order: bool,
             grace_allowed: bool, grace_started: dt.datetime | None = None,
             grace_minutes: int | None = None) -> None:
        typing = self.dirty and self.edit.hasFocus()  # never overwrite what is being typed
        if not typing:
            self.saved_text = text
            if self.edit.toPlainText() != text:
                self.edit.setPlainText(text)
        label = games.SHEET_STATUSES.get(status, status) if status != games.ENTERED else ""
        if status == games.GRACE and grace_started is not None:
            local = grace_started.replace(tzinfo=dt.UTC).astimezone()
            label += f" since {local:%H:%M:%S}"
            if grace_minutes:  # when it ends is what the TD watches for
                ends = local + dt.timedelta(minutes=grace_minutes)
                label += f", ends {ends:%H:%M:%S} ({grace_minutes} min)"
        self.status.setText(label)
        self.status.setVisible(bool(label))
        self.owes.setText(owes)
        self.owes.setVisible(bool(owes))
        self.edit.setEnabled(can_order)
        self.accept_button.setEnabled(can_order)
        self.no_orders.setEnabled(can_order)
        self.grace.setVisible(grace_allowed)
        self.grace.setEnabled(can_order)

    def show_reading(self, results: Sequence[ParseResult], unordered: Sequence[str],
                     status: str, duplicates: Mapping[int, str] | None = None,
                     kind: str = "M", holding: Mapping[int, str] | None = None) -> None:
        """``holding``: the index of a void order -> the unit it leaves holding."""
        duplicates = duplicates or {}
        self.duplicates = dict(duplicates)
        self.holding = dict(holding or {})
        self.results = list(results)
        self.unordered = list(unordered)
        self.edit.show_faults(results)
        rows = []
        if status == games.NO_ORDERS:
            rows.append(f"<span style='color:{theme.MUTED}'>No orders: every unit holds.</span>")
        for i, (r, (typed, read, problem)) in enumerate(
                zip(results, reading_lines(results), strict=True)):
            typed_html = html.escape(typed)
            if i in duplicates:
                problem = "; ".join(p for p in (problem, duplicates[i]) if p)
            if r.error:
                if i in self.holding and status != games.NO_ORDERS:
                    problem += f" — {fate(self.holding[i], kind)}"
                as_read = f" → <b>{html.escape(read)}</b>" if r.normalized else ""
                rows.append(f"<span style='color:{theme.SHEET_ERROR}'>✗ {typed_html}{as_read}: "
                            f"{html.escape(problem)}</span>")
            else:
                row = f"✓ {typed_html} → <b>{html.escape(read)}</b>"
                if problem:
                    row += f"<br><span style='color:{theme.WARNING}'>&nbsp;&nbsp;{html.escape(problem)}"
                    row += "</span>"
                rows.append(row)
        if unordered and status != games.NO_ORDERS:
            what = "will be disbanded" if kind == "R" else "will hold"
            rows.append(f"<span style='color:{theme.MUTED}'>{html.escape(', '.join(unordered))}: "
                        f"no order — {what}</span>")
        self.reading.setText("<br>".join(rows))


class EntryPage(QWidget):
    """The seven panels and, in the eighth place, what adjudication will do with the gaps."""

    adjudicate_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.panels = {p: PowerPanel(p) for p in POWERS}
        outer = QVBoxLayout(self)
        outer.setContentsMargins(8, 6, 8, 8)
        grid = QGridLayout()
        grid.setSpacing(8)
        for i, power in enumerate(POWERS):
            grid.addWidget(self.panels[power], i // 4, i % 4)
        summary = QFrame()
        summary.setObjectName("entrySummary")
        summary.setFrameShape(QFrame.Shape.StyledPanel)
        self.rules = QLabel()
        self.rules.setObjectName("orderRules")
        self.rules.setWordWrap(True)
        theme.set_text_colour(self.rules, theme.SECONDARY)
        self.rules.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.gaps = QLabel()
        self.gaps.setObjectName("unorderedUnits")
        self.gaps.setWordWrap(True)
        self.gaps.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.gaps.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.gaps)
        self.adjudicate_button = QPushButton("&Adjudicate (Ctrl+Enter)")
        self.adjudicate_button.setObjectName("adjudicateButton")
        self.adjudicate_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.adjudicate_button.clicked.connect(self.adjudicate_requested)
        box = QVBoxLayout(summary)
        heading = QLabel("Before adjudication")
        theme.set_text_colour(heading, None, bold=True)
        box.addWidget(heading)
        box.addWidget(scroll, 1)
        box.addWidget(self.adjudicate_button)
        grid.addWidget(summary, 1, 3)
        outer.addWidget(self.rules)
        outer.addLayout(grid, 1)
        for row in range(2):
            grid.setRowStretch(row, 1)
        for column in range(4):
            grid.setColumnStretch(column, 1)
        # Tab order: the sheets in reading order, round again after Turkey
        editors = [self.panels[p].edit for p in POWERS]
        for a, b in zip(editors, editors[1:], strict=False):
            QWidget.setTabOrder(a, b)

    def show_gaps(self, lines: Sequence[str], void: Sequence[str],
                  counted: Sequence[str] = ()) -> None:
        """Units without orders, void orders (red: the unit holds), and units written twice
        where the last order counts (not red: the unit moves)."""
        rows = [html.escape(line) for line in lines]
        rows += [f"<span style='color:{theme.SHEET_ERROR}'>{html.escape(v)}</span>" for v in void]
        rows += [html.escape(c) for c in counted]
        self.gaps.setText("<br>".join(rows) if rows else "Every unit has an order.")

    def set_rules(self, text: str) -> None:
        self.rules.setText(text)


def rules_text(options: ParseOptions, rules: Mapping[str, Any], civil_disorder: str) -> str:
    """The format's order-writing rules, named, for the entry page."""
    name = options.rules_name or "These rules"
    parts = [
        "two orders for one unit: the last one counts"
        if rules.get("duplicate_orders") == "last" else "two orders for one unit: it holds",
        "an official but wrong abbreviation is an illegal order (the unit holds)"
        if options.strict_abbreviations else "an abbreviation is read by intent when only one "
        "reading is possible",
        "a fleet move to a two-coast province needs its coast only when both can be reached"
        if options.missing_coast == MissingCoast.INFER else "a fleet move to Spain, Bulgaria or "
        "St Petersburg needs its coast",
        "a convoy to an adjacent province only when 'via convoy' is written"
        if rules.get("convoy_to_adjacent") == "explicit" else "",
        f"removals not written: {civil_disorder} civil-disorder order",
    ]
    return f"{name}: " + "; ".join(p for p in parts if p) + "."
