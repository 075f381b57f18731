"""What happened in one phase: every order with its result in words, the dislodged units,
the standoffs and the supply centres that changed hands; the map beside it."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.powers import POWERS
from tdapp.gui.game.entry import POWER_COLOURS, shown
from tdapp.services import games

COLUMNS = ("Power", "Written", "Read as", "Result", "Why")
FAILED_BG = QColor("#fdecea")
VOID_BG = QColor("#f3f3f3")


def outcome_word(result: Mapping[str, Any]) -> str:
    tags = result.get("tags", [])
    if "void" in tags:
        return "Void — holds" if result.get("unit") else "Void"
    if "dislodged" in tags:
        return "Dislodged"
    if not tags:
        return "Succeeded"
    return "Failed"


def centre_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """``BEL: France → Germany`` for every supply centre whose owner changed."""
    def owners(position: Mapping[str, Any]) -> dict[str, str]:
        return {sc: p for p, scs in position.get("centers", {}).items() for sc in scs}

    old, new = owners(before), owners(after)
    lines = []
    for sc in sorted(set(old) | set(new)):
        if old.get(sc) != new.get(sc):
            was = old.get(sc, "neutral").title()
            lines.append(f"{sc}: {was} → {new.get(sc, 'nobody').title()}")
    return lines


def standoffs(results: Sequence[Mapping[str, Any]], after: Mapping[str, Any]) -> list[str]:
    """Provinces two or more bounced moves aimed at that stay empty: ``GAL (A VIE, A WAR)``."""
    aimed: dict[str, list[str]] = {}
    for r in results:
        words = str(r.get("normalized", "")).split()
        if "bounce" in r.get("tags", []) and len(words) >= 4 and words[2] == "-":
            aimed.setdefault(words[3].split("/")[0], []).append(" ".join(words[:2]))
    occupied = {u.split()[-1].split("/")[0] for units in after.get("units", {}).values()
                for u in units}
    return [f"{p} ({', '.join(units)})" for p, units in sorted(aimed.items())
            if len(units) >= 2 and p not in occupied]


def dislodged_lines(after: Mapping[str, Any]) -> list[str]:
    lines = []
    for power in POWERS:
        for d in after.get("dislodged", {}).get(power, []):
            where = ", ".join(d.get("retreats", [])) or "nowhere"
            lines.append(f"{power.title()}: {d['unit']} may retreat to {where}")
    return lines


def _map_widget() -> QWidget:
    """The board's map when the map widget is there; a marked place for it until then."""
    try:
        from tdapp.gui.game.map_view import MapView  # type: ignore[import-not-found]
    except ImportError:
        holder = QLabel("The map of the board will be drawn here.")
        holder.setObjectName("mapPlaceholder")
        holder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        holder.setStyleSheet("border: 1px dashed #999; color: #777; background: #fafafa;")
        holder.setMinimumWidth(320)
        return holder
    return MapView()


class AdjudicationView(QWidget):
    """One adjudicated phase. ``show_phase(row, following)`` fills it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.heading = QLabel()
        self.heading.setObjectName("resultsHeading")
        font = QFont(self.heading.font())
        font.setPointSize(font.pointSize() + 3)
        font.setBold(True)
        self.heading.setFont(font)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("resultsTable")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        for column, mode in enumerate((QHeaderView.ResizeMode.ResizeToContents,
                                       QHeaderView.ResizeMode.ResizeToContents,
                                       QHeaderView.ResizeMode.ResizeToContents,
                                       QHeaderView.ResizeMode.ResizeToContents,
                                       QHeaderView.ResizeMode.Stretch)):
            header.setSectionResizeMode(column, mode)
        self.summary = QLabel()
        self.summary.setObjectName("resultsSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.summary.setFrameShape(QFrame.Shape.StyledPanel)
        self.summary.setMargin(8)
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.heading)
        column.addWidget(self.table, 3)
        column.addWidget(self.summary, 1)
        self.map_area = _map_widget()
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.map_area)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(splitter)
        self.rows: list[Mapping[str, Any]] = []

    def clear(self, message: str = "Nothing adjudicated yet.") -> None:
        self.heading.setText(message)
        self.table.setRowCount(0)
        self.summary.setText("")
        self.rows = []

    def show_phase(self, row: games.PhaseRow, following: games.PhaseRow | None) -> None:
        if not row.adjudicated:
            self.clear(f"{games.phase_title(row.phase)}: not adjudicated yet.")
            return
        self.heading.setText(f"{games.phase_title(row.phase)} — results")
        self.rows = list(row.results or [])
        self.table.setRowCount(len(self.rows))
        for i, result in enumerate(self.rows):
            power = result["power"]
            why = result.get("message", "")
            written = result["order"] if result.get("order") else "(no order)"
            values = (power.title(), written, shown(result.get("normalized", "")),
                      outcome_word(result), why)
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setToolTip(value)
                if column == 0:
                    item.setForeground(QColor(POWER_COLOURS.get(power, "#000")))
                if "void" in result.get("tags", []):
                    item.setBackground(VOID_BG)
                elif result.get("tags"):
                    item.setBackground(FAILED_BG)
                self.table.setItem(i, column, item)
        self.table.resizeRowsToContents()
        after = following.position if following else {}
        self.summary.setText(self._summary(row, after))
        self._show_on_map(row, after)

    def _summary(self, row: games.PhaseRow, after: Mapping[str, Any]) -> str:
        parts: list[str] = []
        dislodged = dislodged_lines(after) if row.kind == "M" else []
        disbanded = [f"{r['power'].title()}: {r['unit']}" for r in row.results or []
                     if "disband" in r.get("tags", []) and row.kind == "M"]
        if dislodged or disbanded:
            lines = dislodged + [f"{d} is disbanded (no retreat)" for d in disbanded]
            parts.append("<b>Dislodged</b><br>" + "<br>".join(map(html.escape, lines)))
        stands = standoffs(row.results or [], after) if row.kind == "M" and after else []
        if stands:
            parts.append("<b>Standoffs</b> (the province stays empty)<br>"
                         + html.escape(", ".join(stands)))
        changes = centre_changes(row.position, after) if after else []
        if changes:
            parts.append("<b>Supply centres changing hands</b><br>"
                         + "<br>".join(map(html.escape, changes)))
        if after and after.get("adjustments"):
            owed = ", ".join(f"{p.title()} {'+' if n > 0 else ''}{n}"
                             for p, n in after["adjustments"].items())
            parts.append(f"<b>Adjustments owed</b><br>{html.escape(owed)}")
        return "<br><br>".join(parts) or "No unit dislodged, no centre changed hands."

    def _show_on_map(self, row: games.PhaseRow, after: Mapping[str, Any]) -> None:
        show = getattr(self.map_area, "show_phase", None)
        if callable(show):  # the map widget's own interface, when it has one
            show(row.position, row.results or [], after)


def results_text(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Plain lines of a phase's results (for tests and copying)."""
    return [f"{r['power'].title()}: {shown(r.get('normalized', ''))} — {outcome_word(r)}"
            + (f" ({r['message']})" if r.get("message") else "") for r in rows]
