"""A place on the globe for the distance tie-breaker: pick a town from the built-in table or the
offline gazetteer behind it (GeoNames' towns of 15,000 people and more), or type latitude and
longitude. Choosing a town fills the numbers; typed numbers name the town
they fall in, so the TD sees at once whether a slip put the venue in the sea."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.places import Place
from tdapp.gui import theme
from tdapp.gui.common.enter_key import on_enter
from tdapp.gui.common.fields import searchable
from tdapp.services.gazetteer import known_places, table_places, world_places

PICK_TEXT = "Pick a town…"


def parse_coordinate(text: str, label: str, low: float, high: float
                     ) -> tuple[float | None, str | None]:
    """The number typed (a comma as decimal point is fine), or why it is not one."""
    text = text.strip().replace(",", ".")
    if not text:
        return None, None
    try:
        value = float(text)
    except ValueError:
        return None, f"{label} must be a number (or left empty)."
    if not low <= value <= high:
        return None, f"{label} must be between {low:g} and {high:g}."
    return value, None


def format_coordinate(value: float | None) -> str:
    return "" if value is None else f"{value:.4f}".rstrip("0").rstrip(".")


class _TownBox(QComboBox):
    """The town list: the built-in table at once, the gazetteer's towns added the first time the
    TD opens the list or types in it (reading them takes a second or two)."""

    def __init__(self) -> None:
        super().__init__()
        self.full = False

    def fill_all(self) -> None:
        if self.full:
            return
        self.full = True
        text = self.currentText()
        self.addItems(world_places().labels[self.count():])  # the table comes first in both
        self.setEditText(text)

    def showPopup(self) -> None:  # noqa: N802 - Qt override
        self.fill_all()
        super().showPopup()

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt override
        self.fill_all()
        super().focusInEvent(event)


class LocationPicker(QWidget):
    """Town picker, latitude, longitude and a line saying where the numbers are."""

    edited = Signal()

    def __init__(self, label: str = "Location", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._label = label
        self.town = _TownBox()
        self.town.setObjectName("townPicker")
        self.town.setEditable(True)
        self.town.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.town.setMaxVisibleItems(15)
        # tens of thousands of towns: never measure them all for the box's width
        self.town.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.town.setMinimumContentsLength(28)
        self.town.addItems(table_places().labels)
        self.town.setCurrentIndex(-1)
        town_edit = searchable(self.town, PICK_TEXT)
        self.latitude = QLineEdit()
        self.latitude.setObjectName("latitude")
        self.longitude = QLineEdit()
        self.longitude.setObjectName("longitude")
        for edit, hint in ((self.latitude, "latitude"),
                           (self.longitude, "longitude")):
            edit.setPlaceholderText(hint)
            edit.setFixedWidth(110)
        self.clear_button = QPushButton("Clear")
        self.clear_button.setToolTip("No location (the distance tie-breaker skips it)")
        self.where = QLabel()
        self.where.setObjectName("locationWhere")
        theme.set_text_colour(self.where, theme.MUTED)
        self.where.setWordWrap(True)
        town_row = QHBoxLayout()
        town_row.addWidget(self.town, 1)
        town_row.addWidget(self.clear_button)
        numbers_row = QHBoxLayout()
        numbers_row.addWidget(self.latitude)
        numbers_row.addWidget(self.longitude)
        numbers_row.addStretch(1)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(4)
        column.addLayout(town_row)
        column.addLayout(numbers_row)
        # Its own line, the field's whole width: beside the numbers a narrow window squeezed
        # "37.78° N, 122.42° W — San Francisco" into a sliver where its lines overlapped.
        column.addWidget(self.where)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.town.activated.connect(lambda _i: self._town_chosen())
        town_edit.editingFinished.connect(self._town_chosen)
        on_enter([town_edit], self._town_chosen)  # picks the town, not OK
        for edit in (self.latitude, self.longitude):
            edit.textEdited.connect(lambda _t: self._numbers_typed())
        self.clear_button.clicked.connect(self.clear)
        self._describe()

    # -- reading and writing -------------------------------------------------------------------
    def set_location(self, latitude: float | None, longitude: float | None) -> None:
        self.latitude.setText(format_coordinate(latitude))
        self.longitude.setText(format_coordinate(longitude))
        self._show_town_of_numbers()

    def location(self) -> tuple[float | None, float | None]:
        return self.values()[0]

    def values(self) -> tuple[tuple[float | None, float | None], list[str]]:
        """(latitude, longitude) and what is wrong with what was typed."""
        lat, lat_problem = parse_coordinate(self.latitude.text(), f"{self._label} latitude",
                                            -90, 90)
        lon, lon_problem = parse_coordinate(self.longitude.text(),
                                            f"{self._label} longitude", -180, 180)
        return (lat, lon), [p for p in (lat_problem, lon_problem) if p]

    def choose(self, text: str) -> Place | None:
        """Pick a town as if typed in the picker ("Leeds", "Liege", "Portland, USA")."""
        self.town.setEditText(text)
        return self._town_chosen()

    def clear(self) -> None:
        self.town.setCurrentIndex(-1)
        self.town.setEditText("")
        self.latitude.clear()
        self.longitude.clear()
        self._describe()
        self.edited.emit()

    # -- behaviour -------------------------------------------------------------------------------
    def _town_chosen(self) -> Place | None:
        text = self.town.currentText().strip()
        if not text:
            return None
        self.town.fill_all()
        place = world_places().find(text)
        if place is None:
            self.where.setText(f"{text!r} is not in the towns list: type its latitude and "
                               "longitude instead.")
            return None
        self.town.setEditText(place.label)
        if self.location() != (place.latitude, place.longitude):
            self.latitude.setText(format_coordinate(place.latitude))
            self.longitude.setText(format_coordinate(place.longitude))
            self.edited.emit()
        self._describe()
        return place

    def _numbers_typed(self) -> None:
        self._show_town_of_numbers()
        self.edited.emit()

    def _show_town_of_numbers(self) -> None:
        (lat, lon), _ = self.values()
        place = known_places().nearest(lat, lon) if lat is not None and lon is not None else None
        self.town.setEditText(place.label if place else "")
        self._describe()

    def _describe(self) -> None:
        (lat, lon), problems = self.values()
        if problems:
            self.where.setText(problems[0])
        elif lat is None and lon is None:
            self.where.setText("Not set: pick a town or type latitude and longitude.")
        elif lat is None or lon is None:
            self.where.setText("Type both latitude and longitude.")
        else:
            ns, ew = ("N" if lat >= 0 else "S"), ("E" if lon >= 0 else "W")
            place = known_places().nearest(lat, lon)
            near = f" — {place.label}" if place else ""
            self.where.setText(f"{abs(lat):.2f}° {ns}, {abs(lon):.2f}° {ew}{near}")
