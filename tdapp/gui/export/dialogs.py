"""Export choices (which PDF, which paper) and the list of differences with a TD's own sheet.
Shown with ``open()``/``show()``: never blocking, they report through signals."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.tournament.page_link import EXAMPLE, BadAddress, page_base
from tdapp.gui import theme
from tdapp.reports.pdf_export import WHAT

WHAT_WORDS = {
    "standings": "Standings",
    "board-call": "Board call (by board, and alphabetical by player)",
    "results": "Round results",
    "awards": "Awards and best countries",
    "score-sheets": "Blank score sheets, one per board",
    "schedule": "Clock schedule",
    "rating": "EADiplomacy rating (the table and each board's calculation)",
    "all": "Everything for the venue (standings, awards, results, board call)",
}
PAPERS = {"a4": "A4", "letter": "US Letter"}


def paper_choice(parent: QWidget, paper: str) -> tuple[QHBoxLayout, dict[str, QRadioButton]]:
    """A row of one radio button per paper size, ``paper`` (else A4) ticked."""
    papers: dict[str, QRadioButton] = {}
    group = QButtonGroup(parent)
    row = QHBoxLayout()
    for key, words in PAPERS.items():
        button = QRadioButton(words)
        group.addButton(button)
        papers[key] = button
        row.addWidget(button)
    row.addStretch(1)
    papers.get(paper, papers["a4"]).setChecked(True)
    return row, papers


def chosen_paper(papers: dict[str, QRadioButton]) -> str:
    return next(key for key, button in papers.items() if button.isChecked())


class PdfOptionsDialog(QDialog):
    """``chosen(what, paper)`` when the TD presses OK."""

    chosen = Signal(str, str)

    def __init__(self, paper: str = "a4", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export a PDF")
        self.what = QComboBox()
        for key in WHAT:
            self.what.addItem(WHAT_WORDS.get(key, key), key)
        row, self.papers = paper_choice(self, paper)
        form = QFormLayout()
        form.addRow("Document", self.what)
        form.addRow("Paper", row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._ok)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.resize(520, 140)

    def choose(self, what: str, paper: str) -> None:
        self.what.setCurrentIndex(max(0, self.what.findData(what)))
        self.papers[paper].setChecked(True)

    def paper(self) -> str:
        return chosen_paper(self.papers)

    def _ok(self) -> None:
        self.chosen.emit(str(self.what.currentData()), self.paper())
        self.accept()


class CodesSheetDialog(QDialog):
    """The players' page address the slips' QR codes open, and the paper: ``chosen(address,
    paper)`` when the TD presses OK with an address a phone can open (else it says why and
    stays open)."""

    chosen = Signal(str, str)

    def __init__(self, address: str, paper: str = "a4", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Player codes sheet")
        intro = QLabel("One slip per player, to cut out and hand over: their name, their code "
                       "and a QR code that opens their own page. Give the address where phones "
                       "on the venue Wi-Fi reach the players' page (File › Players' page on "
                       "the venue network…).")
        intro.setWordWrap(True)
        self.problem = QLabel()
        self.problem.setObjectName("codesAddressProblem")
        self.problem.setWordWrap(True)
        theme.set_text_colour(self.problem, theme.ERROR)
        self.problem.hide()
        self.address = QLineEdit(address)
        self.address.setObjectName("codesAddress")
        self.address.setPlaceholderText(EXAMPLE)
        self.address.textChanged.connect(self.problem.hide)
        row, self.papers = paper_choice(self, paper)
        form = QFormLayout()
        form.addRow("Players' page address", self.address)
        form.addRow("", self.problem)
        form.addRow("Paper", row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._ok)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.resize(560, 200)

    def paper(self) -> str:
        return chosen_paper(self.papers)

    def _ok(self) -> None:
        try:
            page_base(self.address.text())  # refused here, where the TD can correct it
        except BadAddress as exc:
            self.problem.setText(str(exc))
            self.problem.show()
            self.address.setFocus()
            return
        self.chosen.emit(self.address.text().strip(), self.paper())
        self.accept()


class DifferencesDialog(QDialog):
    """The differences between the TD's spreadsheet and tdapp's standings, one per line."""

    def __init__(self, sheet: str, lines: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Compared with your spreadsheet")
        heading = (f"<b>{len(lines)} difference(s)</b> between {sheet} and tdapp's standings:"
                   if lines else f"<b>No differences</b>: {sheet} agrees with tdapp's standings.")
        self.heading = QLabel(heading)
        self.heading.setWordWrap(True)
        self.list = QListWidget()
        self.list.addItems(lines)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.list, 1)
        layout.addWidget(buttons)
        self.resize(720, 420)
