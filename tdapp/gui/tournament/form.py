"""The fields of a tournament's description, shared by the New dialog and the Tournament page."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QLineEdit, QSpinBox, QWidget

from tdapp.core.formats import get_format, list_formats
from tdapp.gui.common.fields import date_edit, get_date, set_date
from tdapp.gui.common.location import LocationPicker
from tdapp.services.tournaments import TournamentInfo


class TournamentForm(QWidget):
    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Midlands Open 2026")
        self.venue = QLineEdit()
        # Where the venue is, for the "distance from home" tie-breaker.
        self.venue_location = LocationPicker("Venue")
        self.venue_location.setToolTip("Where the venue is, for the distance-from-home "
                                       "tie-breaker: pick a town or type the coordinates")
        self.start_date = date_edit()
        self.end_date = date_edit()
        self.format = QComboBox()
        for fmt in list_formats():
            self.format.addItem(fmt.title, fmt.name)
        self.rounds = QSpinBox()
        self.rounds.setRange(1, 20)
        self._rounds_touched = False
        layout = QFormLayout(self)
        layout.addRow("&Name:", self.name)
        layout.addRow("&Venue:", self.venue)
        layout.addRow("Venue &location:", self.venue_location)
        layout.addRow("&First day:", self.start_date)
        layout.addRow("&Last day:", self.end_date)
        layout.addRow("F&ormat:", self.format)
        layout.addRow("Number of &rounds:", self.rounds)
        self.format.currentIndexChanged.connect(self._format_chosen)
        self.rounds.valueChanged.connect(self._rounds_edited)
        for edit in (self.name, self.venue):
            edit.textEdited.connect(self.edited)
        for date in (self.start_date, self.end_date):
            date.dateChanged.connect(self.edited)
        self.venue_location.edited.connect(self.edited)
        self._format_chosen()

    def _format_chosen(self) -> None:
        if not self._rounds_touched and self.format.currentData():
            self.rounds.blockSignals(True)
            self.rounds.setValue(get_format(self.format.currentData()).rounds)
            self.rounds.blockSignals(False)
        self.edited.emit()

    def _rounds_edited(self) -> None:
        self._rounds_touched = True
        self.edited.emit()

    def set_info(self, info: TournamentInfo) -> None:
        self.name.setText(info.name)
        self.venue.setText(info.venue)
        self.venue_location.set_location(info.venue_latitude, info.venue_longitude)
        set_date(self.start_date, info.start_date)
        set_date(self.end_date, info.end_date)
        index = self.format.findData(info.format_name)
        if index < 0:  # a format this version does not know: keep it selectable
            self.format.addItem(info.format_name, info.format_name)
            index = self.format.count() - 1
        self._rounds_touched = True
        self.format.setCurrentIndex(index)
        self.rounds.setValue(info.rounds_planned)

    def location_problems(self) -> list[str]:
        """Numbers typed for the venue that are not coordinates (the info cannot hold them)."""
        return self.venue_location.values()[1]

    def info(self) -> TournamentInfo:
        latitude, longitude = self.venue_location.location()
        return TournamentInfo(
            name=self.name.text().strip(),
            format_name=str(self.format.currentData() or ""),
            rounds_planned=self.rounds.value(),
            venue=self.venue.text().strip(),
            start_date=get_date(self.start_date),
            end_date=get_date(self.end_date),
            venue_latitude=latitude,
            venue_longitude=longitude,
        )
