"""The Export menu's actions (layout only; the export controller connects them)."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu


class ExportActions:
    def __init__(self, menu: QMenu) -> None:
        self.menu = menu
        self.pdf = QAction("&PDF…", menu)
        self.pdf.setShortcut("Ctrl+P")
        self.pdf.setStatusTip("Standings, board call, results, awards, score sheets, schedule")
        self.certificates = QAction("&Certificates…", menu)
        self.certificates.setStatusTip("One framed award certificate per page")
        self.text_certificates = QAction("Certificates, &text only…", menu)
        self.text_certificates.setStatusTip("Only the words, for pre-printed certificate stock")
        self.workbook = QAction("&Excel workbook…", menu)
        self.workbook.setStatusTip("Standings, Rounds, Boards, Best countries, Awards")
        self.csv = QAction("Standings &CSV…", menu)
        self.csv.setStatusTip("Final standings with names and locations (for the DBN)")
        self.compare = QAction("Compare with my &spreadsheet…", menu)
        self.compare.setStatusTip("List where your own standings sheet differs from tdapp's")
        menu.addAction(self.pdf)
        menu.addAction(self.certificates)
        menu.addAction(self.text_certificates)
        menu.addSeparator()
        menu.addAction(self.workbook)
        menu.addAction(self.csv)
        menu.addSeparator()
        menu.addAction(self.compare)

    def all(self) -> tuple[QAction, ...]:
        return (self.pdf, self.certificates, self.text_certificates, self.workbook, self.csv,
                self.compare)

    def set_enabled(self, on: bool) -> None:
        for action in self.all():
            action.setEnabled(on)
