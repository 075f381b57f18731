"""Step 3: powers. Automatic (nobody repeats a power, then spread), from preference lists, the
Paris method step by step, or by hand with a warning beside each repeated power."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QRadioButton,
    QStackedWidget,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from tdapp.core.formats.options import PowerMethod
from tdapp.core.powers import POWERS
from tdapp.core.tournament import board_call
from tdapp.core.tournament.board_call import POWER_METHOD_TITLES, SeatingProposal
from tdapp.gui.common.table_model import ROW_ROLE, Column, RowTableModel
from tdapp.gui.common.tables import tune_table
from tdapp.gui.seating.cards import by_power
from tdapp.gui.seating.common import big_label, hint_label, stats_text
from tdapp.gui.seating.paris import ParisPanel

if TYPE_CHECKING:
    from tdapp.gui.seating.wizard import SeatingWizard

METHODS = tuple(POWER_METHOD_TITLES)
NO_POWER = "\u2014"


@dataclass(frozen=True)
class HandLine:
    """One seat for powers by hand: its power and what is wrong with it."""

    board: int
    player: str
    power: str  # "" while the seat has none
    warning: str
    locked: bool


HAND_COLUMNS: list[Column[HandLine]] = [
    Column("Board", lambda r: r.board, align_right=True),
    Column("Player", lambda r: r.player),
    Column("Power", lambda r: r.power.title() if r.power else NO_POWER, editable=True,
           sort_key=lambda r: POWERS.index(r.power) if r.power else 9,
           tooltip="Double-click or F2 to choose; the player holding it takes the old power"),
    Column("Warning", lambda r: f"\u26a0 {r.warning}" if r.warning else ""),
]
POWER_COLUMN = 2


class PowerDelegate(QStyledItemDelegate):
    """A combo box of the powers (and none); the model receives the power's name."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,  # noqa: N802
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        combo = QComboBox(parent)
        combo.addItem(NO_POWER, "")
        for power in POWERS:
            combo.addItem(power.title(), power)
        combo.activated.connect(lambda _=0, c=combo: self.commitData.emit(c))
        return combo

    def setEditorData(self, editor: QWidget,  # noqa: N802 - Qt override
                      index: QModelIndex | QPersistentModelIndex) -> None:
        assert isinstance(editor, QComboBox)
        line = index.data(ROW_ROLE)
        editor.setCurrentIndex(max(0, editor.findData(line.power if line else "")))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,  # noqa: N802
                     index: QModelIndex | QPersistentModelIndex) -> None:
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)


def hand_lines(proposal: SeatingProposal) -> list[HandLine]:
    """Every seat by board and power, with a repeated or missing power written beside it."""
    warnings = {(i.board, i.players[0]): i.message for i in proposal.issues
                if i.kind == "power_repeat"}
    lines = []
    for board in proposal.boards:
        for power, player in by_power(board.seats, board.powers):
            warning = warnings.get((board.number, player), "") if power else "no power yet"
            lines.append(HandLine(board.number, player, power or "", warning,
                                  board.number in proposal.locked_boards))
    return lines


class HandPowers(QTableView):
    """Every seat with its power, chosen in place; a repeated or missing power is flagged."""

    def __init__(self, page: PowersPage) -> None:
        super().__init__()
        self.page = page
        self.setObjectName("handPowers")
        self.model_ = RowTableModel(HAND_COLUMNS, greyed=lambda r: r.locked, parent=self)
        self.model_.on_edit = self._edited
        self.setModel(self.model_)
        self.setItemDelegateForColumn(POWER_COLUMN, PowerDelegate(self))
        self.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                             | QAbstractItemView.EditTrigger.EditKeyPressed
                             | QAbstractItemView.EditTrigger.SelectedClicked)
        tune_table(self, (60, 230, 130))

    def show_proposal(self, proposal: SeatingProposal) -> None:
        current = self.currentIndex()
        self.model_.set_rows(hand_lines(proposal))
        if current.isValid():
            self.setCurrentIndex(self.model_.index(current.row(), current.column()))

    def lines(self) -> list[HandLine]:
        return self.model_.rows()

    def _edited(self, line: HandLine, column: int, value: object) -> None:
        if column == POWER_COLUMN and not line.locked:
            self.page.set_by_hand(line.board, line.player, str(value or ""))


