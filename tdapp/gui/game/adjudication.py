"""What happened in one phase: every order with its result in words, the dislodged units,
the standoffs and the supply centres that changed hands; the map beside it."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.adjudication.canonical import CanonicalError, parse_canonical
from tdapp.core.adjudication.legality import order_faults
from tdapp.core.board.contract import position_from_contract
from tdapp.core.game.phases import phase_title
from tdapp.core.game.units import unit_key
from tdapp.core.powers import POWERS
from tdapp.gui import theme
from tdapp.gui.game.entry import POWER_COLOURS, shown
from tdapp.gui.game.faults import beyond_owed_words
from tdapp.gui.game.map_view import MapView
from tdapp.services import games

COLUMNS = ("Power", "Written", "Read as", "Result", "Why")
FAILED_BG = QColor(theme.ERROR_BACKGROUND)
VOID_BG = QColor(theme.VOID_BACKGROUND)


def _words(result: Mapping[str, Any]) -> list[str]:
    return str(result.get("normalized", "")).split()


def reason_in_words(result: Mapping[str, Any], results: Sequence[Mapping[str, Any]]) -> str:
    """The judge's message, with a dislodgement told in full: ``dislodged from BUR by A MUN
    supported by A RUH``."""
    message = str(result.get("message", ""))
    if "dislodged" not in result.get("tags", []) or not result.get("unit"):
        return message
    province = unit_key(str(result["unit"]))
    attacker = next((r for r in results if not r.get("tags") and len(_words(r)) >= 4
                     and _words(r)[2] == "-" and unit_key(_words(r)[3]) == province), None)
    if attacker is None:
        return message
    words = _words(attacker)
    mover = " ".join(words[:2])
    supports = [" ".join(_words(r)[:2]) for r in results
                if not r.get("tags") and len(_words(r)) >= 7 and _words(r)[2] == "S"
                and _words(r)[4] == words[1] and unit_key(_words(r)[6]) == province]
    told = f"dislodged from {province} by {mover}"
    if supports:
        told += " supported by " + ", ".join(supports)
    rest = [m for m in message.split("; ") if m and not m.startswith("dislodged")]
    return "; ".join([told, *rest])


def one_row_per_unit(results: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The judge's results as the tables show them: a void order that names one of the power's
    units ("F Portugal-Spain": F POR - SPA, no coast) takes the place of that unit's
    "(no order)" row, so that it reads "Void — holds" once instead of a void order and an
    unordered hold (in a retreat phase: "Void — disbanded" instead of a void retreat and a
    disband). The judge's output itself is left as it is."""
    rows = [dict(r) for r in results]
    idle = {(r["power"], unit_key(str(r.get("unit", "")))): i for i, r in enumerate(rows)
            if not r.get("order") and r.get("unit")}
    dropped: set[int] = set()
    for row in rows:
        words = str(row.get("normalized", "")).split()
        if "void" not in row.get("tags", []) or not (row.get("unit") or len(words) >= 2):
            continue
        unit = str(row.get("unit") or " ".join(words[:2]))
        i = idle.pop((row["power"], unit_key(unit)), None)
        if i is None:
            continue
        unwritten = rows[i]
        row["unit"] = unwritten["unit"]
        row["tags"] = [*row["tags"], *(t for t in unwritten.get("tags", [])
                                      if t not in row["tags"])]
        row["message"] = "; ".join(m for m in (row.get("message"), unwritten.get("message"))
                                   if m)
        dropped.add(i)
    return [r for i, r in enumerate(rows) if i not in dropped]


def void_in_words(rows: Sequence[Mapping[str, Any]], position: Mapping[str, Any]
                  ) -> dict[int, tuple[str, str]]:
    """For each row the judge voided on its own: (its message, the same reason in the TD's
    words that the entry view showed: "an army cannot move to a sea: English Channel")."""
    try:
        board = position_from_contract(position)
    except ValueError:
        return {}
    kind = board.phase.kind
    told: dict[int, tuple[str, str]] = {}
    for i, row in enumerate(rows):
        if "void" not in row.get("tags", []) or not row.get("normalized"):
            continue
        try:
            order = parse_canonical(str(row["normalized"]), kind)
        except CanonicalError:
            continue
        fault = order_faults(board, str(row["power"]), [order])[0]
        message = str(row.get("message", ""))
        if fault is not None and message.startswith(fault.message):
            told[i] = (fault.message, fault.words)
            continue
        beyond = _BEYOND_OWED.match(message)
        if beyond:  # "AUSTRIA has no builds left": the entry view's words for it
            owed = int(position.get("adjustments", {}).get(str(row["power"]), 0))
            told[i] = (beyond.group(0), beyond_owed_words(
                str(row["power"]), owed, beyond.group(1) == "builds"))
    return told


