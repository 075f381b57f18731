"""File > New tournament: the description and where the file goes."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui.common.fields import problems_label, set_date, show_problems
from tdapp.gui.tournament.form import TournamentForm
from tdapp.services.tournaments import TournamentInfo

SUFFIX = ".tdt"
FILE_FILTER = "Tournament files (*.tdt)"


def default_folder() -> Path:
    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(docs or Path.home())


def file_name_for(name: str) -> str:
    stem = re.sub(r"[^\w\- ]+", "", name).strip().replace(" ", "-") or "tournament"
    return stem + SUFFIX


class NewTournamentDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New tournament")
        self.setMinimumWidth(520)
        self._folder = folder or default_folder()
        self._location_touched = False
        self.form = TournamentForm()
        today = dt.date.today()
        set_date(self.form.start_date, today)
        set_date(self.form.end_date, today)
        self.location = QLineEdit()
        self.location.setObjectName("location")
        choose = QPushButton("&Choose…")
        choose.clicked.connect(self._choose_location)
        row = QHBoxLayout()
        row.addWidget(self.location, 1)
        row.addWidget(choose)
        self.problems = problems_label()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.form)
        layout.addWidget(QLabel("Tournament file (everything is saved in it as you work):"))
        layout.addLayout(row)
        layout.addWidget(self.problems)
        layout.addWidget(self.buttons)
        self.form.name.textEdited.connect(self._name_edited)
        self.location.textEdited.connect(self._location_edited)
        self._name_edited()

    def _name_edited(self) -> None:
        if not self._location_touched:
            self.location.setText(str(self._folder / file_name_for(self.form.name.text())))

    def _location_edited(self) -> None:
        self._location_touched = True

    def _choose_location(self) -> None:
        chosen, _ = QFileDialog.getSaveFileName(
            self, "Where to keep the tournament file", self.location.text(), FILE_FILTER
        )
        if chosen:
            self._location_touched = True
            self.location.setText(chosen)

    def info(self) -> TournamentInfo:
        return self.form.info()

    def path(self) -> Path:
        text = self.location.text().strip()
        path = Path(text).expanduser()
        return path if path.suffix == SUFFIX else path.with_name(path.name + SUFFIX)

    def problems_found(self) -> list[str]:
        found = self.form.location_problems() + self.info().problems()
        if not self.location.text().strip():
            found.append("Choose where the tournament file goes.")
        elif self.path().exists():
            found.append(f"{self.path().name} already exists; choose another file name.")
        return found

    def accept(self) -> None:
        found = self.problems_found()
        show_problems(self.problems, found)
        if not found:
            super().accept()