class PowersPage(QWizardPage):
    def __init__(self, wizard: SeatingWizard) -> None:
        super().__init__()
        self.owner = wizard
        self.setTitle("Step 3 of 5 — Powers")
        self.setSubTitle("Who plays which power on each board.")
        self.group = QButtonGroup(self)
        choices = QHBoxLayout()
        for index, name in enumerate(METHODS):
            button = QRadioButton(POWER_METHOD_TITLES[name].split(" (")[0].replace(
                "Paris method, step by step", "Paris method"))
            button.setToolTip(POWER_METHOD_TITLES[name])
            button.setObjectName(f"powers-{name}")
            self.group.addButton(button, index)
            choices.addWidget(button)
        choices.addStretch(1)
        self.group.idClicked.connect(lambda index: self.use(METHODS[index]))
        self.summary = big_label(points=2)
        self.summary.setObjectName("powersSummary")
        self.stack = QStackedWidget()
        self.automatic = QWidget()
        auto_layout = QVBoxLayout(self.automatic)
        auto_layout.setContentsMargins(0, 8, 0, 0)
        auto_layout.addWidget(hint_label(
            "Powers are assigned board by board so that nobody plays a power again (when the "
            "board allows it), then so that everyone's powers are spread as evenly as "
            "possible. Review them on the boards in the next step."))
        auto_layout.addStretch(1)
        self.notes = QListWidget()
        self.notes.setObjectName("preferenceNotes")
        self.paris = ParisPanel()
        self.paris.changed.connect(self._paris_changed)
        self.hand = HandPowers(self)
        preferences = QWidget()
        pref_layout = QVBoxLayout(preferences)
        pref_layout.setContentsMargins(0, 0, 0, 0)
        pref_layout.addWidget(hint_label("Each player's preference list (e.g. FGIRT, on the "
                                         "Players page); the lowest-ranked chooses first, and "
                                         "nobody takes a power played before."))
        pref_layout.addWidget(self.notes, 1)
        self.pages: dict[str, QWidget] = {  # by power method (a member is its string)
            PowerMethod.AUTOMATIC: self.automatic, PowerMethod.PREFERENCES: preferences,
            PowerMethod.PARIS: self.paris, PowerMethod.MANUAL: self.hand}
        for widget in self.pages.values():
            self.stack.addWidget(widget)
        self.format_note = QLabel()
        layout = QVBoxLayout(self)
        layout.addLayout(choices)
        layout.addWidget(self.format_note)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.summary)
        self.method = ""

    def initializePage(self) -> None:  # noqa: N802 - Qt override
        proposal = self.owner.proposal
        if proposal is None:
            return
        rule = proposal.context.power_method
        note = (f"The format assigns powers in round {self.owner.round_number} by: "
                f"{POWER_METHOD_TITLES[rule]}.")
        teams = board_call.team_boards(proposal)
        if teams:
            note += (f" On the team round's {len(teams)} boards each player plays the power "
                     f"their team chose; what you pick here gives the other boards' powers.")
        self.format_note.setText(note)
        self.format_note.setWordWrap(True)
        chosen = self.method or rule
        self.use(chosen, fresh=self.owner.powers_for is not proposal)

    def use(self, method: str, fresh: bool = True) -> None:
        """Switch the power method; ``fresh`` starts it over on the current seating."""
        proposal = self.owner.proposal
        if proposal is None:
            return
        self.method = method
        self.group.button(METHODS.index(method)).setChecked(True)
        self.stack.setCurrentWidget(self.pages[method])
        if fresh or self.owner.powers_for is not proposal:
            self.owner.powers_for = proposal
            if method == PowerMethod.AUTOMATIC:
                self.owner.restore_automatic_powers()
            elif method == PowerMethod.PREFERENCES:
                self.owner.restore_automatic_powers()
                self.notes.clear()
                self.notes.addItems(board_call.assign_preferences(proposal))
            elif method == PowerMethod.PARIS:
                self._start_paris(proposal)
            else:
                self.owner.restore_automatic_powers()
        if method == PowerMethod.PARIS:
            self.owner.projector_turns(True)
            self.paris.setFocus()
        else:
            self.owner.projector_turns(False)
        self.refresh()

    def _start_paris(self, proposal: SeatingProposal) -> None:
        selections = {}
        kept = proposal.locked_boards | board_call.team_boards(proposal)
        for board in proposal.boards:
            if board.number in kept:
                continue
            board_call.clear_powers(proposal, board.number)
            selections[board.number] = board_call.paris_selection(proposal, board.number)
        self.paris.mirror = self.owner.mirror_turn
        self.paris.start(selections, board_call.paris_seeds(proposal))

    def _paris_changed(self) -> None:
        proposal = self.owner.proposal
        if proposal is None:
            return
        for number, selection in self.paris.selections.items():
            if selection.turn() is None:
                board_call.apply_paris(proposal, number, selection)
            elif number in proposal.selection_orders or any(
                    b.powers for b in proposal.boards if b.number == number):
                board_call.clear_powers(proposal, number)
        self.refresh()

    def set_by_hand(self, board: int, player: str, power: str) -> None:
        proposal = self.owner.proposal
        if proposal is None:
            return
        if power:
            board_call.set_power_by_hand(proposal, board, player, power)
        else:
            target = next(b for b in proposal.boards if b.number == board)
            held = target.power_of(player)
            if held:
                del target.powers[held]
            proposal.recheck()
        self.refresh()

    def refresh(self) -> None:
        proposal = self.owner.proposal
        if proposal is None:
            return
        missing = proposal.missing_powers()
        if self.method == PowerMethod.MANUAL:
            self.hand.show_proposal(proposal)
        text = stats_text(proposal)
        if missing:
            text += f" · boards without all powers: {', '.join(map(str, missing))}"
        self.summary.setText(text)
        self.completeChanged.emit()

    def isComplete(self) -> bool:  # noqa: N802 - Qt override
        proposal = self.owner.proposal
        return proposal is not None and not proposal.missing_powers()

    def validatePage(self) -> bool:  # noqa: N802 - Qt override
        self.owner.projector_turns(False)
        return True