# The judge's message for a build or removal beyond those owed (it counts them in sheet order).
_BEYOND_OWED = re.compile(r"^[A-Z]+ has no (builds|removals)(?: left)?")


def outcome_word(result: Mapping[str, Any]) -> str:
    tags = result.get("tags", [])
    if "void" in tags and "disband" in tags:
        return "Void — disbanded"  # a retreat not carried out
    if "void" in tags:
        return "Void — holds" if result.get("unit") else "Void"
    if "disband" in tags and not result.get("order"):
        return "Removed"  # a removal the power did not write (civil disorder)
    if "disband" in tags:
        return "Disbanded"
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
            aimed.setdefault(unit_key(words[3]), []).append(" ".join(words[:2]))
    occupied = {unit_key(u) for units in after.get("units", {}).values()
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


def _placeholder(text: str) -> QLabel:
    holder = QLabel(text)
    holder.setObjectName("mapPlaceholder")
    holder.setAlignment(Qt.AlignmentFlag.AlignCenter)
    holder.setWordWrap(True)
    theme.set_placeholder(holder)
    holder.setMinimumWidth(320)
    return holder


def _map_widget() -> tuple[QWidget, MapView | None]:
    """The board's map and the widget shown for it: a marked place when the map's data cannot
    be read, so that order entry never depends on the drawing."""
    try:
        view = MapView()
    except (OSError, ValueError) as exc:  # the map's data missing or damaged
        return _placeholder(f"The map cannot be shown: {exc}"), None
    return view, view


class ResultsTable(QTableWidget):
    """The results: each reason wraps to the width its column really gets once laid out."""

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.resizeRowsToContents()


class AdjudicationView(QWidget):
    """One adjudicated phase. ``show_phase(row, following)`` fills it."""

    def __init__(self, parent: QWidget | None = None, sizes: tuple[int, int] = (730, 530)
                 ) -> None:
        super().__init__(parent)
        self.heading = QLabel()
        self.heading.setObjectName("resultsHeading")
        theme.enlarge(self.heading, 3, bold=True)
        self.table = ResultsTable(0, len(COLUMNS))
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
        left_column = QVBoxLayout(left)
        left_column.setContentsMargins(0, 0, 0, 0)
        left_column.addWidget(self.heading)
        left_column.addWidget(self.table, 3)
        left_column.addWidget(self.summary, 1)
        self.map_area, self.map = _map_widget()
        self.projector_button = QPushButton("Map on the &projector")
        self.projector_button.setObjectName("mapOnProjector")
        self.projector_button.setEnabled(self.map is not None)
        self.projector_button.clicked.connect(self.show_map_on_projector)
        map_side = QWidget()
        map_column = QVBoxLayout(map_side)
        map_column.setContentsMargins(0, 0, 0, 0)
        map_column.addWidget(self.map_area, 1)
        map_column.addWidget(self.projector_button, 0, Qt.AlignmentFlag.AlignRight)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(map_side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        map_side.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Expanding)
        splitter.setSizes(list(sizes))  # the table's reasons first; the map takes the rest
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
            self.clear(f"{phase_title(row.phase)}: not adjudicated yet.")
            return
        self.heading.setText(f"{phase_title(row.phase)} — results")
        self.rows = one_row_per_unit(row.results or [])
        self.table.setRowCount(len(self.rows))
        told = void_in_words(self.rows, row.position)
        for i, result in enumerate(self.rows):
            power = result["power"]
            why = reason_in_words(result, self.rows)
            if i in told:  # the reason as the entry view gave it
                why = why.replace(*told[i], 1)
            written = result["order"] if result.get("order") else "(no order)"
            values = (power.title(), written, shown(result.get("normalized", "")),
                      outcome_word(result), why)
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setToolTip(value)
                if column == 0:
                    item.setForeground(QColor(POWER_COLOURS.get(power, theme.TEXT)))
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
        """The position the phase started from, with its orders and what became of them."""
        if self.map is None:
            return
        try:
            self.map.set_position(row.position, row.results or [])
        except ValueError:  # a position the map cannot draw: the table still tells it all
            return

    def show_map_on_projector(self) -> None:
        if self.map is not None:
            self.map.show_on_projector()


