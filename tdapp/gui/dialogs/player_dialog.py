"""Add or edit one player: every field of PlayerData."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui.dialogs.common import problems_label, show_problems
from tdapp.services.players import LOCAL_STATUSES, PlayerData

NOT_COMPETING_TEXT = "Not competing: plays but never ranks (TD or assistant filling a seat)"


def _number(text: str, label: str, low: float, high: float) -> tuple[float | None, str | None]:
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


class PlayerDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, player: PlayerData | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Edit player" if player else "Add player")
        self.setMinimumWidth(640)
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
        self.latitude = QLineEdit()
        self.longitude = QLineEdit()
        for edit in (self.latitude, self.longitude):
            edit.setPlaceholderText("optional, for distance-from-home tie-breakers")
        self.notes = QPlainTextEdit()
        self.notes.setFixedHeight(70)
        form = QFormLayout()
        form.addRow("&Name:", self.name)
        form.addRow("&Home town:", self.home_town)
        form.addRow("&Country:", self.country)
        form.addRow("C&lub:", self.club)
        form.addRow("Local &status:", self.local_status)
        form.addRow("&E-mail:", self.email)
        form.addRow("", self.not_competing)
        form.addRow("&Power preferences:", self.power_preferences)
        form.addRow("Home latitude:", self.latitude)
        form.addRow("Home longitude:", self.longitude)
        form.addRow("N&otes:", self.notes)
        self.problems = problems_label()
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problems)
        layout.addWidget(buttons)
        self.set_data(player or PlayerData(""))

    def set_data(self, player: PlayerData) -> None:
        self.name.setText(player.name)
        self.home_town.setText(player.home_town)
        self.country.setText(player.country)
        self.club.setText(player.club)
        self.local_status.setCurrentIndex(max(0, self.local_status.findData(player.local_status)))
        self.email.setText(player.email)
        self.not_competing.setChecked(not player.competing)
        self.power_preferences.setText(player.power_preferences)
        self.latitude.setText("" if player.latitude is None else f"{player.latitude:g}")
        self.longitude.setText("" if player.longitude is None else f"{player.longitude:g}")
        self.notes.setPlainText(player.notes)

    def _read(self) -> tuple[PlayerData, list[str]]:
        latitude, lat_problem = _number(self.latitude.text(), "Home latitude", -90, 90)
        longitude, lon_problem = _number(self.longitude.text(), "Home longitude", -180, 180)
        data = PlayerData(
            name=self.name.text(), home_town=self.home_town.text(), country=self.country.text(),
            club=self.club.text(), local_status=str(self.local_status.currentData()),
            email=self.email.text(), notes=self.notes.toPlainText(),
            competing=not self.not_competing.isChecked(),
            power_preferences=self.power_preferences.text(),
            latitude=latitude, longitude=longitude,
        ).cleaned()
        problems = data.problems() + [p for p in (lat_problem, lon_problem) if p]
        return data, problems

    def data(self) -> PlayerData:
        return self._read()[0]

    def accept(self) -> None:
        _, problems = self._read()
        show_problems(self.problems, problems)
        if not problems:
            super().accept()
