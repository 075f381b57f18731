"""WDC 2025 round 4 on the projector: the championship pool's boards are marked, and the pool's
ranking is never shown (seed 001 II.2.a: "The specific ranking of individual players will not
be made public.")."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QImage

from tdapp.core.clock import FakeTime, get_clock_format, new_round_clock
from tdapp.core.powers import POWERS
from tdapp.gui.clock.content import POOL_MARK
from tdapp.gui.clock.projector import ProjectorWindow
from tdapp.gui.seating.projection import board_call_content


def _call(pool: tuple[int, ...]):
    boards = [(b, [(power, f"Player {b}{i}") for i, power in enumerate(POWERS)])
              for b in range(1, 6)]
    return board_call_content("Round 4 \u2014 board call", boards, pool)


def test_pool_boards_are_marked_on_the_projector(qtbot, tmp_path: Path) -> None:
    call = _call((1, 2, 3))
    assert [call.mark(n) for n in range(1, 6)] == [POOL_MARK] * 3 + ["", ""]
    clock = new_round_clock(get_clock_format("wdc-2025"), FakeTime(), (), first=1901)
    images = []
    for content in (call, _call(())):
        window = ProjectorWindow(lambda: clock.view(operator=False), monotonic=lambda: 0.1)
        qtbot.addWidget(window)
        window.set_board_call(content)
        window.set_rotation(["board-call"])
        window.resize(1920, 1080)
        window.refresh()
        path = tmp_path / f"call-{len(images)}.png"
        window.grab().save(str(path))
        images.append(QImage(str(path)))
    assert images[0] != images[1]  # the marks are drawn


def test_a_private_ranking_shows_names_only_on_the_projector(qtbot, tmp_path: Path) -> None:
    """WDC 2025 II.2.a: the pool by name, no rank and no score, until round 4 is over."""
    from tdapp.gui.clock.content import StandingRow, Standings

    clock = new_round_clock(get_clock_format("wdc-2025"), FakeTime(), (), first=1901)
    pictures = []
    for rows in ((StandingRow(None, "Ann Able", None), StandingRow(None, "Bob Baker", None)),
                 (StandingRow(1, "Ann Able", 171.5), StandingRow(2, "Bob Baker", 160.0))):
        window = ProjectorWindow(lambda: clock.view(operator=False), monotonic=lambda: 0.1)
        qtbot.addWidget(window)
        window.set_standings(Standings("Championship pool (in alphabetical order)", rows))
        window.set_rotation(["standings"])
        window.resize(1920, 1080)
        window.refresh()
        path = tmp_path / f"standings-{len(pictures)}.png"
        assert window.grab().save(str(path))
        pictures.append(QImage(str(path)))
    assert pictures[0] != pictures[1]  # the ranks and scores are drawn only where given
