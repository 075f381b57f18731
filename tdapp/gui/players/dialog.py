"""Add or edit one player: every field of PlayerData, and the player's keep-apart list."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui.common.fields import problems_label, show_problems
from tdapp.gui.common.location import LocationPicker
from tdapp.gui.players.keep_apart import KeepApartEditor
from tdapp.services.gazetteer import world_places
from tdapp.services.players import LOCAL_STATUSES, MAX_BOARD, MAX_SEED, PlayerData

NOT_COMPETING_TEXT = "Not competing: plays but never ranks (TD or assistant filling a seat)"
DECLINED_TEXT = "Declined a top-board place"
NONE_TEXT = "none"


def _optional_spin(maximum: int, tip: str) -> QSpinBox:
    """A number that may be unset: 0 shows as "none"."""
    spin = QSpinBox()
    spin.setRange(0, maximum)
    spin.setSpecialValueText(NONE_TEXT)
    spin.setToolTip(tip)
    spin.setMaximumWidth(120)
    return spin


class PlayerDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, player: PlayerData | None = None,
                 others: list[tuple[int, str]] | None = None,
                 keep_apart: dict[int, str] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Edit player" if player else "Add player")
        self.setMinimumWidth(1100)
        self.name = QLineEdit()
        self.home_town = QLineEdit()
        self.country = QLineEdit()
        self.club = QLineEdit()
        self.local_status = QComboBox()
        for key, label in LOCAL_STATUSES.items():
            self.local_status.addItem(label, key)
        self.local_status.setToolTip("The WDC 2018 sit-out order: local board members sit out "
                                     "first, travellers last.")
        self.email = QLineEdit()
        self.not_competing = QCheckBox(NOT_COMPETING_TEXT)
        self.power_preferences = QLineEdit()
        self.power_preferences.setPlaceholderText("e.g. FGE (letters of AEFGIRT, best first)")
        self.home_location = LocationPicker("Home")
        self.home_location.setToolTip("Home, for distance-from-home tie-breakers: pick a town "
                                      "or type the coordinates")
        self.latitude = self.home_location.latitude
        self.longitude = self.home_location.longitude
        self.notes = QPlainTextEdit()
        self.notes.setFixedHeight(70)
        self.pinned_board = _optional_spin(
            MAX_BOARD, "A board this player is always seated at (a table near the door, step-"
            "free access); the seating keeps the seat locked.")
        self.seed = _optional_spin(
            MAX_SEED, "Qualifying seed (DBN Invitational): 1 is the best; it orders the "
            "semi-final boards and the Paris method.")
        self.declined_top_board = QCheckBox(DECLINED_TEXT)
        self.declined_top_board.setToolTip("WDC 2018: the next in line is invited to the top "
                                           "board instead")
        self.keep_apart = KeepApartEditor()
        self.keep_apart.set_players(others or [])
        self.keep_apart.set_pairs(keep_apart or {})
        self.problems = problems_label()
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        columns = QHBoxLayout()
        details = QVBoxLayout()
        details.addLayout(self._details_form())
        details.addStretch(1)
        columns.addLayout(details, 6)
        columns.addLayout(self._seating_column(), 4)
        layout = QVBoxLayout(self)
        layout.addLayout(columns)
        layout.addWidget(self.problems)
        layout.addWidget(buttons)
        self.home_town.editingFinished.connect(self._look_up_home)
        self.country.editingFinished.connect(self._look_up_home)
        self.set_data(player or PlayerData(""))

    def _details_form(self) -> QFormLayout:
        form = QFormLayout()
        form.addRow("&Name:", self.name)
        form.addRow("&Home town:", self.home_town)
        form.addRow("&Country:", self.country)
        form.addRow("Home lo&cation:", self.home_location)
        form.addRow("C&lub:", self.club)
        form.addRow("Local &status:", self.local_status)
        form.addRow("&E-mail:", self.email)
        form.addRow("", self.not_competing)
        form.addRow("&Power preferences:", self.power_preferences)
        form.addRow("N&otes:", self.notes)
        return form

    def _seating_column(self) -> QVBoxLayout:
        seating = QGroupBox("Seating and seeding")
        form = QFormLayout(seating)
        form.addRow("P&inned to board:", self.pinned_board)
        form.addRow("See&d:", self.seed)
        form.addRow("", self.declined_top_board)
        apart = QGroupBox("Keep apart from…")
        apart.setToolTip("Never seated on one board with this player (family, partners)")
        apart_layout = QVBoxLayout(apart)
        apart_layout.addWidget(self.keep_apart)
        column = QVBoxLayout()
        column.addWidget(seating)
        column.addWidget(apart, 1)
        return column

    def set_data(self, player: PlayerData) -> None:
        self.name.setText(player.name)
        self.home_town.setText(player.home_town)
        self.country.setText(player.country)
        self.club.setText(player.club)
        self.local_status.setCurrentIndex(max(0, self.local_status.findData(player.local_status)))
        self.email.setText(player.email)
        self.not_competing.setChecked(not player.competing)
        self.power_preferences.setText(player.power_preferences)
        self.home_location.set_location(player.latitude, player.longitude)
        self.notes.setPlainText(player.notes)
        self.pinned_board.setValue(player.pinned_board or 0)
        self.seed.setValue(player.seed or 0)
        self.declined_top_board.setChecked(player.declined_top_board)

    def _look_up_home(self) -> None:
        """A home town from the towns table fills an empty home location."""
        if self.home_location.location() != (None, None) or not self.home_town.text().strip():
            return
        town, country = self.home_town.text().strip(), self.country.text().strip()
        place = world_places().find(f"{town}, {country}" if country else town)
        if place is not None:
            self.home_location.choose(place.label)

    def _read(self) -> tuple[PlayerData, list[str]]:
        (latitude, longitude), location_problems = self.home_location.values()
        data = PlayerData(
            name=self.name.text(), home_town=self.home_town.text(), country=self.country.text(),
            club=self.club.text(), local_status=str(self.local_status.currentData()),
            email=self.email.text(), notes=self.notes.toPlainText(),
            competing=not self.not_competing.isChecked(),
            power_preferences=self.power_preferences.text(),
            latitude=latitude, longitude=longitude,
            pinned_board=self.pinned_board.value() or None,
            seed=self.seed.value() or None,
            declined_top_board=self.declined_top_board.isChecked(),
        ).cleaned()
        problems = data.problems() + location_problems
        return data, problems

    def data(self) -> PlayerData:
        return self._read()[0]

    def keep_apart_pairs(self) -> dict[int, str]:
        """Other player id -> reason: the whole keep-apart list as the TD left it."""
        return self.keep_apart.pairs()

    def accept(self) -> None:
        _, problems = self._read()
        show_problems(self.problems, problems)
        if not problems:
            super().accept()
