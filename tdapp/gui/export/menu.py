"""The Export menu's commands (made here, placed in File > Export by the export controller
through ``window.menus``, connected there too)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction

from tdapp.gui.window.menus import make_action


class ExportActions:
    def __init__(self, parent: QObject) -> None:
        self.pdf = make_action(parent, "&PDF…", "Ctrl+P",
                               "Standings, board call, results, awards, score sheets, schedule")
        self.certificates = make_action(parent, "&Certificates…", None,
                                        "One framed award certificate per page")
        self.text_certificates = make_action(
            parent, "Certificates, &text only…", None,
            "Only the words, for pre-printed certificate stock")
        self.codes = make_action(parent, "Player c&odes sheet…", None,
                                 "A slip per player, to cut out: their code and a QR code that "
                                 "opens their own page on the venue network")
        self.workbook = make_action(parent, "&Excel workbook…", None,
                                    "Standings, Rounds, Boards, Best countries, Awards")
        self.csv = make_action(parent, "Standings &CSV…", None,
                               "Final standings with names and locations (for the DBN)")
        self.compare = make_action(parent, "Compare with my &spreadsheet…", None,
                                   "List where your own standings sheet differs from tdapp's")

    def groups(self) -> tuple[tuple[QAction, ...], ...]:
        """The commands as the menu shows them: documents, spreadsheets, the comparison."""
        return ((self.pdf, self.certificates, self.text_certificates, self.codes),
                (self.workbook, self.csv), (self.compare,))

    def all(self) -> tuple[QAction, ...]:
        return tuple(action for group in self.groups() for action in group)

    def set_enabled(self, on: bool) -> None:
        for action in self.all():
            action.setEnabled(on)
