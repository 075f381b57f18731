"""The Boards page: a round's boards with their seats (power, player, centres and score once
known) and status; seat the round, print the call, show it on the projector, and take late
arrivals after the call."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, Signal, SignalInstance
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui import theme
from tdapp.gui.common.page import page_title
from tdapp.gui.seating.cards import BoardGrid
from tdapp.gui.seating.common import called_card_views, plural
from tdapp.services.rounds import ROUND_STATUSES, BoardRow, RoundRow


class BoardsPage(QWidget):
    round_selected = Signal(int)
    seat_requested = Signal(int)  # round number
    print_requested = Signal(int)
    projector_requested = Signal(int)
    standby_requested = Signal(int, object)  # round, player ids
    reseed_requested = Signal(int, object)  # round, player ids joining the open boards
    board_activated = Signal(int, int)  # round, board number (double click)
    result_requested = Signal(int)  # board id: enter or edit its result (double click)
    play_requested = Signal(int)  # board id: play it through order entry
    # The page came into view: the players' answers are read then (never at start-up, while
    # the page is built with the file but hidden).
    shown = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.round_box = QComboBox()
        self.round_box.setObjectName("boardsRound")
        self.round_box.setMinimumWidth(280)
        self.round_box.currentIndexChanged.connect(self._round_changed)
        round_label = QLabel("&Round:")
        round_label.setBuddy(self.round_box)
        self.seat_button = QPushButton("&Seat round…")
        self.seat_button.setObjectName("seatRoundButton")
        self.seat_button.clicked.connect(lambda: self._emit(self.seat_requested))
        self.print_button = QPushButton("&Print board call…")
        self.print_button.clicked.connect(lambda: self._emit(self.print_requested))
        self.project_button = QPushButton("Show on pro&jector")
        self.project_button.clicked.connect(lambda: self._emit(self.projector_requested))
        self.status = QLabel()
        self.status.setObjectName("boardsStatus")
        self.status.setWordWrap(True)
        theme.enlarge(self.status, 2)
        self.disputes = QLabel()  # players' disputes of a result, from the players' page
        self.disputes.setObjectName("boardsDisputes")
        self.disputes.setWordWrap(True)
        self.disputes.setTextFormat(Qt.TextFormat.PlainText)  # names are text, never markup
        theme.set_text_colour(self.disputes, theme.ERROR)
        self.disputes.hide()
        self.empty = QLabel()
        self.empty.setWordWrap(True)
        theme.set_text_colour(self.empty, theme.MUTED)
        self.grid = BoardGrid(editable=False, columns=4)
        self.grid.setObjectName("boardsGrid")
        self.grid.board_activated.connect(self._board_double_clicked)
        self.grid.board_context.connect(self._board_menu)
        self._board_ids: dict[int, int] = {}  # board number -> id, in the round shown
        self._has_boards = False  # the round shown has boards / results (set by set_boards)
        self._has_results = False
        self.late_list = QListWidget()
        self.late_list.setObjectName("lateList")
        self.late_list.setMaximumHeight(96)
        self.standby_button = QPushButton("Add to s&tandby")
        self.standby_button.clicked.connect(lambda: self._emit_late(self.standby_requested))
        self.reseed_button = QPushButton("Re-seed boards &not started…")
        self.reseed_button.setToolTip("The ticked players join; boards that have started keep "
                                      "their players")
        self.reseed_button.clicked.connect(lambda: self._emit_late(self.reseed_requested))
        late = QGroupBox("Late arrivals after the call")
        late_layout = QHBoxLayout(late)
        self.late_empty = QLabel("Everyone on the roll call has a seat.")
        theme.set_text_colour(self.late_empty, theme.MUTED)
        late_layout.addWidget(self.late_empty)
        late_layout.addWidget(self.late_list, 1)
        late_buttons = QVBoxLayout()
        late_buttons.addWidget(self.standby_button)
        late_buttons.addWidget(self.reseed_button)
        late_buttons.addStretch(1)
        late_layout.addLayout(late_buttons)
        self.late_box = late
        top = QHBoxLayout()
        top.addWidget(round_label)
        top.addWidget(self.round_box)
        top.addSpacing(12)
        top.addWidget(self.seat_button)
        top.addWidget(self.print_button)
        top.addWidget(self.project_button)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 16, 24, 16)
        layout.addWidget(page_title("Boards"))
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(self.disputes)
        layout.addWidget(self.empty)
        layout.addWidget(self.grid, 1)
        self.filler = QWidget()  # takes the room of the grid while there are no boards
        layout.addWidget(self.filler, 1)
        layout.addWidget(late)
        self._rounds: list[RoundRow] = []
        self.set_boards(None, [], [], "")

    # -- what the controller shows ---------------------------------------------------------
    def set_rounds(self, rows: list[RoundRow]) -> None:
        current = self.current_round()
        self._rounds = rows
        self.round_box.blockSignals(True)
        self.round_box.clear()
        for row in rows:
            text = f"Round {row.number} — {ROUND_STATUSES.get(row.status, row.status)}"
            self.round_box.addItem(text, row.number)
        numbers = [r.number for r in rows]
        chosen = current if current in numbers else self._default_round(rows)
        if chosen is not None:
            self.round_box.setCurrentIndex(numbers.index(chosen))
        self.round_box.blockSignals(False)
        self._update_buttons()
        if chosen is not None:
            self.round_selected.emit(chosen)

    @staticmethod
    def _default_round(rows: list[RoundRow]) -> int | None:
        """The round being played, else the first not called yet."""
        for status in ("playing", "called"):
            for row in rows:
                if row.status == status:
                    return row.number
        for row in rows:
            if row.status == "planned":
                return row.number
        return rows[-1].number if rows else None

    def current_round(self) -> int | None:
        data = self.round_box.currentData()
        return int(data) if data is not None else None

    def select_round(self, number: int) -> None:
        index = self.round_box.findData(number)
        if index >= 0:
            self.round_box.setCurrentIndex(index)

    def set_boards(self, number: int | None, boards: list[BoardRow],
                   late: list[tuple[int, str]], sitting_out: str, roll_call: str = "",
                   pool_boards: frozenset[int] = frozenset(),
                   team_boards: frozenset[int] = frozenset()) -> None:
        """The round's boards, who could still join, who sits out; before the call, the
        roll call's count."""
        self.grid.show_cards(called_card_views(boards, pool_boards, team_boards))
        self._board_ids = {b.number: b.board_id for b in boards}
        for card in self.grid.cards:
            card.setToolTip("Double-click: enter the result. Right-click: play the board "
                            "through order entry, or enter its result.")
        self.grid.setVisible(bool(boards))
        self.filler.setVisible(not boards)
        if number is None:
            self.status.setText("")
            self.empty.setText("Open a tournament to see its boards.")
        elif not boards:
            count = f" Roll call: {roll_call}." if roll_call else ""
            self.status.setText(f"Round {number} is not seated yet.{count}")
            self.empty.setText("Take the roll call on the Rounds page, then press "
                               f"“Seat round {number}…” (Ctrl+Shift+B) to call the boards: "
                               "who plays, seating, powers, review, and the call itself.")
        else:
            finished = sum(1 for b in boards if b.status in ("finished", "scored"))
            text = (f"Round {number}: {plural(len(boards), 'board')}, "
                    f"{finished} finished.")
            if sitting_out:
                text += f" Sitting out: {sitting_out}."
            self.status.setText(text)
            self.empty.setText("")
        self.empty.setVisible(bool(self.empty.text()))
        self.late_list.clear()
        for player_id, name in late:
            item = QListWidgetItem(name)
            item.setData(Qt.ItemDataRole.UserRole, player_id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.late_list.addItem(item)
        open_round = any(b.status not in ("finished", "scored") for b in boards)
        self.late_box.setVisible(open_round)  # once every board is over, nobody joins
        self.late_list.setVisible(bool(late))
        self.late_empty.setVisible(not late)
        self.standby_button.setEnabled(bool(late))
        self.reseed_button.setEnabled(bool(late) and any(b.status == "seated" for b in boards))
        self._has_boards = bool(boards)
        self._has_results = any(b.status in ("finished", "scored") for b in boards)
        self._update_buttons()

    def set_disputes(self, disputed: dict[int, str]) -> None:
        """Boards whose result a player disputes (number -> who): marked on their cards and
        named above them until the TD settles it (Standings › Enter results)."""
        for card in self.grid.cards:
            mark = " · ⚠ disputed"
            note = card.note.text().removesuffix(mark)
            card.note.setText(note + mark if card.number in disputed else note)
        self.disputes.setText("\n".join(
            f"Board {number}'s result is disputed by {who}: settle it with Settle dispute… "
            f"on Standings › Enter results." for number, who in sorted(disputed.items())))
        self.disputes.setVisible(bool(disputed))

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        self.shown.emit()

    def checked_late(self) -> list[int]:
        return [int(self.late_list.item(i).data(Qt.ItemDataRole.UserRole))
                for i in range(self.late_list.count())
                if self.late_list.item(i).checkState() == Qt.CheckState.Checked]

    # -- what the TD asks for ----------------------------------------------------------------
    def _board_double_clicked(self, number: int) -> None:
        self.board_activated.emit(self.current_round() or 0, number)
        if number in self._board_ids:
            self.result_requested.emit(self._board_ids[number])

    def board_menu(self, number: int) -> QMenu:
        """What can be done with board ``number`` of the round shown."""
        menu = QMenu(self)
        board_id = self._board_ids.get(number)
        play = menu.addAction(f"&Play board {number} (order entry)…")
        play.setObjectName("playBoard")
        result = menu.addAction(f"Enter board {number}'s &result…")
        result.setObjectName("enterResult")
        if board_id is None:
            play.setEnabled(False)
            result.setEnabled(False)
        else:
            play.triggered.connect(lambda _=False: self.play_requested.emit(board_id))
            result.triggered.connect(lambda _=False: self.result_requested.emit(board_id))
        return menu

    def _board_menu(self, number: int, where: QPoint) -> None:
        self.board_menu(number).exec(where)

    def _emit(self, signal: SignalInstance) -> None:
        number = self.current_round()
        if number is not None:
            signal.emit(number)

    def _emit_late(self, signal: SignalInstance) -> None:
        number = self.current_round()
        ids = self.checked_late()
        if number is not None and ids:
            signal.emit(number, ids)

    def _round_changed(self, _index: int) -> None:
        number = self.current_round()
        self._update_buttons()
        if number is not None:
            self.round_selected.emit(number)

    def _update_buttons(self) -> None:
        number = self.current_round()
        has_boards, has_results = self._has_boards, self._has_results
        self.seat_button.setText(f"&Seat round {number}…" if number else "&Seat round…")
        self.seat_button.setEnabled(number is not None and not has_results)
        self.seat_button.setToolTip(
            "Results are in: this round cannot be seated again" if has_results
            else "Who plays, seating, powers, review, and the board call (Ctrl+Shift+B)")
        self.print_button.setEnabled(has_boards)
        self.project_button.setEnabled(has_boards)
