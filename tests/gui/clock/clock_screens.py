"""Projector screenshots in every state, at 1920x1080 and 1280x720.

    PYTHONPATH=. QT_QPA_PLATFORM=offscreen .venv/bin/python tests/gui/clock/clock_screens.py out/screens/clock

Also used by the tests, which render into a temporary folder.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from tdapp.core.clock import FakeTime, RoundClock, get_clock_format, new_round_clock
from tdapp.gui.clock.content import BoardCall, BoardSeat, StandingRow, Standings

SIZES = ((1920, 1080), (1280, 720))
POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


def _central(state: str) -> tuple[RoundClock, FakeTime]:
    time = FakeTime()
    clock = new_round_clock(get_clock_format("edc-2026"), time, first=1903)
    clock.start()
    time.advance({"running": 325.4, "warning": 960 - 42, "paused": 500,
                  "expired": 960 * 2 + 240 * 0}[state])
    if state == "paused":
        clock.pause()
    if state == "expired":  # the final segment of a round over: TIME UP
        clock.goto_segment(len(clock.schedule) - 1)
        time.advance(125)
    return clock, time


def _fourteen_boards() -> tuple[RoundClock, FakeTime]:
    time = FakeTime()
    clock = new_round_clock(get_clock_format("wdc-2025"), time, range(1, 15), first=1903)
    clock.start()
    time.advance(200)
    clock.orders_in_early(3)
    clock.pause_board(5)
    clock.add_time(120, board=6)
    time.advance(300)
    clock.next_segment(board=9)
    clock.next_segment(board=9)
    clock.end_game(12)
    time.advance(330)
    clock.add_time(-60, board=13)
    time.advance(10)
    return clock, time


def _round_called() -> tuple[RoundClock, FakeTime]:
    """WDC 2025 round 4 at its hidden end time: each board told whether its Fall can finish."""
    time = FakeTime()
    clock = new_round_clock(get_clock_format("wdc-2025"), time, range(1, 8), first=1907)
    clock.start()
    clock.set_hidden_end(time.now() + 800)
    for _ in range(3):
        clock.next_segment(board=2)  # board 2 is negotiating Fall 1907
    clock.orders_in_early(2)  # ... and adjudicating it early
    clock.end_game(5)
    time.advance(801)
    return clock, time


def _thirty_boards() -> tuple[RoundClock, FakeTime]:
    time = FakeTime()
    clock = new_round_clock(get_clock_format("dbn-2025"), time, range(1, 31), first=1910)
    clock.start()
    time.advance(300)
    for board in range(1, 31, 4):
        clock.add_time(-30 * (board % 3), board=board)
    clock.pause_board(7)
    time.advance(100)
    return clock, time


def scenarios() -> dict[str, Callable[[], tuple[RoundClock, FakeTime]]]:
    cases: dict[str, Callable[[], tuple[RoundClock, FakeTime]]] = {
        state: (lambda s=state: _central(s)) for state in ("running", "warning", "paused",
                                                           "expired")
    }
    cases["14-boards"] = _fourteen_boards
    cases["round-called"] = _round_called
    cases["30-boards"] = _thirty_boards
    return cases


def sample_board_call() -> BoardCall:
    names = ["Ann Smith", "Bo Lindqvist", "Cécile Martin", "Dieter Braun", "Elena Rossi",
             "Fyodor Ivanov", "Gül Demir", "Hamish Reid", "Inès Dubois", "Jan Kowalski",
             "Kai Müller", "Lena Novak", "Marco Bianchi", "Nina Petrova"]
    boards = tuple(
        (board, tuple(BoardSeat(power, names[(board - 1) * 7 + i])
                      for i, power in enumerate(POWERS)))
        for board in (1, 2)
    )
    return BoardCall("Round 2 \u2014 board call", boards)


def sample_standings() -> Standings:
    rows = tuple(StandingRow(i + 1, f"Player {i + 1}", round(180 - i * 7.5, 1)) for i in range(20))
    return Standings("Standings after round 1", rows)


def render_all(out: Path) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from tdapp.gui.clock.projector import ProjectorWindow

    QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, build in scenarios().items():
        clock, _ = build()
        for theme in ("dark", "high-contrast"):
            window = ProjectorWindow(lambda c=clock: c.view(operator=False), theme=theme,
                                     monotonic=lambda: 0.1)
            for width, height in SIZES:
                if theme == "high-contrast" and (width, height) != (1920, 1080):
                    continue
                window.resize(width, height)
                window.refresh()
                suffix = "" if theme == "dark" else "-high-contrast"
                path = out / f"projector-{name}-{width}x{height}{suffix}.png"
                window.grab().save(str(path))
                written.append(path)
            window.deleteLater()
    window = ProjectorWindow(lambda: _central("running")[0].view(operator=False),
                             monotonic=lambda: 0.1)
    window.set_board_call(sample_board_call())
    window.set_standings(sample_standings())
    window.set_ticker("Lunch is served in the Orangery from 12:30 \u2014 round 3 board call at 14:00")
    for view in ("clock", "board-call", "board-call-by-name", "standings"):
        window.set_rotation([view])
        window.resize(1920, 1080)
        window.refresh()
        path = out / f"projector-view-{view}-1920x1080.png"
        window.grab().save(str(path))
        written.append(path)
    window.deleteLater()
    return written


if __name__ == "__main__":
    for written_path in render_all(Path(sys.argv[1] if len(sys.argv) > 1 else "out/screens/clock")):
        print(written_path)
