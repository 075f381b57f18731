"""Board cards: one board of seven seats, side by side in a grid.

A seat can be dragged onto another seat (the two players change places and powers), or picked
from the keyboard: Space on one seat, then Space on another. Seats with issues are coloured and
say why in their tooltip; colour is never the only sign (a mark follows the name).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QByteArray, QMimeData, QPoint, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QContextMenuEvent,
    QDrag,
    QDragEnterEvent,
    QDropEvent,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPalette,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.powers import POWERS
from tdapp.gui import theme

MIME = "application/x-tdapp-seat"
SEVERE = ("power_repeat", "keep_apart", "double_board", "locked_seat")
COLOURS = {"severe": theme.BAD_CELL, "repeat": theme.CARD_REPEAT, "picked": theme.CARD_PICKED,
           "plain": theme.CARD_PLAIN}
FOCUS_EDGE = theme.ACCENT
TEXT = theme.CARD_TEXT
CARD_BACKGROUND = theme.CARD_BACKGROUND
NOTE_TEXT = theme.CARD_NOTE
MARKS = {"severe": " \u26a0", "repeat": " \u2022"}


@dataclass(frozen=True)
class SeatView:
    """One seat as a card shows it; ``extra`` is e.g. "12 SC · 31.5" once a result is in."""

    power: str | None
    player: str
    problem: str = ""  # "severe", "repeat" or ""
    tooltip: str = ""
    extra: str = ""


@dataclass(frozen=True)
class CardView:
    number: int
    seats: tuple[SeatView, ...]
    title_note: str = ""  # "top board", "playing", "3 issues"
    locked: bool = False


def encode_seat(board: int, player: str) -> QMimeData:
    data = QMimeData()
    data.setData(MIME, QByteArray(f"{board}\n{player}".encode()))
    return data


def decode_seat(data: QMimeData) -> tuple[int, str] | None:
    if not data.hasFormat(MIME):
        return None
    board, _, player = bytes(data.data(MIME).data()).decode().partition("\n")
    return int(board), player


class SeatLabel(QFrame):
    """One seat: power and player; a drag source and a drop target when the card is editable.

    Seats are made once and updated in place (:meth:`set_seat`), with palettes rather than
    style sheets: a 29-board round re-draws after each swap in a few milliseconds.
    """

    def __init__(self, card: BoardCard, seat: SeatView) -> None:
        super().__init__(card)
        self.card = card
        self.seat = seat
        self._press: QPoint | None = None
        self._picked = False
        self.setObjectName("seat")
        self.setAutoFillBackground(True)
        self.setFrameShape(QFrame.Shape.Box)
        self.power_label = QLabel()
        self.power_label.setMinimumWidth(62)
        font = self.power_label.font()
        font.setBold(True)
        self.power_label.setFont(font)
        self.player_label = QLabel()
        self.extra_label = QLabel()
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 2, 6, 2)
        row.addWidget(self.power_label)
        row.addWidget(self.player_label, 1)
        row.addWidget(self.extra_label)
        for label in (self.power_label, self.player_label, self.extra_label):
            text = label.palette()
            text.setColor(QPalette.ColorRole.WindowText, QColor(TEXT))
            label.setPalette(text)
        editable = card.editable
        self.setAcceptDrops(editable)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if editable else Qt.FocusPolicy.NoFocus)
        self._shown: SeatView | None = None
        self.set_seat(seat)

    @property
    def player(self) -> str:
        return self.seat.player

    def set_seat(self, seat: SeatView) -> None:
        self.seat = seat
        if seat == self._shown:
            return  # most seats do not change after a swap
        self._shown = seat
        self.power_label.setText(seat.power.title() if seat.power else "\u2014")
        self.player_label.setText(seat.player + MARKS.get(seat.problem, ""))
        self.extra_label.setText(seat.extra)
        self.setToolTip(seat.tooltip)
        self._paint()

    def set_picked(self, picked: bool) -> None:
        self._picked = picked
        self._paint()

    def _paint(self) -> None:
        colour = COLOURS["picked"] if self._picked else COLOURS.get(self.seat.problem or "plain")
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor(colour))
        edge = FOCUS_EDGE if self.hasFocus() else colour
        palette.setColor(QPalette.ColorRole.WindowText, QColor(edge))
        self.setPalette(palette)

    # -- drag and drop ----------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if event.button() == Qt.MouseButton.LeftButton and self.card.editable:
            self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._press is None or not self.card.editable:
            return
        moved = (event.position().toPoint() - self._press).manhattanLength()
        if moved < QApplication.startDragDistance():
            return
        self._press = None
        drag = QDrag(self)
        drag.setMimeData(encode_seat(self.card.number, self.player))
        drag.setPixmap(self.grab())
        drag.exec(Qt.DropAction.MoveAction)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt override
        source = decode_seat(event.mimeData())
        if source is not None and source != (self.card.number, self.player):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt override
        source = decode_seat(event.mimeData())
        if source is None or source == (self.card.number, self.player):
            event.ignore()
            return
        event.acceptProposedAction()
        self.card.swap_requested.emit(source[0], source[1], self.card.number, self.player)

    # -- keyboard ------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.card.seat_activated.emit(self.card.number, self.player)
            return
        if event.key() == Qt.Key.Key_Escape:
            self.card.seat_activated.emit(0, "")
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt override
        super().focusInEvent(event)
        self._paint()

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt override
        super().focusOutEvent(event)
        self._paint()


class BoardCard(QFrame):
    """One board: title with a lock, then its seven seats (by power once powers are set)."""

    swap_requested = Signal(int, str, int, str)  # from board, player, to board, player
    seat_activated = Signal(int, str)  # board, player (0, "": cancel the pick)
    lock_toggled = Signal(int, bool)
    activated = Signal(int)  # double click: the board's number
    context_requested = Signal(int, QPoint)  # right click: the board's number, where

    def __init__(self, view: CardView, editable: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editable = editable
        self.number = view.number
        self.picked = ""
        self.setObjectName("boardCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor(CARD_BACKGROUND))
        self.setPalette(palette)
        self.title = QLabel()
        theme.enlarge(self.title, 1, bold=True)
        self.note = QLabel()
        note_palette = self.note.palette()
        note_palette.setColor(QPalette.ColorRole.WindowText, QColor(NOTE_TEXT))
        self.note.setPalette(note_palette)
        self.lock = QToolButton()
        self.lock.setCheckable(True)
        self.lock.setText("Lock")
        self.lock.setToolTip("A locked board keeps its players and powers when you re-seed")
        self.lock.setVisible(editable)
        self.lock.toggled.connect(lambda on: self.lock_toggled.emit(self.number, on))
        head = QHBoxLayout()
        head.addWidget(self.title)
        head.addWidget(self.note, 1)
        head.addWidget(self.lock)
        self.rows = QVBoxLayout()
        self.rows.setSpacing(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 8)
        layout.addLayout(head)
        layout.addLayout(self.rows)
        self.seats: list[SeatLabel] = []
        self.show_view(view)

    def show_view(self, view: CardView) -> None:
        self.number = view.number
        self.title.setText(f"Board {view.number}")
        self.note.setText(view.title_note)
        self.lock.blockSignals(True)
        self.lock.setChecked(view.locked)
        self.lock.setText("Locked" if view.locked else "Lock")
        self.lock.blockSignals(False)
        while len(self.seats) > len(view.seats):
            label = self.seats.pop()
            self.rows.removeWidget(label)
            label.hide()  # gone at once, not only when the deferred delete runs
            label.deleteLater()
        for index, seat in enumerate(view.seats):
            if index < len(self.seats):
                self.seats[index].set_seat(seat)
            else:
                label = SeatLabel(self, seat)
                self.seats.append(label)
                self.rows.addWidget(label)
        for label in self.seats:
            label.setEnabled(not view.locked or not self.editable)

    def set_picked(self, player: str) -> None:
        self.picked = player
        for label in self.seats:
            label.set_picked(label.player == player)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        self.activated.emit(self.number)
        super().mouseDoubleClickEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802 - Qt override
        self.context_requested.emit(self.number, event.globalPos())


class BoardGrid(QScrollArea):
    """Cards side by side, ``columns`` to a row, in a scroll area."""

    swap_requested = Signal(int, str, int, str)
    lock_toggled = Signal(int, bool)
    board_activated = Signal(int)
    board_context = Signal(int, QPoint)  # right click on a board: its number, where
    picked = Signal(int, str)  # a seat picked from the keyboard (0, "": none)

    def __init__(self, editable: bool, columns: int = 4, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editable = editable
        self.columns = columns
        self.setWidgetResizable(True)
        self.inner = QWidget()
        self.grid = QGridLayout(self.inner)
        self.grid.setSpacing(10)
        self.grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setWidget(self.inner)
        self.cards: list[BoardCard] = []
        self._picked: tuple[int, str] | None = None
        self._laid_out = columns

    def columns_for(self, views: Sequence[CardView]) -> int:
        """One column fewer when seats show results (centres and scores need the room)."""
        with_results = any(seat.extra for view in views for seat in view.seats)
        return max(1, self.columns - 1) if with_results else self.columns

    def show_cards(self, views: Sequence[CardView]) -> None:
        focused = QApplication.focusWidget()
        refocus = None
        if isinstance(focused, SeatLabel) and focused.card in self.cards:
            refocus = (focused.card.number, focused.player)
        columns = self.columns_for(views)
        if columns != self._laid_out:  # results need wider cards: lay the grid out again
            for card in self.cards:
                self.grid.removeWidget(card)
            for index, card in enumerate(self.cards):
                self.grid.addWidget(card, index // columns, index % columns)
            self._laid_out = columns
        while len(self.cards) > len(views):
            card = self.cards.pop()
            self.grid.removeWidget(card)
            card.hide()  # gone at once, not only when the deferred delete runs
            card.deleteLater()
        for index, view in enumerate(views):
            if index < len(self.cards):
                self.cards[index].show_view(view)
                continue
            card = BoardCard(view, self.editable)
            card.swap_requested.connect(self.swap_requested)
            card.lock_toggled.connect(self.lock_toggled)
            card.seat_activated.connect(self._seat_activated)
            card.activated.connect(self.board_activated)
            card.context_requested.connect(self.board_context)
            self.cards.append(card)
            self.grid.addWidget(card, index // columns, index % columns)
        self._picked = None
        if refocus is not None:
            self._focus(*refocus)

    def card(self, number: int) -> BoardCard:
        for card in self.cards:
            if card.number == number:
                return card
        raise KeyError(number)

    def _focus(self, board: int, player: str) -> None:
        for card in self.cards:
            if card.number == board:
                for label in card.seats:
                    if label.player == player:
                        label.setFocus()
                        return

    def _seat_activated(self, board: int, player: str) -> None:
        """Keyboard swap: the first Space picks a seat, the second swaps with it."""
        picked = self._picked
        for card in self.cards:
            card.set_picked("")
        if not player or picked == (board, player):
            self._picked = None
            self.picked.emit(0, "")
            return
        if picked is None:
            self._picked = (board, player)
            self.card(board).set_picked(player)
            self.picked.emit(board, player)
            return
        self._picked = None
        self.swap_requested.emit(picked[0], picked[1], board, player)


def by_power(seats: Sequence[str], powers: dict[str, str]) -> list[tuple[str | None, str]]:
    """(power, player) in the reading order AEFGIRT; players without a power last."""
    rows: list[tuple[str | None, str]] = [(p, powers[p]) for p in POWERS if p in powers]
    given = set(powers.values())
    rows += [(None, player) for player in seats if player not in given]
    return rows
