"""The format dialog's box for how order sheets are read: two orders for one unit (the judge's
``rules.duplicate_orders``), abbreviations, unit types and coasts (``reading``)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QGridLayout, QGroupBox, QLabel, QWidget

from tdapp.core.formats.model import OrderReadingRule
from tdapp.gui import theme
from tdapp.gui.formats.fields import Binder, choice_box, set_choice

DUPLICATE_WORDS = (("", "the judge's default (it holds)"),
                   ("hold", "the unit holds"),
                   ("last", "the last one written counts"))
MISSING_COAST_WORDS = (("infer", "the coast it can reach"), ("strict", "the order fails"))
BUILD_COAST_WORDS = (("waive", "a waived build"), ("void", "an illegal order, ignored"))
WRONG_TYPE_WORDS = (("follow", "followed for the unit there"), ("fail", "the order fails"))
# The seeds' own words (seeds/004 EDC 2026, seeds/001 WDC 2025 V.3.f), beside their rules
EDC_EXAMPLE = ("EDC 2026: “Fleet move Lon-Nor uses official abbreviations for London and Norway, "
               "so this is an illegal order, even if the player intended to move to North Sea.”")
SLIP_EXAMPLE = ("WDC 2025: “Liv and Nor are not valid abbreviations for any province. Leeway "
                "may be given if the order is unambiguous.”")
COAST_TIP = ("A fleet moving or retreating to Spain, Bulgaria or St Petersburg without a coast: "
             "read with the one coast it can reach (an order that could reach both fails, WDC "
             "2025 V.4.b), or always an order that fails.")



def _note(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    theme.set_text_colour(label, "palette(dark)", italic=True)
    return label


class OrderReadingBox(QGroupBox):
    """Every order-reading rule as a widget; ``bind`` registers each under its format field."""

    def __init__(self, bind: Binder, parent: QWidget | None = None) -> None:
        super().__init__("Reading order sheets", parent)
        add = bind.add
        self.duplicate = add("rules.duplicate_orders", choice_box(DUPLICATE_WORDS))
        self.strict = add("reading.strict_abbreviations", QCheckBox(
            "An official but wrong abbreviation is an illegal order (the unit holds)"))
        self.slips = add("reading.correct_slips", QCheckBox(
            "Otherwise read a slip as its neighbour (Nwy/Nwg, Lvp/Lvn, Tyr/Tys)"))
        self.slips.setToolTip("An official abbreviation that makes the order impossible is read "
                              "as its neighbour when that is the one possible order, with a "
                              "warning. " + SLIP_EXAMPLE)
        self.builds = add("reading.require_unit_type_in_builds", QCheckBox(
            "Every build must say A or F (not only on a coast)"))
        self.coast = add("reading.missing_coast", choice_box(MISSING_COAST_WORDS))
        self.coast.setToolTip(COAST_TIP)
        self.build_coast = add("reading.missing_build_coast", choice_box(BUILD_COAST_WORDS))
        self.wrong_type = add("reading.wrong_unit_type", choice_box(WRONG_TYPE_WORDS))
        self.strict.toggled.connect(self._strict_changed)
        self._lay_out()

    def _lay_out(self) -> None:
        """Yes/no rules on the left (the EDC example under its rule), choices on the right."""
        grid = QGridLayout(self)
        grid.setColumnStretch(0, 1)
        for row, widget in enumerate((self.strict, _note(EDC_EXAMPLE), self.slips, self.builds)):
            grid.addWidget(widget, row, 0)
        right = (("Two orders for one unit:", self.duplicate),
                 ("Fleet move without a coast:", self.coast),
                 ("F StP built without a coast:", self.build_coast),
                 ("Wrong unit type (A for F):", self.wrong_type))
        for row, (words, box) in enumerate(right):
            grid.addWidget(QLabel(words), row, 1)
            grid.addWidget(box, row, 2)

    def _strict_changed(self, strict: bool) -> None:
        """Under the strict rule no slip is corrected: the slip box says nothing then."""
        self.slips.setEnabled(not strict)

    def load(self, rule: OrderReadingRule) -> None:
        self.strict.setChecked(rule.strict_abbreviations)
        self.slips.setChecked(rule.correct_slips)
        self._strict_changed(rule.strict_abbreviations)
        self.builds.setChecked(rule.require_unit_type_in_builds)
        for box, value in ((self.coast, rule.missing_coast),
                           (self.build_coast, rule.missing_build_coast),
                           (self.wrong_type, rule.wrong_unit_type)):
            set_choice(box, value)

    def rule(self) -> OrderReadingRule:
        return OrderReadingRule(
            strict_abbreviations=self.strict.isChecked(), correct_slips=self.slips.isChecked(),
            require_unit_type_in_builds=self.builds.isChecked(),
            missing_coast=self.coast.currentData(),
            missing_build_coast=self.build_coast.currentData(),
            wrong_unit_type=self.wrong_type.currentData())
