"""The Teams dialog: layout only; :mod:`tdapp.gui.teams.controller` saves what it asks for.

Left, the teams (with how full each is); right, the chosen team's members, each with the power
the team picked, and a picker for the players who may still join. Refusals are shown in the
dialog in the TD's words, never in a box over it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.collation import fold
from tdapp.core.formats.options import TeamMembers
from tdapp.core.powers import POWER_TITLES, POWERS
from tdapp.gui import theme
from tdapp.gui.common.enter_key import on_enter
from tdapp.gui.common.fields import searchable
from tdapp.services.teams import CandidateRow, TeamRow, TeamsView

NOT_PICKED = "— not picked yet —"


def power_box(current: str | None, free: tuple[str, ...] = POWERS) -> QComboBox:
    """A power picker offering "not picked" and the powers still free (plus the current one)."""
    box = QComboBox()
    box.addItem(NOT_PICKED, None)
    for power in POWERS:
        if power in free or power == current:
            box.addItem(POWER_TITLES[power], power)
    box.setCurrentIndex(max(0, box.findData(current)))
    return box


class TeamsDialog(QDialog):
    create_requested = Signal(str)
    rename_requested = Signal(int, str)
    delete_requested = Signal(int)
    add_requested = Signal(int, int, object)  # team id, player id, power or None
    remove_requested = Signal(int, int)  # team id, player id
    power_requested = Signal(int, int, object)  # team id, player id, power or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Teams — team tournament")
        self.setObjectName("teamsDialog")
        self.resize(980, 620)
        self._view: TeamsView | None = None
        self.rule_label = QLabel()
        self.rule_label.setWordWrap(True)
        self.pool_label = QLabel()
        self.pool_label.setWordWrap(True)
        theme.set_text_colour(self.pool_label, theme.MUTED)
        self.teams_list = QListWidget()
        self.teams_list.setObjectName("teamsList")
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("Team name (to create a team, or rename the chosen one)")
        self.create_button = QPushButton("&Create team")
        self.rename_button = QPushButton("Re&name")
        self.delete_button = QPushButton("&Delete team…")
        self.members = QTableWidget(0, 2)
        self.members.setObjectName("membersTable")
        self.members.setHorizontalHeaderLabels(["Player", "Power the team picked"])
        self.members.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.members.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.ResizeToContents)
        self.members.verticalHeader().setVisible(False)
        self.members.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.members.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.members.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.remove_button = QPushButton("Re&move from team")
        self.player_picker = QComboBox()
        self.player_picker.setObjectName("teamPlayerPicker")
        self.player_edit = searchable(self.player_picker, "Type a name…")
        self.new_power = power_box(None)
        self.add_button = QPushButton("&Add to team")
        self.members_box = QGroupBox("Members")
        self.problems = QLabel()
        self.problems.setObjectName("teamProblems")
        self.problems.setWordWrap(True)
        self.message = QLabel()
        self.message.setObjectName("teamMessage")
        self.message.setWordWrap(True)
        self._build_layout()
        self.teams_list.currentRowChanged.connect(lambda _row: self._show_team())
        self.create_button.clicked.connect(
            lambda: self.create_requested.emit(self.name_edit.text()))
        on_enter([self.name_edit], lambda: self.create_requested.emit(self.name_edit.text()))
        on_enter([self.player_edit], self._add)
        self.rename_button.clicked.connect(self._rename)
        self.delete_button.clicked.connect(self._delete)
        self.add_button.clicked.connect(self._add)
        self.remove_button.clicked.connect(self._remove)
        self.members.itemSelectionChanged.connect(self._enable)
        self._enable()

    def _build_layout(self) -> None:
        left = QGroupBox("Teams")
        left_layout = QVBoxLayout(left)
        left_layout.addWidget(self.teams_list, 1)
        left_layout.addWidget(self.name_edit)
        buttons = QHBoxLayout()
        for button in (self.create_button, self.rename_button, self.delete_button):
            buttons.addWidget(button)
        left_layout.addLayout(buttons)
        right_layout = QVBoxLayout(self.members_box)
        right_layout.addWidget(self.members, 1)
        remove_row = QHBoxLayout()
        remove_row.addStretch(1)
        remove_row.addWidget(self.remove_button)
        right_layout.addLayout(remove_row)
        add_row = QHBoxLayout()
        add_label = QLabel("Add &player:")
        add_label.setBuddy(self.player_picker)
        add_row.addWidget(add_label)
        add_row.addWidget(self.player_picker, 1)
        add_row.addWidget(QLabel("as"))
        add_row.addWidget(self.new_power)
        add_row.addWidget(self.add_button)
        right_layout.addLayout(add_row)
        middle = QHBoxLayout()
        middle.addWidget(left, 2)
        middle.addWidget(self.members_box, 3)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.rule_label)
        layout.addWidget(self.pool_label)
        layout.addLayout(middle, 1)
        layout.addWidget(self.problems)
        layout.addWidget(self.message)
        layout.addWidget(close)

    # -- what is shown ---------------------------------------------------------------------------
    def set_view(self, view: TeamsView, select_team: int | None = None) -> None:
        """Show the teams; keeps the chosen team (or chooses ``select_team``)."""
        keep = select_team if select_team is not None else self.current_team_id()
        self._view = view
        self.rule_label.setText(f"<b>{view.rule_text}</b>")
        self.pool_label.setText(self._pool_text(view))
        self.teams_list.blockSignals(True)
        self.teams_list.clear()
        size = view.rule.size if view.rule else 0
        for team in view.teams:
            item = QListWidgetItem(f"{team.name}   ({len(team.members)}/{size})")
            item.setData(Qt.ItemDataRole.UserRole, team.id)
            self.teams_list.addItem(item)
        rows = [i for i, t in enumerate(view.teams) if t.id == keep]
        self.teams_list.setCurrentRow(rows[0] if rows else (0 if view.teams else -1))
        self.teams_list.blockSignals(False)
        problems = list(view.problems)
        self.problems.setText("\n".join(f"• {p}" for p in problems))
        theme.set_text_colour(self.problems, theme.ERROR if problems else theme.OK)
        if not problems and view.teams:
            self.problems.setText("✓ The teams follow the format's rule.")
        self.problems.setVisible(bool(view.teams))
        for widget in (self.create_button, self.name_edit):
            widget.setEnabled(view.rule is not None)
        self._show_team()

    @staticmethod
    def _pool_text(view: TeamsView) -> str:
        rule = view.rule
        if rule is None or rule.members_from != TeamMembers.NON_POOL:
            return ""
        in_pool = sum(1 for c in view.candidates if "championship pool" in c.why_not)
        if not view.pool_known:
            return ("The championship pool is not known yet (it is formed after the "
                    "qualifying rounds): anyone may join a team for now; a player who then "
                    "makes the pool is listed below as a problem.")
        free = sum(1 for c in view.candidates if not c.why_not and not c.team)
        return (f"{in_pool} players are in the championship pool and play the pool round, not "
                f"the team tournament; {free} players outside it are not in a team yet.")

    def current_team(self) -> TeamRow | None:
        team_id = self.current_team_id()
        if self._view is None or team_id is None:
            return None
        return next((t for t in self._view.teams if t.id == team_id), None)

    def current_team_id(self) -> int | None:
        item = self.teams_list.currentItem()
        return None if item is None else int(item.data(Qt.ItemDataRole.UserRole))

    def _show_team(self) -> None:
        team = self.current_team()
        self.members_box.setTitle(f"Members of {team.name}" if team else "Members")
        self.members.setRowCount(0)
        if team is not None:
            self.name_edit.setText(team.name)
            picks = self._view.rule.team_picks_powers if self._view and self._view.rule else False
            for row, member in enumerate(team.members):
                self.members.insertRow(row)
                item = QTableWidgetItem(member.name)
                item.setData(Qt.ItemDataRole.UserRole, member.player_id)
                self.members.setItem(row, 0, item)
                box = power_box(member.power, team.free_powers())
                box.setEnabled(picks)
                box.currentIndexChanged.connect(
                    lambda _i, b=box, pid=member.player_id: self._power_chosen(pid, b))
                self.members.setCellWidget(row, 1, box)
        self._fill_picker(team)
        self._enable()

    def _fill_picker(self, team: TeamRow | None) -> None:
        self.player_picker.clear()
        free = team.free_powers() if team else POWERS
        current = self.new_power.currentData()
        self.new_power.clear()
        self.new_power.addItem(NOT_PICKED, None)
        for power in free:
            self.new_power.addItem(POWER_TITLES[power], power)
        self.new_power.setCurrentIndex(max(0, self.new_power.findData(current)))
        for candidate in self.joinable():
            self.player_picker.addItem(candidate.name, candidate.player_id)
        self.player_picker.setCurrentIndex(-1)
        self.player_picker.setEditText("")

    def joinable(self) -> list[CandidateRow]:
        if self._view is None:
            return []
        return [c for c in self._view.candidates if not c.why_not and not c.team]

    def _enable(self) -> None:
        team = self.current_team()
        size = self._view.rule.size if self._view and self._view.rule else 0
        full = team is not None and len(team.members) >= size
        self.rename_button.setEnabled(team is not None)
        self.delete_button.setEnabled(team is not None)
        self.add_button.setEnabled(team is not None and not full)
        self.player_picker.setEnabled(team is not None and not full)
        self.remove_button.setEnabled(bool(self.members.selectedItems()))
        if full:
            self.player_edit.setPlaceholderText(f"The team has its {size} players")
        else:
            self.player_edit.setPlaceholderText("Type a name…")

    def show_message(self, text: str, refused: bool = False) -> None:
        self.message.setText(text)
        theme.set_text_colour(self.message, theme.ERROR if refused else theme.INFO,
                              bold=refused)

    # -- what is asked -------------------------------------------------------------------------
    def picked_player(self) -> int | None:
        """The player chosen in the picker, or typed by name (case-insensitive)."""
        text = fold(self.player_picker.currentText().strip())
        for candidate in self.joinable():
            if fold(candidate.name) == text:
                return candidate.player_id
        return None

    def _rename(self) -> None:
        team_id = self.current_team_id()
        if team_id is not None:
            self.rename_requested.emit(team_id, self.name_edit.text())

    def _delete(self) -> None:
        team_id = self.current_team_id()
        if team_id is not None:
            self.delete_requested.emit(team_id)

    def _add(self) -> None:
        team_id = self.current_team_id()
        if team_id is None:
            return
        player_id = self.picked_player()
        if player_id is None:
            typed = self.player_picker.currentText().strip()
            self.show_message(f"Choose a player from the list ({typed!r} cannot join a team "
                              "now, or is not a player)." if typed
                              else "Choose a player to add.", refused=True)
            return
        self.add_requested.emit(team_id, player_id, self.new_power.currentData())

    def _remove(self) -> None:
        team_id = self.current_team_id()
        rows = {index.row() for index in self.members.selectedIndexes()}
        if team_id is None or not rows:
            return
        item = self.members.item(min(rows), 0)
        if item is not None:
            self.remove_requested.emit(team_id, int(item.data(Qt.ItemDataRole.UserRole)))

    def _power_chosen(self, player_id: int, box: QComboBox) -> None:
        team_id = self.current_team_id()
        if team_id is not None:
            self.power_requested.emit(team_id, player_id, box.currentData())
