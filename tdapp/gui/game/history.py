"""Every phase of the board with its sheets as typed and its results, and the correction of an
order found mistyped: the phase and everything after it are adjudicated again."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.formats.model import CorrectionRule
from tdapp.core.game.corrections import correction_allowed
from tdapp.core.game.phases import phase_title
from tdapp.core.powers import POWERS
from tdapp.gui import theme
from tdapp.gui.game.adjudication import AdjudicationView
from tdapp.gui.game.sheet_edit import SheetEdit
from tdapp.services import games

# A later order the correction voids starts with its phase's code ("F1902M France: ...").
_PHASE_CODE = re.compile(r"^([SFW]\d{4}[MRA])\b")


class ReportBox(QPlainTextEdit):
    """What a correction did, read-only and scrollable however long it gets."""

    def __init__(self) -> None:
        super().__init__()
        self.setReadOnly(True)
        self.setMinimumHeight(60)
        self.setFrameShape(QFrame.Shape.NoFrame)

    def text(self) -> str:
        return self.toPlainText()

    def setText(self, text: str) -> None:  # noqa: N802 - the QLabel name it replaces
        self.setPlainText(text)


class HistoryPage(QWidget):
    """``correction_requested(seq, power, text, override)`` when the TD re-adjudicates."""

    correction_requested = Signal(int, str, str, bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.phase_list = QListWidget()
        self.phase_list.setObjectName("phaseList")
        self.phase_list.setMaximumWidth(230)
        self.phase_list.currentRowChanged.connect(self._phase_chosen)
        self.results = AdjudicationView(sizes=(680, 330))
        self.sheets = QTextBrowser()
        self.sheets.setObjectName("sheetsAsTyped")
        self.sheets.setMinimumHeight(60)
        self.power_box = QComboBox()
        self.power_box.setObjectName("correctionPower")
        self.power_box.addItems([p.title() for p in POWERS])
        self.power_box.currentIndexChanged.connect(self._load_sheet)
        self.edit = SheetEdit()
        self.edit.setObjectName("correctionSheet")
        self.edit.setFixedHeight(60)
        self.override = QCheckBox("TD override (after the format's deadline for corrections)")
        self.override.setObjectName("correctionOverride")
        self.rule = QLabel()
        self.rule.setWordWrap(True)
        theme.set_text_colour(self.rule, theme.MUTED)
        self.apply_button = QPushButton("Correct and &re-adjudicate")
        self.apply_button.setObjectName("reAdjudicate")
        self.apply_button.clicked.connect(self._apply)
        self.report = ReportBox()
        self.report.setObjectName("correctionReport")
        box = QGroupBox("Correct a sheet of this phase")
        form = QVBoxLayout(box)
        top = QHBoxLayout()
        top.addWidget(QLabel("Power:"))
        top.addWidget(self.power_box)
        top.addStretch(1)
        top.addWidget(self.apply_button)
        form.addLayout(top)
        form.addWidget(self.edit)
        form.addWidget(self.override)
        form.addWidget(self.rule)
        form.addWidget(self.report, 1)
        # Results above, the sheets and the correction below, in a splitter the TD can drag: at
        # 1280x800 word-wrapped labels were squeezed until a long report was cut off.
        lower = QWidget()
        column = QVBoxLayout(lower)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.sheets, 1)
        column.addWidget(box, 2)
        right = QSplitter(Qt.Orientation.Vertical)
        right.setChildrenCollapsible(False)
        right.addWidget(self.results)
        right.addWidget(lower)
        right.setSizes([460, 340])
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.phase_list)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([200, 1060])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)
        self.phases: tuple[games.PhaseRow, ...] = ()
        self.corrections = CorrectionRule()

    def set_phases(self, phases: Sequence[games.PhaseRow], corrections: CorrectionRule) -> None:
        keep = self.phase_list.currentRow()
        last_before = max((i for i, p in enumerate(self.phases) if p.adjudicated), default=-1)
        if keep == last_before:
            keep = -1  # following the newest phase: keep following it
        self.phases = tuple(phases)
        self.corrections = corrections  # the format in force's late-correction rule
        self.phase_list.blockSignals(True)
        self.phase_list.clear()
        for row in self.phases:
            mark = "✓" if row.adjudicated else "…"
            item = QListWidgetItem(f"{mark} {phase_title(row.phase)}")
            item.setData(Qt.ItemDataRole.UserRole, row.seq)
            self.phase_list.addItem(item)
        self.phase_list.blockSignals(False)
        adjudicated = [i for i, p in enumerate(self.phases) if p.adjudicated]
        if 0 <= keep < len(self.phases):
            self.phase_list.setCurrentRow(keep)
        elif adjudicated:
            self.phase_list.setCurrentRow(adjudicated[-1])
        self._phase_chosen(self.phase_list.currentRow())

    def select_phase(self, phase: str) -> None:
        for i, row in enumerate(self.phases):
            if row.phase == phase:
                self.phase_list.setCurrentRow(i)
                return

    def current(self) -> games.PhaseRow | None:
        i = self.phase_list.currentRow()
        return self.phases[i] if 0 <= i < len(self.phases) else None

    def _phase_chosen(self, index: int) -> None:
        row = self.current()
        if row is None:
            self.results.clear()
            self.sheets.setText("")
            return
        following = self.phases[index + 1] if index + 1 < len(self.phases) else None
        self.results.show_phase(row, following)
        lines = [f"<b>{p.title()}</b>: {html.escape(s.text) or '—'}"
                 + (f" <i>({games.SHEET_STATUSES[s.status]})</i>"
                    if s.status != games.ENTERED else "")
                 for p, s in row.sheets.items()]
        self.sheets.setText("<b>Sheets as typed</b><br>" + "<br>".join(lines))
        allowed, rule_text = correction_allowed(self.phases, row.seq, self.corrections)
        self.rule.setText(("Can be corrected now; the rule: " if allowed
                           else "Too late without the TD: ") + rule_text.rstrip(".") + ".")
        self.apply_button.setEnabled(row.adjudicated)
        self.override.setChecked(False)  # an override is for one correction, never carried on
        self._load_sheet()

    def _load_sheet(self) -> None:
        row = self.current()
        power = POWERS[self.power_box.currentIndex()]
        sheet = row.sheets.get(power) if row else None
        self.edit.setPlainText(sheet.text if sheet else "")

    def _apply(self) -> None:
        row = self.current()
        if row is None:
            return
        power = POWERS[self.power_box.currentIndex()]
        self.correction_requested.emit(row.seq, power, self.edit.toPlainText(),
                                       self.override.isChecked())

    def show_report(self, report: games.CorrectionReport) -> None:
        """The report in the TD's words: phases by name ("Spring 1901 movement"), not code. The
        TD override was for this correction: it is unticked, so the next late one asks again."""
        self.override.setChecked(False)
        parts = ["Adjudicated again: " + ", ".join(map(phase_title, report.recomputed))
                 + "."]
        if report.dropped:
            parts.append("No longer played: " + ", ".join(map(phase_title, report.dropped))
                         + ".")
        if report.invalid:
            lines = [_PHASE_CODE.sub(lambda m: phase_title(m.group(1)) + ",", line, 1)
                     for line in report.invalid]
            parts.append("Later orders that no longer apply:\n  " + "\n  ".join(lines))
        else:
            parts.append("Every later order still applies.")
        if report.carried:  # the format carries build errors: the played game stands
            parts.append("Builds already played:\n  " + "\n  ".join(report.carried))
        self.report.setText("\n".join(parts))

