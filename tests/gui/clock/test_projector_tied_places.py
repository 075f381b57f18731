"""Issue 24 item 12e: the projector prints a shared place "18=" as the PDF does (it printed
"18.")."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QFontMetricsF

from tdapp.core.clock import FakeTime, get_clock_format, new_round_clock
from tdapp.gui.clock import projector
from tdapp.gui.clock.content import StandingRow, Standings
from tdapp.gui.clock.projector import ProjectorWindow


def test_a_shared_place_is_drawn_with_an_equals_sign(qtbot, tmp_path: Path, monkeypatch) -> None:
    drawn: list[str] = []

    class Recording(QFontMetricsF):
        def elidedText(self, text, *args, **kwargs):  # noqa: N802 - Qt's name
            drawn.append(text)
            return super().elidedText(text, *args, **kwargs)

    monkeypatch.setattr(projector, "QFontMetricsF", Recording)
    clock = new_round_clock(get_clock_format("wdc-2018"), FakeTime(), (), first=1901)
    window = ProjectorWindow(lambda: clock.view(operator=False), monotonic=lambda: 0.1)
    qtbot.addWidget(window)
    window.set_standings(Standings("Standings after round 3", (
        StandingRow(17, "Ann Able", 120.5), StandingRow(18, "Bob Baker", 110.0, tied=True),
        StandingRow(18, "Cy Cole", 110.0, tied=True), StandingRow(20, "Di Dunn", 90.0))))
    window.set_rotation(["standings"])
    window.resize(1920, 1080)
    window.refresh()
    assert window.grab().save(str(tmp_path / "standings.png"))
    assert [t for t in drawn if t[:1].isdigit() and not t[-1].isdigit()] == [
        "17.", "18=", "18=", "20."]


def test_every_standings_column_is_drawn_in_one_type_size(qtbot, tmp_path: Path,
                                                           monkeypatch) -> None:
    """Seen on the projector: with 40 players in three columns, the third column (shorter
    names) came out in bigger type than the first two. Every cell of a page shares one size."""
    sizes: set[int] = set()

    class Recording(QFontMetricsF):
        def __init__(self, font, *args, **kwargs):
            super().__init__(font, *args, **kwargs)
            self.size = font.pixelSize()

        def elidedText(self, text, *args, **kwargs):  # noqa: N802 - Qt's name
            if not text.startswith("Standings"):
                sizes.add(self.size)
            return super().elidedText(text, *args, **kwargs)

    monkeypatch.setattr(projector, "QFontMetricsF", Recording)
    clock = new_round_clock(get_clock_format("wdc-2018"), FakeTime(), (), first=1901)
    window = ProjectorWindow(lambda: clock.view(operator=False), monotonic=lambda: 0.1)
    qtbot.addWidget(window)
    long_names = [f"Maximilian Bartholomew-Fairweather {i}" for i in range(28)]
    short_names = [f"Al {i}" for i in range(12)]
    rows = tuple(StandingRow(i + 1, name, 300.0 - i)
                 for i, name in enumerate(long_names + short_names))
    window.set_standings(Standings("Standings after round 3", rows))
    window.set_rotation(["standings"])
    window.resize(1920, 1080)
    window.refresh()
    assert window.grab().save(str(tmp_path / "standings-three-columns.png"))
    assert len(sizes) == 1, sizes
