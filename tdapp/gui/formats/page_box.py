"""The Tournament page's box about the format in force, with the ways to change it."""

from __future__ import annotations

import html
from collections.abc import Mapping
from types import MappingProxyType

from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from tdapp.core.formats import TournamentFormat, get_format
from tdapp.core.formats.describe import describe_format
from tdapp.core.scoring.registry import UnknownSystem, get_system
from tdapp.services.formats import FormatState, SystemRow


class FormatBox(QGroupBox):
    """The Tournament page's word on the format in force, with the ways to change it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Format and scoring", parent)
        self.title_label = QLabel("—")
        self.title_label.setWordWrap(True)
        self.summary = QLabel()
        self.summary.setObjectName("formatSummary")
        self.summary.setWordWrap(True)
        self.systems = QLabel()
        self.systems.setWordWrap(True)
        self.format_button = QPushButton("Change &format…")
        self.scoring_button = QPushButton("Scoring s&ystems…")
        buttons = QHBoxLayout()
        buttons.addWidget(self.format_button)
        buttons.addWidget(self.scoring_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title_label)
        layout.addWidget(self.summary)
        layout.addWidget(self.systems)
        layout.addLayout(buttons)

    def show_state(self, state: FormatState, systems: list[SystemRow]) -> None:
        changed = f" — changed from {get_format(state.base).title}" if state.custom else ""
        self.title_label.setText(f"<b>{state.fmt.title}</b>{changed}")
        if state.problem:  # the file's own format is refused: say why, where it is changed
            self.title_label.setText(f"<b>{html.escape(state.problem)}</b>")
        self.summary.setText(format_summary(state.fmt, {s.name: s.title for s in systems}))
        names = ", ".join(s.title for s in systems)
        self.systems.setText(f"Own scoring systems: {names}" if names else "")
        self.systems.setVisible(bool(names))


# What a TD wants at a glance, in the format's own words (core/formats/describe.py).
_SUMMARY_TOPICS = ("Tournament score", "Championship pool", "Top board", "Final round",
                   "Knock-out", "Team tournament", "Champion")


def system_title(name: str, own: Mapping[str, str] = MappingProxyType({})) -> str:
    """A scoring system's title as its document gives it ("EDC 2026 four-part score"), the
    TD's own systems by their titles; never the name capitalised ("Edc-2026", issue 24)."""
    if name in own:
        return own[name]
    try:
        return get_system(name).title
    except UnknownSystem:
        return name


def format_summary(fmt: TournamentFormat, own: Mapping[str, str] = MappingProxyType({})) -> str:
    """The format summed up in a few lines: scoring, what counts, pool, team round, champion.
    ``own``: the titles of the TD's own scoring systems, by name."""
    said = dict(describe_format(fmt))
    scoring = sorted({rule.scoring for rule in fmt.round_rules})
    lines = [f"{fmt.rounds} rounds, scored with {' / '.join(system_title(s, own) for s in scoring)}"]
    for topic in _SUMMARY_TOPICS:
        if topic in said:
            words = said[topic].split(", team score")[0]  # the team round's details: the dialog
            lines.append(f"{topic}: {words}")
    return "\n".join(lines)
